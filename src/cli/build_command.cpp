// `semibfs build`: a person's graph file (SNAP, Matrix Market, edge list, Graph500 binary; gzip or
// not) into a store within a DRAM budget (import/input_store.hpp), for `semibfs bfs` and `info`.

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>

#include "cli/commands.hpp"
#include "cli/option_groups.hpp"
#include "core/error.hpp"
#include "core/file_output.hpp"
#include "core/numa_placement.hpp"
#include "formats/input_format.hpp"
#include "graph/neighbor_order.hpp"
#include "core/byte_size.hpp"
#include "import/input_store.hpp"
#include "store/store_manifest.hpp"

namespace semibfs::cli {

namespace {

struct BuildRequest {
  std::string input;
  std::string store;
  ImportOptions options;
  DramBudget budget{std::int64_t{512} << 20};
  int threads = 0;
  bool quiet = false;
};

OptionTable build_options(BuildRequest& request) {
  ImportOptions& options = request.options;
  OptionTable table({"build INPUT --store DIR [OPTIONS]"},
                    "Turns a graph file into a store for 'semibfs bfs' and 'semibfs info', within a DRAM budget: "
                    "the file is read once (twice when its ids are renumbered) and the graph is built by external "
                    "construction. Sparse ids are renumbered to 0..n-1 and the map is kept, so results are reported "
                    "in the file's own ids. Self-loops and duplicate edges are dropped from the graph (validation "
                    "still sees every edge); by default every edge counts in both directions. A summary goes to "
                    "stdout, progress to stderr; any error leaves no store behind.");
  table.positional("INPUT", "the graph file, plain or gzip-compressed (docs/FORMATS.md)",
                   [&request](const std::string& value) { request.input = value; });
  add_store_option(table, request.store, "the store directory: created when missing, must hold no store");
  table.value("--format", "F",
              "auto (default: by content and extension), snap (two ids a line, '#' comments), mtx (Matrix Market "
              "coordinate), el (0-based edge list), g500-packed (12-byte edges) or g500-int64 (two int64 an edge)",
              [&options](const std::string& value) { options.format = parse_input_format(value); });
  table.flag("--directed",
             "out-edge BFS: an edge 'u v' leads from u to v only; the store keeps in-lists for bottom-up steps and "
             "out-lists for top-down steps, and validation follows edges one way (refused for a file that declares "
             "itself undirected, e.g. a symmetric Matrix Market matrix)",
             [&options] { options.directed = true; });
  table.value("--max-input-bytes", "SIZE",
              "the most read from an INPUT that is not a regular file (a pipe, a device; default 1TiB), so "
              "endless input is an error, not a full disk",
              [&options](const std::string& value) { options.max_input_bytes = parse_byte_size(value); });
  add_dram_budget_option(table, request.budget,
                         "the most the build holds in DRAM, the program itself included (default 512MiB; e.g. "
                         "64MiB, 2GiB): reading buffers, "
                         "the id map (8 bytes per distinct id, up to 32 while it is sorted) and the construction's "
                         "lists");
  add_layout_options(table, options.partitions, options.order, options.compress, options.relabel);
  add_threads_option(table, request.threads);
  table.flag("--quiet", "no summary on stdout and no progress on stderr (errors are still one line)",
             [&request] { request.quiet = true; });
  return table;
}

// Before any work: an input, and a store directory that is writable (or creatable) and holds no store.
void check_build_request(const BuildRequest& request) {
  if (request.input.empty()) throw UsageError("no INPUT file given");
  require_store(request.store, "the store directory to build");
  if (std::filesystem::is_directory(request.store)) {
    if (std::filesystem::exists(store_path(request.store, kManifestName))) {
      throw UsageError("--store '" + request.store + "' already holds a store (choose an empty directory)");
    }
    check_writable(store_path(request.store, kInputDescriptionName));
  }
}

// Before any work: the budget holds the program and what reading the file needs. The graph's own
// minimum (its vertices' degrees) is known only once the file is read.
void check_build_budget(const BuildRequest& request) {
  const std::int64_t program = request.budget.program_bytes;
  const ImportOptions& options = request.options;
  check_budget_minimum(request.budget, program + minimum_import_budget(0, options.partitions, direction_of(options), options.compress,
                                                                     options.relabel),
                       "for building a store: the program itself (" + format_bytes(program) +
                           ") and the buffers of reading the file must fit in it");
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
  std::printf("peak_buffers     %s (budget %s)\n", format_bytes(stats.peak_buffer_bytes).c_str(),
              format_bytes(request.budget.dram_budget_bytes).c_str());
  std::printf("store            %s\n", request.store.c_str());
}

}  // namespace

int build_command(Arguments& arguments) {
  BuildRequest request;
  request.options.partitions = numa_node_count();
  const OptionTable table = build_options(request);
  if (!table.parse(arguments)) {
    std::fputs(table.help().c_str(), stdout);
    return 0;
  }
  check_build_request(request);
  count_program_in_budget(request.budget, request.threads);
  check_build_budget(request);
  request.options.dram_budget_bytes = request.budget.phase_bytes();  // the budget covers the whole process
  request.options.program_bytes = request.budget.program_bytes;
  request.options.progress = request.quiet ? nullptr : &std::cerr;
  const ImportStats stats = import_graph_file(request.input, request.store, request.options);
  if (!request.quiet) print_summary(request, stats);
  return 0;
}

}  // namespace semibfs::cli
