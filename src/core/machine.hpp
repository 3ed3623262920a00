// What the report says about the machine a run used: cores, memory, CPU model, host, peak RSS.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace semibfs {

struct MachineInfo {
  int logical_cores = 0;          // online logical CPUs; 0 when unknown
  std::int64_t memory_bytes = 0;  // physical memory; 0 when unknown
  std::string cpu_model;          // "unknown" when /proc/cpuinfo names none
  std::string hostname;           // "unknown" when the host has no name
};

// Never throws: a missing /proc file leaves its fields at the "unknown" values above.
MachineInfo read_machine_info();

// Peak resident set size of this process so far, in bytes; 0 when unknown.
std::int64_t peak_rss_bytes();

// The parsers behind read_machine_info, public so that tests can feed them text.
std::string cpu_model_from_cpuinfo(std::string_view cpuinfo);
std::int64_t memory_bytes_from_meminfo(std::string_view meminfo);
// A "<label>: <n> kB" line of a /proc status-like file, in bytes; 0 when absent.
std::int64_t kilobyte_field_bytes(std::string_view text, std::string_view label);

}  // namespace semibfs
