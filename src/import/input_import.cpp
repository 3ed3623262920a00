// import_graph_file: a person's graph file into a store, within a DRAM budget (issue 5).
//   1. read: the file is parsed in chunks (formats/edge_file_reader.hpp); every edge goes, in file
//      ids, as a packed 12-byte record to a temporary edge file in the store directory, and every
//      id into a FileIdSet (formats/file_id_set.hpp), which holds them within the budget.
//   2. number: MTX keeps its declared order; el and Graph500 files keep their ids when they are
//      dense (0..max id is at most twice the ids used, e.g. a Kronecker file); SNAP files keep them
//      only when they are exactly 0..n-1; every other file is renumbered to 0..n-1 in id order.
//   3. renumber (only then): one pass over the temporary file maps each id through the IdMap into
//      edges.packed48; otherwise the temporary file is renamed to it.
//   4. vertex-ids (only when renumbered) and the input description, then the graph by external
//      construction (external_build.hpp), whose manifest comes last.
// Memory: the reader's buffers and one chunk in each layout (kReadingBytes), plus the id set (a
// bitmap of max id / 8 bytes for dense ids, else 8 bytes per distinct id and up to 32 while they are
// sorted), which must fit what the budget leaves after the buffers; in step 3 the map (8 bytes per
// distinct id), its bucket index (formats/id_lookup.hpp, 2 to 4 bytes per id, left out when the
// budget has no room for it) and two chunks. The map is freed before step 4, whose construction gets the whole
// budget. A failure anywhere removes every file the import made and the directories it created.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/file_output.hpp"
#include "core/progress_log.hpp"
#include "core/temporary_name.hpp"
#include "formats/counting_source.hpp"
#include "formats/edge_file_reader.hpp"
#include "formats/file_id_set.hpp"
#include "formats/id_lookup.hpp"
#include "formats/text_lines.hpp"
#include "edges/packed_edge.hpp"
#include "construction/degree_relabel.hpp"
#include "construction/external_build.hpp"
#include "import/input_store.hpp"
#include "edges/packed_edge_file.hpp"
#include "core/types.hpp"
#include "store/store_lock.hpp"
#include "store/store_manifest.hpp"
#include "store/stored_weights.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;

// Step 1's output, renamed or renumbered into edges.packed48 by step 3. Named for this process
// (edges.file-ids.tmp.<pid>, core/temporary_name.hpp) and removed only by it, or by a later writer
// once it has died; a file of this bare name is an older version's leftover.
constexpr const char* kFileIdEdgesName = "edges.file-ids";
constexpr std::int64_t kChunkEdges = std::int64_t{1} << 18;
constexpr std::size_t kReadBytes = std::size_t{2} << 20;
// Step 1's buffers: a chunk of RawEdge (16 bytes an edge) and its packed copy (12), the reader's
// buffer with a carried-over line of up to kMaxLineBytes, gzip's 1 MiB of compressed input, its
// inflate state and window, the format detection's head (256 KiB for these).
constexpr std::int64_t kReadingBytes = kChunkEdges * (16 + 12) + 2 * static_cast<std::int64_t>(kReadBytes) +
                                       static_cast<std::int64_t>(kMaxLineBytes) + (std::int64_t{1} << 20) +
                                       (std::int64_t{256} << 10);
// What the id set gets at least: a bitmap of 2^22 ids, or the sorted ids of a small graph.
constexpr std::int64_t kMinIdBytes = std::int64_t{1} << 20;
// Step 3: a chunk read and its renumbered copy.
constexpr std::int64_t kRenumberBytes = kChunkEdges * 12 * 2;

std::string quoted(const std::string& text) { return "'" + text + "'"; }

// Removes, unless released, the files an import put in place and the directories it created, so
// that a failed import leaves no store behind. Temporary files are their writers' own business.
class ImportCleanup {
 public:
  // Creates `directory` and its missing parents and takes its writer's lock (store/store_lock.hpp);
  // refuses a directory that holds a store.
  explicit ImportCleanup(const std::string& directory);
  ImportCleanup(const ImportCleanup&) = delete;
  ImportCleanup& operator=(const ImportCleanup&) = delete;
  ~ImportCleanup();

