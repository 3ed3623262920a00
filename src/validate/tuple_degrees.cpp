#include "validate/tuple_degrees.hpp"

#include <omp.h>

#include <algorithm>
#include <cstring>
#include <string>

#include "core/error.hpp"
#include "core/huge_pages.hpp"
#include "core/types.hpp"
#include "edges/packed_edge.hpp"

namespace semibfs {

// The chunks come in edge-index order, so the first chunk with a bad edge holds the first bad edge.
void check_chunk_endpoints(std::span<const CompactEdge> chunk, std::int64_t first_index, std::int64_t num_vertices) {
  const std::int64_t first_bad = first_out_of_range(chunk, num_vertices);
  if (first_bad == std::ssize(chunk)) return;
  const CompactEdge& edge = chunk[static_cast<std::size_t>(first_bad)];
  throw Error("validation: edge " + std::to_string(first_index + first_bad) + " (" + std::to_string(edge.v0()) + ", " +
              std::to_string(edge.v1()) + ") has an endpoint outside [0, " + std::to_string(num_vertices) + ")");
}

namespace {

// Each thread counts the endpoints in its own range of vertices over the whole chunk: atomic adds
// on a hub's counter from every thread cost 6 s at SCALE 20 (2 threads), its cache line bouncing.
std::int64_t count_chunk(std::span<const CompactEdge> chunk, std::vector<std::uint32_t>& degrees) {
  const auto num_vertices = static_cast<std::int64_t>(degrees.size());
  std::int64_t counted = 0;
#pragma omp parallel reduction(+ : counted)
  {
    const std::int64_t threads = omp_get_num_threads(), thread = omp_get_thread_num();
    const auto begin = static_cast<std::uint64_t>(num_vertices * thread / threads);
    const auto size = static_cast<std::uint64_t>(num_vertices * (thread + 1) / threads) - begin;
    for (const CompactEdge& edge : chunk) {
      const VertexId v0 = edge.v0(), v1 = edge.v1();
      if (v0 == v1) continue;
      // Unsigned: one compare tells whether an endpoint is in [begin, begin + size).
      if (static_cast<std::uint64_t>(v0) - begin < size) ++degrees[static_cast<std::size_t>(v0)], ++counted;
      if (static_cast<std::uint64_t>(v1) - begin < size) ++degrees[static_cast<std::size_t>(v1)], ++counted;
    }
  }
  return counted;
}

}  // namespace

// Unpacked a block at a time: the counter's buffer stays small beside the degrees.
constexpr std::int64_t kUnpackEdges = std::int64_t{1} << 16;

TupleDegreeCounter::TupleDegreeCounter(std::int64_t num_vertices) : num_vertices_(num_vertices) {
  check_compact_vertex_count(num_vertices);  // the lists' 32-bit entries name every vertex
  assign_in_huge_pages(degrees_, static_cast<std::size_t>(num_vertices));  // counted at random
}

std::int64_t TupleDegreeCounter::working_bytes_for(std::int64_t num_vertices) {
  return num_vertices * static_cast<std::int64_t>(sizeof(std::uint32_t)) +
         kUnpackEdges * static_cast<std::int64_t>(sizeof(CompactEdge));
}

void TupleDegreeCounter::add(std::span<const CompactEdge> chunk, std::int64_t first_index) {
  check_chunk_endpoints(chunk, first_index, num_vertices_);
  endpoints_ += count_chunk(chunk, degrees_);
  next_index_ = first_index + std::ssize(chunk);
}

// An id with high bits set names no vertex of a compact graph: kept whole, the endpoint check names it.
void TupleDegreeCounter::add_packed_records(const std::byte* records, std::int64_t count) {
  for (std::int64_t first = 0; first < count; first += kUnpackEdges) {
    const std::int64_t size = std::min(kUnpackEdges, count - first);
    unpacked_.resize(static_cast<std::size_t>(size));
    for (std::int64_t i = 0; i < size; ++i) {
      PackedEdge edge;
      std::memcpy(&edge, records + (first + i) * std::int64_t{sizeof(PackedEdge)}, sizeof(PackedEdge));
      const VertexId v0 = edge.v0(), v1 = edge.v1();
      if (!fits_compact_edge(v0) || !fits_compact_edge(v1)) {
        throw Error("validation: edge " + std::to_string(next_index_ + i) + " (" + std::to_string(v0) + ", " +
                    std::to_string(v1) + ") has an endpoint outside [0, " + std::to_string(num_vertices_) + ")");
      }
      unpacked_[static_cast<std::size_t>(i)] = CompactEdge::make(v0, v1);
    }
    add(unpacked_, next_index_);
  }
}

void TupleDegreeCounter::add_packed_bytes(std::span<const std::byte> bytes) {
  pieces_.add(bytes, [&](const std::byte* records, std::int64_t count) { add_packed_records(records, count); });
}

std::vector<std::uint32_t> TupleDegreeCounter::finish(std::int64_t expected_tuples) {
  if (next_index_ != expected_tuples) {
    throw Error("validation: the tuple degrees were counted over " + std::to_string(next_index_) + " tuples, not the " +
                std::to_string(expected_tuples) + " of the input");
  }
  if (pieces_.pending_bytes() > 0) {
    throw Error("validation: the edge file ends inside a record (" + std::to_string(pieces_.pending_bytes()) +
                " bytes past edge " +
                std::to_string(next_index_) + ")");
  }
  std::vector<CompactEdge>().swap(unpacked_);
  std::int64_t summed = 0;
#pragma omp parallel for schedule(static) reduction(+ : summed)
  for (std::int64_t v = 0; v < num_vertices_; ++v) summed += degrees_[static_cast<std::size_t>(v)];
  // A count that wrapped past 2^32 leaves the sum short.
  if (summed != endpoints_) throw Error("validation: a vertex has 2^32 tuples or more, more than its count holds");
  return std::move(degrees_);
}

std::vector<std::uint32_t> tuple_degrees(const EdgeSource& edges) {
  TupleDegreeCounter counter(edges.num_vertices());
  edges.for_each_chunk([&](std::span<const CompactEdge> chunk, std::int64_t first_index) { counter.add(chunk, first_index); });
  return counter.finish(edges.num_edges());
}

}  // namespace semibfs
