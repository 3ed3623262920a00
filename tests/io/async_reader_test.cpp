// Both readers (io_uring and the pread pool) at queue depths 1, 8 and 128: random aligned and
// unaligned ranges of a patterned file come back byte for byte, every tag exactly once, errors
// name the file, and the statistics add up.
#include "io/async_reader.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "core/error.hpp"
#include "io/aligned_buffer.hpp"
#include "io/io_kind.hpp"
#include "support/pattern_file.hpp"

namespace semibfs {
namespace {

using testing::first_mismatch;
using testing::ScratchDirectory;
using testing::write_pattern_file;

constexpr std::uint64_t kFileBytes = 3 * (std::uint64_t{1} << 20) + 1234;  // ends mid-block
constexpr std::byte kGuard{0xab};

// Where each request's bytes go inside one arena, with a guard byte on either side.
struct PlacedRequest {
  ReadRequest request;
  std::uint64_t arena_offset = 0;
};

class StorageReader : public ::testing::TestWithParam<std::tuple<IoKind, int>> {
 protected:
  void SetUp() override {
    path_ = directory_.file("pattern.bin");
    write_pattern_file(path_, kFileBytes);
    if (kind() == IoKind::kUring) {
      if (!uring_compiled_in()) GTEST_SKIP() << "built without liburing";
      try {
        make_reader(IoKind::kUring, path_, options());
      } catch (const ReaderUnavailable& refusal) {
        GTEST_SKIP() << refusal.what();
      }
    }
  }

  IoKind kind() const { return std::get<0>(GetParam()); }
  ReaderOptions options() const {
    ReaderOptions options;
    options.queue_depth = std::get<1>(GetParam());
    return options;
  }
  std::unique_ptr<AsyncReader> open() const { return make_reader(kind(), path_, options()); }

  // A mix of requests: unaligned ranges, tiny ones across block edges, aligned ones into aligned
  // memory, ranges ending exactly at the end of the file, and empty ones.
  std::vector<PlacedRequest> random_requests(int count, std::uint64_t seed) {
    std::mt19937_64 random(seed);
    std::vector<PlacedRequest> placed;
    std::uint64_t arena_bytes = 0;
    const auto pick = [&random](std::uint64_t low, std::uint64_t high) {
      return std::uniform_int_distribution<std::uint64_t>(low, high)(random);
    };
    for (int index = 0; index < count; ++index) {
      ReadRequest request;
      request.tag = static_cast<std::uint64_t>(index) * 7 + 3;
      const std::uint64_t kind = pick(0, 19);
      bool aligned = false;
      if (kind < 8) {
        request.length = pick(1, 20000);
        request.offset = pick(0, kFileBytes - request.length);
      } else if (kind < 12) {
        const std::uint64_t edge = round_down_to_block(pick(kBlockBytes, kFileBytes - 16));
        request.length = pick(1, 16);
        request.offset = edge - pick(0, request.length);
      } else if (kind < 17) {
        request.length = kBlockBytes * pick(1, 4);
        request.offset = round_down_to_block(pick(0, round_down_to_block(kFileBytes) - request.length));
        aligned = true;
      } else if (kind < 19) {
        request.length = pick(1, 9000);
        request.offset = kFileBytes - request.length;
      } else {
        request.offset = pick(0, kFileBytes);
      }
      // Aligned requests start on a block; the others one to seven bytes past one.
      arena_bytes = round_up_to_block(arena_bytes + 1) + (aligned ? 0 : pick(1, 7));
      placed.push_back(PlacedRequest{request, arena_bytes});
      arena_bytes += request.length + 1;
    }
    arena_ = AlignedBuffer(arena_bytes + kBlockBytes);
    std::fill(arena_.data(), arena_.data() + arena_.size(), kGuard);
    for (PlacedRequest& entry : placed) entry.request.destination = arena_.data() + entry.arena_offset;
    return placed;
  }

  void expect_pattern(const std::vector<PlacedRequest>& placed) const {
    for (const PlacedRequest& entry : placed) {
      const ReadRequest& request = entry.request;
      const std::byte* destination = arena_.data() + entry.arena_offset;
      EXPECT_EQ(first_mismatch(destination, request.offset, request.length), -1)
          << "offset " << request.offset << " length " << request.length;
      EXPECT_EQ(destination[-1], kGuard) << "wrote before offset " << request.offset;
      EXPECT_EQ(destination[request.length], kGuard) << "wrote past offset " << request.offset;
    }
  }

