// The passes of a SearchBatch (search_batch.hpp): every input tuple against the records of all the
// kept searches at once, a byte-wide lane per search, as the reference's validator (validate.c)
// checks one search's tuples against its levels and parents; over the tuples as they come, or over
// the validator's lists of them when those fit in DRAM.
#pragma once

#include <cstdint>
#include <vector>

#include "core/graph_direction.hpp"
#include "edges/edge_source.hpp"
#include "validate/validation_lists.hpp"

namespace semibfs {

// A lane's level: 0 to kDeepestByteLevel, or kUnreachedByte. Two levels more than one apart
// therefore include every reached level beside an unreached one, which the pass relies on.
inline constexpr std::uint8_t kUnreachedByte = 0xFF;
inline constexpr std::uint8_t kDeepestByteLevel = 0xFD;

// Per vertex, `stride` lanes: levels[v * stride + c]; with validation also parents (32 or 64 bits,
// same layout) and parent_seen[v], whose bit c the pass sets when a tuple joins v and its parent in
// lane c (the tuple parent -> v when directed). Without validation parents and parent_seen are null.
struct BatchRecords {
  int stride = 0;  // 4, 8, 16, 32 or 64
  std::int64_t num_vertices = 0;
  const std::uint8_t* levels = nullptr;
  const void* parents = nullptr;
  bool narrow_parents = true;
  std::uint64_t* parent_seen = nullptr;
};

struct BatchPassResult {
  std::vector<std::int64_t> nedge;  // per lane: non-self-loop tuples with both endpoints reached
  // Lanes with a tuple that spans more than one level or leaves the reached set (undirected: one
  // endpoint reached; directed: a reached source, an unreached target or one more than a level down).
  std::uint64_t failed = 0;
};

// One parallel pass over `edges` (endpoints in range, as a Validator has checked).
BatchPassResult batch_edge_pass(const EdgeSource& edges, GraphDirection direction, const BatchRecords& records);

// Lanes in which a reached vertex has no parent_seen bit (the roots' bits set by the caller).
std::uint64_t lanes_missing_parent_edges(const BatchRecords& records);

// The same checks, rule 5 included, over the validator's own lists of the tuples instead of the
// tuples: a vertex's record is read once for its whole list and only its neighbours' levels at
// random, and its parent is looked for in its list without atomics. `failed` then also holds the
// lanes with a reached vertex whose list lacks its parent; parent_seen is only read (the roots' bits).
BatchPassResult batch_list_pass(const ValidationLists& lists, const BatchRecords& records);

}  // namespace semibfs
