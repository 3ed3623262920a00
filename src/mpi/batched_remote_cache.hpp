// A remote vertex cache held outside the rank (Cicotti and Carrington Sec. III-C and
// III-D): a rank cannot probe it pair by pair, so it asks once per exchange round with the round's
// candidate pairs and sends only those the cache missed.
#pragma once

#include <cstdint>
#include <vector>

#include "edges/compact_edge.hpp"

namespace semibfs {

class BatchedRemoteCache {
 public:
  virtual ~BatchedRemoteCache() = default;

  // Removes from `pairs` (parent, child) those whose child the cache held for this search, and
  // inserts the children of the others, keeping their order; returns how many it removed.
  // Collective: every rank of the run calls it once per exchange round, with or without pairs. A
  // hit must mean that some rank sent a pair for that child in this round or an earlier one of the
  // search; races between ranks may only turn hits into misses (a pair sent twice), never the
  // reverse.
  virtual std::int64_t drop_hits(std::vector<CompactEdge>& pairs) = 0;
  // Before each search (collective): the children sent in the last search are forgotten.
  virtual void next_search() = 0;
  // Bytes of DRAM the cache takes in this rank.
  virtual std::int64_t bytes() const = 0;
};

}  // namespace semibfs