  ScratchDirectory directory_;
  std::string path_;
  AlignedBuffer arena_;
};

TEST_P(StorageReader, RandomRangesComeBackExactly) {
  auto reader = open();
  EXPECT_EQ(reader->queue_depth(), std::get<1>(GetParam()));
  const std::vector<PlacedRequest> placed = random_requests(1500, 17 + std::get<1>(GetParam()));

  std::mt19937_64 random(5);
  std::vector<std::uint64_t> tags;
  std::size_t next = 0;
  while (next < placed.size()) {
    const std::size_t batch = std::min<std::size_t>(placed.size() - next, 1 + random() % 200);
    std::vector<ReadRequest> requests;
    for (std::size_t index = next; index < next + batch; ++index) requests.push_back(placed[index].request);
    reader->submit(requests);
    next += batch;
    for (std::uint64_t waits = random() % 3; waits > 0; --waits) reader->wait(tags);
  }
  reader->drain(tags);
  EXPECT_EQ(reader->pending(), 0u);
  EXPECT_EQ(reader->wait(tags), 0u);  // nothing pending: returns at once

  std::vector<std::uint64_t> expected_tags;
  for (const PlacedRequest& entry : placed) expected_tags.push_back(entry.request.tag);
  std::sort(tags.begin(), tags.end());
  std::sort(expected_tags.begin(), expected_tags.end());
  EXPECT_EQ(tags, expected_tags);
  expect_pattern(placed);
}

TEST_P(StorageReader, StatisticsCountRequestsAndBytesExactly) {
  auto reader = open();
  const std::vector<PlacedRequest> placed = random_requests(400, 99);
  std::vector<ReadRequest> requests;
  std::uint64_t bytes = 0;
  std::uint64_t nonempty = 0;
  for (const PlacedRequest& entry : placed) {
    requests.push_back(entry.request);
    bytes += entry.request.length;
    nonempty += entry.request.length > 0 ? 1 : 0;
  }
  reader->submit(requests);
  std::vector<std::uint64_t> tags;
  reader->drain(tags);
  EXPECT_EQ(tags.size(), placed.size());
  expect_pattern(placed);

  const IoSummary summary = reader->stats().summary();
  EXPECT_EQ(summary.requests, nonempty);  // empty requests never reach the device
  EXPECT_EQ(summary.bytes, bytes);
  EXPECT_GE(summary.device_bytes, summary.bytes);
  EXPECT_DOUBLE_EQ(summary.mean_request_bytes, static_cast<double>(bytes) / static_cast<double>(nonempty));
  EXPECT_GE(summary.mean_queue_depth, 1.0);
  EXPECT_LE(summary.mean_queue_depth, static_cast<double>(reader->queue_depth()));
  if (reader->queue_depth() > 1) {
    EXPECT_GT(summary.mean_queue_depth, 1.0);  // all submitted at once
  }
  EXPECT_GT(summary.latency_max_us, 0.0);
  EXPECT_LE(summary.latency_p50_us, summary.latency_p90_us);
  EXPECT_LE(summary.latency_p90_us, summary.latency_p99_us);
  EXPECT_LE(summary.latency_p99_us, summary.latency_max_us);

  reader->reset_stats();
  EXPECT_EQ(reader->stats().summary().requests, 0u);
  EXPECT_EQ(reader->stats().summary().bytes, 0u);
}

TEST_P(StorageReader, AlignedReadsTransferOnlyWhatIsAsked) {
  auto reader = open();
  AlignedBuffer destination(3 * kBlockBytes);
  const ReadRequest aligned{2 * kBlockBytes, 3 * kBlockBytes, destination.data(), 1};
  reader->submit({&aligned, 1});
  std::vector<std::uint64_t> tags;
  reader->drain(tags);
  EXPECT_EQ(first_mismatch(destination.data(), aligned.offset, aligned.length), -1);
  EXPECT_EQ(reader->stats().device_bytes(), 3 * kBlockBytes);

  const ReadRequest one_byte{kBlockBytes + 5, 1, destination.data() + 1, 2};
  reader->submit({&one_byte, 1});
  reader->drain(tags);
  EXPECT_EQ(destination.data()[1], testing::pattern_byte(kBlockBytes + 5));
  const std::uint64_t expected_device = reader->file().direct() ? kBlockBytes : 1;  // a whole block under O_DIRECT
  EXPECT_EQ(reader->stats().device_bytes(), 3 * kBlockBytes + expected_device);
}

TEST_P(StorageReader, ReadPastTheEndNamesTheFileAndQueuesNothing) {
  auto reader = open();
  std::vector<std::byte> destination(64);
  const std::vector<ReadRequest> requests = {{0, 8, destination.data(), 1},
                                             {kFileBytes - 10, 11, destination.data(), 2}};
  try {
    reader->submit(requests);
    FAIL() << "a read past the end was accepted";
  } catch (const Error& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find(path_), std::string::npos) << message;
    EXPECT_NE(message.find("offset " + std::to_string(kFileBytes - 10)), std::string::npos) << message;
    EXPECT_NE(message.find("length 11"), std::string::npos) << message;
  }
  EXPECT_EQ(reader->pending(), 0u);
  const ReadRequest beyond{kFileBytes + 1, 0, destination.data(), 3};
  EXPECT_THROW(reader->submit({&beyond, 1}), Error);
  const ReadRequest wrapping{8, ~std::uint64_t{0}, destination.data(), 4};
  EXPECT_THROW(reader->submit({&wrapping, 1}), Error);
}

TEST_P(StorageReader, FileTruncatedWhileReadingIsAnErrorAndTheReaderRecovers) {
  auto reader = open();
  std::filesystem::resize_file(path_, 2 * kBlockBytes);
  std::vector<std::byte> destination(100);
  const ReadRequest gone{kFileBytes / 2, 100, destination.data(), 1};
  reader->submit({&gone, 1});
  std::vector<std::uint64_t> tags;
  try {
    reader->drain(tags);
    FAIL() << "a read of a truncated range succeeded";
  } catch (const Error& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find(path_), std::string::npos) << message;
    EXPECT_NE(message.find("offset " + std::to_string(kFileBytes / 2)), std::string::npos) << message;
    EXPECT_NE(message.find("length 100"), std::string::npos) << message;
  }
  EXPECT_EQ(reader->pending(), 0u);
  EXPECT_TRUE(tags.empty());

