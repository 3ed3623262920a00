// An exception must not leave an OpenMP parallel region (the program would terminate): each
// thread runs its work through capture(), the first exception is kept, and the code after the
// region rethrows it, so an I/O error inside a BFS step reaches the caller as a semibfs::Error.
// Work that may stop early asks failed(); work run again after a failure takes the first
// exception (take_first), which leaves the errors as new.
#pragma once

#include <atomic>
#include <exception>
#include <mutex>
#include <utility>

namespace semibfs {

class ParallelErrors {
 public:
  template <typename Work>
  void capture(Work&& work) noexcept {
    try {
      std::forward<Work>(work)();
    } catch (...) {
      const std::lock_guard<std::mutex> lock(mutex_);
      if (!first_) first_ = std::current_exception();
      failed_.store(true, std::memory_order_relaxed);
    }
  }
  // Whether some work threw (the other threads' work may then stop).
  bool failed() const { return failed_.load(std::memory_order_relaxed); }
  void rethrow_first() const {
    if (first_) std::rethrow_exception(first_);
  }
  // The first exception (null when none), no longer kept.
  std::exception_ptr take_first() {
    const std::lock_guard<std::mutex> lock(mutex_);
    failed_.store(false, std::memory_order_relaxed);
    return std::exchange(first_, nullptr);
  }

 private:
  std::mutex mutex_;
  std::exception_ptr first_;
  std::atomic<bool> failed_{false};
};

}  // namespace semibfs
