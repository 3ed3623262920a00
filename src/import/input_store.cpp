// The files a store built from a graph file has beside the graph: the input description and the
// id map (written by import_graph_file, read by the searches), and what a search asks of the store.
#include "import/input_store.hpp"

#include <unistd.h>

#include <bit>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <span>
#include <sstream>
#include <vector>

#include "core/descriptor_io.hpp"
#include "core/error.hpp"
#include "core/file_output.hpp"
#include "core/sha256.hpp"
#include "store/key_value_text.hpp"
#include "store/store_manifest.hpp"

namespace semibfs {
namespace {

static_assert(std::endian::native == std::endian::little, "vertex-ids is written little-endian");

constexpr const char* kDescriptionMagic = "semibfs-input";
constexpr int kDescriptionVersion = 1;

const char* yes_no(bool value) { return value ? "yes" : "no"; }

// The path is informational only, but a line break in it would cut the line.
std::string one_line(std::string text) {
  for (char& c : text) {
    if (c == '\n' || c == '\r') c = '?';
  }
  return text;
}

[[noreturn]] void bad_description(const std::string& path, int line, const std::string& what) {
  throw Error("store input description '" + path + "' line " + std::to_string(line) + ": " + what +
              " (the store is damaged or was not made by semibfs build; build it again in an empty directory)");
}

bool parse_yes_no(const std::string& text, const KeyValueText& format, int line) {
  if (text == "yes") return true;
  if (text == "no") return false;
  format.fail(line, "'" + text + "' is neither yes nor no");
}

InputFormat parse_format(const std::string& text, const KeyValueText& format, int line) {
  InputFormat input_format = InputFormat::kAuto;
  try {
    input_format = parse_input_format(text);
  } catch (const Error&) {
    format.fail(line, "unknown format '" + text + "'");
  }
  if (input_format == InputFormat::kAuto) format.fail(line, "the format is 'auto', not the one read");
  return input_format;
}

// Files number from 0 or from 1 (Matrix Market); anything else is a damaged description.
std::uint64_t parse_first_id(const std::string& text, const KeyValueText& format, int line) {
  if (text == "0") return 0;
  if (text == "1") return 1;
  format.fail(line, "the first id '" + text + "' is neither 0 nor 1");
}

[[noreturn]] void damaged_id_map(const std::string& path, const std::string& what) {
  throw Error("store id map '" + path + "': " + what +
              " (the store is damaged; build it again in an empty directory)");
}

}  // namespace

bool is_input_description(const std::string& path) {
  std::string problem;
  const std::optional<std::string> text = read_regular_file(path, problem);
  if (!text) return false;
  std::istringstream words(*text);
  std::string first_word;
  words >> first_word;
  return first_word == kDescriptionMagic;
}

std::string input_made_from(const InputDescription& input) {
  return "file format=" + to_string(input.format) + (input.directed ? " directed" : " symmetrized") +
         " vertices=" + std::to_string(input.vertices) + " edges=" + std::to_string(input.edges) +
         " ids=" + (input.identity_ids ? "identity" : "remapped");
}

std::string describe_ids(const InputDescription& input) {
  const std::string numbering =
      input.first_id == 1 ? "from 1 (Matrix Market rows)" : "from " + std::to_string(input.first_id);
  return "as the file writes them, " + numbering + ", for roots and results; " +
         (input.identity_ids ? "kept (no renumbering)" : "renumbered compactly inside the store");
}

bool input_store_exists(const std::string& store_directory) {
  std::error_code error;
  return std::filesystem::exists(store_path(store_directory, kInputDescriptionName), error);
}

void write_input_description(const std::string& store_directory, const InputDescription& input) {
  std::ostringstream text;
  text << kDescriptionMagic << ' ' << kDescriptionVersion << '\n'
       << "source " << one_line(input.source) << '\n'
       << "format " << to_string(input.format) << '\n'
       << "gzip " << yes_no(input.gzip) << '\n'
       << "declared " << input.declared << '\n'
       << "directed " << yes_no(input.directed) << '\n'
       << "vertices " << input.vertices << '\n'
       << "edges " << input.edges << '\n'
       << "identity-ids " << yes_no(input.identity_ids) << '\n'
       << "first-id " << input.first_id << '\n';
  if (!input.identity_ids) text << "vertex-ids-sha256 " << input.vertex_ids_sha256 << '\n';
  text << "end\n";
  write_file_atomically(store_path(store_directory, kInputDescriptionName), text.str());
}

InputDescription read_input_description(const std::string& store_directory) {
  const std::string path = store_path(store_directory, kInputDescriptionName);
  std::string problem;
  const std::optional<std::string> read = read_regular_file(path, problem);
  if (!read && std::filesystem::exists(path)) {
    throw Error("store input description '" + path + "' cannot be read: " + problem +
                " (the store is damaged; build it again in an empty directory)");
  }
  if (!read) {
    throw Error("store directory '" + store_directory + "' has no input description '" + path +
                "' (it holds no store made by semibfs build: build one with semibfs build INPUT --store " +
                store_directory + ")");
  }
  const std::string& text = *read;
  InputDescription input;
  bool has_vertices = false, has_edges = false, has_format = false;
  const KeyValueText format(kDescriptionMagic, kDescriptionVersion, "input description",
                            [&](int line, const std::string& what) { bad_description(path, line, what); });
  int last_line = 1;
  format.read(text, [&](const std::string& key, const std::string& value, int number) {
    last_line = number;
    if (key == "source") {
      input.source = value;
    } else if (key == "format") {
      input.format = parse_format(value, format, number);
      has_format = true;
    } else if (key == "gzip") {
      input.gzip = parse_yes_no(value, format, number);
    } else if (key == "declared") {
      input.declared = value;
    } else if (key == "directed") {
      input.directed = parse_yes_no(value, format, number);
    } else if (key == "vertices") {
      input.vertices = format.count(value, number);
      has_vertices = true;
    } else if (key == "edges") {
      input.edges = format.count(value, number);
      has_edges = true;
    } else if (key == "identity-ids") {
      input.identity_ids = parse_yes_no(value, format, number);
    } else if (key == "first-id") {
      input.first_id = parse_first_id(value, format, number);
    } else if (key == "vertex-ids-sha256") {
      if (value.size() != 64) format.fail(number, "a SHA-256 has 64 hex digits");
      input.vertex_ids_sha256 = value;
    } else {
      format.fail(number, "unknown key '" + key + "'");
    }
  });
  if (!has_format || !has_vertices || !has_edges) format.fail(last_line, "format, vertices or edges missing");
  if (!input.identity_ids && input.vertex_ids_sha256.empty()) {
    format.fail(last_line, "remapped ids without the vertex-ids-sha256 line");
  }
  return input;
}

StoreRequest input_store_request(const std::string& store_directory, const InputDescription& input) {
  StoreRequest request = request_matching(read_store_manifest(store_directory));
  // The manifest must have been made from this input: read_store compares the two.
  request.made_from = input_made_from(input);
  request.direction = direction_of(input);
  return request;
}

std::string write_id_map(const std::string& store_directory, const IdMap& ids) {
  const std::span<const std::byte> bytes = std::as_bytes(ids.sorted_ids());
  write_file_atomically(store_path(store_directory, kVertexIdsName), bytes);
  return Sha256::hex_of(bytes.data(), bytes.size());
}

std::int64_t id_map_bytes(const InputDescription& input) {
  return input.identity_ids ? 0 : input.vertices * static_cast<std::int64_t>(sizeof(std::uint64_t));
}

namespace {

// The id map's file read whole, refused unless it is a regular file of `expected_bytes`.
std::vector<std::uint64_t> read_id_file(const std::string& path, std::int64_t expected_bytes) {
  std::string problem;
  const int descriptor = open_regular_file(path, problem);
  if (descriptor < 0) damaged_id_map(path, "cannot be opened: " + problem);
  const auto bytes = static_cast<std::int64_t>(::lseek(descriptor, 0, SEEK_END));
  std::vector<std::uint64_t> sorted_ids(bytes == expected_bytes ? static_cast<std::size_t>(bytes / 8) : 0);
  const std::int64_t read = read_all_at(descriptor, 0, std::as_writable_bytes(std::span(sorted_ids)));
  ::close(descriptor);
  if (bytes != expected_bytes) {
    damaged_id_map(path, std::to_string(bytes) + " bytes, the input description says " +
                             std::to_string(expected_bytes / 8) + " ids of 8 bytes");
  }
  if (read != bytes) damaged_id_map(path, "cannot be read whole");
  return sorted_ids;
}

}  // namespace

IdMap read_id_map(const std::string& store_directory, const InputDescription& input) {
  if (input.identity_ids) return IdMap::identity(static_cast<std::uint64_t>(input.vertices), input.first_id);
  const std::string path = store_path(store_directory, kVertexIdsName);
  const auto bytes = input.vertices * static_cast<std::int64_t>(sizeof(std::uint64_t));
  std::vector<std::uint64_t> sorted_ids = read_id_file(path, bytes);
  Sha256 sha;
  sha.update(sorted_ids.data(), static_cast<std::size_t>(bytes));
  if (sha.finish_hex() != input.vertex_ids_sha256) damaged_id_map(path, "its SHA-256 differs from the input description's");
  try {
    return IdMap::from_sorted_ids(std::move(sorted_ids), input.first_id);
  } catch (const Error& error) {
    damaged_id_map(path, error.what());
  }
}

}  // namespace semibfs
