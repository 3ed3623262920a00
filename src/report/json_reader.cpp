#include "report/json_reader.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <unordered_set>

#include "core/error.hpp"

namespace semibfs {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// "'x'", "byte 0x01" or "the end of the text", for "found ..." in messages.
std::string describe_byte(std::string_view text, std::size_t position) {
  if (position >= text.size()) return "the end of the text";
  const auto byte = static_cast<unsigned char>(text[position]);
  if (byte >= 0x20 && byte < 0x7f) return std::string("'") + text[position] + "'";
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "byte 0x%02x", byte);
  return buffer;
}

void append_utf8(std::string& out, std::uint32_t code_point) {
  if (code_point < 0x80) {
    out += static_cast<char>(code_point);
  } else if (code_point < 0x800) {
    out += static_cast<char>(0xc0 | (code_point >> 6));
    out += static_cast<char>(0x80 | (code_point & 0x3f));
  } else if (code_point < 0x10000) {
    out += static_cast<char>(0xe0 | (code_point >> 12));
    out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3f));
    out += static_cast<char>(0x80 | (code_point & 0x3f));
  } else {
    out += static_cast<char>(0xf0 | (code_point >> 18));
    out += static_cast<char>(0x80 | ((code_point >> 12) & 0x3f));
    out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3f));
    out += static_cast<char>(0x80 | (code_point & 0x3f));
  }
}

// Recursive descent over the text; position_ is always the next byte to read.
class JsonParser {
 public:
  JsonParser(std::string_view text, const std::string& source) : text_(text), source_(source) {}

  JsonValue document() {
    JsonValue value = parse_value();
    skip_whitespace();
    if (position_ != text_.size()) fail("the end of the text after the top-level value");
    return value;
  }

 private:
  [[noreturn]] void fail(const std::string& expected) const { fail_at(position_, expected); }

