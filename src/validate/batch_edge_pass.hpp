// The pass of a SearchBatch (search_batch.hpp): every input tuple against the records of all the
// kept searches at once, a byte-wide lane per search, as the reference's validator (validate.c)
// checks one search's tuples against its levels and parents.
#pragma once

#include <cstdint>
#include <vector>

#include "core/graph_direction.hpp"
#include "edges/edge_source.hpp"

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

}  // namespace semibfs