  void remove_on_failure(const std::string& path) { files_.push_back(path); }
  void forget(const std::string& path) { std::erase(files_, path); }
  void release() { released_ = true; }

 private:
  std::vector<std::string> files_;
  std::vector<fs::path> created_directories_;  // parents first
  bool released_ = false;
  std::unique_ptr<StoreLock> lock_;  // released last, after the cleanup
};

ImportCleanup::ImportCleanup(const std::string& directory) {
  fs::path path = fs::path(directory).lexically_normal();
  if (path.has_parent_path() && !path.has_filename()) path = path.parent_path();  // "dir/" is "dir"
  std::error_code error;
  std::vector<fs::path> missing;
  for (fs::path ancestor = path; !ancestor.empty() && !fs::exists(ancestor, error); ancestor = ancestor.parent_path()) {
    missing.push_back(ancestor);
    if (ancestor == ancestor.parent_path()) break;
  }
  for (auto missing_path = missing.rbegin(); missing_path != missing.rend(); ++missing_path) {
    if (!fs::create_directory(*missing_path, error) || error) {
      throw Error("cannot create the store directory " + quoted(missing_path->string()) + ": " +
                  (error ? error.message() : std::string("it exists")) + " (check the path and its permissions)");
    }
    created_directories_.push_back(*missing_path);
  }
  if (!fs::is_directory(path, error)) {
    throw Error("store directory " + quoted(directory) + " is not a directory (give a directory)");
  }
  lock_ = std::make_unique<StoreLock>(directory, StoreLock::Mode::kWrite);
  if (fs::exists(store_path(directory, kManifestName), error)) {
    throw Error("store directory " + quoted(directory) +
                " already holds a store (choose an empty directory, or remove the store first)");
  }
}

// The files a build puts in place before its manifest, left by one that died (kill -9, a power
// cut): the writer's lock is ours and there is no manifest, so no live build owns them, and the
// new build replaces them. A file that may not be ours (an `input` that is no input description,
// or the very graph file being read) is refused instead.
void remove_unfinished_build(const std::string& directory, const std::string& input_path, ProgressLog& log) {
  std::string removed;
  for (const char* name : {kInputDescriptionName, kEdgeFileName, kVertexIdsName, kEdgeWeightsName}) {
    const std::string path = store_path(directory, name);
    std::error_code error;
    if (!fs::exists(path, error)) continue;
    const bool ours = name != std::string(kInputDescriptionName) || is_input_description(path);
    if (!ours || fs::equivalent(path, input_path, error)) {
      throw Error("store directory " + quoted(directory) + " holds a file " + quoted(name) +
                  " that is not the leftover of a build: move it, or choose an empty directory");
    }
    if (!fs::remove(path, error) || error) {
      throw Error("cannot remove " + quoted(path) + ", left by an unfinished build: " + error.message());
    }
    removed += (removed.empty() ? "" : ", ") + std::string(name);
  }
  if (!removed.empty()) log.say("removed the files of an unfinished build: " + removed);
}

ImportCleanup::~ImportCleanup() {
  if (released_) return;
  // The last placed first: the manifest goes before the files it names.
  for (auto file = files_.rbegin(); file != files_.rend(); ++file) ::unlink(file->c_str());
  std::error_code ignored;
  // Only directories left empty: whatever someone else put there stays.
  for (auto directory = created_directories_.rbegin(); directory != created_directories_.rend(); ++directory) {
    fs::remove(*directory, ignored);
  }
}

// The graph's arrays and its manifest, once written, go too if the import fails after all.
void remove_graph_on_failure(const std::string& directory, ImportCleanup& cleanup) {
  const StoreManifest manifest = read_store_manifest(directory);
  for (const StoreArray& array : manifest.arrays) cleanup.remove_on_failure(store_path(directory, array.name));
  cleanup.remove_on_failure(store_path(directory, kManifestName));
}

