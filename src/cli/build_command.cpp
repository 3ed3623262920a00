// `semibfs build`: a person's graph file (SNAP, Matrix Market, edge list, Graph500 binary; gzip or
// not) into a store within a DRAM budget (import/input_store.hpp), for `semibfs bfs` and `info`.

#include <cstdio>
#include <iostream>
#include <string>

#include "cli/commands.hpp"
#include "cli/option_groups.hpp"
#include "cli/process_group.hpp"
#include "core/byte_size.hpp"
#include "core/error.hpp"
#include "core/file_output.hpp"
#include "formats/input_format.hpp"
#include "graph/neighbor_order.hpp"
#include "import/input_store.hpp"
#include "session/store_build.hpp"

namespace semibfs::cli {

namespace {

struct BuildRequest {
  StoreBuildOptions build;  // the input, the store, the budget, the threads, the layout
  bool quiet = false;
};

OptionTable build_options(BuildRequest& request) {
  ImportOptions& options = request.build.import_options;
  OptionTable table({"build INPUT --store DIR [OPTIONS]"},
                    "Turns a graph file into a store for 'semibfs bfs' and 'semibfs info', within a DRAM budget: "
                    "the file is read once (twice when its ids are renumbered) and the graph is built by external "
                    "construction. Sparse ids are renumbered to 0..n-1 and the map is kept, so results are reported "
                    "in the file's own ids. Self-loops and duplicate edges are dropped from the graph (validation "
                    "still sees every edge); by default every edge counts in both directions. A summary goes to "
                    "stdout, progress to stderr; any error leaves no store behind.");
  table.positional("INPUT", "the graph file, plain or gzip-compressed (docs/FORMATS.md)",
                   [&request](const std::string& value) { request.build.input = value; });
  add_store_option(table, request.build.store, "the store directory: created when missing, must hold no store");
  table.value("--format", "F",
              "auto (default: by content and extension), snap (two ids a line, '#' comments), mtx (Matrix Market "
              "coordinate), el (0-based edge list), g500-packed (12-byte edges) or g500-int64 (two int64 an edge)",
              [&options](const std::string& value) { options.format = parse_input_format(value); });
  table.flag("--directed",
             "out-edge BFS: an edge 'u v' leads from u to v only; the store keeps in-lists for bottom-up steps and "
             "out-lists for top-down steps, and validation follows edges one way (refused for a file that declares "
             "itself undirected, e.g. a symmetric Matrix Market matrix)",
             [&options] { options.directed = true; });
  table.flag("--no-weights",
             "read a weighted file (Matrix Market real or integer values, an el file's third column) without its "
             "weights, as for BFS alone; by default they are kept (one float per edge and per list entry) for "
             "'semibfs sssp', and a value that is no weight (negative, NaN, infinite) is an error",
             [&options] { options.read_weights = false; });
  add_max_input_bytes_option(table, options.max_input_bytes);
  add_dram_budget_option(table, request.build.budget,
                         "the most the build holds in DRAM, the program itself included (default 512MiB; e.g. "
                         "64MiB, 2GiB): reading buffers, "
                         "the id map (8 bytes per distinct id, up to 32 while it is sorted) and the construction's "
                         "lists");
  add_layout_options(table, options.partitions, options.order, options.compressed_lists, options.relabel);
  add_threads_option(table, request.build.threads);
  table.flag("--quiet", "no summary on stdout and no progress on stderr (errors are still one line)",
             [&request] { request.quiet = true; });
  return table;
}

}  // namespace

int build_command(Arguments& arguments) {
  BuildRequest request;
  const OptionTable table = build_options(request);
  if (!table.parse(arguments)) {
    std::fputs(table.help().c_str(), stdout);
    return 0;
  }
  if (ProcessGroup::size() > 1) {
    throw UsageError("build runs as one process: under mpirun every rank would build the same store at once "
                     "(run it without mpirun; 'run --store' builds a store across ranks)");
  }
  request.build.import_options.progress = request.quiet ? nullptr : &std::cerr;
  // The summary is printed while the store can still be taken back: lost, it leaves no store.
  request.build.import_options.announce = [&request](const ImportStats& stats) {
    if (!request.quiet) std::fputs(build_summary(request.build, stats).c_str(), stdout);
    flush_stream(stdout, "stdout");
  };
  build_store(request.build);
  return 0;
}

}  // namespace semibfs::cli
