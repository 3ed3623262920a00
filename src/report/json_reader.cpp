// nlohmann/json lexes and validates the text (escapes, surrogates, UTF-8, numbers) through its SAX
// interface; this file builds the JsonValue tree and adds what the library lets through or cannot
// place: NUL bytes, repeated keys, the nesting bound, and error offsets naming the offending byte.
// Its lexer is slower than the hand-written parser it replaced (64 against 88 MB/s on a 16 MB
// document); run reports are kilobytes, so strictness checked by a maintained library wins.
#include "report/json_reader.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <limits>
#include <optional>
#include <unordered_set>

#include "core/error.hpp"
#include "core/json_writer.hpp"

namespace semibfs {
namespace {

using Json = nlohmann::json;

// The text byte by byte for the library's lexer, counting the bytes taken, so that SAX events
// (which carry no position) know where the lexer stands.
class CountingIterator {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  CountingIterator(const char* at, std::size_t* taken) : at_(at), taken_(taken) {}
  reference operator*() const { return *at_; }
  CountingIterator& operator++() {
    ++at_;
    ++*taken_;
    return *this;
  }
  CountingIterator operator++(int) {
    CountingIterator before = *this;
    ++*this;
    return before;
  }
  bool operator==(const CountingIterator& other) const { return at_ == other.at_; }

 private:
  const char* at_;
  std::size_t* taken_;
};

// One line naming the source, the byte offset with its line and column, and what went wrong there.
[[noreturn]] void fail_at(std::string_view text, const std::string& source, std::size_t position,
                          const std::string& what) {
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i < position && i < text.size(); ++i) {
    column = text[i] == '\n' ? 1 : column + 1;
    line += text[i] == '\n' ? 1 : 0;
  }
  throw Error(source + ": not valid JSON at byte " + std::to_string(position) + " (line " + std::to_string(line) +
              ", column " + std::to_string(column) + "): " + what);
}

// Where the string whose closing quote is at `closing` opens: the nearest '"' before it that an
// even run of backslashes precedes (an escaped quote has an odd run).
std::size_t string_start(std::string_view text, std::size_t closing) {
  for (std::size_t at = closing; at > 0;) {
    const std::size_t quote = text.rfind('"', at - 1);
    if (quote == std::string_view::npos) break;
    std::size_t backslashes = 0;
    while (quote > backslashes && text[quote - 1 - backslashes] == '\\') ++backslashes;
    if (backslashes % 2 == 0) return quote;
    at = quote;
  }
  return closing;
}

// "'x'", "byte 0x01" or "the end of the text", for "found ..." in messages.
std::string describe_byte(std::string_view text, std::size_t position) {
  if (position >= text.size()) return "the end of the text";
  const auto byte = static_cast<unsigned char>(text[position]);
  if (byte >= 0x20 && byte < 0x7f) return std::string("'") + text[position] + "'";
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "byte 0x%02x", byte);
  return buffer;
}

constexpr std::string_view kLastRead = "; last read: '";

// The library's message without its "[json.exception.parse_error.101] parse error at line 1,
// column 5: " prefix (fail_at writes the place) and without "; last read: '...'", which can
// quote a whole long string token; a message still too long is cut.
std::string library_message(const nlohmann::detail::exception& error) {
  std::string what = error.what();
  if (const std::size_t bracket = what.find("] "); bracket != std::string::npos) what.erase(0, bracket + 2);
  if (what.rfind("parse error", 0) == 0) {
    if (const std::size_t colon = what.find(": "); colon != std::string::npos) what.erase(0, colon + 2);
  }
  if (const std::size_t read = what.find(kLastRead); read != std::string::npos) {
    const std::size_t expected = what.rfind("'; expected ");
    what.erase(read, expected != std::string::npos && expected >= read + kLastRead.size() - 1 ? expected + 1 - read
                                                                                              : std::string::npos);
  }
  constexpr std::size_t kLongest = 200;
  if (what.size() > kLongest) what.replace(kLongest, std::string::npos, "...");
  return what;
}

// Builds JsonValue trees from the library's SAX events; every refusal throws at once.
class TreeBuilder : public nlohmann::json_sax<Json> {
 public:
  TreeBuilder(std::string_view text, const std::string& source) : text_(text), source_(source) {}

  std::size_t* taken() { return &taken_; }
  JsonValue result() {
    if (!root_) throw Error(source_ + ": not valid JSON: the reader stopped without a value or an error");
    return std::move(*root_);
  }

