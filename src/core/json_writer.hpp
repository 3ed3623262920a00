// A small streaming JSON writer for the `--json` report: objects, arrays, escaped strings,
// integers, doubles (17 significant digits; non-finite as null), booleans and null.
#pragma once

#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace semibfs {

// Writes indented JSON into a string. Misuse (a value without a key inside an object, a key
// outside one, unbalanced ends, a second top-level value) throws semibfs::Error.
class JsonWriter {
 public:
  void begin_object();
  void end_object();
  void begin_array();
  void end_array();
  void key(std::string_view name);

  void value(std::string_view text);
  // Without this overload a string literal would convert to bool, not to string_view.
  void value(const char* text) { value(std::string_view(text)); }
  void value(double number);
  void value(bool flag);
  // An array of the strings.
  void value(const std::vector<std::string>& texts);
  void null_value();
  template <std::integral Integer>
    requires(!std::same_as<Integer, bool>)
  void value(Integer number) {
    if constexpr (std::is_signed_v<Integer>) {
      write_signed(static_cast<std::int64_t>(number));
    } else {
      write_unsigned(static_cast<std::uint64_t>(number));
    }
  }

  // Shorthand for key(name) followed by value(content).
  template <typename Content>
  void field(std::string_view name, const Content& content) {
    key(name);
    value(content);
  }

  // True once exactly one top-level value has been written and every container is closed.
  bool complete() const { return has_root_ && scopes_.empty(); }
  // The document so far; a closed top-level object or array is followed by a newline.
  const std::string& text() const { return out_; }

 private:
  struct Scope {
    bool is_object = false;
    bool has_members = false;
    bool expects_value = false;  // a key was written, its value has not
  };

  void write_signed(std::int64_t number);
  void write_unsigned(std::uint64_t number);
  void begin_value();
  void begin_container(bool is_object, char opening);
  void end_container(bool is_object, char closing);
  void new_line();

  std::string out_;
  std::vector<Scope> scopes_;
  bool has_root_ = false;
};

// `text` as a quoted JSON string: quotes, backslashes and control characters escaped, UTF-8
// passed through unchanged, any byte that is not UTF-8 replaced by U+FFFD.
std::string json_quote(std::string_view text);

}  // namespace semibfs
