#include "store/store_versions.hpp"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <span>

#include "core/descriptor_io.hpp"
#include "core/error.hpp"
#include "core/file_output.hpp"
#include "core/sha256.hpp"
#include "edges/packed_edge.hpp"
#include "store/key_value_text.hpp"
#include "store/store_manifest.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;

constexpr const char* kMagic = "semibfs-store-version";
constexpr int kFormatVersion = 1;
constexpr const char* kPrefix = "version-";
constexpr const char* kEdgesSuffix = ".edges";

std::string description_name(int version) { return kPrefix + std::to_string(version); }
std::string edges_name(int version) { return description_name(version) + kEdgesSuffix; }

std::string read_bytes(const std::string& path) {
  std::string problem;
  std::optional<std::string> bytes = read_regular_file(path, problem);
  if (!bytes) throw Error("cannot read '" + path + "': " + problem + " (check that it is the store's file and readable)");
  return *std::move(bytes);
}

[[noreturn]] void damaged(const std::string& path, const std::string& what) {
  throw Error("store version file '" + path + "': " + what +
              " (the version is damaged; 'semibfs compact' cannot fold it either: rebuild the store)");
}

// The K of a description's name "version-K" (digits only, no leading zero); 0 for other names.
int version_of_name(const std::string& name) {
  const std::string prefix = kPrefix;
  if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) return 0;
  const std::string digits = name.substr(prefix.size());
  if (digits.size() > 6 || digits[0] == '0' || digits.find_first_not_of("0123456789") != std::string::npos) return 0;
  return std::stoi(digits);
}

VersionDescription parse_description(const std::string& text, const std::string& path) {
  const KeyValueText format(kMagic, kFormatVersion, "version description", [&path](int line, const std::string& what) {
    damaged(path, "line " + std::to_string(line) + ": " + what);
  });
  VersionDescription description;
  format.read(text, [&](const std::string& key, const std::string& value, int line) {
    if (key == "version") {
      description.version = static_cast<int>(std::min<std::int64_t>(format.count(value, line), 1 << 30));
    } else if (key == "edges") {
      description.edges = format.count(value, line);
    } else if (key == "edges-sha256") {
      description.edges_sha256 = value;
    } else if (key == "base-manifest-sha256") {
      description.base_manifest_sha256 = value;
    } else {
      format.fail(line, "unknown key '" + key + "'");
    }
  });
  return description;
}

std::string description_text(const VersionDescription& description) {
  return std::string(kMagic) + " " + std::to_string(kFormatVersion) + "\nversion " +
         std::to_string(description.version) + "\nedges " + std::to_string(description.edges) + "\nedges-sha256 " +
         description.edges_sha256 + "\nbase-manifest-sha256 " + description.base_manifest_sha256 + "\nend\n";
}

// Throws unless every id of the packed edges in `bytes`, which start at edge `first`, is below `vertices`.
void check_edge_ids(std::span<const std::byte> bytes, std::int64_t first, const std::string& path,
                    std::int64_t vertices) {
  const std::size_t count = bytes.size() / sizeof(PackedEdge);
  for (std::size_t i = 0; i < count; ++i) {
    PackedEdge packed;
    std::memcpy(&packed, bytes.data() + i * sizeof(PackedEdge), sizeof(PackedEdge));
    const VertexId v0 = packed.v0();
    const VertexId v1 = packed.v1();
    if (v0 < 0 || v0 >= vertices || v1 < 0 || v1 >= vertices) {
      damaged(path, "edge " + std::to_string(first + static_cast<std::int64_t>(i)) +
                        " names a vertex outside the store's " + std::to_string(vertices));
    }
  }
}

// Throws unless `size` bytes hold the edges `description` records.
void check_edge_bytes(const std::string& path, std::uintmax_t size, const VersionDescription& description) {
  if (size != static_cast<std::uintmax_t>(description.edges) * sizeof(PackedEdge)) {
    damaged(path, std::to_string(size) + " bytes where " + std::to_string(description.edges) +
                      " edges of 12 bytes were written");
  }
}

// The size of the edges file of `description`, checked against it.
std::uintmax_t checked_edge_file_size(const std::string& path, const VersionDescription& description) {
  std::error_code error;
  const std::uintmax_t size = fs::file_size(path, error);
  if (error) damaged(path, "it cannot be read (" + error.message() + ")");
  check_edge_bytes(path, size, description);
  return size;
}

}  // namespace

std::vector<std::string> version_file_names(int version) { return {edges_name(version), description_name(version)}; }

std::string base_manifest_sha256(const std::string& directory) {
  const std::string text = read_bytes(store_path(directory, kManifestName));
  return Sha256::hex_of(text.data(), text.size());
}

