// The fallback backend: a small pool of threads, each doing blocking pread calls, so that several
// reads are at the device at once where io_uring is missing or refused.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

#include "io/async_reader.hpp"

namespace semibfs {

class PreadReader final : public AsyncReader {
 public:
  PreadReader(BlockFile file, const ReaderOptions& options);
  ~PreadReader() override;
  std::string_view name() const override { return "pread"; }
  int thread_count() const { return static_cast<int>(workers_.size()); }

 private:
  struct Job {
    std::uint32_t slot = 0;
    std::byte* into = nullptr;
    std::uint64_t length = 0;
    std::uint64_t offset = 0;
  };

  void start_read(std::uint32_t slot, std::byte* into, std::uint64_t length, std::uint64_t offset) override;
  void wait_for_completions(std::vector<Completion>& completions) override;
  void serve();
  std::int64_t read_fully(const Job& job) const;

  std::mutex mutex_;
  std::condition_variable job_ready_;
  std::condition_variable completion_ready_;
  std::deque<Job> jobs_;
  std::vector<Completion> completed_;
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace semibfs
