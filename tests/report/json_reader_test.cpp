// The strict JSON reader of `semibfs report`: valid documents read as written, every malformed
// text one error naming the source and the byte where it went wrong, numbers exact, escapes
// decoded, nesting bounded.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "report/json_reader.hpp"
#include "support/error_message.hpp"

namespace semibfs {
namespace {

using testing::error_of;

JsonValue read(const std::string& text) { return read_json(text, "doc.json"); }

TEST(ReportJsonReader, ReadsNestedDocumentsInOrder) {
  const JsonValue value = read(R"( {"a": [1, 2.5, "x", true, false, null, {}, []], "b": {"c": -3}} )");
  const JsonValue::Object& members = value.as_object();
  ASSERT_EQ(members.size(), 2u);
  EXPECT_EQ(members[0].first, "a");
  EXPECT_EQ(members[1].first, "b");
  const JsonValue::Array& a = value.find("a")->as_array();
  ASSERT_EQ(a.size(), 8u);
  EXPECT_EQ(a[0].as_integer(), 1);
  EXPECT_DOUBLE_EQ(a[1].as_number(), 2.5);
  EXPECT_EQ(a[2].as_string(), "x");
  EXPECT_TRUE(a[3].as_boolean());
  EXPECT_FALSE(a[4].as_boolean());
  EXPECT_TRUE(a[5].is_null());
  EXPECT_TRUE(a[6].as_object().empty());
  EXPECT_TRUE(a[7].as_array().empty());
  EXPECT_EQ(value.find("b")->find("c")->as_integer(), -3);
  EXPECT_EQ(value.find("missing"), nullptr);
  EXPECT_EQ(read("7").as_integer(), 7);  // a scalar is a document too
}

TEST(ReportJsonReader, NumbersAreExact) {
  EXPECT_EQ(read("9223372036854775807").as_integer(), INT64_MAX);
  EXPECT_EQ(read("-9223372036854775808").as_integer(), INT64_MIN);
  // Past int64 a number is still a double, but not an integer.
  EXPECT_DOUBLE_EQ(read("18446744073709551615").as_number(), 18446744073709551615.0);
  EXPECT_NE(error_of([] { read("18446744073709551615").as_integer(); }).find("expected an integer"), std::string::npos);
  EXPECT_NE(error_of([] { read("1.0").as_integer(); }).find("expected an integer"), std::string::npos);
  EXPECT_EQ(read("0.1").as_number(), 0.1);
  EXPECT_EQ(read("6.91e-06").as_number(), 6.91e-06);
  EXPECT_EQ(read("1E+3").as_number(), 1000.0);
  EXPECT_EQ(read("-0").as_integer(), 0);
  EXPECT_EQ(read("0.30000000000000004").as_number(), 0.30000000000000004);  // 17 digits, as the writer prints
  EXPECT_EQ(read("1e-400").as_number(), 0.0);                               // an underflow is a zero
  EXPECT_EQ(read("0." + std::string(400, '0') + "1").as_number(), 0.0);     // and so is a long one
}

TEST(ReportJsonReader, DecodesEscapes) {
  EXPECT_EQ(read(R"("a\"b\\c\/d\b\f\n\r\t")").as_string(), "a\"b\\c/d\b\f\n\r\t");
  EXPECT_EQ(read(R"("\u0041\u00e9\u20ac")").as_string(), "A\xc3\xa9\xe2\x82\xac");
  EXPECT_EQ(read(R"("\ud83d\ude00")").as_string(), "\xf0\x9f\x98\x80");  // a surrogate pair
  EXPECT_EQ(read("\"\xc3\xa9\"").as_string(), "\xc3\xa9");               // UTF-8 bytes pass through
  EXPECT_EQ(read(R"("\u0000")").as_string(), std::string(1, '\0'));
}

// Each malformed text, the byte offset its error names, and what it says was expected.
struct Malformed {
  std::string text;
  std::size_t offset;
  std::string expected;
};

TEST(ReportJsonReader, EveryMalformedTextIsOneErrorNamingTheByte) {
  const std::vector<Malformed> cases = {
      {"", 0, "expected a value"},
      {"   ", 3, "expected a value"},
      {"{", 1, "a string key"},
      {"{\"a\"}", 4, "':' after an object key"},
      {"{\"a\":1,}", 7, "a string key"},
      {"{\"a\":1 \"b\":2}", 7, "',' or '}'"},
      {"[1,]", 3, "expected a value"},
      {"[1 2]", 3, "',' or ']'"},
      {"[1", 2, "',' or ']'"},
      {"{'a':1}", 1, "a string key"},
      {"{\"a\":1,\"a\":2}", 7, "a key not already in this object"},
      {"01", 1, "after a leading 0"},
      {"-", 1, "a digit"},
      {"1.", 2, "a digit after the decimal point"},
      {".5", 0, "expected a value"},
      {"1e", 2, "a digit of the exponent"},
      {"+1", 0, "expected a value"},
      {"1e999", 0, "a number within a double's range"},
      {"-1" + std::string(400, '0'), 0, "a number within a double's range"},
      {"tru", 0, "'true'"},
      {"nul", 0, "'null'"},
      {"NaN", 0, "expected a value"},
      {"\"abc", 4, "'\"' closing the string"},
      {"\"a\tb\"", 2, "control bytes must be escaped"},
      {"\"\\x\"", 2, "an escape"},
      {"\"\\u12G4\"", 5, "a hex digit"},
      {"\"\\udc00\"", 1, "lone low surrogate"},
      {"\"\\ud800x\"", 7, "a low surrogate after a high surrogate"},
      {"\"\\ud800\\u0041\"", 7, "a low surrogate"},
      {"{} {}", 3, "the end of the text"},
      {"[1] x", 4, "the end of the text"},
      {"/* c */ 1", 0, "expected a value"},
      {std::string("[\0]", 3), 1, "expected a value"},
  };
  for (const Malformed& bad : cases) {
    const std::string message = error_of([&] { read(bad.text); });
    EXPECT_EQ(message.find("doc.json: not valid JSON at byte " + std::to_string(bad.offset) + " "), 0u)
        << bad.text << " -> " << message;
    EXPECT_NE(message.find(bad.expected), std::string::npos) << bad.text << " -> " << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

TEST(ReportJsonReader, ErrorsNameLineColumnAndWhatWasFound) {
  const std::string message = error_of([] { read("{\n  \"a\": 1\n  \"b\": 2\n}"); });
  EXPECT_EQ(message,
            "doc.json: not valid JSON at byte 13 (line 3, column 3): expected ',' or '}' after an object member, "
            "found '\"'");
  EXPECT_NE(error_of([] { read("[1,"); }).find("found the end of the text"), std::string::npos);
  EXPECT_NE(error_of([] { read("\x01"); }).find("found byte 0x01"), std::string::npos);
}

TEST(ReportJsonReader, NestingDepthIsBounded) {
  const auto nested = [](int depth) { return std::string(depth, '[') + std::string(depth, ']'); };
  EXPECT_NO_THROW(read(nested(kMaxJsonDepth)));
  const std::string message = error_of([&] { read(nested(kMaxJsonDepth + 1)); });
  EXPECT_NE(message.find("at byte " + std::to_string(kMaxJsonDepth) + " "), std::string::npos) << message;
  EXPECT_NE(message.find("nested at most 64 deep"), std::string::npos) << message;
  // A deep crafted file is an error, not a stack overflow.
  EXPECT_FALSE(error_of([&] { read(std::string(1000000, '[')); }).empty());
  EXPECT_FALSE(error_of([&] { read(std::string(500000, '{')); }).empty());
}

TEST(ReportJsonReader, WrongKindsAreErrorsNamingBoth) {
  const JsonValue value = read(R"({"a": "text"})");
  EXPECT_EQ(error_of([&] { value.find("a")->as_number(); }), "expected a number, found a string");
  EXPECT_EQ(error_of([&] { value.as_array(); }), "expected an array, found an object");
  EXPECT_EQ(read("[]").find("a"), nullptr);
}

}  // namespace
}  // namespace semibfs
