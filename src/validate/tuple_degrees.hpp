// What the validation from lists grouped by vertex (list_stream_batch.hpp) takes from the tuples
// themselves: at each vertex, the tuples that are not self-loops, repeats counted. The lists hold
// each pair once; the TEPS numerator counts every tuple (rule 2's nedge), so it comes from these.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "edges/compact_edge.hpp"
#include "edges/edge_source.hpp"
#include "edges/endpoint_range.hpp"
#include "edges/packed_record_pieces.hpp"

namespace semibfs {

// Throws semibfs::Error naming the first tuple of `chunk` (edge indexes from `first_index`) with
// an endpoint outside [0, num_vertices). OpenMP-parallel.
void check_chunk_endpoints(std::span<const CompactEdge> chunk, std::int64_t first_index, std::int64_t num_vertices);

// degrees[v]: the tuples (u, v) or (v, u) with u != v, repeats counted, in one parallel pass that
// also checks every endpoint (as above). Throws when a vertex has 2^32 such tuples or more.
std::vector<std::uint32_t> tuple_degrees(const EdgeSource& edges);

// The same count taken as the tuples come: chunks of an EdgeSource, or the bytes of a packed48
// edge file read in order, cut anywhere (a store's edge file check at the open hands its pieces
// here, so that validation need not read the file again). The counting is this file's own code.
class TupleDegreeCounter {
 public:
  explicit TupleDegreeCounter(std::int64_t num_vertices);

  // The next tuples, the first of them edge `first_index`; checks every endpoint.
  void add(std::span<const CompactEdge> chunk, std::int64_t first_index);
  // The edge file's next bytes, packed48 records, a record split between calls joined.
  void add_packed_bytes(std::span<const std::byte> bytes);
  std::int64_t tuples_counted() const { return next_index_; }
  // The degrees; throws when fewer or more than `expected_tuples` came (a piece missed), bytes of a
  // split record are left, or a count wrapped past 2^32.
  std::vector<std::uint32_t> finish(std::int64_t expected_tuples);
  // Bytes it holds: the degrees and its unpacking buffer.
  static std::int64_t working_bytes_for(std::int64_t num_vertices);

 private:
  void add_packed_records(const std::byte* records, std::int64_t count);

  std::int64_t num_vertices_;
  std::vector<std::uint32_t> degrees_;
  std::vector<CompactEdge> unpacked_;
  std::int64_t next_index_ = 0;  // edges counted so far
  std::int64_t endpoints_ = 0;
  PackedRecordPieces pieces_;
};

}  // namespace semibfs
