#include "formats/vertex_ages_file.hpp"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "core/bitmap.hpp"
#include "formats/byte_source.hpp"
#include "formats/gzip_source.hpp"
#include "formats/text_fields.hpp"
#include "formats/text_lines.hpp"

namespace semibfs {
namespace {

constexpr std::size_t kReadBytes = std::size_t{1} << 20;

constexpr const char* kAgesFile = "a text file of lines 'VERTEX AGE'";

TextLines open_lines(const std::string& path) {
  return TextLines(
      decompressed_if_gzip(std::make_unique<PeekableSource>(open_file_source(path, kAgesFile)), path), path,
      kReadBytes, std::string("is it a binary file? the ages are ") + kAgesFile);
}

std::string age_range(std::uint8_t unknown_age) { return "0 to " + std::to_string(unknown_age - 1); }

// The line's vertex (a compact id) and age; throws the line's error otherwise.
std::pair<VertexId, std::uint8_t> parse_line(std::string_view line, const TextLines& lines, const IdMap& ids,
                                             std::uint8_t unknown_age) {
  const auto fail = [&](const std::string& what) {
    lines.fail(what, line,
               "each line 'VERTEX AGE', the vertex as the edge file names it, the age " + age_range(unknown_age));
  };
  FieldCursor cursor(line);
  cursor.skip_blanks();
  std::uint64_t file_id = 0;
  if (cursor.read_id(file_id) != FieldCursor::IdStatus::kId) fail("no vertex id");
  cursor.skip_blanks();
  std::uint64_t age = 0;
  if (cursor.read_id(age) != FieldCursor::IdStatus::kId || age >= unknown_age)
    fail("no age from " + age_range(unknown_age));
  cursor.skip_blanks();
  if (!cursor.at_end()) fail("more than a vertex and an age");
  const std::optional<VertexId> vertex = ids.find(file_id);
  if (!vertex) {
    lines.fail("vertex " + std::to_string(file_id) + " is not a vertex of the store", line,
               "give ages of the store's vertices only");
  }
  return {*vertex, static_cast<std::uint8_t>(age)};
}

}  // namespace

VertexAges read_vertex_ages(const std::string& path, const IdMap& ids, std::uint8_t unknown_age) {
  TextLines lines = open_lines(path);
  VertexAges result;
  result.ages.assign(static_cast<std::size_t>(ids.size()), unknown_age);
  Bitmap aged(static_cast<std::int64_t>(ids.size()));
  std::int64_t count = 0;
  for (std::string_view line; lines.next(line);) {
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos || line[first] == '#') continue;
    const auto [vertex, age] = parse_line(line, lines, ids, unknown_age);
    if (aged.test(vertex)) {
      lines.fail("a second age for vertex " + std::to_string(ids.to_file(vertex)), line, "give each vertex one age");
    }
    aged.set(vertex);
    result.ages[static_cast<std::size_t>(vertex)] = age;
    ++count;
  }
  result.without_age = static_cast<std::int64_t>(ids.size()) - count;
  return result;
}

}  // namespace semibfs
