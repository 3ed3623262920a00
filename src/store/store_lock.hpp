// One writer per store, any number of readers: an advisory flock(2) on the store directory itself
// (no lock file to leave behind), exclusive for a process that writes the store, shared for one
// that searches it. A conflicting lock is one error at once, naming the process that holds it.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace semibfs {

class StoreLock {
 public:
  enum class Mode { kRead, kWrite };

  // Throws semibfs::Error when `directory` cannot be opened or another process holds a lock that
  // conflicts with `mode` (a writer for kRead, anyone for kWrite). A writer's lock, once taken,
  // removes the temporary files of dead processes (stale_temporary_files.hpp).
  StoreLock(const std::string& directory, Mode mode);
  StoreLock(const StoreLock&) = delete;
  StoreLock& operator=(const StoreLock&) = delete;
  ~StoreLock();

 private:
  int descriptor_ = -1;
};

// The lock of `directory` when it is a directory; null when it is not (the reads that follow then
// report the missing store in their own words).
std::unique_ptr<StoreLock> lock_existing_store(const std::string& directory, StoreLock::Mode mode);

// A holder of a flock on `directory` as /proc/locks lists it (empty where it cannot be read).
struct LockHolder {
  int pid = 0;
  bool writes = false;
};
std::vector<LockHolder> store_lock_holders(const std::string& directory);

}  // namespace semibfs
