// Blank-separated fields of one text line and the hand-written id parser of the text readers
// (a digit loop: the readers spend most of their time here).
#pragma once

#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>

#include "formats/raw_edge.hpp"
#include "formats/text_lines.hpp"

namespace semibfs {

class FieldCursor {
 public:
  explicit FieldCursor(std::string_view line) : position_(line.data()), end_(line.data() + line.size()) {}

  void skip_blanks() {
    while (position_ != end_ && (*position_ == ' ' || *position_ == '\t')) ++position_;
  }
  bool at_end() const { return position_ == end_; }
  // The current character; only when !at_end().
  char peek() const { return *position_; }

  // Reads a field of decimal digits. kNotAnId: the field holds anything else (the cursor is then
  // unspecified); kTooLarge: it is above kMaxFileId (`value` is then kMaxFileId + 1).
  enum class IdStatus { kId, kNotAnId, kTooLarge };
  IdStatus read_id(std::uint64_t& value) {
    const char* const start = position_;
    field_start_ = start;
    std::uint64_t result = 0;
    while (position_ != end_ && static_cast<unsigned char>(*position_ - '0') < 10) {
      // Saturates above the limit, so any number of digits is safe.
      if (result <= kMaxFileId) result = result * 10 + static_cast<std::uint64_t>(*position_ - '0');
      ++position_;
    }
    if (position_ == start || (position_ != end_ && *position_ != ' ' && *position_ != '\t')) {
      return IdStatus::kNotAnId;
    }
    value = result <= kMaxFileId ? result : kMaxFileId + 1;
    return result <= kMaxFileId ? IdStatus::kId : IdStatus::kTooLarge;
  }

  // The characters read_id() last looked at.
  std::string_view last_id_text() const {
    return std::string_view(field_start_, static_cast<std::size_t>(position_ - field_start_));
  }

  // Reads one field of any non-blank characters; empty when none is there.
  std::string_view read_field() {
    const char* const start = position_;
    while (position_ != end_ && *position_ != ' ' && *position_ != '\t') ++position_;
    return std::string_view(start, static_cast<std::size_t>(position_ - start));
  }

 private:
  const char* position_;
  const char* end_;
  const char* field_start_ = nullptr;
};

// Reads the two ids that start `line` (after blanks) into `edge`, leaving `cursor` after them;
// throws the line's error naming `layout` (e.g. "'<source> <target>'") and `what_to_do`.
inline void read_id_pair(FieldCursor& cursor, std::string_view line, const TextLines& lines, RawEdge& edge,
                         const char* layout, const char* what_to_do) {
  std::uint64_t ids[2];
  for (std::uint64_t& id : ids) {
    cursor.skip_blanks();
    const FieldCursor::IdStatus status = cursor.read_id(id);
    if (status == FieldCursor::IdStatus::kTooLarge) {
      lines.fail("id " + excerpt(cursor.last_id_text()) + " is 2^48 or more (ids go up to 2^48 - 1 = " +
                     std::to_string(kMaxFileId) + ")",
                 line, "renumber the vertices");
    }
    if (status == FieldCursor::IdStatus::kNotAnId) {
      lines.fail(std::string("expected ") + layout + " with non-negative integer ids", line, what_to_do);
    }
  }
  edge = RawEdge{ids[0], ids[1]};
}

// What to do about a value that is no SSSP weight, in every reader's error.
inline constexpr const char* kWeightAdvice =
    "shortest paths need finite non-negative weights: fix the value, or build with --no-weights to read the graph "
    "without them";

// Reads the field at `cursor` as an edge weight: a decimal float (an integer only when
// `integer_only`, as a Matrix Market 'integer' file holds), finite and not negative, within a
// 32-bit float's range; -0 reads as 0. Throws the line's error naming the field otherwise.
inline float read_weight(FieldCursor& cursor, std::string_view line, const TextLines& lines, bool integer_only) {
  const std::string_view field = cursor.read_field();
  const std::string quoted = "weight " + excerpt(field);
  if (field.empty()) lines.fail("a missing weight", line, kWeightAdvice);
  // from_chars takes no '+'; a sign is no part of an integer's digits.
  const std::string_view number = field.front() == '+' ? field.substr(1) : field;
  const std::string_view digits = !number.empty() && number.front() == '-' ? number.substr(1) : number;
  if (integer_only && (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos)) {
    lines.fail(quoted + " is not an integer (the banner says 'integer')", line, kWeightAdvice);
  }
  float weight = 0;
  const auto [end, status] = std::from_chars(number.data(), number.data() + number.size(), weight);
  if (number.empty() || number.front() == '+' || end != number.data() + number.size() ||
      (status != std::errc() && status != std::errc::result_out_of_range)) {
    lines.fail(quoted + " is not a number", line, kWeightAdvice);
  }
  if (status == std::errc::result_out_of_range) lines.fail(quoted + " is outside a 32-bit float's range", line, kWeightAdvice);
  if (std::isnan(weight)) lines.fail(quoted + " is not a number", line, kWeightAdvice);
  if (std::isinf(weight)) lines.fail(quoted + " is infinite", line, kWeightAdvice);
  if (weight < 0) lines.fail(quoted + " is negative", line, kWeightAdvice);
  return weight + 0.0F;  // -0 + 0 is +0
}

}  // namespace semibfs
