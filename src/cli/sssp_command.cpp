// `semibfs sssp`: shortest paths from one root on a store built from a weighted file (issue 40),
// validated by the SSSP rules against the store's edge file and its weights, and written out as
// 'vertex distance parent' lines in the file's ids. The work is session/store_sssp.*'s.
#include <cmath>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>

#include "cli/commands.hpp"
#include "cli/option_groups.hpp"
#include "cli/search_report.hpp"
#include "core/error.hpp"
#include "core/file_output.hpp"
#include "session/output_paths.hpp"
#include "session/store_sssp.hpp"

namespace semibfs::cli {

namespace {

struct SsspRequest {
  StoreSsspOptions options;
  bool root_given = false;
  std::optional<double> delta;
  std::string output;
  std::string json_path;
};

OptionTable sssp_options(SsspRequest& request) {
  StoreSsspOptions& options = request.options;
  OptionTable table({"sssp --store DIR --root ID [--output FILE] [OPTIONS]"},
                    "Shortest paths from one root by delta-stepping (Meyer and Sanders) on a store built from a "
                    "weighted file (Matrix Market real or integer values, an el file's third column), read whole into "
                    "DRAM. The search is timed after an untimed warm-up and validated by the Graph500 SSSP rules "
                    "against the input's edges and weights, kept in the store. A summary goes to stdout, progress "
                    "to stderr.");
  add_store_option(table, options.store, "the store, made by 'semibfs build' from a weighted file");
  table
      .value("--root", "ID", "the root, an id as the input file writes it",
             [&request](const std::string& value) {
               request.options.root = parse_unsigned(value);
               request.root_given = true;
             })
      .value("--output", "FILE",
             "every vertex's distance and parent, 'vertex distance parent' a line in the file's ids after a '# ...' "
             "header (unreached: distance inf, parent -1; the root is its own parent), written to a temporary "
             "name, then renamed; '-' for stdout, the summary then on stderr",
             [&request](const std::string& value) { request.output = value; }, "-o");
  add_delta_option(table, request.delta, "");
  add_threads_option(table, options.search.threads);
  add_dram_budget_option(table, options.search.budget, "the lists and their weights beyond it are read from the store");
  add_head_entries_option(table, options.search.head_entries);
  table.value("--json", "FILE", "also write the search's figures (as 'run --sssp' does; '-' for stdout)",
              [&request](const std::string& value) { request.json_path = value; });
  return table;
}

void check_sssp_request(const SsspRequest& request) {
  request.options.check();
  if (!request.root_given) throw UsageError("--root ID is required");
  check_outputs({{"--output", request.output}, {"--json", request.json_path}}, {}, request.options.store);
}

// A float as text that reads back to the same float ("inf" where unreached).
std::string distance_text(float distance) {
  if (std::isinf(distance)) return "inf";
  char text[32];
  std::snprintf(text, sizeof(text), "%.9g", static_cast<double>(distance));
  return text;
}

// Every vertex in store order, named as the file names it.
void write_distances(const SsspRequest& request, const StoreShortestPaths& paths) {
  OutputFile writer(request.output);
  std::string text = "# semibfs sssp " + request.options.store + ": root " + std::to_string(request.options.root) +
                     "; vertex distance parent, in the input's ids (unreached: inf -1)\n";
  for (std::int64_t v = 0; v < paths.parent.size(); ++v) {
    const bool reached = paths.parent[v] != kUnreached;
    text += std::to_string(paths.ids.to_file(v)) + ' ' + distance_text(paths.distance[v]) + ' ' +
            (reached ? std::to_string(paths.ids.to_file(paths.parent[v])) : std::string("-1")) + '\n';
    if (text.size() >= (std::size_t{1} << 22)) {
      writer.append(std::as_bytes(std::span(text)));
      text.clear();
    }
  }
  writer.append(std::as_bytes(std::span(text)));
  writer.commit();
}

void print_summary(const SsspRequest& request, const StoreShortestPaths& paths) {
  std::FILE* out = is_stdout(request.output) ? stderr : stdout;
  const RootResult& result = paths.report.sssp_roots.front();
  const SsspFigures& figures = *result.sssp;
  std::fprintf(out,
               "root: %llu\nreached: %lld of %lld vertices\nmax_distance: %s\ndelta: %g\nbuckets: %lld\n"
               "nedge: %lld\nsssp_time: %.6f s\nTEPS: %.4g\nvalidation: %s\n",
               static_cast<unsigned long long>(result.root), static_cast<long long>(figures.reached),
               static_cast<long long>(paths.parent.size()), distance_text(figures.max_distance).c_str(),
               paths.report.sssp->delta.value_or(0.0), static_cast<long long>(figures.stats.buckets),
               static_cast<long long>(result.nedge), result.bfs_seconds, result.teps,
               request.options.search.skip_validation ? "skipped" : "passed");
  if (!request.output.empty() && !is_stdout(request.output)) std::fprintf(out, "output: %s\n", request.output.c_str());
}

}  // namespace

int sssp_command(Arguments& arguments) {
  SsspRequest request;
  const OptionTable table = sssp_options(request);
  if (!table.parse(arguments)) {
    std::fputs(table.help().c_str(), stdout);
    return 0;
  }
  check_sssp_request(request);
  if (request.delta) request.options.sssp.delta = *request.delta;
  const StoreShortestPaths paths = search_store_shortest_paths(request.options, std::cerr);
  if (!request.output.empty()) write_distances(request, paths);
  print_summary(request, paths);
  write_json_report(paths.report, request.json_path);
  return 0;
}

}  // namespace semibfs::cli
