// The BFS options: policy names as the command line and the JSON report spell them, the
// per-policy thresholds, and the valid summary granularities.
#include <string>

#include "bfs/bfs.hpp"
#include "core/error.hpp"

namespace semibfs {
namespace {

constexpr PolicyKind kAllPolicies[] = {PolicyKind::kAlphaBeta, PolicyKind::kBeamer, PolicyKind::kTopDown,
                                       PolicyKind::kBottomUp};

}  // namespace

std::string to_string(PolicyKind policy) {
  switch (policy) {
    case PolicyKind::kAlphaBeta:
      return "alpha-beta";
    case PolicyKind::kBeamer:
      return "beamer";
    case PolicyKind::kTopDown:
      return "top-down";
    case PolicyKind::kBottomUp:
      return "bottom-up";
  }
  throw Error("unknown PolicyKind value " + std::to_string(static_cast<int>(policy)));
}

PolicyKind parse_policy(const std::string& text) {
  for (const PolicyKind policy : kAllPolicies) {
    if (text == to_string(policy)) return policy;
  }
  throw UsageError("unknown policy '" + text + "'; valid choices: alpha-beta, beamer, top-down, bottom-up");
}

bool is_valid_summary_bits(int summary_bits) {
  for (const int choice : kSummaryBitsChoices) {
    if (summary_bits == choice) return true;
  }
  return false;
}

std::string summary_bits_choices() {
  std::string text;
  for (const int choice : kSummaryBitsChoices) text += (text.empty() ? "" : ", ") + std::to_string(choice);
  return text;
}

double default_alpha(PolicyKind policy) { return policy == PolicyKind::kBeamer ? 15.0 : 1e4; }
// alpha-beta's beta from the sweep in docs/PERFORMANCE.md, "The engine's defaults" (1e3 beat the paper's 1e5 at
// SCALE 20 and 22).
double default_beta(PolicyKind policy) { return policy == PolicyKind::kBeamer ? 18.0 : 1e3; }

bool uses_thresholds(PolicyKind policy) {
  return policy == PolicyKind::kAlphaBeta || policy == PolicyKind::kBeamer;
}

double BfsOptions::alpha_or_default() const { return alpha.value_or(default_alpha(policy)); }
double BfsOptions::beta_or_default() const { return beta.value_or(default_beta(policy)); }

}  // namespace semibfs