  [[noreturn]] void fail_at(std::size_t position, const std::string& expected) const {
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < position && i < text_.size(); ++i) {
      column = text_[i] == '\n' ? 1 : column + 1;
      line += text_[i] == '\n' ? 1 : 0;
    }
    throw Error(source_ + ": not valid JSON at byte " + std::to_string(position) + " (line " + std::to_string(line) +
                ", column " + std::to_string(column) + "): expected " + expected + ", found " +
                describe_byte(text_, position));
  }

  bool at_end() const { return position_ >= text_.size(); }
  char peek() const { return at_end() ? '\0' : text_[position_]; }

  void skip_whitespace() {
    while (!at_end() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r')) ++position_;
  }

  void expect_byte(char wanted, const std::string& expected) {
    skip_whitespace();
    if (peek() != wanted || at_end()) fail(expected);
    ++position_;
  }

  JsonValue parse_value() {
    skip_whitespace();
    switch (peek()) {
      case '{': return parse_nested(true);
      case '[': return parse_nested(false);
      case '"': return JsonValue::string(parse_string());
      case 't': return parse_literal("true", JsonValue::boolean(true));
      case 'f': return parse_literal("false", JsonValue::boolean(false));
      case 'n': return parse_literal("null", JsonValue());
      default:
        if (peek() == '-' || is_digit(peek())) return parse_number();
        fail("a value (object, array, string, number, true, false or null)");
    }
  }

  JsonValue parse_literal(std::string_view word, JsonValue value) {
    if (text_.substr(position_, word.size()) != word) {
      std::string quoted = "'";  // appended: GCC 12 warns falsely (-Wrestrict) on "'" + string
      quoted.append(word).append("'");
      fail(quoted);
    }
    position_ += word.size();
    return value;
  }

  JsonValue parse_nested(bool object) {
    if (++depth_ > kMaxJsonDepth) fail("arrays and objects nested at most " + std::to_string(kMaxJsonDepth) + " deep");
    ++position_;  // past '{' or '['
    JsonValue value = object ? parse_object_members() : parse_array_elements();
    --depth_;
    return value;
  }

  JsonValue parse_array_elements() {
    JsonValue::Array elements;
    skip_whitespace();
    if (peek() == ']') {
      ++position_;
      return JsonValue::array(std::move(elements));
    }
    while (true) {
      elements.push_back(parse_value());
      skip_whitespace();
      if (peek() == ']' && !at_end()) break;
      expect_byte(',', "',' or ']' after an array element");
    }
    ++position_;
    return JsonValue::array(std::move(elements));
  }

  JsonValue parse_object_members() {
    JsonValue::Object members;
    std::unordered_set<std::string> keys;
    skip_whitespace();
    if (peek() == '}') {
      ++position_;
      return JsonValue::object(std::move(members));
    }
    while (true) {
      skip_whitespace();
      const std::size_t key_position = position_;
      if (peek() != '"') fail("a string key of an object member");
      std::string key = parse_string();
      if (!keys.insert(key).second) fail_at(key_position, "a key not already in this object");
      expect_byte(':', "':' after an object key");
      members.emplace_back(std::move(key), parse_value());
      skip_whitespace();
      if (peek() == '}' && !at_end()) break;
      expect_byte(',', "',' or '}' after an object member");
    }
    ++position_;
    return JsonValue::object(std::move(members));
  }

  std::string parse_string() {
    ++position_;  // past the opening quote
    std::string out;
    while (true) {
      if (at_end()) fail("'\"' closing the string");
      const char c = text_[position_];
      if (c == '"') break;
      if (static_cast<unsigned char>(c) < 0x20) fail("a string character (control bytes must be escaped)");
      if (c == '\\') {
        parse_escape(out);
      } else {
        out += c;
        ++position_;
      }
    }
    ++position_;
    return out;
  }

  void parse_escape(std::string& out) {
    ++position_;  // past the backslash
    const char c = peek();
    const std::string_view simple = "\"\\/bfnrt";
    const std::string_view meaning = "\"\\/\b\f\n\r\t";
    if (const std::size_t index = simple.find(c); !at_end() && index != std::string_view::npos) {
      out += meaning[index];
      ++position_;
    } else if (c == 'u' && !at_end()) {
      append_utf8(out, parse_unicode_escape());
    } else {
      fail("an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)");
    }
  }

  // At the 'u' of "\uXXXX": the code point, a surrogate pair joined; a lone surrogate is an error.
  std::uint32_t parse_unicode_escape() {
    const std::size_t start = position_ - 1;
    const std::uint32_t first = parse_hex4();
    if (first >= 0xdc00 && first <= 0xdfff) fail_at(start, "a code point, not a lone low surrogate");
    if (first < 0xd800 || first > 0xdbff) return first;
    if (text_.substr(position_, 2) != "\\u") fail("'\\u' and a low surrogate after a high surrogate");
    ++position_;
    const std::uint32_t second = parse_hex4();
    if (second < 0xdc00 || second > 0xdfff) fail_at(position_ - 6, "a low surrogate (\\uDC00 to \\uDFFF)");
    return 0x10000 + ((first - 0xd800) << 10) + (second - 0xdc00);
  }

  // At the 'u': the four hex digits after it.
  std::uint32_t parse_hex4() {
    ++position_;
    std::uint32_t value = 0;
    for (int digit = 0; digit < 4; ++digit) {
      const char c = peek();
      const int nibble = is_digit(c)              ? c - '0'
                         : (c >= 'a' && c <= 'f') ? c - 'a' + 10
                         : (c >= 'A' && c <= 'F') ? c - 'A' + 10
                                                  : -1;
      if (nibble < 0 || at_end()) fail("a hex digit of a \\u escape");
      value = value * 16 + static_cast<std::uint32_t>(nibble);
      ++position_;
    }
    return value;
  }

  void skip_digits(const std::string& expected) {
    if (!is_digit(peek()) || at_end()) fail(expected);
    while (!at_end() && is_digit(peek())) ++position_;
  }

  // -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? checked here, converted by from_chars.
  JsonValue parse_number() {
    const std::size_t start = position_;
    if (peek() == '-') ++position_;
    if (peek() == '0' && !at_end()) {
      ++position_;
      if (is_digit(peek()) && !at_end()) fail("'.', 'e' or the end of the number after a leading 0");
    } else {
      skip_digits("a digit");
    }
    bool integral = true;
    if (peek() == '.' && !at_end()) {
      ++position_;
      skip_digits("a digit after the decimal point");
      integral = false;
    }
    if ((peek() == 'e' || peek() == 'E') && !at_end()) {
      ++position_;
      if ((peek() == '+' || peek() == '-') && !at_end()) ++position_;
      skip_digits("a digit of the exponent");
      integral = false;
    }
    return convert_number(start, integral);
  }

  JsonValue convert_number(std::size_t start, bool integral) const {
    const std::string_view spelled = text_.substr(start, position_ - start);
    double value = 0;
    const auto [end, error] = std::from_chars(spelled.data(), spelled.data() + spelled.size(), value);
    if (error == std::errc::result_out_of_range) {
      // A number too small for a double is a zero; one too large is refused.
      if (decimal_magnitude(spelled) > 0) fail_at(start, "a number within a double's range");
      value = 0;
    } else if (error != std::errc() || end != spelled.data() + spelled.size()) {
      fail_at(start, "a number");
    }
    std::int64_t exact = 0;
    const auto [integer_end, integer_error] = std::from_chars(spelled.data(), spelled.data() + spelled.size(), exact);
    if (integral && integer_error == std::errc()) return JsonValue::number(value, exact);
    return JsonValue::number(value);
  }

  // Where a number's first significant digit lies, as a power of ten (1 for 1..9, 0 for 0.1..0.9),
  // from its checked spelling: positive past a double's range is an overflow, else an underflow.
  static std::int64_t decimal_magnitude(std::string_view spelled) {
    const std::size_t exponent_at = spelled.find_first_of("eE");
    std::int64_t exponent = 0;
    if (exponent_at != std::string_view::npos) {
      const std::string_view digits = spelled.substr(exponent_at + 1);
      const bool negative = digits.front() == '-';
      for (const char c : digits.substr(digits.front() == '-' || digits.front() == '+' ? 1 : 0)) {
        exponent = std::min<std::int64_t>(exponent * 10 + (c - '0'), std::int64_t{1} << 40);
      }
      if (negative) exponent = -exponent;
    }
    const std::string_view mantissa = spelled.substr(0, exponent_at);
    const std::size_t significant = mantissa.find_first_of("123456789");
    if (significant == std::string_view::npos) return std::numeric_limits<std::int64_t>::min();  // zero
    const std::size_t point = std::min(mantissa.find('.'), mantissa.size());
    const auto shift = static_cast<std::int64_t>(point) - static_cast<std::int64_t>(significant);
    return exponent + (significant < point ? shift : shift + 1);
  }

  std::string_view text_;
  const std::string& source_;
  std::size_t position_ = 0;
  int depth_ = 0;
};

}  // namespace

JsonValue read_json(std::string_view text, const std::string& source) { return JsonParser(text, source).document(); }

}  // namespace semibfs
