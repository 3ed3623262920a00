// The edge pass reads two 8-byte tree records per tuple (32-bit parent and level side by side), so
// each endpoint costs one random cache line, in an array half the size of the int64 parents.
#include "validate/input_edge_pass.hpp"

#include <algorithm>
#include <atomic>
#include <limits>
#include <string>
#include <utility>

#include "core/error.hpp"

namespace semibfs {

namespace {

constexpr std::uint32_t kUnreachedRecord = std::numeric_limits<std::uint32_t>::max();

struct TreeRecord {
  std::uint32_t parent;
  std::uint32_t level;  // kUnreachedRecord when unreached
};

std::vector<TreeRecord> tree_records(std::span<const VertexId> parent, const std::vector<std::int64_t>& levels) {
  const auto num_vertices = static_cast<VertexId>(parent.size());
  std::vector<TreeRecord> records(parent.size());
  std::int64_t deepest = 0;
#pragma omp parallel for schedule(static) reduction(max : deepest)
  for (VertexId v = 0; v < num_vertices; ++v) {
    const auto index = static_cast<std::size_t>(v);
    const std::int64_t level = levels[index];
    deepest = std::max(deepest, level);
    // An unreached vertex's parent (-1) is never compared: only reached tuples reach that test.
    records[index] = TreeRecord{static_cast<std::uint32_t>(parent[index]),
                                level < 0 ? kUnreachedRecord : static_cast<std::uint32_t>(level)};
  }
  // Levels are below the vertex count (at most 2^32): only a 2^32-vertex path reaches the sentinel.
  if (deepest >= static_cast<std::int64_t>(kUnreachedRecord)) {
    throw Error("validation: a tree " + std::to_string(deepest) + " levels deep does not fit 32-bit levels");
  }
  return records;
}

// Out of line: the rare failure path must not cost the hot loop registers.
[[gnu::noinline, gnu::cold]] void report_level_gap(std::int64_t edge, VertexId v0, std::uint32_t level0,
                                                  VertexId v1, std::uint32_t level1, FailureLog& failures) {
  const VertexId deeper = level0 > level1 ? v0 : v1;
  failures.add(3, deeper, edge, [&] {
    return concatenate("rule 3 (edges span at most one level): input edge ", edge, " joins vertex ", v0,
                       " at level ", level0, " and vertex ", v1, " at level ", level1);
  });
}

// Directed: the target is too deep, whatever the source's other edges.
[[gnu::noinline, gnu::cold]] void report_directed_level_gap(std::int64_t edge, VertexId source,
                                                           std::uint32_t source_level, VertexId target,
                                                           std::uint32_t target_level, FailureLog& failures) {
  failures.add(3, target, edge, [&] {
    return concatenate("rule 3 (directed edges go at most one level down): input edge ", edge, " goes from vertex ",
                       source, " at level ", source_level, " to vertex ", target, " at level ", target_level,
                       ": the target is more than one level below the source");
  });
}

// Marks v when this tuple is its tree edge; any thread may write, hence the atomic store.
void mark_if_parent_edge(VertexId v, const TreeRecord& record, VertexId other,
                         std::vector<std::uint8_t>& parent_edge_seen) {
  if (record.parent != static_cast<std::uint32_t>(other)) return;
  std::atomic_ref<std::uint8_t>(parent_edge_seen[static_cast<std::size_t>(v)]).store(1, std::memory_order_relaxed);
}

// The records are read at random; asking for them this many tuples ahead keeps many misses in
// flight and halved the pass at SCALE 22 (2 threads, measured).
constexpr std::int64_t kPrefetchDistance = 32;

void prefetch_records(const std::vector<TreeRecord>& tree, const CompactEdge& edge) {
  __builtin_prefetch(&tree[static_cast<std::size_t>(edge.v0())]);
  __builtin_prefetch(&tree[static_cast<std::size_t>(edge.v1())]);
}

// One chunk's tuples in parallel, adding to the evidence. Failures name edge first_index + e, so
// the kept failures do not depend on where the chunks are cut. The direction is a template
// parameter so that neither loop tests it per tuple.
template <GraphDirection kDirection>
void scan_chunk(std::span<const CompactEdge> chunk, std::int64_t first_index, const std::vector<TreeRecord>& tree,
                InputEdgeEvidence& evidence, FailureLog& failures) {
  const auto num_edges = static_cast<std::int64_t>(chunk.size());
  const CompactEdge* edges = chunk.data();
  std::int64_t both_reached = 0, leaving = 0;
#pragma omp parallel
  {
    FailureLog local;
#pragma omp for schedule(static) reduction(+ : both_reached, leaving) nowait
    for (std::int64_t e = 0; e < num_edges; ++e) {
      if (e + kPrefetchDistance < num_edges) prefetch_records(tree, edges[e + kPrefetchDistance]);
      const VertexId v0 = edges[e].v0();
      const VertexId v1 = edges[e].v1();
      if (v0 == v1) continue;
      const TreeRecord record0 = tree[static_cast<std::size_t>(v0)];
      const TreeRecord record1 = tree[static_cast<std::size_t>(v1)];
      // Branch-free until the rare cases: a mispredicted branch on the loaded levels would stall
      // the other cache misses in flight, and which endpoint is deeper is a coin toss.
      if constexpr (kDirection == GraphDirection::kUndirected) {
        const int reached = (record0.level != kUnreachedRecord) + (record1.level != kUnreachedRecord);
        leaving += reached == 1;
        if (reached != 2) continue;
        ++both_reached;
        const std::uint32_t gap = std::max(record0.level, record1.level) - std::min(record0.level, record1.level);
        if (gap > 1) report_level_gap(first_index + e, v0, record0.level, v1, record1.level, local);
        mark_if_parent_edge(v0, record0, v1, evidence.parent_edge_seen);
        mark_if_parent_edge(v1, record1, v0, evidence.parent_edge_seen);
      } else {
        // v0 -> v1: an unreached source binds nothing; a reached one must reach v1 within one level.
        const bool source_reached = record0.level != kUnreachedRecord;
        const bool target_reached = record1.level != kUnreachedRecord;
        leaving += source_reached && !target_reached;
        if (!(source_reached && target_reached)) continue;
        ++both_reached;
        // The source's level is below the sentinel, so level + 1 does not wrap.
        if (record1.level > record0.level + 1) {
          report_directed_level_gap(first_index + e, v0, record0.level, v1, record1.level, local);
        }
        mark_if_parent_edge(v1, record1, v0, evidence.parent_edge_seen);
      }
    }
#pragma omp critical(semibfs_validate_merge)
    failures.merge(std::move(local));
  }
  evidence.nedge += both_reached;
  evidence.leaving_reached_set += leaving;
}

}  // namespace

InputEdgeEvidence scan_input_edges(const EdgeSource& edges, std::span<const VertexId> parent,
                                   const std::vector<std::int64_t>& levels, GraphDirection direction,
                                   FailureLog& failures) {
  const std::vector<TreeRecord> tree = tree_records(parent, levels);
  InputEdgeEvidence evidence;
  evidence.parent_edge_seen.assign(parent.size(), 0);
  const auto scan = direction == GraphDirection::kDirected ? &scan_chunk<GraphDirection::kDirected>
                                                           : &scan_chunk<GraphDirection::kUndirected>;
  edges.for_each_chunk([&](std::span<const CompactEdge> chunk, std::int64_t first_index) {
    scan(chunk, first_index, tree, evidence, failures);
  });
  return evidence;
}

}  // namespace semibfs
