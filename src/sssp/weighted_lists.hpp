// How the SSSP kernel reads a vertex's list and its weights: the one list access the kernel
// (delta_stepping.hpp) is written over, in two kinds. Each gives a Reader, one a thread, whose
// for_each(vertex, f) calls f(neighbour, weight) for every entry of the vertex's backward list.
//   DramWeightedLists:   a PartitionedGraph and the weights beside it, all in DRAM.
//   TieredWeightedLists: a store's TieredGraph under a budget and its TieredWeights: the resident
//                        entries and their weights from DRAM, a tail's neighbours and weights read
//                        from the store's two files at the same offsets, synchronously, by the
//                        thread that expands the vertex.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/types.hpp"
#include "graph/list_weights_view.hpp"
#include "graph/partitioned_graph.hpp"
#include "io/aligned_buffer.hpp"
#include "io/block_file.hpp"
#include "tiered/tiered_graph.hpp"
#include "tiered/tiered_weights.hpp"

namespace semibfs {

class DramWeightedLists {
 public:
  // Both must outlive the lists.
  DramWeightedLists(const PartitionedGraph& graph, ListWeightsView weights)
      : graph_(graph), weights_(std::move(weights)) {}
  std::int64_t num_vertices() const { return graph_.num_vertices(); }

  class Reader {
   public:
    explicit Reader(const DramWeightedLists& lists) : lists_(lists) {}
    template <typename F>
    std::int64_t for_each(VertexId vertex, F&& f) {
      const std::span<const NeighborId> neighbors = lists_.graph_.neighbors(vertex);
      const std::span<const float> weights = lists_.weights_.of(lists_.graph_, vertex);
      for (std::size_t k = 0; k < neighbors.size(); ++k) f(neighbors[k], weights[k]);
      return static_cast<std::int64_t>(neighbors.size());
    }
    std::int64_t bytes_read() const { return 0; }

   private:
    const DramWeightedLists& lists_;
  };

 private:
  const PartitionedGraph& graph_;
  ListWeightsView weights_;
};

class TieredWeightedLists {
 public:
  // Both must outlive the lists; the graph's backward lists must be plain (not compressed).
  TieredWeightedLists(const TieredGraph& graph, const TieredWeights& weights);
  std::int64_t num_vertices() const { return graph_.num_vertices(); }

  class Reader {
   public:
    explicit Reader(const TieredWeightedLists& lists) : lists_(lists) {}
    template <typename F>
    std::int64_t for_each(VertexId vertex, F&& f) {
      const int partition = lists_.graph_.layout().partition_of(vertex);
      const std::int64_t row = vertex - lists_.graph_.layout().range(partition).begin;
      const TieredCsr& lists = lists_.graph_.backward(partition);
      const std::span<const NeighborId> neighbors = lists.resident(row);
      const std::span<const float> weights = lists_.weights_.resident(lists, partition, row);
      for (std::size_t k = 0; k < neighbors.size(); ++k) f(neighbors[k], weights[k]);
      for (std::uint64_t begin = lists.tail_byte_begin(row); begin < lists.tail_byte_end(row);) {
        const std::uint64_t length = std::min(lists.tail_byte_end(row) - begin, kPieceBytes);
        const std::span<const NeighborId> tail_neighbors = read_neighbors(partition, begin, length);
        const std::span<const float> tail_weights = read_weights(partition, begin, length);
        for (std::size_t k = 0; k < tail_neighbors.size(); ++k) f(tail_neighbors[k], tail_weights[k]);
        begin += length;
      }
      return lists.degree(row);
    }
    // Bytes read from the store's files by this reader.
    std::int64_t bytes_read() const { return bytes_read_; }

    // A tail longer than this is read in pieces (whole entries), so a reader holds at most two.
    static constexpr std::uint64_t kPieceBytes = std::uint64_t{1} << 20;

   private:
    struct OpenFile {
      BlockFile file;
      AlignedBuffer buffer;
    };
    std::span<const NeighborId> read_neighbors(int partition, std::uint64_t begin, std::uint64_t length);
    std::span<const float> read_weights(int partition, std::uint64_t begin, std::uint64_t length);
    std::span<const std::byte> read(std::vector<std::optional<OpenFile>>& files, const std::string& path, int partition,
                                    std::uint64_t begin, std::uint64_t length);

    const TieredWeightedLists& lists_;
    std::vector<std::optional<OpenFile>> neighbor_files_;  // opened at a partition's first tail read
    std::vector<std::optional<OpenFile>> weight_files_;
    std::int64_t bytes_read_ = 0;
  };

  // The buffers a reader may hold: two pieces, rounded out to blocks.
  static std::int64_t reader_bytes();

 private:
  const TieredGraph& graph_;
  const TieredWeights& weights_;
};

}  // namespace semibfs
