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
      {"", 0, "unexpected end of input"},
      {"   ", 3, "unexpected end of input"},
      {"{", 1, "expected string literal"},
      {"{\"a\"}", 4, "unexpected '}'; expected ':'"},
      {"{\"a\":1,}", 7, "expected string literal"},
      {"{\"a\":1 \"b\":2}", 7, "unexpected string literal; expected '}'"},
      {"[1,]", 3, "unexpected ']'"},
      {"[1 2]", 3, "unexpected number literal; expected ']'"},
      {"[1", 2, "expected ']'"},
      {"{'a':1}", 1, "invalid literal"},
      {"{\"a\":1,\"a\":2}", 7, "a key not already in this object, found \"a\" again"},
      {"{\"a\\\"\":1,\"a\\\"\":2}", 9, "found \"a\\\"\" again"},  // the key's escaped quote is not its start
      {"01", 1, "unexpected number literal; expected end of input"},
      {"-", 1, "expected digit after '-'"},
      {"1.", 2, "expected digit after '.'"},
      {".5", 0, "invalid literal, found '.'"},
      {"1e", 2, "digit after exponent"},
      {"+1", 0, "invalid literal, found '+'"},
      {"1e999", 0, "number overflow"},
      {"-1" + std::string(400, '0'), 0, "number overflow"},
      {"tru", 3, "invalid literal, found the end of the text"},
      {"nul", 3, "invalid literal, found the end of the text"},
      {"NaN", 0, "invalid literal, found 'N'"},
      {"\"abc", 4, "missing closing quote"},
      {"\"a\tb\"", 2, "control character U+0009 (HT) must be escaped"},
      {"\"\\x\"", 2, "forbidden character after backslash"},
      {"\"\\u12G4\"", 5, "'\\u' must be followed by 4 hex digits, found 'G'"},
      {"\"\\udc00\"", 6, "surrogate U+DC00..U+DFFF must follow U+D800..U+DBFF"},
      {"\"\\ud800x\"", 7, "must be followed by U+DC00..U+DFFF"},
      {"\"\\ud800\\u0041\"", 12, "must be followed by U+DC00..U+DFFF"},
      {"\"\xff\"", 1, "ill-formed UTF-8 byte"},
      {"{} {}", 3, "expected end of input"},
      {"[1] x", 4, "expected end of input, found 'x'"},
      {"/* c */ 1", 0, "invalid literal, found '/'"},
      {std::string("[\0]", 3), 1, "found byte 0x00"},
      {std::string("[1]\0x", 5), 3, "found byte 0x00"},  // the library alone would stop at the NUL
      {"\xef\xbb\xbf{}", 0, "found a byte order mark"},  // which the library alone would skip
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
            "doc.json: not valid JSON at byte 13 (line 3, column 3): syntax error while parsing object - unexpected "
            "string literal; expected '}'");
  EXPECT_NE(error_of([] { read("[1,"); }).find("unexpected end of input"), std::string::npos);
  EXPECT_NE(error_of([] { read("\x01"); }).find("found byte 0x01"), std::string::npos);
  // A long token before the error is not quoted back whole.
  const std::string long_token = error_of([] { read("[\"" + std::string(100000, 'a') + "\"] x"); });
  EXPECT_NE(long_token.find("at byte 100005 "), std::string::npos) << long_token.substr(0, 300);
  EXPECT_LT(long_token.size(), 300u);
  EXPECT_LT(error_of([] { read("1e" + std::string(100000, '9')); }).size(), 300u);
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
