#include "graph/partitioned_graph.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "core/numa_placement.hpp"
#include "graph/prefix_sum.hpp"

namespace semibfs {
namespace {

// The rows [range.begin, range.end) of `whole`, rebased to start at row 0.
CsrGraph slice_rows(const CsrGraph& whole, VertexRange range) {
  const std::vector<std::int64_t>& offsets = whole.offsets();
  const std::int64_t first = offsets[range.begin];
  std::vector<std::int64_t> local_offsets(range.size() + 1);
  for (std::int64_t row = 0; row <= range.size(); ++row) local_offsets[row] = offsets[range.begin + row] - first;
  const auto begin = whole.all_neighbors().begin() + first;
  std::vector<NeighborId> neighbors(begin, begin + local_offsets.back());
  return CsrGraph(range.size(), std::move(local_offsets), std::move(neighbors));
}

}  // namespace

PartitionedGraph::PartitionedGraph(CsrGraph whole, int partitions, NeighborOrder order, std::span<float> weights)
    : PartitionedLists(PartitionLayout(whole.num_vertices(), partitions), order, GraphDirection::kUndirected,
                       whole.num_adjacencies()) {
  if (weights.empty()) {
    order_neighbors(whole, order_);
  } else {
    order_neighbors(whole, order_, weights);
  }
  split_backward(std::move(whole));
  if (partitions > 1) build_forward();
  build_first_neighbors();
  place_partitions();
}

namespace {

std::int64_t total_rows(const std::vector<CsrGraph>& partitions) {
  std::int64_t rows = 0;
  for (const CsrGraph& partition : partitions) rows += partition.num_vertices();
  return rows;
}

}  // namespace

PartitionedGraph::PartitionedGraph(NeighborOrder order, std::vector<CsrGraph> backward, std::vector<CsrGraph> forward,
                                   GraphDirection direction)
    : PartitionedLists(PartitionLayout(total_rows(backward), static_cast<int>(backward.size())), order, direction, 0) {
  backward_ = std::move(backward);
  forward_ = std::move(forward);
  const int partitions = layout_.count();
  if (!forward_.empty() && static_cast<int>(forward_.size()) != partitions) {
    throw Error("partitioned graph: " + std::to_string(forward_.size()) + " forward graphs for " +
                std::to_string(partitions) + " partitions");
  }
  if (semibfs::has_separate_forward(partitions, direction_) != !forward_.empty()) {
    throw Error("partitioned graph: " + std::string(forward_.empty() ? "no" : "separate") + " forward graphs for a " +
                to_string(direction_) + " graph of " + std::to_string(partitions) + " partitions");
  }
  for (int k = 0; k < partitions; ++k) {
    if (backward_[k].num_vertices() != layout_.range(k).size()) {
      throw Error("partitioned graph: backward partition " + std::to_string(k) + " has " +
                  std::to_string(backward_[k].num_vertices()) + " rows; its range has " +
                  std::to_string(layout_.range(k).size()) + " vertices");
    }
    num_adjacencies_ += backward_[k].num_adjacencies();
    if (!forward_.empty() && forward_[k].num_vertices() != layout_.num_vertices()) {
      throw Error("partitioned graph: forward partition " + std::to_string(k) + " has " +
                  std::to_string(forward_[k].num_vertices()) + " rows; expected one per vertex");
    }
  }
  build_first_neighbors();
  place_partitions();
}

PartitionedGraph PartitionedGraph::take_out_lists() && {
  check_out_lists_alone();
  std::vector<CsrGraph> out_lists;
  out_lists.push_back(std::move(forward_.front()));
  *this = PartitionedGraph();
  return PartitionedGraph(NeighborOrder::kById, std::move(out_lists), {});
}

// The whole graph is freed when this returns, before the forward graph is built.
void PartitionedGraph::split_backward(CsrGraph whole) {
  if (layout_.count() == 1) {
    backward_.push_back(std::move(whole));
    return;
  }
  for (int k = 0; k < layout_.count(); ++k) backward_.push_back(slice_rows(whole, layout_.range(k)));
}

// Counts each vertex's neighbours per partition, then copies them, one pass each; a vertex's
// counters live on the stack, so no per-partition cursor arrays are needed.
void PartitionedGraph::build_forward() {
  const int partitions = layout_.count();
  const std::int64_t num_vertices = layout_.num_vertices();
  std::vector<std::vector<std::int64_t>> offsets(partitions, std::vector<std::int64_t>(num_vertices + 1, 0));
#pragma omp parallel for schedule(dynamic, 1024)
  for (std::int64_t vertex = 0; vertex < num_vertices; ++vertex) {
    for (const NeighborId neighbor : neighbors(vertex)) ++offsets[layout_.partition_of(neighbor)][vertex + 1];
  }
  std::vector<std::vector<NeighborId>> lists(partitions);
  for (int k = 0; k < partitions; ++k) {
    inclusive_prefix_sum(offsets[k]);
    lists[k].resize(offsets[k].back());
  }
#pragma omp parallel
  {
    std::vector<std::int64_t> written(partitions);
#pragma omp for schedule(dynamic, 1024)
    for (std::int64_t vertex = 0; vertex < num_vertices; ++vertex) {
      std::fill(written.begin(), written.end(), 0);
      for (const NeighborId neighbor : neighbors(vertex)) {
        const int k = layout_.partition_of(neighbor);
        lists[k][offsets[k][vertex] + written[k]++] = neighbor;
      }
    }
  }
  for (int k = 0; k < partitions; ++k) forward_.emplace_back(num_vertices, std::move(offsets[k]), std::move(lists[k]));
}

void PartitionedGraph::build_first_neighbors() {
  const std::int64_t num_vertices = layout_.num_vertices();
  first_neighbors_.assign(num_vertices, kNoFirstNeighbor);
  isolated_ = Bitmap(num_vertices);
  for (int k = 0; k < layout_.count(); ++k) {
    const VertexRange range = layout_.range(k);
    // Whole words per partition, so the isolated bitmap is written without atomics.
#pragma omp parallel for schedule(static)
    for (std::int64_t word = layout_.first_word(k); word < layout_.end_word(k); ++word) {
      Bitmap::Word isolated_bits = 0;
      const VertexId end = std::min(range.end, (word + 1) * Bitmap::kBitsPerWord);
      for (VertexId vertex = word * Bitmap::kBitsPerWord; vertex < end; ++vertex) {
        const std::span<const NeighborId> list = backward_[k].neighbors(vertex - range.begin);
        if (list.empty()) {
          isolated_bits |= Bitmap::bit_mask(vertex);
        } else {
          first_neighbors_[vertex] = list.front();
        }
      }
      isolated_.set_word(word, isolated_bits);
    }
  }
}

// On a one-node machine (or without libnuma) this does nothing.
void PartitionedGraph::place_partitions() {
  if (numa_node_count() < 2) return;
  for (int k = 0; k < layout_.count(); ++k) {
    const int node = numa_node_of_partition(k);
    const VertexRange range = layout_.range(k);
    place_on_numa_node(first_neighbors_.data() + range.begin, range.size() * sizeof(NeighborId), node);
    backward_[k].place_on_numa_node(node);
    if (!forward_.empty()) forward_[k].place_on_numa_node(node);
  }
}

std::span<const NeighborId> PartitionedGraph::neighbors(VertexId vertex) const {
  const int k = layout_.partition_of(vertex);
  return backward_[k].neighbors(vertex - layout_.range(k).begin);
}

GraphBytes PartitionedGraph::bytes() const {
  GraphBytes bytes;
  for (const CsrGraph& partition : backward_) bytes.backward += partition.bytes();
  for (const CsrGraph& partition : forward_) bytes.forward += partition.bytes();
  bytes.first_neighbors = static_cast<std::int64_t>(first_neighbors_.capacity() * sizeof(NeighborId)) + isolated_.num_words() * 8;
  return bytes;
}

}  // namespace semibfs
