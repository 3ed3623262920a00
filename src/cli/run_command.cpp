// `semibfs run`: a Graph500 run in memory with the official output block.
#include <cstdio>
#include <filesystem>
#include <string>
#include <iostream>

#include "bench/graph500_run.hpp"
#include "bench/json_report.hpp"
#include "cli/commands.hpp"
#include "cli/kronecker_options.hpp"
#include "core/error.hpp"
#include "core/file_output.hpp"
#include "core/machine.hpp"
#include "graph/neighbor_order.hpp"
#include "storage/byte_size.hpp"
#include "storage/graph_store.hpp"
#include "storage/io_kind.hpp"
#include "storage/store_manifest.hpp"

namespace semibfs::cli {
namespace {

// In-memory runs keep 32-bit neighbour ids, so at most 2^32 vertices.
constexpr int kMaxInMemoryScale = 32;

struct RunRequest {
  Graph500Options options;
  std::string json_path;
  bool help = false;
};

int parse_summary_bits(const std::string& option, const std::string& text) {
  for (const int bits : kSummaryBitsChoices) {
    if (text == std::to_string(bits)) return bits;
  }
  throw UsageError(option + " must be one of " + summary_bits_choices() + ", got '" + text + "'");
}

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
    if (take_graph_option(option, arguments, kMaxInMemoryScale, graph)) continue;
    if (option == "-h" || option == "--help") {
      request.help = true;
      return request;
    } else if (option == "--roots") {
      request.options.num_roots = static_cast<int>(parse_integer(option, arguments.take_value(option), 1, 1 << 20));
    } else if (option == "--policy") {
      request.options.bfs.policy = parse_policy(arguments.take_value(option));
    } else if (option == "--direction") {
      request.options.bfs.policy = parse_direction(arguments.take_value(option));
    } else if (option == "--alpha") {
      request.options.bfs.alpha = parse_positive_double(option, arguments.take_value(option));
    } else if (option == "--beta") {
      request.options.bfs.beta = parse_positive_double(option, arguments.take_value(option));
    } else if (option == "--summary-bits") {
      request.options.bfs.summary_bits = parse_summary_bits(option, arguments.take_value(option));
    } else if (option == "--partitions") {
      request.options.partitions = static_cast<int>(parse_integer(option, arguments.take_value(option), 1, 1024));
    } else if (option == "--neighbor-order") {
      request.options.neighbor_order = parse_neighbor_order(arguments.take_value(option));
    } else if (option == "--store") {
      request.options.store_directory = arguments.take_value(option);
    } else if (option == "--reuse") {
      request.options.reuse_store = true;
    } else if (option == "--dram-budget") {
      request.options.dram_budget_bytes = parse_byte_size(arguments.take_value(option), option);
    } else if (option == "--backward-head") {
      request.options.forced_head_entries = parse_integer(option, arguments.take_value(option), 1, std::int64_t{1} << 32);
    } else if (option == "--io") {
      request.options.io = parse_io_kind(arguments.take_value(option));
    } else if (option == "--skip-validation") {
      request.options.skip_validation = true;
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
  if (request.options.forced_head_entries && request.options.dram_budget_bytes == 0) {
    throw UsageError("--backward-head needs --dram-budget (without a budget every list is in DRAM)");
  }
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
  const Graph500Report report = run_graph500(request.options, std::cerr);
  if (!request.json_path.empty()) {
    write_file_atomically(request.json_path, format_json_report(report, read_machine_info(), peak_rss_bytes()));
  }
  if (!report.validation_passed) {
    std::fputs("No results printed for invalid run.\n", stdout);
    throw Error("validation failed: " + report.validation_failure);
  }
  std::fputs(format_official_output(report.official).c_str(), stdout);
  if (request.options.skip_validation) {
    std::fputs("semibfs run: validation was skipped; these figures are not a valid Graph500 result\n", stderr);
  }
  return 0;
}

}  // namespace semibfs::cli
