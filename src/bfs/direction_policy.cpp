#include "bfs/direction_policy.hpp"

#include <memory>

#include "core/error.hpp"

namespace semibfs {

std::unique_ptr<DirectionPolicy> make_direction_policy(const BfsOptions& options) {
  switch (options.policy) {
    case PolicyKind::kAlphaBeta:
      return std::make_unique<AlphaBetaPolicy>(options.alpha_or_default(), options.beta_or_default());
    case PolicyKind::kBeamer:
      return std::make_unique<BeamerPolicy>(options.alpha_or_default(), options.beta_or_default());
    case PolicyKind::kTopDown:
      return std::make_unique<TopDownPolicy>();
    case PolicyKind::kBottomUp:
      return std::make_unique<BottomUpPolicy>();
  }
  throw Error("unknown PolicyKind value " + std::to_string(static_cast<int>(options.policy)));
}

}  // namespace semibfs
