// Two ids per line: SNAP text ('#' or '%' comment lines anywhere, header comments read for
// metadata) and plain "el" edge lists (blank lines only, no comments), whose lines may all hold a
// third column, the edge's weight ("u v w"; the first edge line decides for the whole file).
#include <algorithm>
#include <cctype>
#include <charconv>

#include "formats/format_readers.hpp"
#include "formats/text_fields.hpp"
#include "formats/text_lines.hpp"

namespace semibfs {
namespace {

bool starts_with_ignoring_case(std::string_view text, std::string_view prefix) {
  return text.size() >= prefix.size() &&
         std::equal(prefix.begin(), prefix.end(), text.begin(),
                    [](char lower, char c) { return std::tolower(static_cast<unsigned char>(c)) == lower; });
}

class TextEdgeReader final : public EdgeFileReader {
 public:
  TextEdgeReader(std::unique_ptr<ByteSource> source, EdgeFileInfo info, const EdgeReaderOptions& options)
      : EdgeFileReader(std::move(info), options),
        lines_(std::move(source), info_.name, options.read_bytes),
        comments_allowed_(info_.format == InputFormat::kSnap),
        read_weights_(options.read_weights) {
    has_pending_ = read_edge(pending_, pending_weight_, true);
  }

 protected:
  void read_edges(std::vector<RawEdge>& out, std::size_t limit) override {
    if (has_pending_) {
      out.push_back(pending_);
      if (info_.weighted) add_weight(pending_weight_);
      has_pending_ = false;
    }
    RawEdge edge{};
    float weight = 0;
    while (out.size() < limit && read_edge(edge, weight, false)) {
      out.push_back(edge);
      if (info_.weighted) add_weight(weight);
    }
  }

 private:
  // The next edge and, in a weighted file, its weight; false at the end. Comments before the
  // first edge are the header.
  bool read_edge(RawEdge& edge, float& weight, bool in_header) {
    std::string_view line;
    while (lines_.next(line)) {
      FieldCursor cursor(line);
      cursor.skip_blanks();
      if (cursor.at_end()) continue;
      if (cursor.peek() == '#' || cursor.peek() == '%') {
        if (!comments_allowed_) {
          lines_.fail("a comment line in an el file", line,
                      "el files hold only id pairs and blank lines: read it as snap to skip comments");
        }
        const std::size_t text = line.find_first_not_of(" \t#%");
        if (in_header && text != std::string_view::npos) read_header_comment(line.substr(text));
        continue;
      }
      read_id_pair(cursor, line, lines_, edge, "'<source> <target>'",
                   comments_allowed_ ? "fix or remove the line; comment lines start with '#'"
                                     : "fix or remove the line; an el file holds only id pairs");
      cursor.skip_blanks();
      read_third_column(cursor, line, weight, in_header);
      cursor.skip_blanks();
      if (!cursor.at_end()) {
        lines_.fail(comments_allowed_ ? "more than two fields" : "more than three fields", line,
                    comments_allowed_ ? "a snap file's timestamps and weights are not read: keep the first two "
                                        "columns (cut -f1,2), or give '<source> <target> <weight>' lines as an el file"
                                      : "an el file's line is '<source> <target>' or '<source> <target> <weight>'");
      }
      return true;
    }
    return false;
  }

  // An el file's weight column: every edge line has one if the first has one. Read as a weight,
  // or skipped when weights are not read.
  void read_third_column(FieldCursor& cursor, std::string_view line, float& weight, bool first_edge) {
    if (comments_allowed_) return;
    if (first_edge) has_third_column_ = !cursor.at_end();
    if (first_edge) info_.weighted = has_third_column_ && read_weights_;
    if (cursor.at_end() == has_third_column_) {
      lines_.fail(has_third_column_ ? "no weight, where the file's first edge line has one"
                                    : "a third column (a weight), where the file's first edge line has none",
                  line, "give every line a weight, '<source> <target> <weight>', or none");
    }
    if (info_.weighted) {
      weight = read_weight(cursor, line, lines_, false);
    } else if (has_third_column_) {
      cursor.read_field();
    }
  }

  // SNAP headers: "# Directed graph ...", "# Undirected graph ...", "# Nodes: 7115 Edges: 103689".
  void read_header_comment(std::string_view comment) {
    if (starts_with_ignoring_case(comment, "directed graph")) info_.declared = Directedness::kDirected;
    if (starts_with_ignoring_case(comment, "undirected graph")) info_.declared = Directedness::kUndirected;
    const std::size_t edges = comment.find("Edges:");
    if (edges == std::string_view::npos || info_.declared_edges) return;
    const std::string_view count = comment.substr(edges + 6);
    const std::size_t digits = count.find_first_not_of(" \t");
    std::uint64_t value = 0;
    if (digits != std::string_view::npos &&
        std::from_chars(count.data() + digits, count.data() + count.size(), value).ec == std::errc()) {
      info_.declared_edges = value;
    }
  }

  TextLines lines_;
  bool comments_allowed_;
  bool read_weights_;
  bool has_third_column_ = false;
  RawEdge pending_{};  // the first edge, read with the header
  float pending_weight_ = 0;
  bool has_pending_ = false;
};

}  // namespace

std::unique_ptr<EdgeFileReader> make_text_edge_reader(std::unique_ptr<ByteSource> source, EdgeFileInfo info,
                                                      const EdgeReaderOptions& options) {
  return std::make_unique<TextEdgeReader>(std::move(source), std::move(info), options);
}

}  // namespace semibfs
