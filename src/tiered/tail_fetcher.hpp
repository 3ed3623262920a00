// Reads the tails of lists that are not resident (tiered/tiered_csr.hpp) for one thread of a BFS
// step: tails that lie close together in the file are merged into one block-aligned request,
// requests go to the asynchronous reader in batches with many in flight, and the step keeps
// working while they are on their way; each tail is handed back to the step's handler when its
// bytes arrive (seed 000 Sec. VI-D, seed 002 Sec. 5.1.2: aggregate small NVM reads; DESIGN.md).
// A double arena bounds the memory: a request takes room in the current half; when it is full
// the other half's requests are waited for and handled, then it becomes the current one.
#pragma once

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
};

class TailFetcher {
 public:
  explicit TailFetcher(const TailFetchOptions& options);
  TailFetcher(const TailFetcher&) = delete;
  TailFetcher& operator=(const TailFetcher&) = delete;

  // Queues the tail of `row` of `lists` (which must have one). May first call
  // handle(row, entries) for tails queued earlier, to make room.
  template <typename Handler>
  void request(const TieredCsr& lists, std::int64_t row, Handler&& handle);
  // Sends whatever is queued and handles every tail still outstanding.
  template <typename Handler>
  void finish(Handler&& handle);

  // What the readers did since the last call, merged; resets them.
  IoStats take_stats();
  std::uint64_t arena_bytes() const { return arena_.size(); }
  // The backend of its first reader ("io_uring" or "pread"), empty before any read.
  std::string backend() const;

 private:
  struct Segment {
    std::int64_t row = 0;
    std::uint64_t offset = 0;  // in the request's bytes
    std::uint64_t entries = 0;
  };
  struct Request {
    std::size_t reader = 0;
    int half = 0;
    std::uint64_t file_begin = 0;  // block aligned
    std::uint64_t file_end = 0;    // where the last segment ends
    std::byte* destination = nullptr;
    std::vector<Segment> segments;
  };

  // The reader of the file that holds `lists`' tails, opened on first use; found by the lists'
  // address, not by comparing paths, since every tail request asks.
  std::size_t reader_for(const TieredCsr& lists);
  // Adds one piece of a tail (bytes [begin, end) of the file) to the open request or a new one;
  // returns false when the open request must be sent first.
  bool try_append(std::size_t reader, std::int64_t row, std::uint64_t begin, std::uint64_t end);
  void open_request(std::size_t reader, std::int64_t row, std::uint64_t begin, std::uint64_t end);
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
  std::vector<std::uint64_t> completed_;
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
  for (const std::uint64_t tag : completed_) {
    Request& request = slots_[tag];
    for (const Segment& segment : request.segments) {
      const auto* entries = reinterpret_cast<const NeighborId*>(request.destination + segment.offset);
      handle(segment.row, std::span<const NeighborId>(entries, segment.entries));
    }
    --outstanding_[request.half];
    request.segments.clear();
    free_slots_.push_back(tag);
  }
  completed_.clear();
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
void TailFetcher::request(const TieredCsr& lists, std::int64_t row, Handler&& handle) {
  const std::size_t reader = reader_for(lists);
  std::uint64_t begin = static_cast<std::uint64_t>(lists.tail_begin(row)) * sizeof(NeighborId);
  const std::uint64_t end = begin + static_cast<std::uint64_t>(lists.tail_entries(row)) * sizeof(NeighborId);
  // Pieces end on entry boundaries and leave room for the block rounding of their start.
  const std::uint64_t piece_bytes = (options_.max_request_bytes - kBlockBytes) / sizeof(NeighborId) * sizeof(NeighborId);
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
void TailFetcher::finish(Handler&& handle) {
  if (has_open_) send_open_request(handle);
  while (anything_in_flight()) {
    wait_some();
    handle_completed(handle);
  }
}

}  // namespace semibfs
