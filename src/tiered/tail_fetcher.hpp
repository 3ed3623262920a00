// Reads the tails of lists that are not resident (tiered/tiered_csr.hpp) for one thread of a BFS
// step: tails that lie close together in the file are merged into one block-aligned request,
// requests go to the asynchronous reader in batches with many in flight, and the step keeps
// working while they are on their way; each tail is handed back to the step's handler when its
// bytes arrive (Iwabuchi et al. Sec. VI-D, the Japanese paper Sec. 5.1.2: aggregate small NVM reads; DESIGN.md).
// A double arena bounds the memory: a request takes room in the current half; when it is full
// the other half's requests are waited for and handled, then it becomes the current one.
// Handlers get the tail's bytes (TieredCsr::for_each_in_tail decodes them). An uncompressed tail
// longer than a request is read in pieces of whole entries, each handed back on its own; a
// compressed list decodes only whole, so one longer than a request (a hub's) is read alone, after
// everything queued, into the then empty arena (into a buffer of its own only when it is longer
// than the arena). Which bytes of a request belong to which tail (its segments) is kept in one
// pool per half, of a fixed size: many small tails fill a half's pool before its bytes.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "graph/csr_graph.hpp"
#include "io/aligned_buffer.hpp"
#include "io/async_reader.hpp"
#include "io/io_kind.hpp"
#include "io/io_stats.hpp"
#include "tiered/tiered_csr.hpp"

namespace semibfs {

struct TailFetchOptions {
  IoKind io = IoKind::kAuto;
  // 64 reads in flight per thread: most of the disk's 4 KiB rate (docs/STORAGE.md).
  int queue_depth = 64;
  // Both halves of the arena; bounds the DRAM a thread holds for tails.
  std::uint64_t arena_bytes = std::uint64_t{4} << 20;
  // A longer tail is read in several requests, each handed back on its own.
  std::uint64_t max_request_bytes = std::uint64_t{1} << 20;
  // Tails at most this far apart share a request: one 4 KiB block costs about what a read does.
  std::uint64_t merge_gap_bytes = kBlockBytes;
  // Requests handed to the reader together.
  std::size_t submit_batch = 16;

  // Tails a half of the arena may hold: one per 256 of its bytes.
  std::uint64_t segments_per_half() const { return std::max<std::uint64_t>(1, arena_bytes / 2 / 256); }
  // What a fetcher holds: the arena and its segment pools (the pools of both halves and the one
  // of the request being built), and the buffer of its own that a compressed list of
  // `longest_whole_list` bytes is read into when the arena cannot hold it.
  std::uint64_t held_bytes(std::uint64_t longest_whole_list = 0) const;
};

class TailFetcher {
 public:
  explicit TailFetcher(const TailFetchOptions& options);
  TailFetcher(const TailFetcher&) = delete;
  TailFetcher& operator=(const TailFetcher&) = delete;

  // Queues the tail of `row` of `lists` (which must have one). May first call
  // handle(row, bytes) for tails queued earlier, to make room.
  template <typename Handler>
  void request(const TieredCsr& lists, std::int64_t row, Handler&& handle);
  // Sends whatever is queued without waiting for it (it may handle tails to make room): the reads
  // go on while the caller works, until finish().
  template <typename Handler>
  void send(Handler&& handle);
  // Sends whatever is queued and handles every tail still outstanding.
  template <typename Handler>
  void finish(Handler&& handle);

  // What the readers did since the last call, merged, with this thread's time waiting for reads
  // and handling tails; resets them.
  IoStats take_stats();
  // The arena, the segment pools and the buffer of compressed lists longer than the arena.
  std::uint64_t arena_bytes() const;
  // The backend of its first reader ("io_uring" or "pread"), empty before any read.
  std::string backend() const;

 private:
  struct Segment {
    std::int64_t row = 0;
    std::uint32_t offset = 0;  // in the request's bytes (a request is below 4 GiB)
    std::uint32_t bytes = 0;
  };
  struct Request {
    std::size_t reader = 0;
    int half = 0;
    std::uint64_t file_begin = 0;  // block aligned
    std::uint64_t file_end = 0;    // where the last segment ends
    std::byte* destination = nullptr;
    std::size_t first_segment = 0;  // in its half's pool
    std::size_t segment_count = 0;
  };

  // The reader of the file that holds `lists`' tails, opened on first use; found by the lists'
  // address, not by comparing paths, since every tail request asks.
  std::size_t reader_for(const TieredCsr& lists);
  // Adds one piece of a tail (bytes [begin, end) of the file) to the open request or a new one;
  // returns false when the open request must be sent first.
  bool try_append(std::size_t reader, std::int64_t row, std::uint64_t begin, std::uint64_t end);
  void open_request(std::size_t reader, std::int64_t row, std::uint64_t begin, std::uint64_t end);
  static Segment segment(std::int64_t row, std::uint64_t offset, std::uint64_t bytes);
  // Room for the open request in the current half; false when the other half must drain first.
  bool place_open_request();
  void queue_open_request();
  void flush();
  bool anything_in_flight() const;
  // Waits for some reads; the completed requests' slots are returned in `completed_`.
  void wait_some();
  template <typename Handler>
  void handle_completed(Handler& handle);
  template <typename Handler>
  void send_open_request(Handler& handle);
  // Reads bytes [begin, end) of the reader's file alone into long_list_ and hands them back.
  template <typename Handler>
  void read_long_list(std::size_t reader, std::int64_t row, std::uint64_t begin, std::uint64_t end, Handler& handle);
  // Reads [begin, end) into long_list_, the queue being empty; returns the bytes' first address.
  const std::byte* read_alone(std::size_t reader, std::uint64_t begin, std::uint64_t end);
  // Calls handle(row, bytes), its time added to the tail processing time.
  template <typename Handler>
  void handle_timed(Handler& handle, std::int64_t row, std::span<const std::byte> bytes);
  static std::uint64_t now_nanoseconds() {
    return static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
  }

