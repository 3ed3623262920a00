// Byte sizes: every accepted spelling, exact fractions, the refused ones, overflow, formatting.
#include "core/byte_size.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "core/error.hpp"

namespace semibfs {
namespace {

std::int64_t parse(const std::string& text) { return parse_byte_size(text); }

TEST(StorageByteSize, PlainBytes) {
  EXPECT_EQ(parse("0"), 0);
  EXPECT_EQ(parse("1000000"), 1000000);
  EXPECT_EQ(parse("1000000B"), 1000000);
  EXPECT_EQ(parse("007"), 7);
}

TEST(StorageByteSize, BinaryUnitsBothSpellings) {
  EXPECT_EQ(parse("1K"), 1024);
  EXPECT_EQ(parse("1KiB"), 1024);
  EXPECT_EQ(parse("512MiB"), 512LL << 20);
  EXPECT_EQ(parse("512M"), 512LL << 20);
  EXPECT_EQ(parse("4GiB"), 4LL << 30);
  EXPECT_EQ(parse("2G"), 2LL << 30);
  EXPECT_EQ(parse("3TiB"), 3LL << 40);
  EXPECT_EQ(parse("3T"), 3LL << 40);
}

TEST(StorageByteSize, FractionsAreExactAndRoundDown) {
  EXPECT_EQ(parse("1.5GiB"), 3LL << 29);
  EXPECT_EQ(parse("1.5G"), 3LL << 29);
  EXPECT_EQ(parse("0.5K"), 512);
  EXPECT_EQ(parse("1.1KiB"), 1126);  // 1126.4
  EXPECT_EQ(parse("2.75"), 2);       // a fraction of a byte is dropped
  EXPECT_EQ(parse("0.000000000000000000001TiB"), 0);
  EXPECT_EQ(parse("1.0000000000000000000000001GiB"), 1LL << 30);
}

TEST(StorageByteSize, LargestAndOverflow) {
  EXPECT_EQ(parse("9223372036854775807"), INT64_MAX);
  EXPECT_EQ(parse("8388607TiB"), 8388607LL << 40);
  EXPECT_THROW(parse("9223372036854775808"), UsageError);
  EXPECT_THROW(parse("99999999999999999999999999999"), UsageError);
  EXPECT_THROW(parse("8388608TiB"), UsageError);  // exactly 2^63
  EXPECT_EQ(parse("8388607.99999999999999999999TiB"), INT64_MAX);  // 2^63 - 2^-20 bytes, rounded down
  EXPECT_THROW(parse("99999999999999999999999TiB"), UsageError);
}

TEST(StorageByteSize, RefusesMalformedAndAmbiguous) {
  for (const char* bad : {"", "GiB", "-1", "+1", " 1G", "1G ", "1 G", "1.", ".5G", "1..5G", "1e9",
                          "4GB", "4MB", "4KB", "4TB", "4g", "4k", "4gib", "4Gi", "4PiB", "0x10", "4GiBs"}) {
    EXPECT_THROW(parse(bad), UsageError) << "'" << bad << "'";
  }
}

// The option's name is the caller's to add (tests/e2e/option_value_errors_test.cpp).
TEST(StorageByteSize, ErrorNamesTextAndWhatIsAccepted) {
  try {
    parse("4GB");
    FAIL() << "4GB was accepted";
  } catch (const UsageError& error) {
    const std::string message = error.what();
    EXPECT_EQ(message.find("--"), std::string::npos) << message;
    EXPECT_NE(message.find("cannot read '4GB' as a size"), std::string::npos) << message;
    EXPECT_NE(message.find("ambiguous"), std::string::npos) << message;
    EXPECT_NE(message.find("KiB, MiB, GiB, TiB"), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

TEST(StorageByteSize, Formats) {
  EXPECT_EQ(format_bytes(0), "0 B");
  EXPECT_EQ(format_bytes(1023), "1023 B");
  EXPECT_EQ(format_bytes(1024), "1.00 KiB");
  EXPECT_EQ(format_bytes(1536), "1.50 KiB");
  EXPECT_EQ(format_bytes(4LL << 30), "4.00 GiB");
  EXPECT_EQ(format_bytes(3LL << 40), "3.00 TiB");
  EXPECT_EQ(format_bytes(INT64_MAX), "8.00 EiB");
  EXPECT_EQ(format_bytes(-2048), "-2.00 KiB");
  EXPECT_EQ(format_bytes(INT64_MIN), "-8.00 EiB");
}

TEST(StorageByteSize, FormatThenParseRoundTripsWholeUnits) {
  for (std::int64_t bytes : {1LL << 10, 5LL << 20, 7LL << 30, 2LL << 40}) {
    std::string text = format_bytes(bytes);  // e.g. "5.00 MiB"
    text.erase(text.find(' '), 1);
    EXPECT_EQ(parse(text), bytes) << text;
  }
}

}  // namespace
}  // namespace semibfs
