#include "graph500/communication_figures.hpp"

namespace semibfs {

void CacheFigures::add(const LevelCommunication& level) {
  pairs_generated += level.pairs_generated;
  hits += level.remote_cache_hits;
  for (const TrafficFigure& kind : level.traffic) {
    if (kind.kind == "pairs") {
      pair_messages += kind.messages;
      pair_bytes += kind.bytes;
    } else if (kind.kind == "cache") {
      cache_messages += kind.messages;
      cache_bytes += kind.bytes;
    }
  }
}

}  // namespace semibfs
