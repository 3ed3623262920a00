// Machine description from sysconf, gethostname, /proc/cpuinfo, /proc/meminfo and getrusage; the
// program's own footprint (VmRSS) and the allocator settings that a DRAM budget needs.
#include "core/machine.hpp"

#include <malloc.h>
#include <omp.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <optional>

namespace semibfs {
namespace {

const char* const kUnknown = "unknown";

// The program's growth during work beyond what it holds at start-up (measure_program_footprint):
// measured as the peak resident set less the counted buffers and the start-up footprint, at most
// 0.3 MiB with 2 threads (docs/RELIABILITY.md, "Budgets"), taken with room to spare.
constexpr std::int64_t kGrowthBytes = std::int64_t{1} << 20;
constexpr std::int64_t kGrowthBytesPerThread = std::int64_t{256} << 10;
// The start-up footprint varies by about 0.1 MiB from run to run (4.2-4.4 MiB before the analytics
// layers, up to just over 6 MiB for `run` after them: 1 run in 20 crossed 6 MiB and stated a
// minimum 1 MiB higher); counted as at least 8 MiB, and above that in whole MiB, it is the same
// each time, so a stated minimum holds.
constexpr std::int64_t kStartupFloorBytes = std::int64_t{8} << 20;
constexpr std::int64_t kStartupGrainBytes = std::int64_t{1} << 20;
// Stack each thread touches before the footprint is read.
constexpr std::size_t kTouchedStackBytes = 64 << 10;

// Whole file, or empty when it cannot be read.
std::string read_text_file(const char* path) {
  std::ifstream in(path);
  if (!in) return {};
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return text;
}

// The trimmed value after the colon of the first "<label>: value" line.
std::optional<std::string_view> find_field(std::string_view text, std::string_view label) {
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos || trim(line.substr(0, colon)) != label) continue;
    return trim(line.substr(colon + 1));
  }
  return std::nullopt;
}

int online_cores() {
  const long count = sysconf(_SC_NPROCESSORS_ONLN);
  return count > 0 ? static_cast<int>(count) : 0;
}

std::int64_t sysconf_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return 0;
  return static_cast<std::int64_t>(pages) * page_size;
}

std::string host_name() {
  char buffer[256] = {};
  if (gethostname(buffer, sizeof buffer - 1) != 0 || buffer[0] == '\0') return kUnknown;
  return buffer;
}

}  // namespace

std::int64_t kilobyte_field_bytes(std::string_view text, std::string_view label) {
  const auto value = find_field(text, label);
  if (!value) return 0;
  const std::string digits(value->substr(0, value->find(' ')));
  char* end = nullptr;
  const long long kilobytes = std::strtoll(digits.c_str(), &end, 10);
  if (end == digits.c_str() || kilobytes <= 0) return 0;
  return static_cast<std::int64_t>(kilobytes) * 1024;
}

// x86 names the model "model name"; some ARM kernels only give "Processor" or "Hardware".
std::string cpu_model_from_cpuinfo(std::string_view cpuinfo) {
  for (const std::string_view label : {"model name", "Processor", "Hardware", "cpu model"}) {
    const auto value = find_field(cpuinfo, label);
    if (value && !value->empty()) return std::string(*value);
  }
  return kUnknown;
}

std::int64_t memory_bytes_from_meminfo(std::string_view meminfo) {
  return kilobyte_field_bytes(meminfo, "MemTotal");
}

std::int64_t available_memory_bytes() {
  return kilobyte_field_bytes(read_text_file("/proc/meminfo"), "MemAvailable");
}

MachineInfo read_machine_info() {
  MachineInfo info;
  info.logical_cores = online_cores();
  info.memory_bytes = memory_bytes_from_meminfo(read_text_file("/proc/meminfo"));
  if (info.memory_bytes == 0) info.memory_bytes = sysconf_memory_bytes();
  info.cpu_model = cpu_model_from_cpuinfo(read_text_file("/proc/cpuinfo"));
  info.hostname = host_name();
  return info;
}

std::vector<std::string> command_line_words(std::string_view cmdline) {
  std::vector<std::string> words;
  while (!cmdline.empty()) {
    const std::size_t end = cmdline.find('\0');
    words.emplace_back(cmdline.substr(0, end));
    if (end == std::string_view::npos) break;
    cmdline.remove_prefix(end + 1);
  }
  return words;
}

std::vector<std::string> read_command_line() { return command_line_words(read_text_file("/proc/self/cmdline")); }

std::int64_t peak_rss_bytes() {
  rusage usage{};
  // Linux reports ru_maxrss in kilobytes.
  if (getrusage(RUSAGE_SELF, &usage) == 0 && usage.ru_maxrss > 0) {
    return static_cast<std::int64_t>(usage.ru_maxrss) * 1024;
  }
  return kilobyte_field_bytes(read_text_file("/proc/self/status"), "VmHWM");
}

std::int64_t resident_bytes() { return kilobyte_field_bytes(read_text_file("/proc/self/status"), "VmRSS"); }

std::int64_t program_growth_bytes(int threads) { return kGrowthBytes + kGrowthBytesPerThread * std::max(threads, 1); }

std::int64_t measure_program_footprint() {
  // Each thread touches some stack and allocates once, so its arena exists, as it will in the work.
#pragma omp parallel
  {
    char stack[kTouchedStackBytes];
    std::memset(stack, omp_get_thread_num(), sizeof stack);
    void* block = std::malloc(1024);
    std::memcpy(block, stack, 1024);
    std::free(block);
  }
  const std::int64_t resident = kSanitizedBuild ? 0 : resident_bytes();
  const std::int64_t startup = (resident + kStartupGrainBytes - 1) / kStartupGrainBytes * kStartupGrainBytes;
  return std::max(startup, kStartupFloorBytes) + program_growth_bytes(omp_get_max_threads());
}

void return_freed_memory_promptly() {
  // Setting the thresholds fixes them (no dynamic growth): every block of 128 KiB or more is its
  // own mapping, returned when freed, and the heap's free top is given back above 1 MiB.
  mallopt(M_MMAP_THRESHOLD, 128 << 10);
  mallopt(M_TRIM_THRESHOLD, 1 << 20);
  mallopt(M_ARENA_MAX, 2);
}

}  // namespace semibfs
