// semibfs_huge_pages_probe: prefetched random 8-byte reads of records in a large array, its pages
// 4 KiB or asked for in 2 MiB (core/huge_pages.hpp), as the validation's pass reads a neighbour's
// level record (1 GiB of 16-byte records at SCALE 26). One thread; rounds alternate the two.
//   semibfs_huge_pages_probe [MIB [READS [ROUNDS]]]   (defaults 1024 MiB, 50000000 reads, 2 rounds)
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <random>
#include <string>
#include <vector>

#include "core/huge_pages.hpp"

namespace {

constexpr std::size_t kRecordBytes = 16;
constexpr std::size_t kPrefetchDistance = 16;

double timed_reads(bool huge, std::size_t bytes, const std::vector<std::uint32_t>& records, std::uint64_t& sum) {
  std::vector<std::uint8_t> array;
  if (huge) semibfs::reserve_in_huge_pages(array, bytes);
  array.assign(bytes, 0x11);
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < records.size(); ++i) {
    if (i + kPrefetchDistance < records.size()) {
      __builtin_prefetch(array.data() + std::size_t{records[i + kPrefetchDistance]} * kRecordBytes);
    }
    std::uint64_t value = 0;
    std::memcpy(&value, array.data() + std::size_t{records[i]} * kRecordBytes, sizeof(value));
    sum += value;
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const std::size_t bytes = (argc > 1 ? std::stoull(argv[1]) : 1024) << 20;
    const std::size_t reads = argc > 2 ? std::stoull(argv[2]) : 50'000'000;
    const int rounds = argc > 3 ? std::stoi(argv[3]) : 2;
    std::vector<std::uint32_t> records(reads);
    std::mt19937 random(1);
    for (std::uint32_t& record : records) record = static_cast<std::uint32_t>(random() % (bytes / kRecordBytes));
    std::uint64_t sum = 0;
    for (int round = 0; round < rounds; ++round) {
      for (const bool huge : {false, true}) {
        std::printf("%s pages: %zu reads in %.2f s\n", huge ? "2 MiB" : "4 KiB", reads, timed_reads(huge, bytes, records, sum));
      }
    }
    return sum == 0 ? 1 : 0;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "semibfs_huge_pages_probe: %s\n", error.what());
    return 1;
  }
}