// Step 1's temporary records hold file ids, up to 2^48 - 1: read back unsigned (PackedEdge's own
// accessors sign-extend bit 47, as the reference's ids are signed).
std::uint64_t source_file_id(const PackedEdge& edge) {
  return edge.v0_low | (static_cast<std::uint64_t>(edge.high & 0xFFFFu) << 32);
}
std::uint64_t target_file_id(const PackedEdge& edge) {
  return edge.v1_low | (static_cast<std::uint64_t>(edge.high >> 16) << 32);
}

std::string megabytes(double bytes) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.1f MB", bytes / 1e6);
  return text;
}

std::string rate(double amount, double seconds, const char* unit) {
  char text[48];
  std::snprintf(text, sizeof(text), "%.3g %s/s", seconds > 0 ? amount / seconds : 0.0, unit);
  return text;
}

[[noreturn]] void budget_too_small(const std::string& input_path, const ImportOptions& options, std::int64_t minimum,
                                   const std::string& what) {
  const std::int64_t program = options.program_bytes;
  throw Error("cannot build a store of " + quoted(input_path) + ": a memory budget of " +
              std::to_string(options.dram_budget_bytes + program) + " bytes is too small, " + what +
              " needs at least " + std::to_string(minimum + program) + " bytes, the program itself included" +
              " (raise the budget)");
}

void check_options(const std::string& input_path, const ImportOptions& options) {
  if (options.partitions < 1) {
    throw Error("cannot build a store of " + quoted(input_path) + " in " + std::to_string(options.partitions) +
                " partitions: need at least 1");
  }
  const std::int64_t minimum =
      minimum_import_budget(0, options.partitions, direction_of(options), options.compressed_lists, options.relabel);
  if (options.dram_budget_bytes < minimum) {
    budget_too_small(input_path, options, minimum, "reading the file");
  }
}

void check_vertex_count(const std::string& input_path, std::uint64_t vertices, const ImportOptions& options) {
  if (vertices > static_cast<std::uint64_t>(kMaxVertices)) {
    throw Error("cannot build a store of " + quoted(input_path) + ": its ids number " + std::to_string(vertices) +
                " vertices; a store holds at most 2^32 (32-bit neighbour ids)");
  }
  const std::int64_t minimum =
      minimum_import_budget(static_cast<std::int64_t>(vertices), options.partitions, direction_of(options),
                            options.compressed_lists, options.relabel);
  if (options.dram_budget_bytes < minimum) {
    budget_too_small(input_path, options, minimum,
                     "building the store of its " + std::to_string(vertices) + " vertices");
  }
}

// Step 1: every edge into `path` in file ids; the ids into `ids` when given. Returns the edge count.
// `bytes_read` counts the input's bytes as the reader takes them, of `input_bytes` (0: unknown).
std::int64_t write_file_id_edges(EdgeFileReader& reader, const std::string& path, FileIdSet* ids,
                                 EdgeWeightsWriter* weights, const std::uint64_t& bytes_read, std::uint64_t input_bytes,
                                 ProgressLog& log) {
  AtomicFileWriter writer(path);
  std::vector<RawEdge> chunk;
  std::vector<PackedEdge> packed;
  packed.reserve(static_cast<std::size_t>(kChunkEdges));
  std::int64_t edges = 0;
  double last_line = 0;
  while (reader.next_chunk(chunk)) {
    if (ids != nullptr) ids->add(chunk);
    packed.clear();
    for (const RawEdge& edge : chunk) {
      packed.push_back(PackedEdge::make(static_cast<VertexId>(edge.source), static_cast<VertexId>(edge.target)));
    }
    writer.append(std::as_bytes(std::span<const PackedEdge>(packed)));
    if (weights != nullptr) weights->append(reader.chunk_weights());
    edges += static_cast<std::int64_t>(chunk.size());
    // On a terminal, a bar over the input's bytes instead of the lines.
    log.show("reading", static_cast<std::int64_t>(bytes_read), static_cast<std::int64_t>(input_bytes),
             ProgressUnit::kBytes);
    const double seconds = log.seconds();
    if (!log.shows_bar() && seconds - last_line >= 2.0) {
      last_line = seconds;
      const std::string of_total =
          input_bytes > 0 ? " of " + megabytes(static_cast<double>(input_bytes)) + " (" +
                                std::to_string(bytes_read * 100 / input_bytes) + "%)"
                          : "";
      log.say("read " + megabytes(static_cast<double>(bytes_read)) + of_total + ", " + std::to_string(edges) + " edges, " +
              rate(static_cast<double>(bytes_read) / 1e6, seconds, "MB") + ", " +
              rate(static_cast<double>(edges), seconds, "edges"));
    }
  }
  writer.commit();
  return edges;
}

