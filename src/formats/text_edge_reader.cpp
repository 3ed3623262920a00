// Two ids per line: SNAP text ('#' or '%' comment lines anywhere, header comments read for
// metadata) and plain "el" edge lists (blank lines only, no comments).
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
        comments_allowed_(info_.format == InputFormat::kSnap) {
    has_pending_ = read_edge(pending_, true);
  }

 protected:
  void read_edges(std::vector<RawEdge>& out, std::size_t limit) override {
    if (has_pending_) {
      out.push_back(pending_);
      has_pending_ = false;
    }
    RawEdge edge{};
    while (out.size() < limit && read_edge(edge, false)) out.push_back(edge);
  }

 private:
  // The next edge; false at the end. Comments before the first edge are the header.
  bool read_edge(RawEdge& edge, bool in_header) {
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
      if (!cursor.at_end()) {
        lines_.fail("more than two fields", line,
                    "weights and timestamps are not read: keep the first two columns, e.g. cut -f1,2");
      }
      return true;
    }
    return false;
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
  RawEdge pending_{};  // the first edge, read with the header
  bool has_pending_ = false;
};

}  // namespace

std::unique_ptr<EdgeFileReader> make_text_edge_reader(std::unique_ptr<ByteSource> source, EdgeFileInfo info,
                                                      const EdgeReaderOptions& options) {
  return std::make_unique<TextEdgeReader>(std::move(source), std::move(info), options);
}

}  // namespace semibfs
