// The input limit for sources of unknown size: a pipe or a device that never ends is one error.
#include "formats/limited_source.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "support/error_message.hpp"

namespace semibfs {
namespace {

// Endless zero bytes, size unknown: what /dev/zero looks like to a reader.
class EndlessSource final : public ByteSource {
 public:
  std::size_t read(char* buffer, std::size_t size) override {
    std::fill(buffer, buffer + size, '\0');
    return size;
  }
};

std::uint64_t read_all_of(ByteSource& source, std::size_t request) {
  std::vector<char> buffer(request);
  std::uint64_t total = 0;
  for (std::size_t got = 0; (got = source.read(buffer.data(), buffer.size())) > 0;) total += got;
  return total;
}

TEST(LimitedSource, EndlessInputStopsPastTheLimitWithOneError) {
  auto source = limit_unsized(std::make_unique<EndlessSource>(), "/dev/zero", 1000);
  const std::string message = testing::error_of([&] { read_all_of(*source, 64); });
  EXPECT_THAT(message, ::testing::HasSubstr("cannot read '/dev/zero': more than 1000 bytes"));
}

TEST(LimitedSource, ASourceOfKnownSizeIsNotLimited) {
  const std::string bytes(5000, 'x');
  auto source = limit_unsized(make_memory_source(bytes), "file", 1000);
  EXPECT_EQ(read_all_of(*source, 64), 5000u);
}

TEST(LimitedSource, InputUpToTheLimitIsRead) {
  const std::string bytes(1000, 'x');  // outlives the source that reads it
  LimitedSource source(make_memory_source(bytes), "pipe", 1000);
  EXPECT_EQ(read_all_of(source, 7), 1000u);
}

}  // namespace
}  // namespace semibfs
