#include "core/temporary_name.hpp"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <filesystem>
#include <string_view>

namespace semibfs {
namespace {

constexpr std::string_view kTemporaryMark = ".tmp.";
constexpr std::string_view kProbeMark = ".probe.";

// The PID after `mark` when `file_name` ends with mark + digits (and something precedes the mark).
int owner_after(std::string_view file_name, std::string_view mark) {
  const std::size_t at = file_name.rfind(mark);
  if (at == std::string_view::npos || at == 0) return 0;
  const std::string_view digits = file_name.substr(at + mark.size());
  if (digits.empty() || digits.size() > 10 || digits.front() == '0') return 0;
  long long pid = 0;
  for (const char digit : digits) {
    if (digit < '0' || digit > '9') return 0;
    pid = pid * 10 + (digit - '0');
  }
  return pid <= INT_MAX ? static_cast<int>(pid) : 0;
}

}  // namespace

std::string temporary_path(const std::string& path) {
  return path + std::string(kTemporaryMark) + std::to_string(::getpid());
}

std::string probe_path(const std::string& path) { return path + std::string(kProbeMark) + std::to_string(::getpid()); }

int temporary_file_owner(const std::string& file_name) {
  const int owner = owner_after(file_name, kTemporaryMark);
  return owner != 0 ? owner : owner_after(file_name, kProbeMark);
}

// kill(pid, 0) sends nothing; ESRCH means no such process. EPERM (another user's process) is alive.
bool process_exists(int pid) { return ::kill(pid, 0) == 0 || errno != ESRCH; }

void remove_stale_temporaries_of(const std::string& path) {
  const std::filesystem::path target(path);
  const std::string name = target.filename().string();
  const std::filesystem::path directory = target.has_parent_path() ? target.parent_path() : ".";
  std::error_code error;
  for (std::filesystem::directory_iterator entry(directory, error), end; !error && entry != end;
       entry.increment(error)) {
    const std::string file_name = entry->path().filename().string();
    const bool of_path = file_name.starts_with(name + std::string(kTemporaryMark)) ||
                         file_name.starts_with(name + std::string(kProbeMark));
    const int owner = of_path ? temporary_file_owner(file_name) : 0;
    std::error_code ignored;
    if (owner != 0 && !process_exists(owner) && entry->is_regular_file(ignored)) ::unlink(entry->path().c_str());
  }
}

}  // namespace semibfs
