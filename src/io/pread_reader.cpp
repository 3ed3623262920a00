#include "io/pread_reader.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <utility>

namespace semibfs {

PreadReader::PreadReader(BlockFile file, const ReaderOptions& options) : AsyncReader(std::move(file), options) {
  const int threads = options.pread_threads > 0 ? options.pread_threads : std::min(queue_depth(), 64);
  workers_.reserve(static_cast<std::size_t>(threads));
  for (int thread = 0; thread < threads; ++thread) workers_.emplace_back([this] { serve(); });
}

PreadReader::~PreadReader() {
  abandon_in_flight();
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  job_ready_.notify_all();
  for (std::thread& worker : workers_) worker.join();
}

void PreadReader::start_read(std::uint32_t slot, std::byte* into, std::uint64_t length, std::uint64_t offset) {
  {
    std::lock_guard lock(mutex_);
    jobs_.push_back(Job{slot, into, length, offset});
  }
  job_ready_.notify_one();
}

void PreadReader::wait_for_completions(std::vector<Completion>& completions) {
  std::unique_lock lock(mutex_);
  completion_ready_.wait(lock, [this] { return !completed_.empty(); });
  completions.insert(completions.end(), completed_.begin(), completed_.end());
  completed_.clear();
}

void PreadReader::serve() {
  for (;;) {
    Job job;
    {
      std::unique_lock lock(mutex_);
      job_ready_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
      if (jobs_.empty()) return;  // stopping, and nothing left to read
      job = jobs_.front();
      jobs_.pop_front();
    }
    const std::int64_t result = read_fully(job);
    const Clock::time_point finished = Clock::now();
    {
      std::lock_guard lock(mutex_);
      completed_.push_back(Completion{job.slot, result, finished});
    }
    completion_ready_.notify_one();
  }
}

// Loops over short reads until the length is read or the file ends; -errno on failure.
std::int64_t PreadReader::read_fully(const Job& job) const {
  std::uint64_t done = 0;
  while (done < job.length) {
    const ssize_t result = ::pread(file().descriptor(), job.into + done, job.length - done,
                                   static_cast<off_t>(job.offset + done));
    if (result < 0) {
      if (errno == EINTR) continue;
      return -static_cast<std::int64_t>(errno);
    }
    if (result == 0) break;
    done += static_cast<std::uint64_t>(result);
  }
  return static_cast<std::int64_t>(done);
}

}  // namespace semibfs
