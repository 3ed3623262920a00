// Matrix Market coordinate files (NIST, "The Matrix Market Exchange Formats", 1996): a banner, '%'
// comments, a size line "rows columns entries", then one 1-based "row column [value]" per entry.
// Entries are given 0-based; real and integer values are read as the edges' weights (unless the
// options skip them, or the matrix is skew-symmetric).
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "formats/format_readers.hpp"
#include "formats/text_fields.hpp"
#include "formats/text_lines.hpp"

namespace semibfs {
namespace {

std::vector<std::string> lowercase_words(std::string_view line) {
  std::vector<std::string> words;
  std::string word;
  for (const char c : std::string(line) + ' ') {
    if (c == ' ' || c == '\t') {
      if (!word.empty()) words.push_back(word);
      word.clear();
    } else {
      word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  return words;
}

class MtxReader final : public EdgeFileReader {
 public:
  MtxReader(std::unique_ptr<ByteSource> source, EdgeFileInfo info, const EdgeReaderOptions& options)
      : EdgeFileReader(std::move(info), options),
        lines_(std::move(source), info_.name, options.read_bytes),
        read_weights_(options.read_weights) {
    read_banner();
    read_size_line();
  }

 protected:
  void read_edges(std::vector<RawEdge>& out, std::size_t limit) override {
    std::string_view line;
    while (out.size() < limit && lines_.next(line)) {
      FieldCursor cursor(line);
      cursor.skip_blanks();
      if (cursor.at_end() || cursor.peek() == '%') continue;
      if (entries_read_ == *info_.declared_edges) {
        lines_.fail("more entries than the " + std::to_string(entries_read_) + " of the size line", line,
                    "fix the entry count in the size line, or remove the extra entries");
      }
      RawEdge entry{};
      read_id_pair(cursor, line, lines_, entry, has_values_ ? "'<row> <column> <value>'" : "'<row> <column>'",
                   "fix or remove the entry; comment lines start with '%'");
      check_index(entry.source, line);
      check_index(entry.target, line);
      cursor.skip_blanks();
      if (has_values_) read_value(cursor, line);
      if (!cursor.at_end()) {
        lines_.fail(std::string("more fields than ") + (has_values_ ? "row, column and value" : "row and column"),
                    line, "fix the entry, or the field type in the banner");
      }
      out.push_back(RawEdge{entry.source - 1, entry.target - 1});
      ++entries_read_;
    }
    if (out.size() < limit && entries_read_ != *info_.declared_edges) {
      lines_.fail_file("the size line declares " + std::to_string(*info_.declared_edges) + " entries, the file has " +
                           std::to_string(entries_read_),
                       "the file is truncated, or its size line is wrong");
    }
  }

 private:
  // "%%MatrixMarket matrix coordinate pattern|integer|real general|symmetric|skew-symmetric"
  void read_banner() {
    std::string_view line;
    if (!lines_.next(line)) lines_.fail_file("it is empty", "give a Matrix Market file");
    if (!line.starts_with("%%MatrixMarket")) {
      lines_.fail("no '%%MatrixMarket' banner", line,
                  "a Matrix Market file starts with '%%MatrixMarket matrix coordinate pattern general'");
    }
    const std::vector<std::string> words = lowercase_words(line.substr(14));
    const std::string usage = "semibfs reads '%%MatrixMarket matrix coordinate pattern|integer|real "
                              "general|symmetric|skew-symmetric'";
    if (words.size() != 4 || words[0] != "matrix") lines_.fail("an unknown banner", line, usage);
    if (words[1] != "coordinate") {
      lines_.fail("not a coordinate (sparse) matrix", line, "a graph is a coordinate matrix; " + usage);
    }
    if (words[2] == "complex") lines_.fail("complex values", line, "a graph has no complex weights; " + usage);
    if (words[2] != "pattern" && words[2] != "integer" && words[2] != "real") {
      lines_.fail("an unknown field type", line, usage);
    }
    has_values_ = words[2] != "pattern";
    integer_values_ = words[2] == "integer";
    // A skew-symmetric pattern is a symmetric one; its values (not read) differ in sign, so no
    // weight could stand for both directions.
    info_.weighted = has_values_ && read_weights_ && words[3] != "skew-symmetric";
    if (words[3] == "symmetric" || words[3] == "skew-symmetric") {
      info_.declared = Directedness::kUndirected;
    } else if (words[3] == "general") {
      info_.declared = Directedness::kDirected;
    } else {
      lines_.fail("the symmetry '" + words[3] + "'", line, usage);
    }
  }

  void read_size_line() {
    std::string_view line;
    for (;;) {
      if (!lines_.next(line)) lines_.fail_file("no size line", "add the line '<rows> <columns> <entries>'");
      FieldCursor cursor(line);
      cursor.skip_blanks();
      if (cursor.at_end() || cursor.peek() == '%') continue;
      RawEdge rows_columns{};
      const char* const layout = "'<rows> <columns> <entries>'";
      read_id_pair(cursor, line, lines_, rows_columns, layout, "fix the size line");
      std::uint64_t entries = 0;
      cursor.skip_blanks();
      if (cursor.read_id(entries) != FieldCursor::IdStatus::kId) {
        lines_.fail(std::string("expected ") + layout, line, "fix the size line");
      }
      cursor.skip_blanks();
      if (!cursor.at_end()) lines_.fail(std::string("more fields than ") + layout, line, "fix the size line");
      if (rows_columns.source != rows_columns.target) {
        lines_.fail("the matrix is not square", line, "a graph's adjacency matrix has as many rows as columns");
      }
      info_.declared_vertices = rows_columns.source;
      info_.declared_edges = entries;
      info_.first_id = 1;  // rows are numbered from 1 and delivered as row - 1
      return;
    }
  }

  void check_index(std::uint64_t index, std::string_view line) const {
    if (index == 0) lines_.fail("index 0", line, "Matrix Market indices start at 1");
    if (index > *info_.declared_vertices) {
      lines_.fail("index " + std::to_string(index) + " is beyond the " + std::to_string(*info_.declared_vertices) +
                      " rows of the size line",
                  line, "fix the entry or the size line");
    }
  }

  // A value, which must be there and be printable text: read as the edge's weight when weighted.
  void read_value(FieldCursor& cursor, std::string_view line) {
    FieldCursor weight_cursor = cursor;
    const std::string_view value = cursor.read_field();
    if (value.empty() || std::any_of(value.begin(), value.end(), [](char c) {
          return static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f;
        })) {
      lines_.fail("expected '<row> <column> <value>'", line, "fix the entry, or give the field type 'pattern'");
    }
    if (info_.weighted) add_weight(read_weight(weight_cursor, line, lines_, integer_values_));
    cursor.skip_blanks();
  }

  TextLines lines_;
  bool read_weights_;
  bool has_values_ = false;
  bool integer_values_ = false;
  std::uint64_t entries_read_ = 0;
};

}  // namespace

std::unique_ptr<EdgeFileReader> make_mtx_reader(std::unique_ptr<ByteSource> source, EdgeFileInfo info,
                                                const EdgeReaderOptions& options) {
  return std::make_unique<MtxReader>(std::move(source), std::move(info), options);
}

}  // namespace semibfs