// Step 2 for the files without a declared order.
IdMap choose_numbering(FileIdSet& ids, InputFormat format) {
  ids.finish();
  const std::uint64_t id_range = ids.max_id() + 1;
  const bool keep_ids = format == InputFormat::kSnap ? ids.distinct() == id_range : id_range <= 2 * ids.distinct();
  if (keep_ids) return IdMap::identity(id_range);
  return std::move(ids).take_map();
}

// Step 3: the edges of `from` (file ids) into `to` (compact ids), OpenMP-parallel within a chunk.
template <typename Lookup>
void renumber_edges(const std::string& from, const std::string& to, const Lookup& ids, ProgressLog& log) {
  const PackedEdgeFile file_id_edges(from);
  const auto chunk_edges = static_cast<std::size_t>(std::clamp<std::int64_t>(file_id_edges.num_edges(), 1, kChunkEdges));
  std::vector<PackedEdge> chunk(chunk_edges);
  std::vector<PackedEdge> renumbered(chunk_edges);
  AtomicFileWriter writer(to);
  file_id_edges.for_each_chunk(chunk, [&](std::int64_t first, std::span<const PackedEdge> edges) {
    const auto count = static_cast<std::int64_t>(edges.size());
    std::int64_t first_unknown = count;
#pragma omp parallel for schedule(static) reduction(min : first_unknown)
    for (std::int64_t index = 0; index < count; ++index) {
      const std::optional<VertexId> source = ids.find(source_file_id(edges[index]));
      const std::optional<VertexId> target = ids.find(target_file_id(edges[index]));
      if (source && target) {
        renumbered[static_cast<std::size_t>(index)] = PackedEdge::make(*source, *target);
      } else {
        first_unknown = std::min(first_unknown, index);
      }
    }
    if (first_unknown < count) {
      throw Error("edge file " + quoted(from) + ": edge " + std::to_string(first + first_unknown) +
                  " has an id the first pass did not see (was the file changed while semibfs read it?)");
    }
    writer.append(std::as_bytes(std::span<const PackedEdge>(renumbered.data(), edges.size())));
    log.tick("renumbering: edge", first + count, file_id_edges.num_edges(), ProgressUnit::kEdges);
  });
  writer.commit();
}

void rename_file(const std::string& from, const std::string& to) {
  std::error_code error;
  fs::rename(from, to, error);
  if (error) throw Error("cannot rename " + quoted(from) + " to " + quoted(to) + ": " + error.message());
}

// Step 3: edges.packed48 from step 1's file, renamed or renumbered; vertex-ids when renumbered.
// Returns the bytes it held.
std::int64_t place_edges(const std::string& file_id_edges, const std::string& store_directory, IdMap& map,
                         const ImportOptions& options, InputDescription& input, ImportCleanup& cleanup, ProgressLog& log) {
  const std::string edges_path = store_path(store_directory, kEdgeFileName);
  cleanup.remove_on_failure(edges_path);
  if (map.is_identity()) {
    rename_file(file_id_edges, edges_path);
    cleanup.forget(file_id_edges);
    return 0;
  }
  // The bucket index when the budget has room for it beside the map, else the map's binary search.
  const auto lookup_bytes = static_cast<std::int64_t>(IdLookup::bytes_for(map.size()));
  std::int64_t held = kRenumberBytes + static_cast<std::int64_t>(map.bytes());
  if (held + lookup_bytes <= options.dram_budget_bytes) {
    renumber_edges(file_id_edges, edges_path, IdLookup(map), log);
    held += lookup_bytes;
  } else {
    renumber_edges(file_id_edges, edges_path, map, log);
  }
  ::unlink(file_id_edges.c_str());
  cleanup.forget(file_id_edges);
  cleanup.remove_on_failure(store_path(store_directory, kVertexIdsName));
  // vertex-ids holds the ids as the file writes them (MTX rows from 1), as read_id_map reads them.
  map = std::move(map).numbered_from(input.first_id);
  input.vertex_ids_sha256 = write_id_map(store_directory, map);
  return held;
}

