#include "session/store_build.hpp"

#include <cstdio>
#include <filesystem>

#include "core/byte_size.hpp"
#include "core/error.hpp"
#include "core/file_output.hpp"
#include "core/numa_placement.hpp"
#include "graph/partition_layout.hpp"
#include "session/option_rules.hpp"
#include "session/program_budget.hpp"
#include "store/store_manifest.hpp"

namespace semibfs {

ImportOptions StoreBuildOptions::default_import_options() {
  ImportOptions import_options;
  import_options.partitions = numa_node_count();
  return import_options;
}

void StoreBuildOptions::check() const {
  if (input.empty()) throw UsageError("no INPUT file given");
  require_store(store, "the store directory to build");
  if (std::filesystem::is_directory(store)) {
    if (std::filesystem::exists(store_path(store, kManifestName))) {
      throw UsageError("--store '" + store + "' already holds a store (choose an empty directory)");
    }
    check_writable(store_path(store, kInputDescriptionName));
  }
  if (threads != 0) check_thread_count(threads);
  if (import_options.max_input_bytes == 0) {
    throw UsageError("--max-input-bytes must be above 0 (it is the most read from a pipe or a device; default 1TiB)");
  }
  require_in_range("--partitions", import_options.partitions, 1, kMaxPartitions);
}

bool relabels_by_degree(const std::string& vertex_order) {
  if (vertex_order != "input" && vertex_order != "degree") {
    throw UsageError("--vertex-order must be input or degree, not '" + vertex_order + "'");
  }
  return vertex_order == "degree";
}

namespace {

// The budget holds the program and what reading the file needs.
void check_build_budget(const StoreBuildOptions& options) {
  const std::int64_t program = options.budget.program_bytes;
  const ImportOptions& import_options = options.import_options;
  check_budget_minimum(options.budget,
                       program + minimum_import_budget(0, import_options.partitions, direction_of(import_options),
                                                       import_options.compressed_lists, import_options.relabel),
                       "for building a store: the program itself (" + format_bytes(program) +
                           ") and the buffers of reading the file must fit in it");
}

// The weights line: what they cost per input edge, or why there are none.
std::string weights_summary(const ImportStats& stats) {
  if (!stats.file_weighted) return "weights          none (the file has none; 'semibfs sssp' needs them)\n";
  if (!stats.weights_dropped.empty()) return "weights          not kept: " + stats.weights_dropped + "\n";
  const auto per_edge = [&stats](std::int64_t bytes) {
    return stats.edges > 0 ? static_cast<double>(bytes) / static_cast<double>(stats.edges) : 0.0;
  };
  char text[256];
  std::snprintf(text, sizeof(text), "weights          lists %s (%.2f bytes per edge), edges %s (%.2f bytes per edge)\n",
                format_bytes(stats.list_weight_bytes).c_str(), per_edge(stats.list_weight_bytes),
                format_bytes(stats.edge_weight_bytes).c_str(), per_edge(stats.edge_weight_bytes));
  return text;
}

}  // namespace

ImportStats build_store(StoreBuildOptions options) {
  options.check();
  count_program_in_budget(options.budget, options.threads);
  check_build_budget(options);
  options.import_options.dram_budget_bytes = options.budget.phase_bytes();  // the budget covers the whole process
  options.import_options.program_bytes = options.budget.program_bytes;
  return import_graph_file(options.input, options.store, options.import_options);
}

std::string build_summary(const StoreBuildOptions& options, const ImportStats& stats) {
  const InputDescription& input = stats.input;
  const double megabytes = static_cast<double>(stats.input_bytes) / 1e6;
  const auto per_second = [](double count, double seconds) { return seconds > 0 ? count / seconds : 0.0; };
  const auto edges = static_cast<double>(stats.edges);
  // Room for the figures and the three texts of any length.
  std::string text(1024 + options.input.size() + options.store.size() + input.declared.size(), '\0');
  const int written = std::snprintf(
      text.data(), text.size(),
      "input            %s\n"
      "format           %s%s (declared %s; %s)\n"
      "vertices         %lld (%s)\n"
      "edges            %lld\n"
      "adjacencies      %lld\n"
      "input_MB         %.1f\n"
      "parse_seconds    %.3f\n"
      "parse_MB/s       %.1f\n"
      "parse_edges/s    %.4g\n"
      "build_seconds    %.3f\n"
      "build_edges/s    %.4g\n"
      "peak_buffers     %s (budget %s)\n"
      "store            %s\n",
      options.input.c_str(), to_string(input.format).c_str(), input.gzip ? ", gzip" : "", input.declared.c_str(),
      input.directed ? "directed" : "symmetrized", static_cast<long long>(stats.vertices),
      input.identity_ids ? "the file's ids" : "file ids renumbered, map in vertex-ids",
      static_cast<long long>(stats.edges), static_cast<long long>(stats.adjacencies), megabytes, stats.parse_seconds,
      per_second(megabytes, stats.parse_seconds), per_second(edges, stats.parse_seconds), stats.build_seconds,
      per_second(edges, stats.build_seconds), format_bytes(stats.peak_buffer_bytes).c_str(),
      format_bytes(options.budget.dram_budget_bytes).c_str(), options.store.c_str());
  text.resize(static_cast<std::size_t>(written));
  return text + weights_summary(stats);
}

}  // namespace semibfs
