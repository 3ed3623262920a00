// An exception must not leave an OpenMP parallel region (the program would terminate): each
// thread runs its work through capture(), the first exception is kept, and the code after the
// region rethrows it, so an I/O error inside a BFS step reaches the caller as a semibfs::Error.
#pragma once

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
    }
  }
  void rethrow_first() const {
    if (first_) std::rethrow_exception(first_);
  }

 private:
  std::mutex mutex_;
  std::exception_ptr first_;
};

}  // namespace semibfs
