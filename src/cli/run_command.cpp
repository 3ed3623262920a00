// `semibfs run`: a Graph500 run in memory with the official output block.
#include <cstdio>
#include <filesystem>
#include <string>
#include <iostream>

#include "graph500/graph500_run.hpp"
#include "cli/commands.hpp"
#include "cli/kronecker_options.hpp"
#include "cli/search_options.hpp"
#include "cli/search_report.hpp"
#include "core/error.hpp"
#include "core/file_output.hpp"
#include "core/machine.hpp"
#include "graph/neighbor_order.hpp"
#include "store/graph_store.hpp"
#include "store/store_manifest.hpp"

namespace semibfs::cli {
namespace {

struct RunRequest {
  Graph500Options options;
  std::string json_path;
  bool help = false;
};

// Before any work: --reuse needs a store to read, and the store directory must exist; a new
// store must not replace one that is there.
void check_store_options(const Graph500Options& options) {
  const std::string& directory = options.store_directory;
  if (options.reuse_store && directory.empty()) throw UsageError("--reuse needs --store DIR (the store to read)");
  if (directory.empty()) return;
  if (!std::filesystem::is_directory(directory)) {
    throw UsageError("--store '" + directory + "' is not a directory (create it first)");
  }
  if (options.reuse_store && !store_exists(directory)) {
    throw UsageError("--store '" + directory + "' holds no store to --reuse (run once without --reuse to build one)");
  }
  if (!options.reuse_store && store_exists(directory)) {
    throw UsageError("--store '" + directory + "' already holds a store (add --reuse to read it, or choose an empty directory)");
  }
  if (!options.reuse_store) check_writable((std::filesystem::path(directory) / kManifestName).string());
}

RunRequest parse_run(Arguments& arguments) {
  RunRequest request;
  GraphChoice graph;
  while (!arguments.done()) {
    const std::string option = arguments.take();
    if (take_graph_option(option, arguments, kMaxScale, graph)) continue;
    if (take_search_option(option, arguments, request.options)) continue;
    if (option == "-h" || option == "--help") {
      request.help = true;
      return request;
    } else if (option == "--roots") {
      request.options.num_roots = static_cast<int>(parse_integer(option, arguments.take_value(option), 1, 1 << 20));
    } else if (option == "--partitions") {
      request.options.partitions = static_cast<int>(parse_integer(option, arguments.take_value(option), 1, 1024));
    } else if (option == "--neighbor-order") {
      request.options.neighbor_order = parse_neighbor_order(arguments.take_value(option));
    } else if (option == "--store") {
      request.options.store_directory = arguments.take_value(option);
    } else if (option == "--reuse") {
      request.options.reuse_store = true;
    } else if (option == "--json") {
      request.json_path = arguments.take_value(option);
    } else {
      throw UsageError("unknown option '" + option + "'");
    }
  }
  require_scale(graph);
  request.options.kronecker = graph.kronecker;
  request.options.threads = graph.threads;
  if (!request.json_path.empty()) check_writable(request.json_path);
  check_store_options(request.options);
  if (request.options.dram_budget_bytes > 0 && request.options.store_directory.empty()) {
    throw UsageError("--dram-budget needs --store DIR (the lists that do not fit in DRAM are read from there)");
  }
  check_search_options(request.options);
  return request;
}

std::string gibibytes(std::int64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.1f GiB", static_cast<double>(bytes) / (1 << 30));
  return text;
}

void require_memory(const Graph500Options& options) {
  const std::int64_t needed = estimate_run_bytes(options);
  const std::int64_t available = read_machine_info().memory_bytes;
  if (available > 0 && needed > available) {
    throw Error("SCALE " + std::to_string(options.kronecker.scale) + " needs about " + gibibytes(needed) +
                " of memory but this machine has " + gibibytes(available) + ": use a smaller --scale");
  }
}

}  // namespace

int run_command(Arguments& arguments) {
  const RunRequest request = parse_run(arguments);
  if (request.help) {
    std::fputs(kRunHelp, stdout);
    return 0;
  }
  require_memory(request.options);
  return print_search_report(run_graph500(request.options, std::cerr), request.json_path, "run");
}

}  // namespace semibfs::cli
