// Streaming JSON writer (RFC 8259): the nesting, separators and indentation here (nlohmann/json
// has no streaming writer), strings escaped by nlohmann/json.
#include "core/json_writer.hpp"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cmath>

#include "core/error.hpp"

namespace semibfs {
namespace {

void fail(const std::string& what) {
  throw Error("JSON writer misuse: " + what + " (a bug in the report code)");
}

}  // namespace

// Bytes that are not UTF-8 become U+FFFD: a report must stay valid JSON for the strict reader.
std::string json_quote(std::string_view text) {
  return nlohmann::json(text).dump(-1, ' ', /*ensure_ascii=*/false, nlohmann::json::error_handler_t::replace);
}

void JsonWriter::new_line() {
  out_ += '\n';
  out_.append(2 * scopes_.size(), ' ');
}

// Places the separator and indentation in front of the next value and checks it is allowed.
void JsonWriter::begin_value() {
  if (scopes_.empty()) {
    if (has_root_) fail("a second top-level value");
    has_root_ = true;
    return;
  }
  Scope& scope = scopes_.back();
  if (scope.is_object) {
    if (!scope.expects_value) fail("a value inside an object without a key");
    scope.expects_value = false;
    return;
  }
  if (scope.has_members) out_ += ',';
  scope.has_members = true;
  new_line();
}

void JsonWriter::key(std::string_view name) {
  if (scopes_.empty() || !scopes_.back().is_object) fail("a key outside an object");
  Scope& scope = scopes_.back();
  if (scope.expects_value) fail("two keys in a row");
  if (scope.has_members) out_ += ',';
  scope.has_members = true;
  scope.expects_value = true;
  new_line();
  out_ += json_quote(name);
  out_ += ": ";
}

void JsonWriter::begin_container(bool is_object, char opening) {
  begin_value();
  out_ += opening;
  scopes_.push_back(Scope{is_object, false, false});
}

void JsonWriter::end_container(bool is_object, char closing) {
  if (scopes_.empty() || scopes_.back().is_object != is_object) {
    fail(is_object ? "end_object without a matching begin_object"
                   : "end_array without a matching begin_array");
  }
  if (scopes_.back().expects_value) fail("a key without a value");
  const bool had_members = scopes_.back().has_members;
  scopes_.pop_back();
  if (had_members) new_line();
  out_ += closing;
  if (scopes_.empty()) out_ += '\n';
}

void JsonWriter::begin_object() { begin_container(true, '{'); }
void JsonWriter::end_object() { end_container(true, '}'); }
void JsonWriter::begin_array() { begin_container(false, '['); }
void JsonWriter::end_array() { end_container(false, ']'); }

void JsonWriter::value(std::string_view text) {
  begin_value();
  out_ += json_quote(text);
}

// 17 significant digits (as %.17g, but locale-independent) read back as the same double; kept by
// hand because nlohmann/json prints the shortest form and 1.0 as "1.0", changing the report text.
void JsonWriter::value(double number) {
  if (!std::isfinite(number)) {
    null_value();
    return;
  }
  begin_value();
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, number,
                                    std::chars_format::general, 17);
  out_.append(buffer, result.ptr);
}

void JsonWriter::value(bool flag) {
  begin_value();
  out_ += flag ? "true" : "false";
}

void JsonWriter::value(const std::vector<std::string>& texts) {
  begin_array();
  for (const std::string& text : texts) value(std::string_view(text));
  end_array();
}

void JsonWriter::null_value() {
  begin_value();
  out_ += "null";
}

void JsonWriter::write_signed(std::int64_t number) {
  begin_value();
  out_ += std::to_string(number);
}

void JsonWriter::write_unsigned(std::uint64_t number) {
  begin_value();
  out_ += std::to_string(number);
}

}  // namespace semibfs
