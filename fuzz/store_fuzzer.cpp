// libFuzzer target: a crafted store. At start-up a few small pristine stores are written (undirected
// and directed, one to three partitions, each neighbour order, two with versions as add-edges
// writes them; see pristine_stores) into a
// temporary directory, /dev/shm where it exists. Each input picks one, damages a copy of its files
// (store_patches.hpp: offsets, neighbour ids, the edge file and the manifest's lines), reseals the
// manifest (sizes and SHA-256 recomputed, unless the input says not to) and opens the result as
// `semibfs bfs` would: read whole into DRAM and searched, then opened tiered under a plan that
// leaves list tails on disk and searched again, then the searches validated against the pristine
// edges. Every step must either work or throw a one-line semibfs::Error; a crash, a sanitizer
// report or another exception stops the fuzzer, as does a search that breaks its promises (a
// parent outside the graph; DRAM and tiered searches that took the same directions but reached
// different vertices).
//
// Input: byte 0 the store, byte 1 flags (bit 0: 2 threads, not 1; 1: a bottom-up frontier summary;
// 2-3 the direction policy; 4: pread, not auto; 5: a tiny tail fetcher; 6-7 both zero: no reseal),
// byte 2 the tiered plan (K, D, hub limit), byte 3 the roots, the planner's budget and whether its
// plan is used, then 8-byte patches (store_patches.hpp).
#include <omp.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bfs/bfs.hpp"
#include "construction/external_build.hpp"
#include "core/error.hpp"
#include "gen/kronecker.hpp"
#include "gen/kronecker_edge_file.hpp"
#include "graph/csr_graph.hpp"
#include "graph/partitioned_graph.hpp"
#include "store/edge_file_check.hpp"
#include "query/version_overlay.hpp"
#include "store/graph_store.hpp"
#include "store/store_versions.hpp"
#include "store_patches.hpp"
#include "tiered/placement_plan.hpp"
#include "tiered/tiered_graph.hpp"
#include "validate/validator.hpp"

