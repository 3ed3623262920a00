// `semibfs build`: a person's graph file (SNAP, Matrix Market, edge list, Graph500 binary; gzip or
// not) into a store within a DRAM budget (import/input_store.hpp), for `semibfs bfs` and `info`.
#include <omp.h>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>

#include "cli/commands.hpp"
#include "core/error.hpp"
#include "core/file_output.hpp"
#include "core/numa_placement.hpp"
#include "formats/input_format.hpp"
#include "graph/neighbor_order.hpp"
#include "core/byte_size.hpp"
#include "import/input_store.hpp"
#include "store/store_manifest.hpp"

namespace semibfs::cli {

const char* const kBuildHelp =
    "Usage: semibfs build INPUT -o STORE [OPTIONS]\n"
    "\n"
    "Turns a graph file into a store for 'semibfs bfs' and 'semibfs info', within a DRAM budget:\n"
    "the file is read once (twice when its ids are renumbered) and the graph is built by external\n"
    "construction. Sparse ids are renumbered to 0..n-1 and the map is kept, so results are\n"
    "reported in the file's own ids. Self-loops and duplicate edges are dropped from the graph\n"
    "(validation still sees every edge). A summary goes to stdout, progress to stderr; any error\n"
    "leaves no store behind.\n"
    "\n"
    "  INPUT                the graph file, plain or gzip-compressed (docs/FORMATS.md)\n"
    "  -o, --output STORE   the store directory: created when missing, must hold no store\n"
    "  --format F           auto (default: by content and extension), snap (two ids a line, '#'\n"
    "                       comments), mtx (Matrix Market coordinate), el (0-based edge list),\n"
    "                       g500-packed (12-byte edges) or g500-int64 (two int64 an edge)\n"
    "  --undirected         every edge in both directions (default: BFS on the symmetrized graph)\n"
    "  --directed           out-edge BFS: an edge 'u v' leads from u to v only; the store keeps\n"
    "                       in-lists for bottom-up steps and out-lists for top-down steps, and\n"
    "                       validation follows edges one way (refused for a file that declares\n"
    "                       itself undirected, e.g. a symmetric Matrix Market matrix)\n"
    "  --dram-budget SIZE   the most the build holds in DRAM (default 512MiB; e.g. 64MiB, 2GiB):\n"
    "                       reading buffers, the id map (8 bytes per distinct id, up to 32 while\n"
    "                       it is sorted) and the construction's lists\n"
    "  --partitions P       split the vertices into P ranges (NETAL layout, as for 'run');\n"
    "                       default: one per NUMA node\n"
    "  --neighbor-order O   hub-first (default), degree or id, as for 'run'\n"
    "  --threads N          OpenMP threads (default: all cores)\n"
    "  -h, --help           this text\n";

namespace {

struct BuildRequest {
  std::string input;
  std::string store;
  ImportOptions options;
  int threads = 0;
  bool help = false;
};

constexpr std::int64_t kDefaultBudgetBytes = std::int64_t{512} << 20;

BuildRequest parse_build(Arguments& arguments) {
  BuildRequest request;
  request.options.memory_budget_bytes = kDefaultBudgetBytes;
  request.options.partitions = numa_node_count();
  while (!arguments.done()) {
    const std::string option = arguments.take();
    if (option == "-h" || option == "--help") {
      request.help = true;
      return request;
    } else if (option == "-o" || option == "--output") {
      request.store = arguments.take_value(option);
    } else if (option == "--format") {
      request.options.format = parse_input_format(arguments.take_value(option));
    } else if (option == "--undirected") {
      request.options.directed = false;
    } else if (option == "--directed") {
      request.options.directed = true;
    } else if (option == "--dram-budget") {
      request.options.memory_budget_bytes = parse_option_value(option, arguments.take_value(option), parse_byte_size);
    } else if (option == "--partitions") {
      request.options.partitions = static_cast<int>(parse_integer(option, arguments.take_value(option), 1, 1024));
    } else if (option == "--neighbor-order") {
      request.options.order = parse_neighbor_order(arguments.take_value(option));
    } else if (option == "--threads") {
      request.threads = static_cast<int>(parse_integer(option, arguments.take_value(option), 1, 4096));
    } else if (!option.starts_with("-") && request.input.empty()) {
      request.input = option;
    } else {
      throw UsageError("unknown option '" + option + "'");
    }
  }
  if (request.input.empty()) throw UsageError("no INPUT file given");
  if (request.store.empty()) throw UsageError("-o STORE is required (the store directory)");
  // Before any work: the store directory must be writable (or creatable) and hold no store.
  if (std::filesystem::is_directory(request.store)) {
    if (std::filesystem::exists(store_path(request.store, kManifestName))) {
      throw UsageError("-o '" + request.store + "' already holds a store (choose an empty directory)");
    }
    check_writable(store_path(request.store, kInputDescriptionName));
  }
  return request;
}

void print_summary(const BuildRequest& request, const ImportStats& stats) {
  const InputDescription& input = stats.input;
  const double megabytes = static_cast<double>(stats.input_bytes) / 1e6;
  std::printf("input            %s\n", request.input.c_str());
  std::printf("format           %s%s (declared %s; %s)\n", to_string(input.format).c_str(),
              input.gzip ? ", gzip" : "", input.declared.c_str(), input.directed ? "directed" : "symmetrized");
  std::printf("vertices         %lld (%s)\n", static_cast<long long>(stats.vertices),
              input.identity_ids ? "the file's ids" : "file ids renumbered, map in vertex-ids");
  std::printf("edges            %lld\n", static_cast<long long>(stats.edges));
  std::printf("adjacencies      %lld\n", static_cast<long long>(stats.adjacencies));
  std::printf("input_MB         %.1f\n", megabytes);
  std::printf("parse_seconds    %.3f\n", stats.parse_seconds);
  std::printf("parse_MB/s       %.1f\n", stats.parse_seconds > 0 ? megabytes / stats.parse_seconds : 0.0);
  std::printf("parse_edges/s    %.4g\n", stats.parse_seconds > 0 ? static_cast<double>(stats.edges) / stats.parse_seconds : 0.0);
  std::printf("build_seconds    %.3f\n", stats.build_seconds);
  std::printf("build_edges/s    %.4g\n", stats.build_seconds > 0 ? static_cast<double>(stats.edges) / stats.build_seconds : 0.0);
  std::printf("peak_buffers_MiB %.1f (budget %s)\n", static_cast<double>(stats.peak_buffer_bytes) / (1 << 20),
              format_bytes(request.options.memory_budget_bytes).c_str());
  std::printf("store            %s\n", request.store.c_str());
}

}  // namespace

int build_command(Arguments& arguments) {
  BuildRequest request = parse_build(arguments);
  if (request.help) {
    std::fputs(kBuildHelp, stdout);
    return 0;
  }
  if (request.threads > 0) omp_set_num_threads(request.threads);
  request.options.progress = &std::cerr;
  const ImportStats stats = import_graph_file(request.input, request.store, request.options);
  print_summary(request, stats);
  return 0;
}

}  // namespace semibfs::cli
