#include "io/uring_reader.hpp"

#include <liburing.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>
#include <utility>

namespace semibfs {
namespace {

[[noreturn]] void throw_ring_error(const char* call, int negative_errno) {
  throw Error(std::string("io_uring ") + call + " failed: " + std::strerror(-negative_errno) +
              " (the pread reader works without io_uring)");
}

}  // namespace

void UringReader::RingDeleter::operator()(io_uring* ring) const {
  io_uring_queue_exit(ring);
  delete ring;
}

UringReader::UringReader(BlockFile file, const ReaderOptions& options) : AsyncReader(std::move(file), options) {
  auto ring = std::make_unique<io_uring>();
  const int result = io_uring_queue_init(static_cast<unsigned>(queue_depth()), ring.get(), 0);
  if (result < 0) {
    throw ReaderUnavailable(std::string("io_uring refused by the kernel: ") + std::strerror(-result));
  }
  ring_.reset(ring.release());
}

UringReader::~UringReader() { abandon_in_flight(); }

// The ring has queue_depth entries and at most queue_depth reads are in flight, so a submission
// entry is always free once the started ones have been handed over.
void UringReader::start_read(std::uint32_t slot, std::byte* into, std::uint64_t length, std::uint64_t offset) {
  io_uring_sqe* entry = io_uring_get_sqe(ring_.get());
  if (entry == nullptr) {
    flush_started();
    entry = io_uring_get_sqe(ring_.get());
    if (entry == nullptr) throw_ring_error("get_sqe", -EBUSY);
  }
  // One read returns at most 2^31 - 4096 bytes on Linux; a short read is continued by the caller.
  const auto chunk = static_cast<unsigned>(std::min<std::uint64_t>(length, 0x7ffff000u));
  io_uring_prep_read(entry, file().descriptor(), into, chunk, offset);
  io_uring_sqe_set_data64(entry, slot);
}

void UringReader::flush_started() {
  const int result = io_uring_submit(ring_.get());
  // Busy or interrupted: the entries stay queued and go with the next submit_and_wait.
  if (result < 0 && result != -EAGAIN && result != -EBUSY && result != -EINTR) {
    throw_ring_error("submit", result);
  }
}

void UringReader::wait_for_completions(std::vector<Completion>& completions) {
  // submit_and_wait also hands over entries a busy kernel left queued in flush_started.
  while (io_uring_cq_ready(ring_.get()) == 0) {
    const int result = io_uring_submit_and_wait(ring_.get(), 1);
    if (result < 0 && result != -EINTR && result != -EAGAIN && result != -EBUSY) {
      throw_ring_error("submit_and_wait", result);
    }
  }
  const Clock::time_point finished = Clock::now();
  unsigned head = 0;
  unsigned seen = 0;
  io_uring_cqe* entry = nullptr;
  io_uring_for_each_cqe(ring_.get(), head, entry) {
    completions.push_back(Completion{static_cast<std::uint32_t>(io_uring_cqe_get_data64(entry)),
                                     entry->res, finished});
    ++seen;
  }
  io_uring_cq_advance(ring_.get(), seen);
}

}  // namespace semibfs
