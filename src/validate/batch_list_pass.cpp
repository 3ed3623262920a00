// The list pass walks vertices in order: a vertex's lanes (levels and parents) are read once, in
// order, for its whole list; each list entry costs one random read of its neighbour's level lanes,
// where the tuple pass reads both endpoints' levels, parents and rule-5 words.
#include <omp.h>

#include <algorithm>

#include "core/types.hpp"
#include "validate/batch_edge_pass.hpp"
#include "validate/batch_lanes.hpp"

namespace semibfs {
namespace {

constexpr std::int64_t kVerticesPerTask = 1024;

template <int kStride, class ParentId, GraphDirection kDirection>
struct VertexCheck {
  const Lanes<kStride, ParentId>& lanes;
  std::int64_t* both_reached;  // per lane, this thread's
  std::uint64_t failed = 0;

  void check(VertexId v, std::span<const std::uint32_t> list, std::uint64_t seen) {
    failed |= check_vertex_list<kStride, kDirection, true>(lanes, lanes.levels_of(v), lanes.parents_of(v), list, seen,
                                                           both_reached);
  }
};

template <int kStride, class ParentId, GraphDirection kDirection>
BatchPassResult run_list_pass(const ValidationLists& lists, const BatchRecords& records) {
  const Lanes<kStride, ParentId> lanes{records.levels, static_cast<const ParentId*>(records.parents),
                                       records.parent_seen};
  BatchPassResult result;
  result.nedge.assign(kStride, 0);
  const std::int64_t n = records.num_vertices;
#pragma omp parallel
  {
    std::vector<std::int64_t> both(kStride, 0);
    VertexCheck<kStride, ParentId, kDirection> vertex{lanes, both.data()};
#pragma omp for schedule(dynamic, kVerticesPerTask) nowait
    for (VertexId v = 0; v < n; ++v) vertex.check(v, lists.of(v), lanes.seen[v]);
#pragma omp critical(semibfs_batch_pass_merge)
    {
      for (int c = 0; c < kStride; ++c) result.nedge[c] += both[c];
      result.failed |= vertex.failed;
    }
  }
  // Undirected, every tuple is in both its endpoints' lists.
  if (kDirection == GraphDirection::kUndirected) {
    for (std::int64_t& count : result.nedge) count /= 2;
  }
  return result;
}

template <int kStride, class ParentId>
BatchPassResult list_pass_for_direction(const ValidationLists& lists, const BatchRecords& records) {
  return lists.direction() == GraphDirection::kDirected
             ? run_list_pass<kStride, ParentId, GraphDirection::kDirected>(lists, records)
             : run_list_pass<kStride, ParentId, GraphDirection::kUndirected>(lists, records);
}

template <int kStride>
BatchPassResult list_pass_for_stride(const ValidationLists& lists, const BatchRecords& records) {
  return records.narrow_parents ? list_pass_for_direction<kStride, std::int32_t>(lists, records)
                                : list_pass_for_direction<kStride, std::int64_t>(lists, records);
}

}  // namespace

BatchPassResult batch_list_pass(const ValidationLists& lists, const BatchRecords& records) {
  switch (records.stride) {
    case 4: return list_pass_for_stride<4>(lists, records);
    case 8: return list_pass_for_stride<8>(lists, records);
    case 16: return list_pass_for_stride<16>(lists, records);
    case 32: return list_pass_for_stride<32>(lists, records);
    default: return list_pass_for_stride<64>(lists, records);
  }
}

}  // namespace semibfs
