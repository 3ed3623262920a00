// The io_uring backend (liburing): reads are queued in the submission ring and handed to the
// kernel with one system call per batch, so up to queue_depth of them are at the device at once
// from a single thread. Compiled only with liburing (SEMIBFS_HAVE_URING).
#pragma once

#include <memory>

#include "io/async_reader.hpp"

struct io_uring;

namespace semibfs {

class UringReader final : public AsyncReader {
 public:
  // Throws ReaderUnavailable when the kernel refuses a ring (too old, io_uring disabled by
  // sysctl, or a seccomp filter, as in some containers).
  UringReader(BlockFile file, const ReaderOptions& options);
  ~UringReader() override;
  std::string_view name() const override { return "io_uring"; }

 private:
  struct RingDeleter {
    void operator()(io_uring* ring) const;
  };

  void start_read(std::uint32_t slot, std::byte* into, std::uint64_t length, std::uint64_t offset) override;
  void flush_started() override;
  void wait_for_completions(std::vector<Completion>& completions) override;

  std::unique_ptr<io_uring, RingDeleter> ring_;
};

}  // namespace semibfs
