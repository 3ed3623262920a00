// How the SSSP kernel reads a vertex's list and its weights: the one list access the kernel
// (delta_stepping.hpp) is written over, in two kinds. Each gives a Reader, one a thread, whose
// for_each(vertex, f) calls f(neighbour, weight) for every entry of the vertex's backward list.
//   DramWeightedLists:   a PartitionedGraph and the weights beside it, all in DRAM.
//   TieredWeightedLists: a store's TieredGraph under a budget and its TieredWeights: the resident
//                        entries and their weights from DRAM, a tail's neighbours and weights read
//                        from the store's two files at the same offsets, by the thread that
//                        expands the vertex: a block of vertices' tails streamed in file order,
//                        merged where close, many in flight (weighted_tail_stream.hpp); or, over
//                        compressed lists (whole in DRAM or whole on disk), a list decoded in
//                        DRAM or read whole from the lists file, its weights beside it.
// The kernel calls prepare(vertices), which may reorder them, and then for_each on each of them in
// that order.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
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
#include "io/io_kind.hpp"
#include "sssp/light_tails.hpp"
#include "sssp/weighted_tail_stream.hpp"
#include "tiered/tiered_graph.hpp"
#include "tiered/tiered_weights.hpp"

namespace semibfs {

class DramWeightedLists {
 public:
  // Both must outlive the lists.
  DramWeightedLists(const PartitionedGraph& graph, ListWeightsView weights);
  std::int64_t num_vertices() const { return graph_.num_vertices(); }

  class Reader {
   public:
    explicit Reader(const DramWeightedLists& lists) : lists_(lists) {}
    template <typename F>
    std::int64_t for_each(VertexId vertex, F&& f) {
      if (next_ < prepared_.size() && prepared_[next_] == vertex && ++next_ + kLookAhead <= prepared_.size()) {
        lists_.prefetch(prepared_[next_ + kLookAhead - 1]);
      }
      const Row row = lists_.row(vertex);
      for (std::size_t k = 0; k < row.degree; ++k) f(row.neighbors[k], row.weights[k]);
      return static_cast<std::int64_t>(row.degree);
    }
    std::int64_t bytes_read() const { return 0; }
    std::int64_t read_requests() const { return 0; }
    // In DRAM a vertex expanded again relaxes its whole list again: a scan costs little beside its
    // relaxations (splitting light and heavy edges here measured 1.00-1.09x, docs/PERFORMANCE.md).
    static constexpr bool kMayDeferHeavy = false;
    // The lists' first lines of the first vertices, and the offsets of all, asked for ahead: a
    // frontier is in no order, so each list starts with a miss in each of its two arrays, which
    // for_each then overlaps with the expansion of the vertices before it (`vertices` must stay
    // as they are until their for_each calls are done).
    void prepare(std::span<const NeighborId> vertices) {
      prepared_ = vertices;
      next_ = 0;
      for (const NeighborId vertex : vertices) lists_.prefetch_offsets(vertex);
      for (std::size_t k = 0; k < std::min(kLookAhead, vertices.size()); ++k) lists_.prefetch(vertices[k]);
    }
    // The frontier's vertices a thread takes at a time (gapbs's dynamic chunk).
    static constexpr std::size_t kBlockVertices = 64;
    // How many vertices ahead for_each asks for the lists' first lines.
    static constexpr std::size_t kLookAhead = 8;

   private:
    const DramWeightedLists& lists_;
    std::span<const NeighborId> prepared_;
    std::size_t next_ = 0;
  };

 private:
  // A partition's arrays, reached without going through the graph's vectors.
  struct Partition {
    VertexId begin;
    const std::int64_t* offsets;
    const NeighborId* neighbors;
    const float* weights;
  };
  struct Row {
    const NeighborId* neighbors;
    const float* weights;
    std::size_t degree;
  };
  const Partition& partition_of(VertexId vertex) const { return partitions_[graph_.layout().partition_of(vertex)]; }
  Row row(VertexId vertex) const {
    const Partition& part = partition_of(vertex);
    const std::int64_t* offsets = part.offsets + (vertex - part.begin);
    return {part.neighbors + offsets[0], part.weights + offsets[0], static_cast<std::size_t>(offsets[1] - offsets[0])};
  }
  void prefetch_offsets(VertexId vertex) const {
    const Partition& part = partition_of(vertex);
    __builtin_prefetch(part.offsets + (vertex - part.begin));
  }
  void prefetch(VertexId vertex) const {
    const Row list = row(vertex);
    __builtin_prefetch(list.neighbors);
    __builtin_prefetch(list.weights);
  }

