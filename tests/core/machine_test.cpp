// Machine description: parsers on sample /proc text, and plausible values on this machine.
#include "core/machine.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <string_view>
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

TEST(Machine, AvailableMemoryIsSomeOfThePhysical) {
  const std::int64_t available = available_memory_bytes();
  EXPECT_GT(available, 0);
  EXPECT_LE(available, read_machine_info().memory_bytes);
}

TEST(Machine, CommandLineWordsAreTheNulTerminatedOnes) {
  using namespace std::string_view_literals;
  EXPECT_EQ(command_line_words("semibfs\0run\0--json\0a b.json\0"sv),
            (std::vector<std::string>{"semibfs", "run", "--json", "a b.json"}));
  EXPECT_EQ(command_line_words("x\0\0y\0"sv), (std::vector<std::string>{"x", "", "y"}));
  EXPECT_TRUE(command_line_words("").empty());
  const std::vector<std::string> mine = read_command_line();
  ASSERT_FALSE(mine.empty());
  EXPECT_NE(mine[0].find("semibfs_tests"), std::string::npos) << mine[0];
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

TEST(Machine, ResidentBytesAreWithinTheMachine) {
  const std::int64_t now = resident_bytes();
  EXPECT_GT(now, 0);
  EXPECT_LT(now, read_machine_info().memory_bytes);
}

// A large block freed raises glibc's mmap threshold to its size, and a later block below that size
// then comes from the heap and stays resident once freed: under a budget it must not.
TEST(Machine, FreedBlocksGoBackToTheSystem) {
  if (kSanitizedBuild) GTEST_SKIP() << "a sanitizer's allocator does not take mallopt's settings";
  return_freed_memory_promptly();
  constexpr std::size_t kLarge = std::size_t{16} << 20;  // glibc raises its threshold up to 32 MiB
  constexpr std::size_t kBlock = std::size_t{8} << 20;
  const auto touch_and_free = [](std::size_t bytes) {
    char* block = new char[bytes];
    for (std::size_t i = 0; i < bytes; i += 4096) block[i] = static_cast<char>(i >> 12);
    EXPECT_EQ(block[4096 * 5], 5);
    delete[] block;
  };
  touch_and_free(kLarge);
  const std::int64_t before = resident_bytes();
  touch_and_free(kBlock);
  EXPECT_LT(resident_bytes() - before, std::int64_t{1} << 20) << "a freed 8 MiB block stayed resident";
}

// Rounded up to whole MiB and at least 6 MiB, with an allowance per thread: the same each time.
TEST(Machine, ProgramFootprintIsStableAndCoversTheResidentSet) {
  const std::int64_t first = measure_program_footprint();
  EXPECT_EQ(measure_program_footprint(), first);
  EXPECT_EQ(first % (std::int64_t{256} << 10), 0);
  EXPECT_GE(first, (std::int64_t{6} << 20) + program_growth_bytes(1));
  if (!kSanitizedBuild) {  // with a sanitizer, its shadow memory is not counted
    EXPECT_GE(first, resident_bytes());
  }
}

}  // namespace
}  // namespace semibfs
