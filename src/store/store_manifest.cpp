#include "store/store_manifest.hpp"

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <string>

#include "core/error.hpp"
#include "core/types.hpp"
#include "graph/neighbor_order.hpp"
#include "graph/partition_layout.hpp"
#include "store/key_value_text.hpp"

namespace semibfs {
namespace {

constexpr const char* kMagic = "semibfs-graph-store";

[[noreturn]] void bad_manifest(const std::string& path, int line, const std::string& what) {
  throw Error("store manifest '" + path + "' line " + std::to_string(line) + ": " + what +
              " (the store is damaged or not a semibfs store; rebuild it in an empty directory)");
}

bool is_sha256_hex(const std::string& text) {
  return text.size() == 64 && text.find_first_not_of("0123456789abcdef") == std::string::npos;
}

// "NAME BYTES SHA256", as array and edge-file lines write a file.
StoreArray parse_file_entry(const KeyValueText& format, const std::string& value, int line, const char* key) {
  std::istringstream fields(value);
  StoreArray entry;
  std::string bytes;
  std::string extra;
  if (!(fields >> entry.name >> bytes >> entry.sha256) || (fields >> extra) || !is_sha256_hex(entry.sha256)) {
    format.fail(line, std::string("an ") + key + " line needs a name, a size and a SHA-256 (64 hex digits)");
  }
  entry.bytes = format.count(bytes, line);
  return entry;
}

// The edge file's pair digest as 16 hex digits.
std::string format_pair_digest(std::uint64_t digest) {
  char text[17];
  std::snprintf(text, sizeof(text), "%016llx", static_cast<unsigned long long>(digest));
  return text;
}

std::uint64_t parse_pair_digest(const KeyValueText& format, const std::string& value, int line) {
  if (value.size() != 16 || value.find_first_not_of("0123456789abcdef") != std::string::npos) {
    format.fail(line, "an edge-pairs line needs a digest of 16 hex digits");
  }
  return std::stoull(value, nullptr, 16);
}

// "RANK RANKS" with 0 <= RANK < RANKS <= kMaxRanks.
RankPart parse_rank_part(const KeyValueText& format, const std::string& value, int line) {
  std::istringstream fields(value);
  std::string rank;
  std::string ranks;
  std::string extra;
  if (!(fields >> rank >> ranks) || (fields >> extra)) format.fail(line, "a rank-part line needs a rank and a rank count");
  const std::int64_t count = format.count(ranks, line);
  const std::int64_t index = format.count(rank, line);
  if (count < 1 || count > kMaxRanks || index >= count) {
    format.fail(line, "a rank part needs 1 to " + std::to_string(kMaxRanks) + " ranks and a rank below their count");
  }
  return {static_cast<int>(index), static_cast<int>(count)};
}

// "byte/M": the byte code (the one a store holds) with a minimum interval length of 1 to 64.
ListCodec parse_store_list_code(const KeyValueText& format, const std::string& value, int line) {
  const std::size_t slash = value.find('/');
  if (slash == std::string::npos || value.substr(0, slash) != "byte") {
    format.fail(line, "a list-code line needs 'byte/M' (the byte code, minimum interval length M)");
  }
  const std::int64_t minimum = format.count(value.substr(slash + 1), line);
  if (minimum < 1 || minimum > 64) format.fail(line, "the minimum interval length must be 1 to 64");
  return {IntegerCode::kByte, static_cast<int>(minimum)};
}

// Weights are kept only beside an undirected graph's lists (plain or compressed, relabelled or
// not, in one process or a rank's part), or a directed one's out-lists in one partition of one
// process, and the edge file's weights only beside an edge file.
void check_weights_fit(const StoreManifest& manifest, const std::string& path) {
  const bool directed = manifest.direction != GraphDirection::kUndirected;
  if (manifest.list_weights && directed && (manifest.rank_part || manifest.partitions != 1)) {
    throw Error("store manifest '" + path + "': list weights beside directed lists of a rank's part or of " +
                std::to_string(manifest.partitions) +
                " partitions (the store is damaged; rebuild it in an empty directory)");
  }
  if (manifest.edge_weights && (!manifest.edge_file || !manifest.list_weights)) {
    throw Error("store manifest '" + path + "': edge weights without an edge file or list weights (the store is "
                "damaged; rebuild it in an empty directory)");
  }
}

}  // namespace

VertexRange StoreManifest::partition_rows(int partition) const {
  if (rank_part) return PartitionLayout(vertices, rank_part->ranks).range(rank_part->rank);
  return PartitionLayout(vertices, partitions).range(partition);
}

std::string StoreManifest::to_text() const {
  std::ostringstream text;
  text << kMagic << ' ' << version << '\n'
       << "made-from " << made_from << '\n'
       << "vertices " << vertices << '\n'
       << "adjacencies " << adjacencies << '\n'
       << "partitions " << partitions << '\n'
       << "neighbor-order " << neighbor_order << '\n'
       << "direction " << to_string(direction) << '\n';
  if (!vertex_order.empty()) text << "vertex-order " << vertex_order << '\n';
  if (list_codec) text << "list-code " << to_string(*list_codec) << '\n';
  for (const StoreArray& array : arrays) text << "array " << array.name << ' ' << array.bytes << ' ' << array.sha256 << '\n';
  if (edge_file) text << "edge-file " << edge_file->name << ' ' << edge_file->bytes << ' ' << edge_file->sha256 << '\n';
  if (edge_file && edge_file->pair_digest) text << "edge-pairs " << format_pair_digest(*edge_file->pair_digest) << '\n';
  if (rank_part) text << "rank-part " << rank_part->rank << ' ' << rank_part->ranks << '\n';
  if (list_weights) text << "list-weights " << kListWeightsType << '\n';
  if (edge_weights) {
    text << "edge-weights " << edge_weights->name << ' ' << edge_weights->bytes << ' ' << edge_weights->sha256 << '\n';
  }
  text << "end\n";
  return text.str();
}

StoreManifest StoreManifest::parse(const std::string& text, const std::string& path) {
  StoreManifest manifest;
  int rank_part_line = 0;
  const KeyValueText format(kMagic, kStoreFormatVersion, "manifest",
                            [&](int line, const std::string& what) { bad_manifest(path, line, what); });
  format.read(text, [&](const std::string& key, const std::string& value, int number) {
    if (key == "made-from") {
      manifest.made_from = value;
    } else if (key == "vertices") {
      manifest.vertices = format.count(value, number);
      if (manifest.vertices > kMaxVertices) bad_manifest(path, number, "more than 2^32 vertices");
    } else if (key == "adjacencies") {
      manifest.adjacencies = format.count(value, number);
    } else if (key == "partitions") {
      const std::int64_t partitions = format.count(value, number);
      if (partitions < 1 || partitions > kMaxPartitions) {
        bad_manifest(path, number, "partitions must be 1 to " + std::to_string(kMaxPartitions));
      }
      manifest.partitions = static_cast<int>(partitions);
    } else if (key == "neighbor-order") {
      try {
        parse_neighbor_order(value);
      } catch (const UsageError&) {
        bad_manifest(path, number, "unknown neighbor order '" + value + "'");
      }
      manifest.neighbor_order = value;
    } else if (key == "direction") {
      if (value != "directed" && value != "undirected") bad_manifest(path, number, "direction must be directed or undirected");
      manifest.direction = value == "directed" ? GraphDirection::kDirected : GraphDirection::kUndirected;
    } else if (key == "vertex-order") {
      if (!manifest.vertex_order.empty()) bad_manifest(path, number, "the vertex order is listed twice");
      if (value != "degree") bad_manifest(path, number, "the vertex order must be degree");
      manifest.vertex_order = value;
    } else if (key == "list-code") {
      if (manifest.list_codec) bad_manifest(path, number, "the list code is listed twice");
      manifest.list_codec = parse_store_list_code(format, value, number);
    } else if (key == "array") {
      StoreArray array = parse_file_entry(format, value, number, "array");
      for (const StoreArray& listed : manifest.arrays) {
        if (listed.name == array.name) bad_manifest(path, number, "array '" + array.name + "' is listed twice");
      }
      manifest.arrays.push_back(std::move(array));
    } else if (key == "edge-file") {
      if (manifest.edge_file) bad_manifest(path, number, "the edge file is listed twice");
      manifest.edge_file = parse_file_entry(format, value, number, "edge-file");
    } else if (key == "edge-pairs") {
      if (!manifest.edge_file || manifest.edge_file->pair_digest) {
        bad_manifest(path, number, "an edge-pairs line belongs once after the edge-file line");
      }
      manifest.edge_file->pair_digest = parse_pair_digest(format, value, number);
    } else if (key == "rank-part") {
      if (manifest.rank_part) bad_manifest(path, number, "the rank part is listed twice");
      manifest.rank_part = parse_rank_part(format, value, number);
      rank_part_line = number;
    } else if (key == "list-weights") {
      if (manifest.list_weights || value != kListWeightsType) {
        bad_manifest(path, number, std::string("a list-weights line belongs once, of type ") + kListWeightsType);
      }
      manifest.list_weights = true;
    } else if (key == "edge-weights") {
      if (manifest.edge_weights) bad_manifest(path, number, "the edge weights are listed twice");
      manifest.edge_weights = parse_file_entry(format, value, number, "edge-weights");
      if (manifest.edge_weights->name != kEdgeWeightsName) {
        bad_manifest(path, number, std::string("the edge weights' file must be ") + kEdgeWeightsName);
      }
    } else {
      // What this semibfs does not know may be what a newer one added (list-weights came so).
      bad_manifest(path, number, "unknown key '" + key + "' (written by a newer semibfs?)");
    }
  });
  check_weights_fit(manifest, path);
  if (manifest.rank_part && (manifest.partitions != 1 || manifest.direction != GraphDirection::kUndirected ||
                             manifest.list_codec || !manifest.vertex_order.empty())) {
    bad_manifest(path, rank_part_line, "a rank part holds one partition of an undirected graph, uncompressed, in input ids");
  }
  return manifest;
}

std::int64_t StoreManifest::backward_list_bytes() const {
  std::int64_t bytes = 0;
  for (int k = 0; k < partitions; ++k) {
    const std::string name = store_array_name(k, "backward", list_codec ? "lists" : "neighbors");
    for (const StoreArray& listed : arrays) bytes += listed.name == name ? listed.bytes : 0;
  }
  return bytes;
}

std::int64_t StoreManifest::list_weight_bytes() const {
  std::int64_t bytes = 0;
  for (int k = 0; list_weights && k < partitions; ++k) {
    const std::string name = store_array_name(k, weighted_lists_graph(direction), "weights");
    for (const StoreArray& listed : arrays) bytes += listed.name == name ? listed.bytes : 0;
  }
  return bytes;
}

const StoreArray& StoreManifest::array(const std::string& name, const std::string& path) const {
  for (const StoreArray& entry : arrays) {
    if (entry.name == name) return entry;
  }
  throw Error("store manifest '" + path + "' lists no array '" + name +
              "' (the store is damaged; rebuild it in an empty directory)");
}

std::string store_path(const std::string& directory, const std::string& name) {
  return (std::filesystem::path(directory) / name).string();
}

// Appended piece by piece: GCC 12 warns (-Wrestrict, falsely) on the chained operator+.
std::string store_array_name(int partition, const char* graph, const char* part) {
  std::string name = "p";
  name.append(std::to_string(partition)).append(".").append(graph).append(".").append(part);
  return name;
}

const char* weighted_lists_graph(GraphDirection direction) {
  return direction == GraphDirection::kDirected ? "forward" : "backward";
}

void check_store_directory(const std::string& directory) {
  std::error_code error;
  if (!std::filesystem::is_directory(directory, error)) {
    throw Error("store directory '" + directory + "' does not exist or is not a directory (create it first)");
  }
}

bool store_exists(const std::string& directory) {
  std::error_code error;
  return std::filesystem::exists(store_path(directory, kManifestName), error);
}

}  // namespace semibfs
