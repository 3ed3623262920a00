// semibfs_sha256_probe: our SHA-256 (semibfs::Sha256) against OpenSSL's EVP (issue 39): first the
// resident set each adds on its first use (what a DRAM budget would count), then the throughput:
// MIB (default 1 GiB) of random data hashed in 4 MiB updates, ROUNDS rounds (default 3) with the
// two interleaved, so both see the same machine load; prints each round and the medians.
//
//   semibfs_sha256_probe [MIB [ROUNDS]]
#include <openssl/evp.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "core/machine.hpp"
#include "core/sha256.hpp"

namespace {

constexpr std::size_t kUpdateBytes = std::size_t{4} << 20;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Seconds for `total` bytes: the 4 MiB buffer fed again and again, as a store file is read.
double time_ours(const std::vector<std::uint8_t>& buffer, std::size_t total, std::string& digest) {
  const auto start = std::chrono::steady_clock::now();
  semibfs::Sha256 sha;
  for (std::size_t done = 0; done < total; done += buffer.size()) sha.update(buffer.data(), buffer.size());
  digest = sha.finish_hex();
  return seconds_since(start);
}

double time_evp(const std::vector<std::uint8_t>& buffer, std::size_t total, std::string& digest) {
  const auto start = std::chrono::steady_clock::now();
  EVP_MD_CTX* context = EVP_MD_CTX_new();
  EVP_DigestInit_ex(context, EVP_sha256(), nullptr);
  for (std::size_t done = 0; done < total; done += buffer.size())
    EVP_DigestUpdate(context, buffer.data(), buffer.size());
  unsigned char bytes[32];
  unsigned int length = 0;
  EVP_DigestFinal_ex(context, bytes, &length);
  EVP_MD_CTX_free(context);
  digest.clear();
  for (unsigned i = 0; i < length; ++i) {
    char hex[3];
    std::snprintf(hex, sizeof hex, "%02x", bytes[i]);
    digest += hex;
  }
  return seconds_since(start);
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t mib = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1024;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 3;
  const std::size_t total = std::max<std::size_t>(mib << 20, kUpdateBytes) / kUpdateBytes * kUpdateBytes;
  const std::int64_t at_start = semibfs::resident_bytes();
  std::string first_digest;
  time_ours(std::vector<std::uint8_t>(1), 1, first_digest);
  const std::int64_t after_ours = semibfs::resident_bytes();
  time_evp(std::vector<std::uint8_t>(1), 1, first_digest);
  const std::int64_t after_evp = semibfs::resident_bytes();
  std::printf("resident set added by the first hash: Sha256 %lld KiB, EVP %lld KiB\n",
              static_cast<long long>((after_ours - at_start) >> 10), static_cast<long long>((after_evp - after_ours) >> 10));
  std::vector<std::uint8_t> buffer(kUpdateBytes);
  std::mt19937_64 random(39);
  for (std::uint8_t& byte : buffer) byte = static_cast<std::uint8_t>(random());
  std::printf("SHA-256 of %zu MiB in 4 MiB updates, %d rounds\n", total >> 20, rounds);
  std::vector<double> ours, evp;
  std::string ours_digest, evp_digest;
  for (int round = 0; round < rounds; ++round) {
    ours.push_back(static_cast<double>(total) / 1e6 / time_ours(buffer, total, ours_digest));
    evp.push_back(static_cast<double>(total) / 1e6 / time_evp(buffer, total, evp_digest));
    std::printf("round %d: Sha256 %.0f MB/s, raw EVP %.0f MB/s\n", round + 1, ours.back(), evp.back());
  }
  std::printf("median: Sha256 %.0f MB/s, raw EVP %.0f MB/s (digests %s)\n", median(ours), median(evp),
              ours_digest == evp_digest ? "agree" : "DIFFER");
  return ours_digest == evp_digest ? 0 : 1;
}