// Why a weighted file's weights cannot be kept in the store `options` make (empty: they can).
std::string why_weights_dropped(const ImportOptions& options) {
  if (options.directed && options.partitions != 1) {
    return "a directed store keeps weights in one partition only (build it without --partitions for sssp)";
  }
  return "";
}

// Step 1's reader; `input` gets what the open learnt of the file. `bytes_read` counts the bytes the
// reader takes, for progress lines.
std::unique_ptr<EdgeFileReader> open_input(const std::string& input_path, const ImportOptions& options,
                                           std::uint64_t& bytes_read, InputDescription& input) {
  EdgeReaderOptions reader_options;
  reader_options.chunk_edges = static_cast<std::size_t>(kChunkEdges);
  reader_options.read_bytes = kReadBytes;
  reader_options.read_weights = options.read_weights;
  auto source = limit_unsized(open_file_source(input_path), input_path, options.max_input_bytes);
  auto reader = open_edge_source(std::make_unique<CountingSource>(std::move(source), bytes_read), options.format,
                                 input_path, reader_options);
  const EdgeFileInfo& info = reader->info();
  input.source = input_path;
  input.format = info.format;
  input.gzip = info.gzip;
  input.declared = to_string(info.declared);
  input.directed = options.directed;
  input.first_id = info.first_id;
  if (options.directed && info.declared == Directedness::kUndirected) {
    throw Error("cannot build a directed store of " + quoted(input_path) + ": the file declares an undirected graph (" +
                (info.format == InputFormat::kMtx ? "a symmetric Matrix Market matrix" : "'# Undirected graph'") +
                ") whose edges are listed once for both directions; build it undirected");
  }
  return reader;
}

// Steps 1 and 2: every edge into `file_id_edges`, then the numbering (in the ids the reader
// delivers). Fills the description's edges, vertices and identity_ids.
IdMap read_and_number(EdgeFileReader& reader, const std::string& input_path, const std::string& file_id_edges,
                      EdgeWeightsWriter* weights, const ImportOptions& options, const std::uint64_t& bytes_read,
                      ImportStats& stats, ProgressLog& log) {
  const EdgeFileInfo& info = reader.info();
  InputDescription& input = stats.input;
  // An MTX file declares its order: its ids need no set, and the budget is checked before reading.
  const bool declared_order = info.format == InputFormat::kMtx && info.declared_vertices.has_value();
  if (declared_order) check_vertex_count(input_path, *info.declared_vertices, options);
  std::optional<FileIdSet> ids;
  if (!declared_order) ids.emplace(options.dram_budget_bytes - kReadingBytes);
  log.say("reading " + quoted(input_path) + " (" + to_string(info.format) + (info.gzip ? ", gzip" : "") + ")");
  std::error_code unknown_size;
  const std::uintmax_t input_bytes = fs::file_size(input_path, unknown_size);
  input.edges = write_file_id_edges(reader, file_id_edges, ids ? &*ids : nullptr, weights, bytes_read,
                                    unknown_size ? 0 : input_bytes, log);
  stats.input_bytes = static_cast<std::int64_t>(bytes_read);

  IdMap map = declared_order ? IdMap::identity(*info.declared_vertices) : choose_numbering(*ids, info.format);
  stats.peak_buffer_bytes = kReadingBytes + (ids ? ids->peak_bytes() : 0);
  ids.reset();
  check_vertex_count(input_path, map.size(), options);
  input.vertices = static_cast<std::int64_t>(map.size());
  input.identity_ids = map.is_identity();
  log.say("read " + megabytes(static_cast<double>(bytes_read)) + ", " + std::to_string(input.edges) + " edges, " +
          std::to_string(input.vertices) + " vertices (" + (input.identity_ids ? "ids kept" : "ids renumbered") + ")");
  return map;
}

}  // namespace