  const PartitionedGraph& graph_;
  ListWeightsView weights_;
  std::vector<Partition> partitions_;
};

class TieredWeightedLists {
 public:
  // Both must outlive the lists. Plain tails are read with the reader `io` names (io_kind.hpp), as
  // `reads` says (weighted_tail_stream.hpp); compressed ones each alone, whole.
  TieredWeightedLists(const TieredGraph& graph, const TieredWeights& weights, IoKind io = IoKind::kAuto,
                      TailReadOptions reads = {});
  std::int64_t num_vertices() const { return graph_.num_vertices(); }

  class Reader {
   public:
    explicit Reader(const TieredWeightedLists& lists)
        : lists_(lists), stream_(lists.graph_, lists.places_, lists.io_, lists.reads_) {}
    // Puts `vertices` in the order their tails are read best in (WeightedTailStream::start) and
    // starts reading them: for_each then takes each from the stream when called for the same
    // vertices in that order; any other tail it reads alone.
    void prepare(std::span<NeighborId> vertices) {
      if (!lists_.compressed_) stream_.start(vertices);
    }
    template <typename F>
    std::int64_t for_each(VertexId vertex, F&& f) {
      const auto [partition, row, lists] = lists_.locate(vertex);
      visit_resident(partition, row, lists, [&](NeighborId neighbor, float weight) { f(neighbor, weight); });
      if (lists.tail_entries(row) == 0) return lists.degree(row);
      if (lists.compressed_lists()) {
        visit_compressed_tail(partition, row, lists, f);
      } else if (stream_.next_is(static_cast<NeighborId>(vertex))) {
        stream_.visit_next(static_cast<NeighborId>(vertex),
                           [&](std::span<const NeighborId> neighbors, std::span<const float> weights) {
                             visit(neighbors, weights, f);
                           });
      } else {
        visit_plain_tail(partition, row, lists, f);
      }
      return lists.degree(row);
    }
    // Bytes read from the store's files by this reader.
    std::int64_t bytes_read() const { return bytes_read_ + stream_.bytes_read(); }
    // Reads sent to the device by this reader (each file's a request).
    std::int64_t read_requests() const { return read_requests_ + stream_.requests(); }
    // Some vertices' heavy edges may wait for the end of their bucket (defers_heavy).
    static constexpr bool kMayDeferHeavy = true;
    // Whether the vertex's light entries are all in DRAM (its tail covered by the light tails): the
    // kernel then relaxes them alone in the bucket, and its heavy ones (for_each) once after it.
    bool defers_heavy(VertexId vertex) const { return lists_.light_.covers(vertex); }
    // The entries below the light tails' limit of a vertex defers_heavy() holds for, from DRAM.
    template <typename F>
    void for_each_light(VertexId vertex, F&& f) {
      const auto [partition, row, lists] = lists_.locate(vertex);
      const float limit = lists_.light_.limit();
      visit_resident(partition, row, lists, [&](NeighborId neighbor, float weight) {
        if (weight < limit) f(neighbor, weight);
      });
      lists_.light_.for_each(vertex, f);
    }

    // The frontier's vertices a thread takes at a time: their tails are read together, merged
    // where they lie close, so the larger a block the fewer and longer the reads (the stream's
    // arenas bound the memory whatever its size).
    static constexpr std::size_t kBlockVertices = 4096;
    // A tail that prepare() did not read is read alone, in pieces of at most this (whole entries).
    static constexpr std::uint64_t kPieceBytes = std::uint64_t{64} << 10;

