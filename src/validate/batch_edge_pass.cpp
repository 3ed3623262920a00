// The tuple pass: each tuple reads both endpoints' records; only a failing tuple and a tuple that
// is some lane's tree edge leave the straight path.
#include "validate/batch_edge_pass.hpp"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <span>

#include "core/types.hpp"
#include "validate/batch_lanes.hpp"

namespace semibfs {
namespace {

// Records asked for this many tuples ahead keep many misses in flight, as in the one-search pass.
constexpr std::int64_t kPrefetchDistance = 16;
// The lanes count in 32 bits within a tile of this many tuples, then add into 64-bit totals.
constexpr std::int64_t kTileEdges = std::int64_t{1} << 20;

template <int kStride, class ParentId, bool kValidate>
void prefetch_record(const Lanes<kStride, ParentId>& lanes, VertexId v) {
  __builtin_prefetch(lanes.levels_of(v));
  if constexpr (kValidate) {
    const char* parents = reinterpret_cast<const char*>(lanes.parents_of(v));
    for (std::size_t line = 0; line < kStride * sizeof(ParentId); line += 64) __builtin_prefetch(parents + line);
    __builtin_prefetch(lanes.seen + v);
  }
}

// The lanes in which `vertex`'s parent is `other`, marked in its word; any thread may write it.
template <int kStride, class ParentId>
void mark_parent_edges(const Lanes<kStride, ParentId>& lanes, VertexId vertex, VertexId other) {
  const std::uint64_t matches = lanes_with_parent<kStride>(lanes.parents_of(vertex), other);
  if (matches == 0) return;
  std::atomic_ref<std::uint64_t> word(lanes.seen[vertex]);
  if ((word.load(std::memory_order_relaxed) & matches) != matches) word.fetch_or(matches, std::memory_order_relaxed);
}

struct TileTotals {
  std::vector<std::int64_t> nedge;
  std::uint64_t failed = 0;
};

template <int kStride, class ParentId, GraphDirection kDirection, bool kValidate>
void scan_tile(const CompactEdge* edges, std::int64_t begin, std::int64_t end, const Lanes<kStride, ParentId>& lanes,
               TileTotals& totals) {
  std::uint32_t both_reached[kStride] = {};
  std::uint64_t failed = 0;
  for (std::int64_t e = begin; e < end; ++e) {
    if (e + kPrefetchDistance < end) {
      prefetch_record<kStride, ParentId, kValidate>(lanes, edges[e + kPrefetchDistance].v0());
      prefetch_record<kStride, ParentId, kValidate>(lanes, edges[e + kPrefetchDistance].v1());
    }
    const VertexId v0 = edges[e].v0(), v1 = edges[e].v1();
    if (v0 == v1) continue;
    const std::uint8_t* levels0 = lanes.levels_of(v0);
    const std::uint8_t* levels1 = lanes.levels_of(v1);
    std::uint8_t any_fails = 0;
    for (int c = 0; c < kStride; ++c) {
      both_reached[c] += (levels0[c] != kUnreachedByte) & (levels1[c] != kUnreachedByte);
      if constexpr (kValidate) any_fails |= lane_fails<kDirection>(levels0[c], levels1[c]);
    }
    if constexpr (kValidate) {
      if (any_fails != 0) failed |= failing_lanes<kStride, kDirection>(levels0, levels1);
      mark_parent_edges(lanes, v1, v0);
      if constexpr (kDirection == GraphDirection::kUndirected) mark_parent_edges(lanes, v0, v1);
    }
  }
  for (int c = 0; c < kStride; ++c) totals.nedge[c] += both_reached[c];
  totals.failed |= failed;
}

template <int kStride, class ParentId, GraphDirection kDirection, bool kValidate>
BatchPassResult run_pass(const EdgeSource& source, const BatchRecords& records) {
  const Lanes<kStride, ParentId> lanes{records.levels, static_cast<const ParentId*>(records.parents),
                                       records.parent_seen};
  BatchPassResult result;
  result.nedge.assign(kStride, 0);
  source.for_each_chunk([&](std::span<const CompactEdge> chunk, std::int64_t) {
    const auto num_edges = static_cast<std::int64_t>(chunk.size());
    const std::int64_t tiles = (num_edges + kTileEdges - 1) / kTileEdges;
#pragma omp parallel
    {
      TileTotals totals{std::vector<std::int64_t>(kStride, 0), 0};
#pragma omp for schedule(dynamic, 1) nowait
      for (std::int64_t tile = 0; tile < tiles; ++tile) {
        const std::int64_t begin = tile * kTileEdges;
        scan_tile<kStride, ParentId, kDirection, kValidate>(chunk.data(), begin,
                                                            std::min(num_edges, begin + kTileEdges), lanes, totals);
      }
#pragma omp critical(semibfs_batch_pass_merge)
      {
        for (int c = 0; c < kStride; ++c) result.nedge[c] += totals.nedge[c];
        result.failed |= totals.failed;
      }
    }
  });
  return result;
}

template <int kStride, class ParentId>
BatchPassResult run_for_mode(const EdgeSource& edges, GraphDirection direction, const BatchRecords& records) {
  const bool validate = records.parents != nullptr;
  if (direction == GraphDirection::kDirected) {
    return validate ? run_pass<kStride, ParentId, GraphDirection::kDirected, true>(edges, records)
                    : run_pass<kStride, ParentId, GraphDirection::kDirected, false>(edges, records);
  }
  return validate ? run_pass<kStride, ParentId, GraphDirection::kUndirected, true>(edges, records)
                  : run_pass<kStride, ParentId, GraphDirection::kUndirected, false>(edges, records);
}

template <int kStride>
BatchPassResult run_for_stride(const EdgeSource& edges, GraphDirection direction, const BatchRecords& records) {
  return records.narrow_parents ? run_for_mode<kStride, std::int32_t>(edges, direction, records)
                                : run_for_mode<kStride, std::int64_t>(edges, direction, records);
}

template <int kStride>
std::uint64_t missing_in(const BatchRecords& records) {
  std::uint64_t missing = 0;
#pragma omp parallel for schedule(static) reduction(| : missing)
  for (VertexId v = 0; v < records.num_vertices; ++v) {
    missing |= reached_lanes<kStride>(records.levels + v * kStride) & ~records.parent_seen[v];
  }
  return missing;
}

}  // namespace

BatchPassResult batch_edge_pass(const EdgeSource& edges, GraphDirection direction, const BatchRecords& records) {
  switch (records.stride) {
    case 4: return run_for_stride<4>(edges, direction, records);
    case 8: return run_for_stride<8>(edges, direction, records);
    case 16: return run_for_stride<16>(edges, direction, records);
    case 32: return run_for_stride<32>(edges, direction, records);
    default: return run_for_stride<64>(edges, direction, records);
  }
}

std::uint64_t lanes_missing_parent_edges(const BatchRecords& records) {
  switch (records.stride) {
    case 4: return missing_in<4>(records);
    case 8: return missing_in<8>(records);
    case 16: return missing_in<16>(records);
    case 32: return missing_in<32>(records);
    default: return missing_in<64>(records);
  }
}

}  // namespace semibfs