  const ReadRequest still_there{10, 100, destination.data(), 2};
  reader->submit({&still_there, 1});
  reader->drain(tags);
  ASSERT_EQ(tags, std::vector<std::uint64_t>{2});
  EXPECT_EQ(first_mismatch(destination.data(), 10, 100), -1);
}

TEST_P(StorageReader, DestroyedWithReadsInFlight) {
  const std::vector<PlacedRequest> placed = random_requests(300, 3);
  {
    auto reader = open();
    std::vector<ReadRequest> requests;
    for (const PlacedRequest& entry : placed) requests.push_back(entry.request);
    reader->submit(requests);
    EXPECT_GT(reader->pending(), 0u);
  }  // the destructor waits for the reads in flight; AddressSanitizer checks nothing leaks
}

std::string parameter_name(const ::testing::TestParamInfo<std::tuple<IoKind, int>>& info) {
  return std::string(io_kind_name(std::get<0>(info.param))) + "_depth" + std::to_string(std::get<1>(info.param));
}

INSTANTIATE_TEST_SUITE_P(Readers, StorageReader,
                         ::testing::Combine(::testing::Values(IoKind::kUring, IoKind::kPread),
                                            ::testing::Values(1, 8, 128)),
                         parameter_name);

TEST(StorageReaderOptions, QueueDepthOutOfRangeIsAnError) {
  ScratchDirectory directory;
  const std::string path = directory.file("data");
  write_pattern_file(path, 100);
  ReaderOptions options;
  options.queue_depth = 0;
  EXPECT_THROW(make_reader(IoKind::kPread, path, options), Error);
}

TEST(StorageReaderOptions, BufferedFileReadsStraightIntoTheDestination) {
  ScratchDirectory directory;
  const std::string path = directory.file("data");
  write_pattern_file(path, 10000);
  ReaderOptions options;
  options.allow_direct = false;
  auto reader = make_reader(IoKind::kPread, path, options);
  EXPECT_FALSE(reader->file().direct());
  std::vector<std::byte> destination(33);
  const ReadRequest request{4090, 33, destination.data(), 9};
  reader->submit({&request, 1});
  std::vector<std::uint64_t> tags;
  reader->drain(tags);
  EXPECT_EQ(first_mismatch(destination.data(), 4090, 33), -1);
  EXPECT_EQ(reader->stats().device_bytes(), 33u);
}

}  // namespace
}  // namespace semibfs