   private:
    template <typename F>
    static void visit(std::span<const NeighborId> neighbors, std::span<const float> weights, F& f) {
      for (std::size_t k = 0; k < neighbors.size(); ++k) f(neighbors[k], weights[k]);
    }
    // f(neighbour, weight) for the resident entries of `row` (a compressed list's decoded in DRAM).
    template <typename F>
    void visit_resident(int partition, std::int64_t row, const TieredCsr& lists, F&& f) const {
      const std::span<const float> weights = lists_.weights_.resident(lists, partition, row);
      if (!lists.compressed_lists()) {
        visit(lists.resident(row), weights, f);
        return;
      }
      if (weights.empty()) return;
      std::size_t k = 0;
      lists.for_each_resident(row, [&](NeighborId neighbor) { f(neighbor, weights[k++]); });
    }
    // A plain tail the stream did not read, read alone in pieces.
    template <typename F>
    void visit_plain_tail(int partition, std::int64_t row, const TieredCsr& lists, F& f) {
      const std::uint64_t end = lists_.places_.end(lists, row);
      for (std::uint64_t begin = lists_.places_.begin(lists, row); begin < end;) {
        const std::uint64_t length = std::min(end - begin, kPieceBytes);
        const std::span<const NeighborId> tail_neighbors = read_neighbors(partition, begin, length);
        visit(tail_neighbors, read_weights(partition, begin, length), f);
        begin += length;
      }
    }
    // A compressed list on disk, read whole and decoded, its weights read beside it in pieces as
    // the entries come (a list longer than its weights is damaged: refused, never read past).
    template <typename F>
    void visit_compressed_tail(int partition, std::int64_t row, const TieredCsr& lists, F& f) {
      const std::uint64_t begin = lists.tail_byte_begin(row);
      const std::span<const std::byte> list =
          read(neighbor_files_, lists.tail_path(), partition, begin, lists.tail_byte_end(row) - begin);
      std::uint64_t weight_at = lists_.weights_.tail_byte_begin(lists, partition, row);
      const std::uint64_t weight_end = weight_at + static_cast<std::uint64_t>(lists.degree(row)) * sizeof(float);
      std::span<const float> weights;
      std::size_t k = 0;
      lists.for_each_in_tail(row, list, [&](NeighborId neighbor) {
        if (k == weights.size()) {
          if (weight_at >= weight_end) throw_longer_than_weights(partition, row);
          const std::uint64_t length = std::min(weight_end - weight_at, kPieceBytes);
          weights = read_weights(partition, weight_at, length);
          weight_at += length;
          k = 0;
        }
        f(neighbor, weights[k++]);
      });
    }
    [[noreturn]] void throw_longer_than_weights(int partition, std::int64_t row) const;
    // A partition's two files, read alone, each with its buffer.
    struct OpenFile {
      BlockFile file;
      AlignedBuffer buffer;
    };
    std::span<const NeighborId> read_neighbors(int partition, std::uint64_t begin, std::uint64_t length);
    std::span<const float> read_weights(int partition, std::uint64_t begin, std::uint64_t length);
    std::span<const std::byte> read(std::vector<std::optional<OpenFile>>& files, const std::string& path, int partition,
                                    std::uint64_t begin, std::uint64_t length);

    const TieredWeightedLists& lists_;
    WeightedTailStream stream_;
    std::vector<std::optional<OpenFile>> neighbor_files_;  // opened at a partition's first tail read alone
    std::vector<std::optional<OpenFile>> weight_files_;
    std::int64_t bytes_read_ = 0;
    std::int64_t read_requests_ = 0;
  };

  // The buffers a reader may hold: its stream's arenas and block plan, and its pieces read alone.
  static std::int64_t reader_bytes(const TailReadOptions& reads = {});

  // Reads every tail once and keeps its entries below `limit` in DRAM, within `max_bytes`
  // (light_tails.hpp), the tails in file order a block at a time; plain tails split row by row are
  // packed on the way (packed_tails.hpp) unless `pack` is false or the files cannot be written.
  // Call before any Reader is made.
  void cover_light_tails(float limit, std::int64_t max_bytes, bool pack = true);
  const LightTails& light_tails() const { return light_; }
  // Whether the tails are read from packed copies, and their bytes (both files).
  bool tails_packed() const { return places_.packed(); }
  std::int64_t packed_bytes() const { return packed_bytes_; }

 private:
  // cover_light_tails, each tail handed to `packer` too when there is one.
  void cover_and_pack(float limit, std::int64_t max_bytes, TailPacker* packer);
  // A vertex's partition, its row there and the partition's lists.
  struct Place {
    int partition;
    std::int64_t row;
    const TieredCsr& lists;
  };
  Place locate(VertexId vertex) const {
    const int partition = graph_.layout().partition_of(vertex);
    return {partition, vertex - graph_.layout().range(partition).begin, graph_.backward(partition)};
  }

  const TieredGraph& graph_;
  const TieredWeights& weights_;
  IoKind io_;
  TailReadOptions reads_;
  LightTails light_;
  TailPlaces places_;
  std::int64_t packed_bytes_ = 0;
  bool compressed_ = false;  // compressed lists: each tail read alone, whole, its weights beside it
};

}  // namespace semibfs