namespace semibfs::fuzzing {
namespace {

namespace fs = std::filesystem;

struct PristineStore {
  StoreFiles files;
  EdgeList edges;  // the input the store was made from, for validation
  GraphDirection direction = GraphDirection::kUndirected;
};

struct FuzzState {
  fs::path root;
  fs::path work;  // the crafted store of the current input
  std::vector<PristineStore> stores;
};

FuzzState* state = nullptr;
// SEMIBFS_FUZZ_VERBOSE=1: each step's outcome on stderr, to see what an input does.
bool verbose = false;

void say(const char* step, const std::string& outcome) {
  if (verbose) std::fprintf(stderr, "%s: %s\n", step, outcome.c_str());
}

inline void require(bool promise_kept) {
  if (!promise_kept) __builtin_trap();
}

// Only a one-line semibfs::Error is an acceptable outcome of a damaged store.
void require_one_line(const char* step, const Error& error) {
  say(step, error.what());
  const std::string_view message = error.what();
  require(!message.empty() && message.find('\n') == std::string_view::npos && message.size() < 2048);
}

StoreFiles files_of(const fs::path& directory) {
  StoreFiles files;
  for (const fs::directory_entry& entry : fs::directory_iterator(directory)) {
    std::ifstream in(entry.path(), std::ios::binary);
    files[entry.path().filename().string()] = std::string(std::istreambuf_iterator<char>(in), {});
  }
  return files;
}

std::string made_from(const KroneckerParams& params) {
  return "kronecker scale=" + std::to_string(params.scale) + " edgefactor=" + std::to_string(params.edgefactor) +
         " seed1=2 seed2=3";
}

// A store written from the graph in DRAM (write_store); with `vertices` set, only the edges among
// the first `vertices` vertices are kept, so that the last partition ends inside a 64-vertex word.
PristineStore in_memory_store(const fs::path& directory, int scale, int edgefactor, int partitions, NeighborOrder order,
                              std::int64_t vertices = 0) {
  KroneckerParams params;
  params.scale = scale;
  params.edgefactor = edgefactor;
  PristineStore store;
  store.edges = generate_kronecker(params, false);
  if (vertices > 0) {
    std::erase_if(store.edges.edges,
                  [vertices](const CompactEdge& edge) { return edge.v0() >= vertices || edge.v1() >= vertices; });
    store.edges.num_vertices = vertices;
  }
  fs::create_directories(directory);
  write_store(directory.string(), PartitionedGraph(build_csr(store.edges), partitions, order), made_from(params));
  store.files = files_of(directory);
  return store;
}

// A store built by the external construction from its edge file, which stays in the store and is
// recorded in the manifest (as `run --dram-budget` leaves it); the only way to a directed store.
PristineStore external_store(const fs::path& directory, int scale, int edgefactor, int partitions, NeighborOrder order,
                             GraphDirection direction, bool compressed = false) {
  KroneckerParams params;
  params.scale = scale;
  params.edgefactor = edgefactor;
  PristineStore store;
  store.edges = generate_kronecker(params, false);
  store.direction = direction;
  fs::create_directories(directory);
  const std::string edge_file = store_path(directory.string(), kEdgeFileName);
  write_kronecker_edge_file(params, edge_file, std::int64_t{1} << 20);
  ExternalBuildOptions options;
  options.dram_budget_bytes = std::int64_t{64} << 20;
  options.partitions = partitions;
  options.order = order;
  options.made_from = made_from(params);
  options.direction = direction;
  if (compressed) options.list_codec = default_list_codec();
  build_store_from_edge_file(edge_file, params.num_vertices(), directory.string(), options);
  store.files = files_of(directory);
  return store;
}

// A store with two versions (as `add-edges` writes them: version-K.edges and version-K) over an
// external store, so that patches reach the versions' files and their readers.
PristineStore versioned_store(const fs::path& directory, GraphDirection direction) {
  PristineStore store = external_store(directory, 7, 4, 1, NeighborOrder::kById, direction);
  const auto vertices = store.edges.num_vertices;
  for (int version = 1; version <= 2; ++version) {
    std::vector<CompactEdge> added;
    for (VertexId v = 0; v + 1 < vertices; v += 5) added.push_back(CompactEdge::make(v, (v * 3 + version) % vertices));
    write_store_version(directory.string(), added);
  }
  store.files = files_of(directory);
  return store;
}

// Small graphs (a few KiB per file, so that a patch position reaches any entry): partitions are
// whole 64-vertex words, so SCALE 8 splits into 2 or 3 (the third empty) ranges; the sixth store
// keeps 200 of its 256 vertices; the last two are compressed.
std::vector<PristineStore> pristine_stores(const fs::path& root) {
  std::vector<PristineStore> stores;
  stores.push_back(in_memory_store(root / "s0", 7, 8, 1, NeighborOrder::kHubFirst));
  stores.push_back(in_memory_store(root / "s1", 8, 4, 2, NeighborOrder::kByDegree));
  stores.push_back(external_store(root / "s2", 7, 4, 1, NeighborOrder::kHubFirst, GraphDirection::kDirected));
  stores.push_back(external_store(root / "s3", 8, 4, 2, NeighborOrder::kById, GraphDirection::kDirected));
  stores.push_back(external_store(root / "s4", 8, 4, 3, NeighborOrder::kById, GraphDirection::kUndirected));
  stores.push_back(in_memory_store(root / "s5", 8, 4, 2, NeighborOrder::kHubFirst, 200));
  // Compressed lists (positions, lists and heads files), read only tiered.
  stores.push_back(external_store(root / "s6", 7, 8, 1, NeighborOrder::kHubFirst, GraphDirection::kUndirected, true));
  stores.push_back(external_store(root / "s7", 8, 4, 2, NeighborOrder::kById, GraphDirection::kDirected, true));
  stores.push_back(versioned_store(root / "s8", GraphDirection::kUndirected));
  stores.push_back(versioned_store(root / "s9", GraphDirection::kDirected));
  return stores;
}

void write_store_files(const fs::path& directory, const StoreFiles& files) {
  fs::remove_all(directory);
  fs::create_directories(directory);
  for (const auto& [name, bytes] : files) {
    std::ofstream(directory / name, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
}

struct Choices {
  BfsOptions bfs;
  TailFetchOptions fetch;
  int threads = 1;
  bool reseal = true;
  PlacementPlan plan;  // lists split: tails on disk
  std::int64_t planner_budget = 0;
  std::uint8_t roots = 0;
};

Choices choices_of(std::uint8_t flags, std::uint8_t plan, std::uint8_t roots) {
  Choices choices;
  choices.threads = 1 + (flags & 1);
  constexpr PolicyKind kPolicies[] = {PolicyKind::kAlphaBeta, PolicyKind::kBeamer, PolicyKind::kTopDown,
                                      PolicyKind::kBottomUp};
  choices.bfs.policy = kPolicies[(flags >> 2) & 3];
  if (flags & 2) choices.bfs.summary_bits = 64;
  choices.fetch.io = (flags & 16) ? IoKind::kPread : IoKind::kAuto;
  if (flags & 32) {
    choices.fetch.arena_bytes = 8 * 4096;
    choices.fetch.max_request_bytes = 2 * 4096;
    choices.fetch.queue_depth = 4;
  }
  choices.reseal = (flags >> 6) != 0;
  constexpr std::int64_t kHubLimits[] = {0, 2, 8, 40};
  choices.plan.head_entries = 1 + (plan & 3);
  choices.plan.low_degree_limit = (plan >> 2) & 3;
  choices.plan.hub_degree_limit = kHubLimits[(plan >> 4) & 3];
  choices.plan.fits_in_memory = false;
  choices.planner_budget = std::int64_t{1} << (10 + (roots & 15));  // 1 KiB to 32 MiB
  choices.roots = roots;
  return choices;
}

std::vector<VertexId> roots_of(std::int64_t vertices, std::uint8_t seed) {
  if (vertices <= 0) return {};
  return {static_cast<VertexId>(seed % vertices), static_cast<VertexId>((seed * 7 + 13) % vertices)};
}

// A search's promises whatever the graph: the root is its own parent, every parent is a vertex.
void require_parent_array(VertexId root, const std::vector<VertexId>& parent) {
  require(parent[root] == root);
  for (const VertexId up : parent) require(up == kUnreached || (up >= 0 && up < static_cast<VertexId>(parent.size())));
}

// One root's search: the parents and the direction of each step.
struct Search {
  std::vector<VertexId> parent;
  std::vector<bool> bottom_up;
};

// Each root's search; validated when the crafted graph still has the pristine vertex count (any
// verdict is fine, the validator must only not crash).
std::vector<Search> search(BfsEngine& engine, std::int64_t vertices, const std::vector<VertexId>& roots,
                           const PristineStore& pristine) {
  std::vector<Search> searches;
  for (const VertexId root : roots) {
    Search result;
    result.parent.resize(static_cast<std::size_t>(vertices));
    const std::vector<LevelStats> levels = engine.run(root, result.parent);
    std::string trace = "root " + std::to_string(root) + ":";
    for (const LevelStats& level : levels) {
      result.bottom_up.push_back(level.bottom_up);
      if (verbose) trace += std::string(level.bottom_up ? " BU+" : " TD+") + std::to_string(level.discovered_vertices);
    }
    say("levels", trace);
    require_parent_array(root, result.parent);
    if (vertices == pristine.edges.num_vertices) {
      Validator(pristine.edges, pristine.direction).validate(root, result.parent);
    }
    searches.push_back(std::move(result));
  }
  return searches;
}

// Both opened the same bytes: a search that took the same directions reached the same vertices.
// (Directions may differ, as the tiered policy weighs the vertices with tails, and a crafted store
// whose forward lists disagree with its backward lists then reaches other vertices.)
void require_same_reach(const std::vector<Search>& in_dram, const std::vector<Search>& tiered) {
  require(in_dram.size() == tiered.size());
  for (std::size_t r = 0; r < in_dram.size(); ++r) {
    const Search& a = in_dram[r];
    const Search& b = tiered[r];
    require(a.parent.size() == b.parent.size());
    if (a.bottom_up != b.bottom_up) continue;
    for (std::size_t v = 0; v < a.parent.size(); ++v)
      require((a.parent[v] == kUnreached) == (b.parent[v] == kUnreached));
  }
}

std::optional<std::vector<Search>> search_in_dram(const std::string& directory, const Choices& choices,
                                                  const PristineStore& pristine) {
  try {
    const StoreRequest request = request_matching(read_store_manifest(directory));
    const PartitionedGraph graph = read_store(directory, request);
    BfsEngine engine(graph, choices.bfs);
    auto searches = search(engine, graph.num_vertices(), roots_of(graph.num_vertices(), choices.roots), pristine);
    say("dram", "searched");
    return searches;
  } catch (const Error& error) {
    require_one_line("dram", error);
  }
  return std::nullopt;
}

// The planner is asked too (its profile comes from the crafted offsets); its plan is used when it
// leaves something on disk, else the input's plan.
std::optional<std::vector<Search>> search_tiered(const std::string& directory, const Choices& choices,
                                                 const PristineStore& pristine) {
  try {
    const StoreRequest request = request_matching(read_store_manifest(directory));
    StoreIndex index = read_store_index(directory, request);
    PlacementPlan plan = choices.plan;
    try {
      PlacementRequest placement;
      placement.dram_budget_bytes = choices.planner_budget;
      if (choices.roots & 16) placement.head_entries = choices.plan.head_entries;
      PlacementPlan planned = plan_placement(profile_of_store(index, 9), placement);
      if (!planned.fits_in_memory && (choices.roots & 32)) plan = planned;
    } catch (const Error& error) {
      require_one_line("planner", error);
    }
    const TieredGraph graph = open_tiered_graph(std::move(index), plan);
    BfsEngine engine(graph, choices.bfs, choices.fetch);
    auto searches = search(engine, graph.num_vertices(), roots_of(graph.num_vertices(), choices.roots), pristine);
    say("tiered", graph.has_tails() ? "searched, tails on disk" : "searched, all in DRAM");
    return searches;
  } catch (const Error& error) {
    require_one_line("tiered", error);
  }
  return std::nullopt;
}

// The edge file check, as `bfs` runs it before validation, with the pristine record count.
void check_edge_file(const std::string& directory, const PristineStore& pristine) {
  if (!pristine.files.contains(kEdgeFileName)) return;
  try {
    check_store_edge_file(directory, read_store_manifest(directory),
                          static_cast<std::int64_t>(pristine.edges.edges.size()), 1 << 16);
    say("edge file", "checked");
  } catch (const Error& error) {
    require_one_line("edge file", error);
  }
}

// The versions as the streaming queries read them: descriptions, edges (sizes, SHA-256 and ids
// checked) and their overlay.
void read_versions(const std::string& directory) {
  try {
    const StoreManifest manifest = read_store_manifest(directory);
    const int latest = latest_store_version(directory);
    if (latest == 0) return;
    const std::vector<CompactEdge> edges = read_version_edges(directory, 1, latest, manifest.vertices);
    const VersionOverlay overlay(manifest.vertices, edges, manifest.direction);
    require(overlay.entries(ListSide::kIn) <= 2 * static_cast<std::int64_t>(edges.size()));
    say("versions", std::to_string(latest) + " read, " + std::to_string(edges.size()) + " edges");
  } catch (const Error& error) {
    require_one_line("versions", error);
  }
}

void remove_directory() {
  if (state != nullptr) fs::remove_all(state->root);
}

}  // namespace
}  // namespace semibfs::fuzzing

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  using namespace semibfs::fuzzing;
  // Idle OpenMP threads sleep instead of spinning (as the tests run): each input is a few small
  // parallel loops, and spinning threads took a third of the time.
  ::setenv("OMP_WAIT_POLICY", "passive", 0);
  const fs::path base = fs::is_directory("/dev/shm") ? fs::path("/dev/shm") : fs::temp_directory_path();
  state = new FuzzState;
  state->root = base / ("semibfs-store-fuzzer-" + std::to_string(::getpid()));
  fs::remove_all(state->root);
  state->work = state->root / "crafted";
  state->stores = pristine_stores(state->root);
  verbose = std::getenv("SEMIBFS_FUZZ_VERBOSE") != nullptr;
  std::atexit(remove_directory);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace semibfs;
  using namespace semibfs::fuzzing;
  std::uint8_t header[4] = {0, 0x40, 0, 0};
  for (std::size_t i = 0; i < std::min<std::size_t>(size, 4); ++i) header[i] = data[i];
  const std::string_view rest(reinterpret_cast<const char*>(data) + std::min<std::size_t>(size, 4),
                              size - std::min<std::size_t>(size, 4));
  const PristineStore& pristine = state->stores[header[0] % state->stores.size()];
  const Choices choices = choices_of(header[1], header[2], header[3]);
  StoreFiles files = patched_store(pristine.files, parse_patches(rest), pristine.edges.num_vertices);
  if (choices.reseal) reseal(files);
  write_store_files(state->work, files);

  omp_set_num_threads(choices.threads);
  const std::string directory = state->work.string();
  check_edge_file(directory, pristine);
  read_versions(directory);
  const auto in_dram = search_in_dram(directory, choices, pristine);
  const auto tiered = search_tiered(directory, choices, pristine);
  if (in_dram && tiered) require_same_reach(*in_dram, *tiered);
  return 0;
}
