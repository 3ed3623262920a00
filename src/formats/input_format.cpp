// Format names and the `auto` rules (listed in input_format.hpp).
#include "formats/input_format.hpp"

#include <algorithm>
#include <cctype>

#include "core/error.hpp"

namespace semibfs {

InputFormat parse_input_format(const std::string& text) {
  if (const std::optional<EdgeFormat> format = find_edge_format(text)) return *format;
  throw UsageError("unknown input format '" + text +
                   "': use auto, snap, mtx, el, g500-packed or g500-int64");
}

bool is_gzip(std::string_view first_bytes) {
  return first_bytes.size() >= 2 && static_cast<unsigned char>(first_bytes[0]) == 0x1f &&
         static_cast<unsigned char>(first_bytes[1]) == 0x8b;
}

namespace {

constexpr std::size_t kTextSniffBytes = 4096;

std::string lowercase_extension(std::string name) {
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (name.ends_with(".gz")) name.resize(name.size() - 3);
  const std::size_t slash = name.find_last_of('/');
  const std::size_t dot = name.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return {};
  return name.substr(dot);
}

// Control bytes other than tab, CR and LF mark binary data; bytes >= 0x80 may be UTF-8 comments.
bool looks_like_text(std::string_view first_bytes) {
  return std::none_of(first_bytes.begin(), first_bytes.begin() + std::min(first_bytes.size(), kTextSniffBytes), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return (byte < 0x20 && c != '\t' && c != '\r' && c != '\n') || byte == 0x7f;
  });
}

}  // namespace

InputFormat detect_input_format(const std::string& name, std::string_view first_bytes) {
  if (first_bytes.starts_with("%%MatrixMarket")) return InputFormat::kMtx;
  const std::string extension = lowercase_extension(name);
  if (extension == ".mtx") return InputFormat::kMtx;
  if (extension == ".el") return InputFormat::kEl;
  if (extension == ".txt" || extension == ".snap" || extension == ".tsv" || extension == ".edges") {
    return InputFormat::kSnap;
  }
  if (extension == ".g500" || extension == ".packed48") return InputFormat::kG500Packed;
  if (extension == ".int64") return InputFormat::kG500Int64;
  const std::string asked = "cannot tell the format of '" + name + "': ";
  const std::string what_to_do =
      " (name the format: g500-packed for 12-byte edges, g500-int64 for 16-byte edges)";
  if (extension == ".bin") throw Error(asked + "a .bin file may hold either Graph500 layout" + what_to_do);
  if (looks_like_text(first_bytes)) return InputFormat::kSnap;
  throw Error(asked + "it holds binary data and its name has no known extension" + what_to_do);
}

}  // namespace semibfs
