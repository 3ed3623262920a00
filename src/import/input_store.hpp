// A store built from a person's graph file (`semibfs build`, issue 5): the on-disk graph of
// graph_store.hpp plus three files beside it, so that every search can be validated against the
// input and reported in the file's own ids:
//   edges.packed48  every edge read from the input, in compact ids, in file order (self-loops and
//                   duplicates kept), the packed 12-byte layout (edges/edge_format.hpp); validation
//                   and the TEPS count stream it
//   vertex-ids      the id map (formats/id_map.hpp): one little-endian uint64 file id per compact
//                   id, ascending; absent when the file ids are the compact ids
//   input           what the input was, "key value" lines (see InputDescription), its last line "end"
// They are written (temporary name, then rename) before the graph's manifest, which comes last, so
// a directory with a manifest holds a whole store; a failed build removes everything it wrote.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <string>

#include "construction/external_build.hpp"
#include "formats/id_map.hpp"
#include "formats/input_format.hpp"
#include "formats/limited_source.hpp"
#include "graph/neighbor_order.hpp"
#include "store/graph_store.hpp"

namespace semibfs {

inline const char* const kInputDescriptionName = "input";
inline const char* const kVertexIdsName = "vertex-ids";

struct InputDescription {
  std::string source;                        // the input path as given to build
  InputFormat format = InputFormat::kSnap;   // the format read (never kAuto)
  bool gzip = false;
  std::string declared = "unknown";          // what the file says: directed, undirected or unknown
  bool directed = false;                     // false: the edges were symmetrized for BFS; true: out-edge BFS
  std::int64_t vertices = 0;                 // compact ids 0..vertices-1
  std::int64_t edges = 0;                    // edges read (= records of edges.packed48)
  bool identity_ids = true;                  // file ids are first_id + the compact ids (no vertex-ids file)
  std::string vertex_ids_sha256;             // of vertex-ids; empty when identity_ids
  // The id the file numbers from (1: Matrix Market rows); a store written before it was recorded
  // has no such line and reads as 0, its ids then 0-based as they were.
  std::uint64_t first_id = 0;
};

struct ImportStats;

struct ImportOptions {
  InputFormat format = InputFormat::kAuto;
  bool directed = false;  // out-edge BFS (in- and out-lists); refused for a file that declares itself undirected
  std::int64_t dram_budget_bytes = std::int64_t{512} << 20;  // the whole import stays within it
  // The program's own footprint, already taken from the budget above: added back to the budgets
  // and minimums that refusals state, so that they speak of the budget the user gave.
  std::int64_t program_bytes = 0;
  int partitions = 1;
  NeighborOrder order = NeighborOrder::kHubFirst;
  bool compressed_lists = false;  // the lists compressed (compress/list_codec.hpp)
  bool relabel = false;   // the store's vertices numbered by descending degree (construction/degree_relabel.hpp)
  // A weighted file's weights kept (store/stored_weights.hpp: edges.weights and list weights) where
  // the store can keep them; false reads the file as unweighted (`build --no-weights`).
  bool read_weights = true;
  std::ostream* progress = nullptr;  // bytes read, edges and rate every few seconds; the passes
  // The most bytes read from an input that is not a regular file (a pipe, a device).
  std::uint64_t max_input_bytes = kDefaultMaxInputBytes;
  // Called once the store is whole, before the import lets it stand: what it throws (a summary
  // that could not reach stdout) removes the store, so that an error never leaves one behind.
  std::function<void(const ImportStats&)> announce;
};

struct ImportStats {
  InputDescription input;        // as written to the store's input file
  std::int64_t input_bytes = 0;  // of the file as stored (compressed when gzip)
  std::int64_t edges = 0;
  std::int64_t vertices = 0;
  std::int64_t adjacencies = 0;  // list entries (of the symmetrized graph, or directed edges), without self-loops and duplicates
  double parse_seconds = 0;      // reading the input into the renumbered edge file
  double build_seconds = 0;      // external construction of the graph store
  // The most held at once, as budgeted (reserved, not necessarily touched): the reading buffers
  // and the id set, the renumbering's map and chunks, or the construction's buffers.
  std::int64_t peak_buffer_bytes = 0;
  // The store's SSSP weights: the bytes of its list weights and edge weights (0: none), and why a
  // weighted file's weights were not kept (empty when kept, or when the file has none).
  std::int64_t list_weight_bytes = 0;
  std::int64_t edge_weight_bytes = 0;
  bool file_weighted = false;
  std::string weights_dropped;
};

// Whether the file at `path` starts as an input description does (a leftover of a build that
// died may be replaced; another file named `input` may not).
bool is_input_description(const std::string& path);

// The manifest's made-from line of a store built from `input`, e.g.
// "file format=snap symmetrized vertices=4 edges=5 ids=remapped".
std::string input_made_from(const InputDescription& input);

// How the store's ids are numbered, one line for `semibfs info`, e.g. "as the file writes them,
// from 1 (Matrix Market rows), kept (no renumbering)".
std::string describe_ids(const InputDescription& input);

// The smallest memory budget import_graph_file accepts for a graph of `num_vertices` vertices (0:
// before they are known): its reading buffers, or the external construction's minimum. Ids that
// need a map take 8 bytes per distinct id more (up to 32 while they are sorted).
std::int64_t minimum_import_budget(std::int64_t num_vertices, int partitions,
                                   GraphDirection direction = GraphDirection::kUndirected, bool compressed_lists = false,
                                   bool relabelled = false);

inline GraphDirection direction_of(const InputDescription& input) {
  return input.directed ? GraphDirection::kDirected : GraphDirection::kUndirected;
}
inline GraphDirection direction_of(const ImportOptions& options) {
  return options.directed ? GraphDirection::kDirected : GraphDirection::kUndirected;
}

// Builds the store of the graph in the file `input_path` into `store_directory` (created when
// missing; when it exists it must hold no store). Throws semibfs::Error with one line (file, line,
// offending text, what to do) on bad input or I/O failure, leaving no store file behind.
ImportStats import_graph_file(const std::string& input_path, const std::string& store_directory,
                              const ImportOptions& options);

// Step 4 of import_graph_file: the graph of the store's edge file (kEdgeFileName, in compact ids)
// and input description by external construction, within options' budget, as options lay it out;
// its manifest comes last.
ExternalBuildStats build_store_graph(const std::string& store_directory, const InputDescription& input,
                                     const ImportOptions& options,
                                     std::optional<StoreArray> edge_weights = std::nullopt);

// What read_id_map's map holds in DRAM (IdMap::bytes()), known from the description alone: the
// searches' plan counts it without reading the map.
std::int64_t id_map_bytes(const InputDescription& input);

// Whether `store_directory` holds an input description (a store made by build, not by run).
bool input_store_exists(const std::string& store_directory);
// The input description; throws semibfs::Error naming the file when it is missing or malformed.
InputDescription read_input_description(const std::string& store_directory);
// What a search asks of a store built from a file: its made-from line and direction as the input
// description says, partitions and order as its manifest records them.
StoreRequest input_store_request(const std::string& store_directory, const InputDescription& input);
// The id map, its size and SHA-256 checked against the description; its find and to_file speak the
// file's own numbering (from the description's first_id).
IdMap read_id_map(const std::string& store_directory, const InputDescription& input);

// The writers import_graph_file uses (temporary name, then rename; Error naming the file).
// Writes the vertex-ids file (the file ids, as the map numbers them) of a map that is not the
// identity; returns its SHA-256.
std::string write_id_map(const std::string& store_directory, const IdMap& ids);
void write_input_description(const std::string& store_directory, const InputDescription& input);

}  // namespace semibfs
