// What the report says about the machine a run used: cores, memory, CPU model, host, peak RSS.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace semibfs {

struct MachineInfo {
  int logical_cores = 0;          // online logical CPUs; 0 when unknown
  std::int64_t memory_bytes = 0;  // physical memory; 0 when unknown
  std::string cpu_model;          // "unknown" when /proc/cpuinfo names none
  std::string hostname;           // "unknown" when the host has no name
};

// Never throws: a missing /proc file leaves its fields at the "unknown" values above.
MachineInfo read_machine_info();

// Memory the kernel could give this process now without swapping (MemAvailable); 0 when unknown.
std::int64_t available_memory_bytes();

// This process's command line (/proc/self/cmdline), a word each; empty when unknown. Reports
// carry it, so that a run can be told from another made otherwise and made again.
std::vector<std::string> read_command_line();
// The words of a /proc/<pid>/cmdline text: NUL-terminated, each.
std::vector<std::string> command_line_words(std::string_view cmdline);

// Peak resident set size of this process so far, in bytes; 0 when unknown.
std::int64_t peak_rss_bytes();

// Resident set size of this process now (VmRSS), in bytes; 0 when unknown.
std::int64_t resident_bytes();

// Under AddressSanitizer or ThreadSanitizer the resident set holds the sanitizer's shadow memory
// and quarantine (20 MiB and more, varying between runs): budgets then count the program as a
// plain build measures it, and peak RSS is not checked against them.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSanitizedBuild = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
inline constexpr bool kSanitizedBuild = true;
#else
inline constexpr bool kSanitizedBuild = false;
#endif
#else
inline constexpr bool kSanitizedBuild = false;
#endif

// What the program itself holds, counted inside a DRAM budget: the resident set once the OpenMP
// runtime has started its threads and each has allocated (its stack touched, its allocator arena
// made), rounded up to whole MiB and at least 6 MiB (so that it is the same from run to run), plus
// program_growth_bytes. Call it before any work, with the thread count the work will use set.
std::int64_t measure_program_footprint();

// What the program grows by during work beyond the buffers the phases count: each thread's deeper
// stack and allocator arena, an io_uring ring per reader, the sort histograms of external
// construction (docs/RELIABILITY.md, "Budgets", has the measurements behind it).
std::int64_t program_growth_bytes(int threads);

// Large blocks go back to the system when freed (glibc's malloc otherwise raises its mmap threshold
// to the largest block freed, up to 32 MiB, and keeps later frees of that size in its heap, where
// they stay resident), and threads share at most two allocator arenas. For runs under a budget.
void return_freed_memory_promptly();

// The parsers behind read_machine_info, public so that tests can feed them text.
std::string cpu_model_from_cpuinfo(std::string_view cpuinfo);
std::int64_t memory_bytes_from_meminfo(std::string_view meminfo);
// A "<label>: <n> kB" line of a /proc status-like file, in bytes; 0 when absent.
std::int64_t kilobyte_field_bytes(std::string_view text, std::string_view label);

}  // namespace semibfs
