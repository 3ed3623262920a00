// `semibfs info`: what a store holds (made by `build` or by `run --store`): how it was made,
// vertices, edges, the degree distribution, partitions, files, and with --dram-budget the
// placement the planner would choose for a search under that budget.
#include <omp.h>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/option_groups.hpp"
#include "core/byte_size.hpp"
#include "core/error.hpp"
#include "edges/packed_edge.hpp"
#include "core/temporary_name.hpp"
#include "edges/packed_file_edge_source.hpp"
#include "graph500/search_dram_needs.hpp"
#include "graph500/search_session.hpp"
#include "import/input_store.hpp"
#include "store/graph_store.hpp"
#include "store/stale_temporary_files.hpp"
#include "store/store_lock.hpp"
#include "store/store_versions.hpp"
#include "tiered/placement_plan.hpp"
#include "tiered/tiered_graph.hpp"

namespace semibfs::cli {

namespace {

struct InfoRequest {
  std::string store;
  SearchOptions search;  // what changes the plan printed with --dram-budget
};

OptionTable info_options(InfoRequest& request) {
  OptionTable table({"info --store DIR [--dram-budget SIZE] [OPTIONS]"},
                    "Prints what a store holds: how it was made (for 'build' stores the input file, its format and "
                    "id numbering), vertices, edges, the degree distribution, partitions and the files on disk; "
                    "with --dram-budget also the placement plan that 'bfs' (or 'run --reuse') with the same "
                    "options would use.");
  add_store_option(table, request.store, "the store, made by 'semibfs build' or 'semibfs run --store'");
  add_placement_options(table, request.search);
  return table;
}

// The degree below which `fraction` of the vertices with edges lie.
std::int64_t degree_quantile(const std::vector<DegreeCount>& degrees, std::int64_t with_edges, double fraction) {
  const auto wanted = static_cast<std::int64_t>(fraction * static_cast<double>(with_edges));
  std::int64_t seen = 0;
  for (const DegreeCount& count : degrees) {
    seen += count.vertices;
    if (seen > wanted) return count.degree;
  }
  return max_degree(degrees);
}

// `name` is "degree", or "in-degree"/"out-degree" of a directed graph.
void print_degrees(const std::string& name, const std::vector<DegreeCount>& degrees, std::int64_t num_vertices) {
  std::int64_t with_edges = 0;
  std::int64_t entries = 0;
  for (const DegreeCount& count : degrees) {
    with_edges += count.vertices;
    entries += count.degree * count.vertices;
  }
  if (name == "degree") {
    std::printf("vertices with edges: %lld (isolated %lld)\n", static_cast<long long>(with_edges),
                static_cast<long long>(num_vertices - with_edges));
  } else {
    std::printf("vertices with %s >= 1: %lld (%lld with none)\n", name.c_str(), static_cast<long long>(with_edges),
                static_cast<long long>(num_vertices - with_edges));
  }
  if (with_edges == 0) return;
  std::printf("%s: min %lld, median %lld, mean %.2f, p90 %lld, p99 %lld, p99.9 %lld, max %lld\n", name.c_str(),
              static_cast<long long>(degrees.front().degree),
              static_cast<long long>(degree_quantile(degrees, with_edges, 0.5)),
              static_cast<double>(entries) / static_cast<double>(with_edges),
              static_cast<long long>(degree_quantile(degrees, with_edges, 0.9)),
              static_cast<long long>(degree_quantile(degrees, with_edges, 0.99)),
              static_cast<long long>(degree_quantile(degrees, with_edges, 0.999)),
              static_cast<long long>(max_degree(degrees)));
  std::printf("%s histogram (vertices per %s range):\n", name.c_str(), name.c_str());
  std::int64_t low = 1;
  auto next = degrees.begin();
  while (next != degrees.end()) {
    std::int64_t vertices = 0;
    for (; next != degrees.end() && next->degree < 2 * low; ++next) vertices += next->vertices;
    if (vertices > 0) {
      std::printf("  %12lld - %-12lld %lld\n", static_cast<long long>(low), static_cast<long long>(2 * low - 1),
                  static_cast<long long>(vertices));
    }
    low *= 2;
  }
}

void print_degrees(const GraphProfile& profile, GraphDirection direction) {
  if (direction == GraphDirection::kUndirected) return print_degrees("degree", profile.degrees, profile.num_vertices);
  print_degrees("in-degree", profile.degrees, profile.num_vertices);
  print_degrees("out-degree", profile.forward_degrees, profile.num_vertices);
}

void print_input(const InputDescription& input) {
  std::printf("input: %s\nformat: %s%s\nedges read: %lld (self-loops and duplicates included)\n", input.source.c_str(),
              to_string(input.format).c_str(), input.gzip ? " (gzip)" : "", static_cast<long long>(input.edges));
  std::printf("searched as: %s\nids: %s\n", input.directed ? "directed (out-edges)" : "undirected (symmetrized)",
              describe_ids(input).c_str());
}

// The versions added beyond the base (store/store_versions.hpp), each description checked.
void print_versions(const std::string& store) {
  const int latest = latest_store_version(store);
  if (latest == 0) return;
  const std::int64_t added = added_edges(read_version_descriptions(store, 1, latest));
  std::printf(
      "versions: %d beyond the base, %lld edges added (the latest is read unless --version N says "
      "otherwise; 'semibfs compact' folds them into the base)\n",
      latest, static_cast<long long>(added));
}

// Temporary files (another process's work, or a dead one's debris that the next writer removes)
// are named apart, not counted in the store's bytes.
void print_files(const std::string& store, const StoreManifest& manifest) {
  std::int64_t total = 0;
  for (const std::filesystem::directory_entry& entry : std::filesystem::directory_iterator(store)) {
    if (entry.is_regular_file() && temporary_file_owner(entry.path().filename().string()) == 0) {
      total += static_cast<std::int64_t>(entry.file_size());
    }
  }
  std::printf("files: %zu graph arrays, %s in the directory in all\n", manifest.arrays.size(), format_bytes(total).c_str());
  for (const TemporaryFileEntry& temporary : temporary_files_in(store)) {
    std::printf("temporary file, not counted: %s (%s, process %d %s)\n", temporary.name.c_str(),
                format_bytes(temporary.bytes).c_str(), temporary.owner,
                temporary.owner_alive ? "running" : "gone: the store's next writer removes it");
  }
}

// The SSSP weights (store/stored_weights.hpp) and what they cost per list entry and per input edge.
void print_weights(const StoreManifest& manifest) {
  if (!manifest.list_weights) {
    std::printf("weights: none ('semibfs sssp' needs a store built from a weighted file, or by 'run --sssp')\n");
    return;
  }
  const std::int64_t lists = manifest.list_weight_bytes();
  const auto per = [](std::int64_t bytes, std::int64_t count) {
    return count > 0 ? static_cast<double>(bytes) / static_cast<double>(count) : 0.0;
  };
  std::printf("weights: float32 beside each list entry, %s (%.2f bytes per adjacency)", format_bytes(lists).c_str(),
              per(lists, manifest.adjacencies));
  if (manifest.edge_weights && manifest.edge_file) {
    const std::int64_t edges = manifest.edge_file->bytes / static_cast<std::int64_t>(sizeof(PackedEdge));
    std::printf("; the edge file's %s; together %.2f bytes per input edge", format_bytes(manifest.edge_weights->bytes).c_str(),
                per(lists + manifest.edge_weights->bytes, edges));
  }
  std::printf("\n");
}

// The plan `bfs` plans with the same options: the same search_dram_needs, id map included.
void print_search_plan(const InfoRequest& request, std::int64_t vertices, const GraphProfile& profile,
                       bool relabelled) {
  const auto edges = open_store_edges(request.store, vertices, request.search);
  const std::int64_t id_map =
      input_store_exists(request.store) ? id_map_bytes(read_input_description(request.store)) : 0;
  const SearchDramNeeds needs =
      search_dram_needs(vertices, request.search, omp_get_max_threads(), edges->buffer_bytes(), id_map, relabelled);
  print_plan(std::cout, plan_search_placement(profile, request.search, needs));
}

int print_info(const InfoRequest& request) {
  if (request.search.threads > 0) omp_set_num_threads(request.search.threads);
  const auto lock = lock_existing_store(request.store, StoreLock::Mode::kRead);
  const StoreManifest manifest = read_store_manifest(request.store);
  const StoreRequest store = request_matching(manifest);
  std::printf("store: %s\nmade from: %s\n", request.store.c_str(), manifest.made_from.c_str());
  if (input_store_exists(request.store)) {
    print_input(read_input_description(request.store));
    print_versions(request.store);
  }
  const bool directed = manifest.direction == GraphDirection::kDirected;
  std::printf("vertices: %lld\nadjacencies: %lld (list entries, %s, duplicates and self-loops removed)\n"
              "partitions: %d\nneighbour order: %s%s\n",
              static_cast<long long>(manifest.vertices), static_cast<long long>(manifest.adjacencies),
              directed ? "one per directed edge" : "both directions", manifest.partitions,
              manifest.neighbor_order.c_str(), directed ? " (in-lists; out-lists by id)" : "");
  if (manifest.rank_part) {
    const VertexRange rows = manifest.partition_rows(0);
    std::printf("rank part: %d of %d, the lists of vertices [%lld, %lld) (read it with mpirun -np %d run --reuse)\n",
                manifest.rank_part->rank, manifest.rank_part->ranks, static_cast<long long>(rows.begin),
                static_cast<long long>(rows.end), manifest.rank_part->ranks);
  }
  // The BFS status as the searches count it (a relabelled store's searches hold more per vertex).
  const std::int64_t per_vertex =
      search_dram_needs(manifest.vertices, request.search, omp_get_max_threads(), 0, 0, store.relabelled)
          .bfs_status_bytes_per_vertex;
  if (store.relabelled) std::printf("vertex order: by descending degree (results in the input's ids)\n");
  StoreIndex index = read_store_index(request.store, store);  // offsets read once, for both uses
  const GraphProfile profile = profile_of_store(index, per_vertex);
  print_degrees(profile, manifest.direction);
  if (manifest.list_codec) {
    const std::int64_t bytes = profile.backward_list_bytes() + profile.forward_list_bytes();
    const std::int64_t entries = profile.num_entries() * (profile.separate_forward ? 2 : 1);
    std::printf("lists: compressed (%s), %s, %.2f bits per entry\n", to_string(*manifest.list_codec).c_str(),
                format_bytes(bytes).c_str(), entries > 0 ? 8.0 * static_cast<double>(bytes) / static_cast<double>(entries) : 0.0);
  }
  std::printf("in DRAM whole: %s of graph arrays, %s of BFS status\n", format_bytes(profile.graph_bytes()).c_str(),
              format_bytes(profile.bfs_status_bytes()).c_str());
  print_files(request.store, manifest);
  print_weights(manifest);
  if (!request.search.budget.is_set()) return 0;
  if (request.search.placement == PlacementMode::kForwardOnDisk) {
    make_forward_separate(index);  // the plan counts the forward index that placement reads with
    print_search_plan(request, manifest.vertices, profile_of_store(index, per_vertex), store.relabelled);
  } else {
    print_search_plan(request, manifest.vertices, profile, store.relabelled);
  }
  return 0;
}

}  // namespace

int info_command(Arguments& arguments) {
  InfoRequest request;
  const OptionTable table = info_options(request);
  if (!table.parse(arguments)) {
    std::fputs(table.help().c_str(), stdout);
    return 0;
  }
  require_store(request.store, "a directory made by 'semibfs build' or 'run --store'");
  check_search_options(request.search);
  count_program_in_budget(request.search.budget, request.search.threads);
  return print_info(request);
}

}  // namespace semibfs::cli
