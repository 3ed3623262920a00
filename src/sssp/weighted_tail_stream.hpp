// Reads the tails of a block of vertices' lists, neighbours and weights, from a store tiered under a
// budget (tiered_graph.hpp, tiered_weights.hpp) for one SSSP thread. The block is put in the order
// the reads serve best: the vertices without a tail first, to be expanded while the first reads are
// on their way, then the others by where their tails lie in the store's files. Tails at most a gap
// apart share one request (a device read costs about what a few KiB more of it do: docs/STORAGE.md),
// a request reads the same bytes of the neighbours file and of the weights file into two arenas at
// the same place, and requests are started in file order as far as the arenas hold them, each new
// one as soon as an older one is consumed: a block of any size streams through a bounded arena.
// A tail longer than a request is read in pieces of whole entries, each handed back on its own.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "core/types.hpp"
#include "io/aligned_buffer.hpp"
#include "io/async_reader.hpp"
#include "io/io_kind.hpp"
#include "sssp/packed_tails.hpp"
#include "tiered/tiered_graph.hpp"

namespace semibfs {

struct TailReadOptions {
  // Each of the two arenas (neighbours, weights).
  std::uint64_t arena_bytes = std::uint64_t{1} << 20;
  // A request reads at most this (with its rounding to whole blocks); at most arena_bytes.
  std::uint64_t max_request_bytes = std::uint64_t{256} << 10;
  // Tails this close in the file share a request: 16 KiB read at 1.8 GB/s cost about what one more
  // 4 KiB read does at 62K reads/s (docs/STORAGE.md).
  std::uint64_t merge_gap_bytes = std::uint64_t{16} << 10;
  int queue_depth = 64;
  // Throws semibfs::Error when a request cannot fit the arena or the sizes are not whole blocks.
  void check() const;
};

class WeightedTailStream {
 public:
  // The tails of `graph`'s lists and their weights, read where `places` says (all must outlive it).
  WeightedTailStream(const TieredGraph& graph, const TailPlaces& places, IoKind io, TailReadOptions options);
  WeightedTailStream(const WeightedTailStream&) = delete;
  WeightedTailStream& operator=(const WeightedTailStream&) = delete;
  ~WeightedTailStream();

  // Reorders `vertices` (without a tail first, then by where their tails lie) and starts reading
  // their tails. Reads a previous block left unconsumed are waited for and dropped.
  void start(std::span<NeighborId> vertices);
  // Whether `vertex`'s tail is the next one the stream holds (the block's vertices taken in order).
  bool next_is(NeighborId vertex) const { return piece_ < pieces_.size() && pieces_[piece_].vertex == vertex; }
  // f(neighbours, weights) for each piece of the next tail, which must be `vertex`'s
  // (next_is(vertex)), in order, each once its bytes are in.
  template <typename F>
  void visit_next(NeighborId vertex, F&& f) {
    do {
      const Piece& piece = pieces_[piece_];
      const std::uint64_t at = await(piece.request) + (piece.begin - requests_[piece.request].file_begin);
      const std::size_t entries = (piece.end - piece.begin) / sizeof(NeighborId);
      f(std::span<const NeighborId>(reinterpret_cast<const NeighborId*>(arenas_[0].data() + at), entries),
        std::span<const float>(reinterpret_cast<const float*>(arenas_[1].data() + at), entries));
      consumed(piece_++);
    } while (next_is(vertex) && !pieces_[piece_].first);  // a vertex listed twice has its tail twice
  }
  // What a stream holds for blocks of up to `block_vertices`: its arenas and its plan of a block
  // (vectors that may grow to twice what they hold).
  static std::int64_t held_bytes(const TailReadOptions& options, std::size_t block_vertices);
  // Bytes asked of the device (both files, the gaps between merged tails included).
  std::int64_t bytes_read() const { return bytes_read_; }
  // Requests sent to the device (both files).
  std::int64_t requests() const { return requests_sent_; }

 private:
  struct Piece {
    std::uint64_t begin;  // bytes [begin, end) of its partition's files, whole entries
    std::uint64_t end;
    NeighborId vertex;
    std::uint32_t request : 31;
    std::uint32_t first : 1;  // of its tail
  };
  struct Request {
    int partition;
    std::uint64_t file_begin;  // block aligned
    std::uint64_t file_end;    // where its last piece ends
    std::uint64_t at = 0;      // in both arenas, once placed
    std::uint8_t arrived = 0;  // bit k: file k's bytes are in
    std::uint64_t footprint() const { return round_up_to_block(file_end) - file_begin; }
  };
  struct TailPlace {
    int partition;
    std::uint64_t begin;
    std::uint64_t end;
    NeighborId vertex;
  };

  std::vector<TailPlace> order_block(std::span<NeighborId> vertices) const;
  void plan_requests(const std::vector<TailPlace>& tails);
  void add_piece(const TailPlace& tail, std::uint64_t begin, std::uint64_t end);
  // Where the next request fits in the arenas behind those in flight; none while they fill them.
  std::optional<std::uint64_t> place(std::uint64_t bytes) const;
  // Starts the requests that fit, in order.
  void top_up();
  // Waits until request `index` has arrived from both files; returns where it lies in the arenas.
  std::uint64_t await(std::uint32_t index);
  // After piece `index` was visited: its request is done with when it was the request's last.
  void consumed(std::size_t index);
  AsyncReader& reader(int partition, int file);
  void drop_in_flight();

  const TieredGraph& graph_;
  const TailPlaces& places_;
  IoKind io_;
  TailReadOptions options_;
  AlignedBuffer arenas_[2];                               // neighbours, weights
  std::vector<std::unique_ptr<AsyncReader>> readers_[2];  // a partition's, opened at its first tail
  std::vector<std::vector<ReadRequest>> unsent_[2];
  std::vector<Piece> pieces_;
  std::vector<Request> requests_;
  std::size_t piece_ = 0;      // the next piece to visit
  std::size_t released_ = 0;   // requests before it are consumed, their room free
  std::size_t submitted_ = 0;  // requests before it are placed and started
  std::vector<std::uint64_t> completed_;
  std::int64_t bytes_read_ = 0;
  std::int64_t requests_sent_ = 0;
};

}  // namespace semibfs