  TailFetchOptions options_;
  AlignedBuffer arena_;
  std::uint64_t half_bytes_ = 0;
  int current_half_ = 0;
  std::uint64_t used_[2] = {0, 0};
  std::uint64_t outstanding_[2] = {0, 0};
  std::vector<std::pair<const TieredCsr*, std::unique_ptr<AsyncReader>>> readers_;
  std::vector<std::vector<ReadRequest>> unsent_;  // per reader
  std::vector<Request> slots_;
  std::vector<std::size_t> free_slots_;
  bool has_open_ = false;
  Request open_;
  std::vector<Segment> open_segments_;  // the segments of the request being built
  std::vector<Segment> segment_pool_[2];
  std::vector<std::uint64_t> completed_;
  AlignedBuffer long_list_;
  std::uint64_t wait_nanoseconds_ = 0;
  std::uint64_t tail_processing_nanoseconds_ = 0;
};

// One fetcher per OpenMP thread, each with its own readers (a reader serves one thread).
class ThreadTailFetchers {
 public:
  ThreadTailFetchers(int threads, const TailFetchOptions& options);
  // The calling thread's fetcher.
  TailFetcher& mine();
  // What all readers did since the last call, merged; resets them.
  IoStats take_stats();
  // The arenas' bytes.
  std::int64_t bytes() const;
  // The backend the readers use, empty before any read.
  std::string backend() const;

 private:
  std::vector<std::unique_ptr<TailFetcher>> fetchers_;
};

template <typename Handler>
void TailFetcher::handle_completed(Handler& handle) {
  const std::uint64_t start = now_nanoseconds();  // one clock read per batch of completions, not per tail
  for (const std::uint64_t tag : completed_) {
    const Request& request = slots_[tag];
    const std::vector<Segment>& pool = segment_pool_[request.half];
    for (std::size_t index = request.first_segment; index < request.first_segment + request.segment_count; ++index) {
      const Segment& segment = pool[index];
      handle(segment.row, std::span<const std::byte>(request.destination + segment.offset, segment.bytes));
    }
    --outstanding_[request.half];
    free_slots_.push_back(tag);
  }
  completed_.clear();
  tail_processing_nanoseconds_ += now_nanoseconds() - start;
}

template <typename Handler>
void TailFetcher::handle_timed(Handler& handle, std::int64_t row, std::span<const std::byte> bytes) {
  const std::uint64_t start = now_nanoseconds();
  handle(row, bytes);
  tail_processing_nanoseconds_ += now_nanoseconds() - start;
}

template <typename Handler>
void TailFetcher::send_open_request(Handler& handle) {
  while (!place_open_request()) {
    wait_some();
    handle_completed(handle);
  }
  queue_open_request();
}

template <typename Handler>
void TailFetcher::read_long_list(std::size_t reader, std::int64_t row, std::uint64_t begin, std::uint64_t end,
                                 Handler& handle) {
  finish(handle);
  handle_timed(handle, row, std::span<const std::byte>(read_alone(reader, begin, end), end - begin));
}

template <typename Handler>
void TailFetcher::request(const TieredCsr& lists, std::int64_t row, Handler&& handle) {
  const std::size_t reader = reader_for(lists);
  std::uint64_t begin = lists.tail_byte_begin(row);
  const std::uint64_t end = lists.tail_byte_end(row);
  // Pieces end on entry boundaries and leave room for the block rounding of their start.
  const std::uint64_t piece_bytes = (options_.max_request_bytes - kBlockBytes) / sizeof(NeighborId) * sizeof(NeighborId);
  if (!lists.tails_split() && end - begin > piece_bytes) return read_long_list(reader, row, begin, end, handle);
  while (begin < end) {
    const std::uint64_t piece_end = std::min(end, begin + piece_bytes);
    if (!try_append(reader, row, begin, piece_end)) {
      if (has_open_) send_open_request(handle);
      open_request(reader, row, begin, piece_end);
    }
    begin = piece_end;
  }
}

template <typename Handler>
void TailFetcher::send(Handler&& handle) {
  if (has_open_) send_open_request(handle);
  flush();
}

template <typename Handler>
void TailFetcher::finish(Handler&& handle) {
  if (has_open_) send_open_request(handle);
  while (anything_in_flight()) {
    wait_some();
    handle_completed(handle);
  }
}

}  // namespace semibfs
