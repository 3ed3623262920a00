#include "store/stale_temporary_files.hpp"

#include <unistd.h>

#include <cerrno>
#include <filesystem>

#include "core/temporary_name.hpp"
#include "store/store_manifest.hpp"

namespace semibfs {

std::vector<TemporaryFileEntry> temporary_files_in(const std::string& directory) {
  std::vector<TemporaryFileEntry> entries;
  std::error_code error;
  for (std::filesystem::directory_iterator entry(directory, error), end; !error && entry != end; entry.increment(error)) {
    TemporaryFileEntry temporary;
    temporary.name = entry->path().filename().string();
    temporary.owner = temporary_file_owner(temporary.name);
    std::error_code ignored;
    if (temporary.owner == 0 || !entry->is_regular_file(ignored)) continue;
    const std::uintmax_t bytes = entry->file_size(ignored);
    temporary.bytes = ignored ? 0 : static_cast<std::int64_t>(bytes);
    temporary.owner_alive = process_exists(temporary.owner);
    entries.push_back(std::move(temporary));
  }
  return entries;
}

std::vector<std::string> remove_stale_temporary_files(const std::string& directory) {
  std::vector<std::string> removed;
  for (const TemporaryFileEntry& entry : temporary_files_in(directory)) {
    if (entry.owner_alive) continue;
    if (::unlink(store_path(directory, entry.name).c_str()) == 0) removed.push_back(entry.name);
  }
  return removed;
}

}  // namespace semibfs
