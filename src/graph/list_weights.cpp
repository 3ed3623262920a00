// Kernel 1 makes the weights beside the lists (build_weighted_csr); this file cuts them along the
// partitions. A graph read back from a store has no weights yet: each input tuple finds its two
// entries by binary search in an index of each list sorted by neighbour id (8 bytes an entry while
// the weights are made; the lists themselves may be in hub-first or degree order), and keeps the
// smaller weight there with a compare-and-swap: one parallel pass over the tuples, no sort of them.
#include "graph/list_weights.hpp"

#include <algorithm>
#include <atomic>
#include <limits>
#include <numeric>
#include <string>
#include <utility>

#include "core/error.hpp"

namespace semibfs {
namespace {

// keys[offset + i]: the list's i-th smallest neighbour << 32 | its place in the list. Keys in one
// array keep the searches below to one cache line per probe.
std::vector<std::uint64_t> sorted_keys(const CsrGraph& lists) {
  std::vector<std::uint64_t> keys(lists.num_adjacencies());
  const std::vector<std::int64_t>& offsets = lists.offsets();
#pragma omp parallel for schedule(dynamic, 1024)
  for (std::int64_t row = 0; row < lists.num_vertices(); ++row) {
    const std::span<const NeighborId> list = lists.neighbors(row);
    std::uint64_t* row_keys = keys.data() + offsets[row];
    for (std::uint32_t place = 0; place < list.size(); ++place) {
      row_keys[place] = std::uint64_t{list[place]} << 32 | place;
    }
    std::sort(row_keys, row_keys + list.size());
  }
  return keys;
}

struct PartitionIndex {
  const CsrGraph* lists = nullptr;
  std::vector<std::uint64_t> keys;
  float* weights = nullptr;
};

// Lowers the weight of the entry `neighbor` of `row`'s list to `weight` if that is smaller; false
// when the list has no such entry.
bool keep_least(const PartitionIndex& index, VertexId row, NeighborId neighbor, float weight) {
  const std::int64_t offset = index.lists->offsets()[row];
  const std::uint64_t* first = index.keys.data() + offset;
  const std::uint64_t* last = first + index.lists->degree(row);
  const std::uint64_t* key = std::lower_bound(first, last, std::uint64_t{neighbor} << 32);
  if (key == last || (*key >> 32) != neighbor) return false;
  std::atomic_ref<float> slot(index.weights[offset + static_cast<std::uint32_t>(*key)]);
  float current = slot.load(std::memory_order_relaxed);
  while (weight < current && !slot.compare_exchange_weak(current, weight, std::memory_order_relaxed)) {
  }
  return true;
}

}  // namespace

ListWeights::ListWeights(const PartitionedGraph& graph, const EdgeList& edge_list) {
  if (edge_list.weights.size() != edge_list.edges.size()) {
    throw Error("list weights: the edge list has no weights (generate it with weights for SSSP)");
  }
  if (graph.direction() != GraphDirection::kUndirected) throw Error("list weights: only undirected graphs");
  const PartitionLayout& layout = graph.layout();
  std::vector<PartitionIndex> index(layout.count());
  partitions_.resize(layout.count());
  for (int k = 0; k < layout.count(); ++k) {
    partitions_[k].assign(graph.backward(k).num_adjacencies(), std::numeric_limits<float>::infinity());
    index[k] = {&graph.backward(k), sorted_keys(graph.backward(k)), partitions_[k].data()};
  }
  const auto join = [&](VertexId from, VertexId to, float weight) {
    const int k = layout.partition_of(from);
    return keep_least(index[k], from - layout.range(k).begin, static_cast<NeighborId>(to), weight) ? 0 : 1;
  };
  std::int64_t missing = 0;
#pragma omp parallel for schedule(static) reduction(+ : missing)
  for (std::int64_t e = 0; e < edge_list.num_edges(); ++e) {
    const VertexId u = edge_list.edges[e].v0(), v = edge_list.edges[e].v1();
    if (u == v) continue;
    missing += join(u, v, edge_list.weights[e]) + join(v, u, edge_list.weights[e]);
  }
  if (missing > 0) {
    throw Error("list weights: " + std::to_string(missing) + " input edges are not in the graph's lists (not the "
                "graph built from this edge list)");
  }
}

ListWeights::ListWeights(const PartitionedGraph& graph, std::vector<float> whole) {
  if (static_cast<std::int64_t>(whole.size()) != graph.num_adjacencies()) {
    throw Error("list weights: " + std::to_string(whole.size()) + " weights for a graph of " +
                std::to_string(graph.num_adjacencies()) + " list entries");
  }
  if (graph.num_partitions() == 1) {
    partitions_.push_back(std::move(whole));
    return;
  }
  // The backward partitions are the whole graph's rows cut in order, so their entries are too.
  std::int64_t first = 0;
  for (int k = 0; k < graph.num_partitions(); ++k) {
    const std::int64_t entries = graph.backward(k).num_adjacencies();
    partitions_.emplace_back(whole.begin() + first, whole.begin() + first + entries);
    first += entries;
  }
}

WeightedGraph build_weighted_graph(const EdgeList& edge_list, int partitions, NeighborOrder order) {
  WeightedCsr built = build_weighted_csr(edge_list);
  PartitionedGraph graph(std::move(built.lists), partitions, order, built.weights);
  ListWeights weights(graph, std::move(built.weights));
  return {std::move(graph), std::move(weights)};
}

// Capacity, not size, as CsrGraph counts it: kernel 1 leaves the room of the dropped duplicates.
std::int64_t ListWeights::bytes() const {
  std::int64_t total = 0;
  for (const std::vector<float>& weights : partitions_) {
    total += static_cast<std::int64_t>(weights.capacity() * sizeof(float));
  }
  return total;
}

}  // namespace semibfs