int latest_store_version(const std::string& directory) {
  int highest = 0;
  std::int64_t count = 0;
  std::error_code error;
  for (const fs::directory_entry& entry : fs::directory_iterator(directory, error)) {
    const int version = version_of_name(entry.path().filename().string());
    if (version == 0) continue;
    highest = std::max(highest, version);
    ++count;
  }
  if (error) throw Error("cannot list the store directory '" + directory + "': " + error.message());
  if (count != highest) {
    throw Error("store '" + directory + "' has version " + std::to_string(highest) + " but only " +
                std::to_string(count) + " version descriptions (a version is missing; rebuild the store)");
  }
  return highest;
}

std::vector<VersionDescription> read_version_descriptions(const std::string& directory, int first, int last) {
  const std::string base = base_manifest_sha256(directory);
  std::vector<VersionDescription> descriptions;
  for (int version = first; version <= last; ++version) {
    const std::string path = store_path(directory, description_name(version));
    const VersionDescription& description = descriptions.emplace_back(parse_description(read_bytes(path), path));
    if (description.version != version) damaged(path, "it describes version " + std::to_string(description.version));
    if (description.base_manifest_sha256 != base) {
      damaged(path, "it extends another base than the store's manifest (the store was rebuilt after it was added)");
    }
  }
  return descriptions;
}

VersionDescription read_version_description(const std::string& directory, int version) {
  return read_version_descriptions(directory, version, version).front();
}

std::int64_t added_edges(std::span<const VersionDescription> versions) {
  std::int64_t edges = 0;
  for (const VersionDescription& version : versions) edges += version.edges;
  return edges;
}

std::vector<CompactEdge> read_version_edges(const std::string& directory, int first, int last, std::int64_t vertices) {
  return read_version_edges(directory, read_version_descriptions(directory, first, last), vertices);
}

void read_version_edge_pieces(const std::string& directory, const VersionDescription& description,
                              std::int64_t vertices, const std::function<void(std::span<const std::byte>)>& consume) {
  constexpr std::size_t kPieceBytes = sizeof(PackedEdge) << 16;
  const std::string path = store_path(directory, edges_name(description.version));
  std::uintmax_t left = checked_edge_file_size(path, description);
  std::ifstream file(path, std::ios::binary);
  if (!file) damaged(path, "it cannot be opened");
  std::vector<std::byte> piece(static_cast<std::size_t>(std::min<std::uintmax_t>(left, kPieceBytes)));
  Sha256 sha;
  std::int64_t first = 0;
  while (left > 0) {
    const auto size = static_cast<std::size_t>(std::min<std::uintmax_t>(left, kPieceBytes));
    if (!file.read(reinterpret_cast<char*>(piece.data()), static_cast<std::streamsize>(size))) {
      damaged(path, "it ends before the " + std::to_string(description.edges) + " edges its description records");
    }
    const std::span<const std::byte> bytes(piece.data(), size);
    check_edge_ids(bytes, first, path, vertices);
    sha.update(bytes.data(), bytes.size());
    consume(bytes);
    first += static_cast<std::int64_t>(size / sizeof(PackedEdge));
    left -= size;
  }
  if (sha.finish_hex() != description.edges_sha256) damaged(path, "its SHA-256 differs from the one its description records");
}

std::vector<CompactEdge> read_version_edges(const std::string& directory, std::span<const VersionDescription> versions,
                                            std::int64_t vertices) {
  // Every file's size checked first, so that the edges are reserved once, as the budget counts them.
  std::int64_t total = 0;
  for (const VersionDescription& description : versions) {
    checked_edge_file_size(store_path(directory, edges_name(description.version)), description);
    total += description.edges;
  }
  std::vector<CompactEdge> edges;
  edges.reserve(static_cast<std::size_t>(total));
  for (const VersionDescription& description : versions) {
    read_version_edge_pieces(directory, description, vertices, [&edges](std::span<const std::byte> bytes) {
      for (std::size_t at = 0; at < bytes.size(); at += sizeof(PackedEdge)) {
        PackedEdge packed;
        std::memcpy(&packed, bytes.data() + at, sizeof(PackedEdge));
        edges.push_back(CompactEdge::make(packed.v0(), packed.v1()));
      }
    });
  }
  return edges;
}

int write_store_version(const std::string& directory, const std::vector<CompactEdge>& edges) {
  VersionDescription description;
  description.version = latest_store_version(directory) + 1;
  description.edges = static_cast<std::int64_t>(edges.size());
  description.base_manifest_sha256 = base_manifest_sha256(directory);
  std::vector<PackedEdge> packed;
  packed.reserve(edges.size());
  for (const CompactEdge& edge : edges) packed.push_back(PackedEdge::make(edge.v0(), edge.v1()));
  const std::span<const std::byte> bytes = std::as_bytes(std::span(packed));
  description.edges_sha256 = Sha256::hex_of(bytes.data(), bytes.size());
  // The edges first, the description last: a version exists once its description does.
  const std::string edges_path = store_path(directory, edges_name(description.version));
  write_file_atomically(edges_path, bytes);
  RemovedUnlessKept edges_file(edges_path);
  write_file_atomically(store_path(directory, description_name(description.version)), description_text(description));
  edges_file.keep();
  return description.version;
}

}  // namespace semibfs
