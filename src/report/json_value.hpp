// A JSON document in memory, as json_reader.hpp reads it: null, booleans, numbers (a double, and
// the exact integer when the text was one), strings, arrays and objects (members in file order).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace semibfs {

// Its own tree, not an nlohmann::json: as_array() and as_object() hand callers std::vector references.
class JsonValue {
 public:
  enum class Kind { kNull, kBoolean, kNumber, kString, kArray, kObject };
  using Array = std::vector<JsonValue>;
  using Member = std::pair<std::string, JsonValue>;
  using Object = std::vector<Member>;

  JsonValue() = default;  // null
  static JsonValue boolean(bool flag);
  // `exact`: the integer the text spelled, when it had no fraction or exponent and fits in 64 bits.
  static JsonValue number(double value, std::optional<std::int64_t> exact = std::nullopt);
  static JsonValue string(std::string text);
  static JsonValue array(Array elements);
  static JsonValue object(Object members);

  Kind kind() const { return kind_; }
  bool is_null() const { return kind_ == Kind::kNull; }
  bool is_number() const { return kind_ == Kind::kNumber; }

  // Each throws semibfs::Error ("expected a number, found a string") when the value is another kind.
  bool as_boolean() const;
  double as_number() const;
  // A number written as an integer that fits in 64 bits; anything else is an error.
  std::int64_t as_integer() const;
  const std::string& as_string() const;
  const Array& as_array() const;
  const Object& as_object() const;

  // The member named `key` of an object; nullptr when there is none or this is not an object.
  const JsonValue* find(std::string_view key) const;

 private:
  void expect(Kind kind) const;

  Kind kind_ = Kind::kNull;
  bool boolean_ = false;
  double number_ = 0;
  std::optional<std::int64_t> integer_;
  std::string string_;
  Array elements_;
  Object members_;
};

// "null", "a boolean", "a number", ... for messages.
std::string_view json_kind_name(JsonValue::Kind kind);

}  // namespace semibfs
