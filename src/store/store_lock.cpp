#include "store/store_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "core/error.hpp"
#include "store/stale_temporary_files.hpp"

namespace semibfs {
namespace {

std::string quoted(const std::string& text) { return "'" + text + "'"; }

// "process 123 (writing)", or "another process" where /proc/locks does not say.
std::string describe_holders(const std::string& directory) {
  std::string text;
  for (const LockHolder& holder : store_lock_holders(directory)) {
    if (holder.pid == static_cast<int>(::getpid())) continue;
    text += (text.empty() ? "" : ", ") + std::string("process ") + std::to_string(holder.pid) +
            (holder.writes ? " (writing it)" : " (reading it)");
  }
  return text.empty() ? "another process" : text;
}

}  // namespace

StoreLock::StoreLock(const std::string& directory, Mode mode) {
  descriptor_ = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (descriptor_ < 0) {
    throw Error("cannot open the store directory " + quoted(directory) + ": " + std::strerror(errno));
  }
  const int operation = (mode == Mode::kWrite ? LOCK_EX : LOCK_SH) | LOCK_NB;
  if (::flock(descriptor_, operation) == 0) {
    if (mode == Mode::kWrite) remove_stale_temporary_files(directory);  // no other writer can be at work
    return;
  }
  const int error = errno;
  ::close(descriptor_);
  descriptor_ = -1;
  if (error != EWOULDBLOCK) {
    throw Error("cannot lock the store directory " + quoted(directory) + ": " + std::strerror(error));
  }
  throw Error("the store " + quoted(directory) + " is in use by " + describe_holders(directory) +
              (mode == Mode::kWrite ? ": one process writes a store, and never under a search"
                                    : ": a store is not searched while it is written") +
              " (wait for it to finish, or choose another directory)");
}

StoreLock::~StoreLock() {
  if (descriptor_ >= 0) ::close(descriptor_);  // closing the last descriptor releases the lock
}

std::unique_ptr<StoreLock> lock_existing_store(const std::string& directory, StoreLock::Mode mode) {
  struct stat status {};
  if (::stat(directory.c_str(), &status) != 0 || !S_ISDIR(status.st_mode)) return nullptr;
  return std::make_unique<StoreLock>(directory, mode);
}

// /proc/locks lines: "1: FLOCK  ADVISORY  WRITE 4242 fd:01:1234 0 EOF" (device in hex).
std::vector<LockHolder> store_lock_holders(const std::string& directory) {
  std::vector<LockHolder> holders;
  struct stat status {};
  if (::stat(directory.c_str(), &status) != 0) return holders;
  char file_id[64];
  std::snprintf(file_id, sizeof(file_id), "%02x:%02x:%llu", major(status.st_dev), minor(status.st_dev),
                static_cast<unsigned long long>(status.st_ino));
  std::ifstream locks("/proc/locks");
  for (std::string line; std::getline(locks, line);) {
    std::istringstream fields(line);
    std::string number, kind, advisory, access, device;
    LockHolder holder;
    if (!(fields >> number >> kind) || kind != "FLOCK") continue;
    if (!(fields >> advisory >> access >> holder.pid >> device) || device != file_id) continue;
    holder.writes = access == "WRITE";
    holders.push_back(holder);
  }
  return holders;
}

}  // namespace semibfs
