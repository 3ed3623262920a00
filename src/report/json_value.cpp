#include "report/json_value.hpp"

#include "core/error.hpp"

namespace semibfs {

JsonValue JsonValue::boolean(bool flag) {
  JsonValue value;
  value.kind_ = Kind::kBoolean;
  value.boolean_ = flag;
  return value;
}

JsonValue JsonValue::number(double number, std::optional<std::int64_t> exact) {
  JsonValue value;
  value.kind_ = Kind::kNumber;
  value.number_ = number;
  value.integer_ = exact;
  return value;
}

JsonValue JsonValue::string(std::string text) {
  JsonValue value;
  value.kind_ = Kind::kString;
  value.string_ = std::move(text);
  return value;
}

JsonValue JsonValue::array(Array elements) {
  JsonValue value;
  value.kind_ = Kind::kArray;
  value.elements_ = std::move(elements);
  return value;
}

JsonValue JsonValue::object(Object members) {
  JsonValue value;
  value.kind_ = Kind::kObject;
  value.members_ = std::move(members);
  return value;
}

void JsonValue::expect(Kind kind) const {
  if (kind_ != kind) {
    throw Error("expected " + std::string(json_kind_name(kind)) + ", found " + std::string(json_kind_name(kind_)));
  }
}

bool JsonValue::as_boolean() const {
  expect(Kind::kBoolean);
  return boolean_;
}

double JsonValue::as_number() const {
  expect(Kind::kNumber);
  return number_;
}

std::int64_t JsonValue::as_integer() const {
  expect(Kind::kNumber);
  if (!integer_) throw Error("expected an integer, found a number with a fraction, an exponent or 64 bits or more");
  return *integer_;
}

const std::string& JsonValue::as_string() const {
  expect(Kind::kString);
  return string_;
}

const JsonValue::Array& JsonValue::as_array() const {
  expect(Kind::kArray);
  return elements_;
}

const JsonValue::Object& JsonValue::as_object() const {
  expect(Kind::kObject);
  return members_;
}

const JsonValue* JsonValue::find(std::string_view key) const {
  if (kind_ != Kind::kObject) return nullptr;
  for (const Member& member : members_) {
    if (member.first == key) return &member.second;
  }
  return nullptr;
}

std::string_view json_kind_name(JsonValue::Kind kind) {
  switch (kind) {
    case JsonValue::Kind::kNull: return "null";
    case JsonValue::Kind::kBoolean: return "a boolean";
    case JsonValue::Kind::kNumber: return "a number";
    case JsonValue::Kind::kString: return "a string";
    case JsonValue::Kind::kArray: return "an array";
    case JsonValue::Kind::kObject: return "an object";
  }
  return "a value";
}

}  // namespace semibfs
