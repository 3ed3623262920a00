// JsonWriter: escaping, nesting, separators, numbers and misuse.
#include "core/json_writer.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string>

#include "core/error.hpp"

namespace semibfs {
namespace {

TEST(JsonWriter, QuotesAndBackslashes) {
  EXPECT_EQ(json_quote(R"(say "hi" \ bye)"), R"("say \"hi\" \\ bye")");
}

TEST(JsonWriter, ControlCharacters) {
  EXPECT_EQ(json_quote("a\nb\tc\rd\be\ff"), R"("a\nb\tc\rd\be\ff")");
  EXPECT_EQ(json_quote(std::string("\x01\x1f", 2)), R"("\u0001\u001f")");
  EXPECT_EQ(json_quote(std::string("a\0b", 3)), R"("a\u0000b")");
}

TEST(JsonWriter, UnicodePassesThrough) {
  EXPECT_EQ(json_quote("Gr\xc3\xbc\xc3\x9f \xe2\x82\xac /"), "\"Gr\xc3\xbc\xc3\x9f \xe2\x82\xac /\"");
}

// Bytes that are not UTF-8 would make the report invalid JSON: each becomes U+FFFD.
TEST(JsonWriter, BytesThatAreNotUtf8BecomeReplacementCharacters) {
  EXPECT_EQ(json_quote("a\xff" "b\xc3"), "\"a\xef\xbf\xbd" "b\xef\xbf\xbd\"");
}

TEST(JsonWriter, NestedDocument) {
  JsonWriter writer;
  writer.begin_object();
  writer.field("name", "semibfs");
  writer.field("scale", 16);
  writer.key("roots");
  writer.begin_array();
  writer.value(std::int64_t{1});
  writer.value(-2);
  writer.begin_object();
  writer.field("ok", true);
  writer.end_object();
  writer.end_array();
  writer.key("empty");
  writer.begin_object();
  writer.end_object();
  writer.key("none");
  writer.begin_array();
  writer.end_array();
  writer.key("missing");
  writer.null_value();
  writer.end_object();
  EXPECT_TRUE(writer.complete());
  EXPECT_EQ(writer.text(),
            "{\n"
            "  \"name\": \"semibfs\",\n"
            "  \"scale\": 16,\n"
            "  \"roots\": [\n"
            "    1,\n"
            "    -2,\n"
            "    {\n"
            "      \"ok\": true\n"
            "    }\n"
            "  ],\n"
            "  \"empty\": {},\n"
            "  \"none\": [],\n"
            "  \"missing\": null\n"
            "}\n");
}

TEST(JsonWriter, KeysAreEscaped) {
  JsonWriter writer;
  writer.begin_object();
  writer.field("a\"b", false);
  writer.end_object();
  EXPECT_EQ(writer.text(), "{\n  \"a\\\"b\": false\n}\n");
}

TEST(JsonWriter, DoublesRoundTrip) {
  for (double number : {0.1, 1.0 / 3.0, 6.02214076e23, -2.5e-300, 0.0}) {
    JsonWriter writer;
    writer.value(number);
    EXPECT_EQ(std::strtod(writer.text().c_str(), nullptr), number) << writer.text();
  }
}

TEST(JsonWriter, NonFiniteDoublesAreNull) {
  JsonWriter writer;
  writer.begin_array();
  writer.value(std::numeric_limits<double>::quiet_NaN());
  writer.value(std::numeric_limits<double>::infinity());
  writer.value(1.5);
  writer.end_array();
  EXPECT_EQ(writer.text(), "[\n  null,\n  null,\n  1.5\n]\n");
}

TEST(JsonWriter, ExtremeIntegers) {
  JsonWriter writer;
  writer.begin_array();
  writer.value(std::numeric_limits<std::int64_t>::min());
  writer.value(std::numeric_limits<std::uint64_t>::max());
  writer.end_array();
  EXPECT_EQ(writer.text(), "[\n  -9223372036854775808,\n  18446744073709551615\n]\n");
}

TEST(JsonWriter, StringLiteralIsAStringNotABool) {
  JsonWriter writer;
  writer.value("text");
  EXPECT_EQ(writer.text(), "\"text\"");
}

TEST(JsonWriter, MisuseThrows) {
  {
    JsonWriter writer;
    writer.begin_object();
    EXPECT_THROW(writer.value(1), Error);  // no key
  }
  {
    JsonWriter writer;
    writer.begin_array();
    EXPECT_THROW(writer.key("k"), Error);  // key outside an object
    EXPECT_THROW(writer.end_object(), Error);
  }
  {
    JsonWriter writer;
    writer.begin_object();
    writer.key("k");
    EXPECT_THROW(writer.end_object(), Error);  // key without value
    EXPECT_FALSE(writer.complete());
  }
  {
    JsonWriter writer;
    writer.value(1);
    EXPECT_THROW(writer.value(2), Error);  // second root
  }
}

}  // namespace
}  // namespace semibfs
