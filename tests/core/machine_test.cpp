// Machine description: parsers on sample /proc text, and plausible values on this machine.
#include "core/machine.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <vector>

namespace semibfs {
namespace {

TEST(Machine, CpuModelFromX86Cpuinfo) {
  const char* cpuinfo =
      "processor\t: 0\n"
      "vendor_id\t: GenuineIntel\n"
      "model\t\t: 143\n"
      "model name\t: Intel(R) Xeon(R) Platinum 8480+\n"
      "processor\t: 1\n"
      "model name\t: Intel(R) Xeon(R) Platinum 8480+\n";
  EXPECT_EQ(cpu_model_from_cpuinfo(cpuinfo), "Intel(R) Xeon(R) Platinum 8480+");
}

TEST(Machine, CpuModelFallsBackToUnknown) {
  EXPECT_EQ(cpu_model_from_cpuinfo(""), "unknown");
  EXPECT_EQ(cpu_model_from_cpuinfo("processor : 0\nBogoMIPS : 50.00\n"), "unknown");
}

TEST(Machine, MemoryFromMeminfo) {
  const char* meminfo =
      "MemTotal:       131891712 kB\n"
      "MemFree:         1000000 kB\n";
  EXPECT_EQ(memory_bytes_from_meminfo(meminfo), 131891712LL * 1024);
  EXPECT_EQ(memory_bytes_from_meminfo("MemFree: 5 kB\n"), 0);
  EXPECT_EQ(memory_bytes_from_meminfo("MemTotal: garbage\n"), 0);
}

TEST(Machine, KilobyteFieldNeedsTheExactLabel) {
  const char* status = "VmHWMX:\t 1 kB\nVmHWM:\t    2048 kB\n";
  EXPECT_EQ(kilobyte_field_bytes(status, "VmHWM"), 2048 * 1024);
}

TEST(Machine, ReadsThisMachine) {
  const MachineInfo info = read_machine_info();
  EXPECT_GE(info.logical_cores, 1);
  EXPECT_GT(info.memory_bytes, 64LL * 1024 * 1024);
  EXPECT_FALSE(info.cpu_model.empty());
  EXPECT_FALSE(info.hostname.empty());
}

TEST(Machine, PeakRssCoversTouchedMemory) {
  const std::int64_t before = peak_rss_bytes();
  EXPECT_GT(before, 0);
  std::vector<char> block(256LL * 1024 * 1024);
  for (std::size_t i = 0; i < block.size(); i += 4096) block[i] = static_cast<char>(i >> 12);
  EXPECT_EQ(block[4096 * 3], 3);  // keeps the writes observable
  const std::int64_t after = peak_rss_bytes();
  EXPECT_GE(after, before);
  EXPECT_GE(after, static_cast<std::int64_t>(block.size()));
}

}  // namespace
}  // namespace semibfs
