// The asynchronous block reader: callers submit batches of reads and collect the tags of those
// completed, with up to queue_depth reads in flight at the device (DESIGN.md, memory tiers). The
// backends (uring_reader.*, pread_reader.*) only start reads and report completions; rounding to
// blocks, staging, short reads, errors and statistics are here, shared by both.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "io/aligned_buffer.hpp"
#include "io/block_file.hpp"
#include "io/io_stats.hpp"
#include "io/read_request.hpp"

namespace semibfs {

struct ReaderOptions {
  // Reads in flight at most. fio on the development disk: 9.4K 4 KiB reads/s at depth 1, 62.6K
  // at 32, 79K at 128; 64 is most of the way there (docs/STORAGE.md).
  int queue_depth = 64;
  // Threads of the pread pool; 0: one per queue slot, at most 64.
  int pread_threads = 0;
  // O_DIRECT where the filesystem allows it; false reads through the page cache.
  bool allow_direct = true;
};

// A backend that cannot run here (io_uring refused by the kernel or a seccomp filter, or not
// built in); make_reader falls back to pread on it unless io_uring was asked for by name.
class ReaderUnavailable : public Error {
 public:
  explicit ReaderUnavailable(const std::string& message) : Error(message) {}
};

// Not thread-safe: one thread submits and waits. Destinations must stay valid until their tag
// comes back, or until an Error is thrown (every read in flight has then finished).
class AsyncReader {
 public:
  AsyncReader(const AsyncReader&) = delete;
  AsyncReader& operator=(const AsyncReader&) = delete;
  virtual ~AsyncReader() = default;

  // Queues `requests` and starts as many as the queue depth allows. Throws semibfs::Error, and
  // queues none of them, when one reaches past the end of the file.
  void submit(std::span<const ReadRequest> requests);
  // Blocks until at least one request has completed (unless none is pending), appends the tags of
  // all completed ones to `completed_tags` and returns how many it appended. A failed read throws
  // semibfs::Error naming the file, offset and length; the reader is then empty and usable.
  std::size_t wait(std::vector<std::uint64_t>& completed_tags);
  // Waits for every pending request; appends their tags.
  void drain(std::vector<std::uint64_t>& completed_tags);

  // Requests submitted whose tags have not been returned yet.
  std::uint64_t pending() const { return backlog_.size() + ready_tags_.size() + in_flight_; }
  int queue_depth() const { return static_cast<int>(slots_.size()); }
  const BlockFile& file() const { return file_; }
  // "io_uring" or "pread", for reports.
  virtual std::string_view name() const = 0;

  const IoStats& stats() const { return stats_; }
  void reset_stats() { stats_.reset(); }

 protected:
  using Clock = std::chrono::steady_clock;
  struct Completion {
    std::uint32_t slot = 0;
    std::int64_t result = 0;  // bytes read, or -errno
    Clock::time_point finished;
  };

  AsyncReader(BlockFile file, const ReaderOptions& options);

  // Starts reading `length` bytes at `offset` into `into`; the completion names `slot`.
  virtual void start_read(std::uint32_t slot, std::byte* into, std::uint64_t length,
                          std::uint64_t offset) = 0;
  // Hands the reads started since the last call to the device (one system call per batch).
  virtual void flush_started() {}
  // Blocks until at least one started read has completed and appends all completed ones.
  virtual void wait_for_completions(std::vector<Completion>& completions) = 0;

  // Waits for every read in flight, ignoring results; derived destructors call it before they
  // tear down what the reads use.
  void abandon_in_flight() noexcept;

 private:
  struct Slot {
    ReadRequest request;
    std::uint64_t read_offset = 0;  // where the device read starts (block aligned when staged)
    std::uint64_t read_length = 0;  // bytes asked of the device
    std::uint64_t needed = 0;       // bytes that must arrive to cover the request
    std::uint64_t done = 0;         // bytes arrived so far
    std::byte* target = nullptr;    // the destination itself, or the staging buffer
    bool staged = false;
    AlignedBuffer staging;
    Clock::time_point issued;
  };

  void check_in_file(const ReadRequest& request) const;
  void issue_backlog();
  void issue(std::uint32_t slot_index, const ReadRequest& request);
  void finish(const Completion& completion, std::vector<std::uint64_t>& completed_tags);
  [[noreturn]] void fail(const Slot& slot, const std::string& what);

  BlockFile file_;
  std::vector<Slot> slots_;
  std::vector<std::uint32_t> free_slots_;
  std::deque<ReadRequest> backlog_;
  std::vector<std::uint64_t> ready_tags_;  // zero-length requests, done at submit
  std::vector<Completion> completions_;
  std::uint64_t in_flight_ = 0;
  IoStats stats_;
};

}  // namespace semibfs