std::int64_t minimum_import_budget(std::int64_t num_vertices, int partitions, GraphDirection direction, bool compressed_lists,
                                   bool relabelled) {
  return std::max(kReadingBytes + kMinIdBytes,
                  minimum_external_build_budget(num_vertices, partitions, direction, compressed_lists) +
                      (relabelled ? relabel_bytes(num_vertices) : 0));
}

ExternalBuildStats build_store_graph(const std::string& store_directory, const InputDescription& input,
                                     const ImportOptions& options, std::optional<StoreArray> edge_weights) {
  ExternalBuildOptions build_options;
  build_options.dram_budget_bytes = options.dram_budget_bytes;
  build_options.partitions = options.partitions;
  build_options.order = options.order;
  build_options.made_from = input_made_from(input);
  build_options.progress = options.progress;
  build_options.direction = direction_of(input);
  if (options.compressed_lists) build_options.list_codec = default_list_codec();
  build_options.edge_weights = std::move(edge_weights);
  const std::string edges = store_path(store_directory, kEdgeFileName);
  if (options.relabel) return build_relabelled_store(edges, input.vertices, store_directory, build_options);
  return build_store_from_edge_file(edges, input.vertices, store_directory, build_options);
}

ImportStats import_graph_file(const std::string& input_path, const std::string& store_directory,
                              const ImportOptions& options) {
  check_options(input_path, options);
  ImportCleanup cleanup(store_directory);
  ProgressLog log(options.progress, "build");
  remove_unfinished_build(store_directory, input_path, log);
  ImportStats stats;
  InputDescription& input = stats.input;

  // Steps 1 and 2.
  std::uint64_t bytes_read = 0;
  auto reader = open_input(input_path, options, bytes_read, input);
  const std::string file_id_edges = temporary_path(store_path(store_directory, kFileIdEdgesName));
  cleanup.remove_on_failure(file_id_edges);
  stats.file_weighted = reader->info().weighted;
  stats.weights_dropped = stats.file_weighted ? why_weights_dropped(options) : "";
  // The weights follow the records in file order, which renumbering keeps.
  std::optional<EdgeWeightsWriter> weights;
  if (stats.file_weighted && stats.weights_dropped.empty()) weights.emplace(store_directory);
  IdMap map = read_and_number(*reader, input_path, file_id_edges, weights ? &*weights : nullptr, options, bytes_read,
                              stats, log);
  reader.reset();
  std::optional<StoreArray> edge_weights;
  if (weights) {
    cleanup.remove_on_failure(store_path(store_directory, kEdgeWeightsName));
    edge_weights = weights->finish();
    stats.edge_weight_bytes = edge_weights->bytes;
  }

  // Steps 3 and 4; the map is freed before the construction, which gets the whole budget.
  stats.peak_buffer_bytes =
      std::max(stats.peak_buffer_bytes, place_edges(file_id_edges, store_directory, map, options, input, cleanup, log));
  map = IdMap::identity(0);
  cleanup.remove_on_failure(store_path(store_directory, kInputDescriptionName));
  write_input_description(store_directory, input);
  stats.parse_seconds = log.seconds();
  const ExternalBuildStats built = build_store_graph(store_directory, input, options, edge_weights);
  remove_graph_on_failure(store_directory, cleanup);
  stats.list_weight_bytes = read_store_manifest(store_directory).list_weight_bytes();
  stats.edges = input.edges;
  stats.vertices = input.vertices;
  stats.adjacencies = built.adjacencies;
  stats.build_seconds = built.seconds;
  stats.peak_buffer_bytes = std::max(stats.peak_buffer_bytes, built.peak_buffer_bytes);
  if (options.announce) options.announce(stats);
  cleanup.release();
  return stats;
}

}  // namespace semibfs