  bool null() override { return add(JsonValue()); }
  bool boolean(bool flag) override { return add(JsonValue::boolean(flag)); }
  bool number_integer(number_integer_t number) override {
    return add(JsonValue::number(static_cast<double>(number), number));
  }
  bool number_unsigned(number_unsigned_t number) override {
    const bool fits = number <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    return add(JsonValue::number(static_cast<double>(number),
                                 fits ? std::optional<std::int64_t>(static_cast<std::int64_t>(number)) : std::nullopt));
  }
  bool number_float(number_float_t number, const string_t&) override { return add(JsonValue::number(number)); }
  bool string(string_t& text) override { return add(JsonValue::string(std::move(text))); }
  bool binary(binary_t&) override { return false; }  // JSON text has no binary values

  bool start_object(std::size_t) override { return open(true); }
  bool start_array(std::size_t) override { return open(false); }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }

  // The lexer has just taken the key's closing quote.
  bool key(string_t& name) override {
    Open& object = open_.back();
    if (!object.keys.insert(name).second) {
      fail_at(text_, source_, string_start(text_, taken_ - 1),
              "expected a key not already in this object, found " + json_quote(name) + " again");
    }
    object.key = std::move(name);
    return true;
  }

  // `position` counts the bytes the lexer read, the end of the text counting as one.
  bool parse_error(std::size_t position, const std::string& token, const nlohmann::detail::exception& error) override {
    std::size_t at = std::min(position > 0 ? position - 1 : 0, text_.size());
    // A lexer error ("...; last read: '...'") is at the byte the lexer stopped on; an unexpected
    // well-formed string, number or word (its raw text is `token`) is named by its first byte.
    if (std::string_view(error.what()).find(kLastRead) != std::string_view::npos) {
      fail_at(text_, source_, at, library_message(error) + ", found " + describe_byte(text_, at));
    }
    if (at < text_.size() && spans_bytes(text_[at]) && token.size() <= at + 1) at = at + 1 - token.size();
    fail_at(text_, source_, at, library_message(error));
  }

 private:
  struct Open {
    bool object = false;
    JsonValue::Array elements;
    JsonValue::Object members;
    std::string key;
    std::unordered_set<std::string> keys;
  };

  // The last byte of a token longer than one byte: a string's closing quote, a number's or word's last character.
  static bool spans_bytes(char c) {
    return c == '"' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }

  bool add(JsonValue value) {
    if (open_.empty()) {
      root_ = std::move(value);
    } else if (open_.back().object) {
      open_.back().members.emplace_back(std::move(open_.back().key), std::move(value));
    } else {
      open_.back().elements.push_back(std::move(value));
    }
    return true;
  }

  // The lexer has just taken the '{' or '['.
  bool open(bool object) {
    if (open_.size() >= static_cast<std::size_t>(kMaxJsonDepth)) {
      fail_at(text_, source_, taken_ - 1,
              "expected arrays and objects nested at most " + std::to_string(kMaxJsonDepth) + " deep, found one more");
    }
    open_.push_back(Open{});
    open_.back().object = object;
    return true;
  }

  bool close() {
    Open done = std::move(open_.back());
    open_.pop_back();
    return add(done.object ? JsonValue::object(std::move(done.members)) : JsonValue::array(std::move(done.elements)));
  }

  std::string_view text_;
  const std::string& source_;
  std::size_t taken_ = 0;
  std::vector<Open> open_;
  std::optional<JsonValue> root_;
};

}  // namespace

JsonValue read_json(std::string_view text, const std::string& source) {
  // The library takes a NUL byte for the end of the text, so "[1]\0x" would pass; JSON has no bare NUL.
  if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos) {
    fail_at(text, source, nul,
            "expected text without a bare NUL byte (JSON has it only as \\u0000 in a string), found byte 0x00");
  }
  // The library skips a UTF-8 byte order mark, which RFC 8259 allows; this reader refused it and still does.
  if (text.substr(0, 3) == "\xef\xbb\xbf") {
    fail_at(text, source, 0, "expected a value, found a byte order mark (bytes 0xef 0xbb 0xbf)");
  }
  TreeBuilder builder(text, source);
  const char* begin = text.data();
  Json::sax_parse(CountingIterator(begin, builder.taken()), CountingIterator(begin + text.size(), builder.taken()),
                  &builder, nlohmann::json::input_format_t::json, /*strict=*/true, /*ignore_comments=*/false);
  return builder.result();
}

}  // namespace semibfs
