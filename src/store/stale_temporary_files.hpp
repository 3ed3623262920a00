// Debris of writers that died (kill -9, a crash, a power cut) in a store directory: temporary files
// named for their process (core/temporary_name.hpp). The store's next writer removes them under its
// exclusive lock (store_lock.hpp) before it writes anything; the files of a live process stay.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace semibfs {

struct TemporaryFileEntry {
  std::string name;
  std::int64_t bytes = 0;
  int owner = 0;  // the PID in its name
  bool owner_alive = false;
};

// The temporary files directly in `directory` (none when it cannot be read).
std::vector<TemporaryFileEntry> temporary_files_in(const std::string& directory);

// Removes the temporary files in `directory` whose process no longer exists; returns their names.
std::vector<std::string> remove_stale_temporary_files(const std::string& directory);

}  // namespace semibfs
