// `semibfs pagerank` and `semibfs cc`: algorithms over the streaming queries (src/query/,
// src/analytics/) on a store made by `semibfs build`, results written in the file's own ids.
#include <omp.h>

#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "analytics/components.hpp"
#include "analytics/pagerank.hpp"
#include "analytics/teenage_followers.hpp"
#include "cli/commands.hpp"
#include "cli/option_groups.hpp"
#include "core/error.hpp"
#include "core/file_output.hpp"
#include "core/json_writer.hpp"
#include "core/machine.hpp"
#include "core/program_version.hpp"
#include "core/progress_bar.hpp"
#include "core/timer.hpp"
#include "formats/vertex_ages_file.hpp"
#include "import/input_store.hpp"
#include "session/query_store.hpp"
#include "session/store_analytics.hpp"
#include "session/store_query_options.hpp"

namespace semibfs::cli {
namespace {

constexpr std::uint64_t kDefaultAgeSeed = 1;

struct AnalyticsRequest {
  std::string store;
  int older_than = 20;
  std::optional<std::uint64_t> age_seed;  // none: kDefaultAgeSeed, unless --ages
  std::optional<std::string> ages_path;   // --ages: ages from a file instead of the seed
  StoreQueryOptions query;                // the store, its budget, version and threads
  std::string output;
  std::string json_path;
  PageRankOptions pagerank;
  ComponentsOptions components;
};

// The store, the per-vertex results file (none when `output_help` is empty), the JSON, threads and
// the budget.
void add_common_options(OptionTable& table, AnalyticsRequest& request, const std::string& output_help) {
  add_store_option(table, request.query.store, "the store, made by 'semibfs build'");
  if (!output_help.empty()) {
    table.value(
        "--output", "FILE", output_help + " (written to a temporary name, then renamed; '-' for stdout)",
        [&request](const std::string& value) { request.output = value; }, "-o");
  }
  table.value("--json", "FILE", "also write the figures of every iteration ('-' for stdout)",
              [&request](const std::string& value) { request.json_path = value; });
  add_threads_option(table, request.query.threads);
  add_dram_budget_option(table, request.query.budget,
                         "semi-external memory: the process keeps at most SIZE in DRAM, the program and the "
                         "algorithm's arrays included; the placement planner keeps what fits of each list, the rest "
                         "is read from the store every iteration (the plan is printed). A SIZE below the minimum is "
                         "refused before any work, naming it");
  add_head_entries_option(table, request.query.head_entries);
  add_version_option(table, request.query.version);
}

// The store's options are checked by session/ (StoreQueryOptions::check); these are the command's own.
void check_request(const AnalyticsRequest& request) {
  request.query.check();
  if (!request.output.empty()) check_writable(request.output);
  if (!request.json_path.empty()) check_writable(request.json_path);
  if (is_stdout(request.output) && is_stdout(request.json_path)) {
    throw UsageError("--output and --json cannot both be stdout");
  }
  if (request.ages_path && request.age_seed) throw UsageError("give either --seed or --ages, not both");
}

// A line on stderr after each iteration: the long runs show progress. On a terminal the lines go
// above a bar counting the iterations (how many there will be is not known before).
IterationObserver progress(const std::string& command) {
  const std::shared_ptr<ProgressBar> bar = progress_bar_for(&std::cerr);
  if (bar) bar->begin(command, ProgressUnit::kIterations, 0);
  return [command, bar](const IterationFigures& figures) {
    std::ostringstream line;
    line << command << ": iteration " << figures.iteration + 1 << ", "
         << (figures.kind == QueryKind::kSequential ? "sequential" : "job-queue") << " query, " << figures.query.replies
         << " lists, " << format_seconds(figures.seconds);
    if (!bar) {
      std::cerr << line.str() << std::endl;
      return;
    }
    bar->print_above(line.str(), figures.iteration + 1);
  };
}

void write_iterations(JsonWriter& json, const std::vector<IterationFigures>& iterations) {
  json.key("iterations");
  json.begin_array();
  for (const IterationFigures& figures : iterations) {
    const QueryFigures& query = figures.query;
    json.begin_object();
    json.field("iteration", figures.iteration + 1);
    json.field("query", figures.kind == QueryKind::kSequential ? "sequential" : "job-queue");
    json.field("seconds", figures.seconds);
    json.field("query_seconds", query.seconds);
    json.field("lists_decoded", query.lists_decoded);
    json.field("lists_filtered_out", query.lists_filtered_out);
    json.field("entries_decoded", query.entries_decoded);
    json.field("entries_handed_over", query.entries_handed_over);
    json.field("bytes_handed_over", query.bytes_handed_over());
    json.field("tail_reads", query.tail_reads);
    json.field("tail_bytes", query.tail_bytes);
    json.field("tail_wait_seconds", query.tail_wait_seconds);
    json.field("queue_peak_entries", query.queue_peak_entries);
    json.end_object();
  }
  json.end_array();
}

// The JSON's head: what ran on what; the caller adds its results and closes it.
JsonWriter start_json(const std::string& command, const AnalyticsRequest& request, QueryStore& store) {
  JsonWriter json;
  json.begin_object();
  json.field("program", "semibfs");
  json.field("program_version", program_version());
  json.field("command", command);
  json.field("command_line", read_command_line());
  json.field("store", request.query.store);
  json.field("version", store.version());
  json.field("vertices", store.vertices());
  json.field("directed", store.directed());
  json.field("list_entries", store.list_entries());
  json.field("threads", omp_get_max_threads());
  json.field("open_seconds", store.open_seconds());
  json.field("query_buffers", store.buffers().name);
  json.field("peak_rss_bytes", peak_rss_bytes());
  return json;
}

// Lines "file-id value", in the store's vertex order, written atomically.
template <typename Line>
void write_results(const std::string& path, const std::string& header, QueryStore& store, Line line) {
  if (path.empty()) return;
  OutputFile writer(path);
  std::string text = header;
  for (VertexId v = 0; v < store.vertices(); ++v) {
    text += line(v);
    if (text.size() >= (std::size_t{1} << 18)) {  // small: the budget does not count it
      writer.append(std::as_bytes(std::span(text)));
      text.clear();
    }
  }
  writer.append(std::as_bytes(std::span(text)));
  writer.commit();
}

OptionTable pagerank_options(AnalyticsRequest& request) {
  OptionTable table({"pagerank --store DIR [--output FILE] [OPTIONS]"},
                    "PageRank of a store's graph by pull over its in-lists, each iteration one sequential streaming "
                    "query (Lee et al., ExtraV): rank' = (1 - d)/n + d (sum of in-neighbours' rank / out-degree + "
                    "rank of vertices without out-edges / n), until the L1 change is below the tolerance.");
  add_common_options(table, request, "'vertex rank' per vertex, in the file's ids");
  table
      .value("--iterations", "N", "at most N iterations (default 100)",
             [&request](const std::string& value) {
               request.pagerank.max_iterations = static_cast<int>(parse_integer(value, 1, kMaxPageRankIterations));
             })
      .value("--damping", "D", "damping factor in (0, 1) (default 0.85)",
             [&request](const std::string& value) { request.pagerank.damping = parse_positive_double(value); })
      .value("--tolerance", "T", "stop once the L1 change of an iteration is below T (default 1e-9)",
             [&request](const std::string& value) { request.pagerank.tolerance = parse_positive_double(value); });
  return table;
}

OptionTable components_options(AnalyticsRequest& request) {
  OptionTable table({"cc --store DIR [--output FILE] [OPTIONS]"},
                    "Connected components by label propagation over streaming queries (Lee et al., ExtraV): "
                    "sequential queries filtered by the active vertices, job-queue queries once few are active. "
                    "A directed store's weakly connected components. Each component is named by its smallest "
                    "file id.");
  add_common_options(table, request, "'vertex component' per vertex, in the file's ids");
  return table;
}

OptionTable teenage_followers_options(AnalyticsRequest& request) {
  OptionTable table({"at --store DIR [OPTIONS]"},
                    "Average teenage followers (Lee et al., ExtraV Sec. 6): over the vertices older than an age, "
                    "the mean number of followers (in-neighbours; neighbours when undirected) aged 13 to 19, in "
                    "one sequential streaming query filtered on the storage side. Ages are drawn from a seed, "
                    "uniform in [10, 80), or read from a file.");
  add_common_options(table, request, "");
  table
      .value(
          "--older-than", "K", "count the vertices older than K years (default 20)",
          [&request](const std::string& value) { request.older_than = static_cast<int>(parse_integer(value, 0, 255)); })
      .value("--seed", "S", "the seed of the ages (default 1)",
             [&request](const std::string& value) { request.age_seed = parse_unsigned(value); })
      .value("--ages", "FILE",
             "the ages from FILE instead: 'VERTEX AGE' lines in the edge file's ids, ages 0 to 254; a vertex "
             "without a line is counted in neither count ('#' lines skipped; gzip or not)",
             [&request](const std::string& value) { request.ages_path = value; });
  return table;
}

// Parses the command line and opens the store as the command does; null when --help was asked
// (the table then printed).
std::unique_ptr<QueryStore> open_analytics_store(Arguments& arguments, OptionTable (*options)(AnalyticsRequest&),
                                                 std::int64_t bytes_per_vertex, AnalyticsRequest& request,
                                                 bool whole_scans = false) {
  const OptionTable table = options(request);
  if (!table.parse(arguments)) {
    std::fputs(table.help().c_str(), stdout);
    return nullptr;
  }
  check_request(request);
  return open_for_queries(request.query, bytes_per_vertex + (request.ages_path ? kAgesByInputIdBytesPerVertex : 0),
                          whole_scans);
}

// Parses the command line, opens the store and runs `work(request, store)`; --help prints the table.
template <typename Work>
int run_analytics(Arguments& arguments, OptionTable (*options)(AnalyticsRequest&), std::int64_t bytes_per_vertex,
                  Work work, bool whole_scans = false) {
  AnalyticsRequest request;
  const std::unique_ptr<QueryStore> store =
      open_analytics_store(arguments, options, bytes_per_vertex, request, whole_scans);
  if (store) work(request, *store);
  return 0;
}

void run_pagerank(const AnalyticsRequest& request, QueryStore& store) {
  const PageRankResult result = pagerank(store.graph(), request.pagerank, progress("pagerank"));
  char line[64];
  write_results(request.output, "# semibfs pagerank " + request.query.store + ": vertex rank, in the input's ids\n",
                store, [&](VertexId v) {
                  std::snprintf(line, sizeof(line), "%llu %.17g\n", static_cast<unsigned long long>(store.file_id(v)),
                                result.rank[static_cast<std::size_t>(v)]);
                  return std::string(line);
                });
  std::FILE* out = is_stdout(request.output) ? stderr : stdout;
  double seconds = 0;
  for (const IterationFigures& figures : result.figures) seconds += figures.seconds;
  std::fprintf(out, "vertices: %lld\niterations: %d\nlast L1 change: %.3g\npagerank_time: %.6f s\n",
               static_cast<long long>(store.graph().num_vertices()), result.iterations, result.last_change, seconds);
  if (request.json_path.empty()) return;
  JsonWriter json = start_json("pagerank", request, store);
  json.field("damping", request.pagerank.damping);
  json.field("tolerance", request.pagerank.tolerance);
  json.field("last_change", result.last_change);
  json.field("seconds", seconds);
  write_iterations(json, result.figures);
  json.end_object();
  write_output(request.json_path, json.text() + "\n");
}

void run_components(const AnalyticsRequest& request, QueryStore& store) {
  const ComponentsResult result = connected_components(store.graph(), request.components, progress("cc"));
  store.release_graph();  // naming takes 4 bytes a vertex, in the room of the lists and their index
  const ComponentNames names = name_components(result.label, store);
  write_results(request.output, "# semibfs cc " + request.query.store + ": vertex component, in the input's ids\n",
                store, [&](VertexId v) {
                  return std::to_string(store.file_id(v)) + ' ' +
                         std::to_string(names.file_id(result.label[static_cast<std::size_t>(v)], store)) + '\n';
                });
  const std::int64_t largest = names.largest;
  double seconds = 0;
  for (const IterationFigures& figures : result.figures) seconds += figures.seconds;
  std::FILE* out = is_stdout(request.output) ? stderr : stdout;
  std::fprintf(out,
               "vertices: %lld\ncomponents: %lld\nlargest component: %lld vertices\niterations: %d\ncc_time: %.6f s\n",
               static_cast<long long>(store.vertices()), static_cast<long long>(result.components),
               static_cast<long long>(largest), result.iterations, seconds);
  if (request.json_path.empty()) return;
  JsonWriter json = start_json("cc", request, store);
  json.field("components", result.components);
  json.field("largest_component", largest);
  json.field("seconds", seconds);
  write_iterations(json, result.figures);
  json.end_object();
  write_output(request.json_path, json.text() + "\n");
}

// The ages by the store's ids: from --ages (read in the input's ids) or from the seed; `without_age`:
// the vertices --ages gave none.
std::vector<std::uint8_t> vertex_ages(const AnalyticsRequest& request, QueryStore& store, std::int64_t& without_age) {
  if (!request.ages_path) return seeded_ages(store.graph().num_vertices(), request.age_seed.value_or(kDefaultAgeSeed));
  VertexAges read = read_vertex_ages(*request.ages_path, store.ids(), kUnknownAge);
  without_age = read.without_age;
  std::vector<std::uint8_t>& by_input = read.ages;
  if (!store.relabelled()) return std::move(by_input);
  std::vector<std::uint8_t> ages(by_input.size());
  for (VertexId v = 0; v < static_cast<VertexId>(ages.size()); ++v) {
    ages[static_cast<std::size_t>(v)] = by_input[static_cast<std::size_t>(store.input_id(v))];
  }
  return ages;
}

void run_teenage_followers(const AnalyticsRequest& request, QueryStore& store) {
  std::int64_t without_age = 0;
  const std::vector<std::uint8_t> ages = vertex_ages(request, store, without_age);
  const TeenageFollowersResult result = average_teenage_followers(store.graph(), ages, request.older_than);
  const double seconds = result.figures.empty() ? 0 : result.figures.front().seconds;
  if (request.ages_path) std::printf("vertices without an age: %lld\n", static_cast<long long>(without_age));
  std::printf("vertices older than %d: %lld\nteenage followers: %lld\naverage: %.6f\nat_time: %.6f s\n",
              request.older_than, static_cast<long long>(result.counted_vertices),
              static_cast<long long>(result.teenage_followers), result.average, seconds);
  if (request.json_path.empty()) return;
  JsonWriter json = start_json("at", request, store);
  json.field("older_than", request.older_than);
  if (request.ages_path) {
    json.field("ages_file", *request.ages_path);
    json.field("vertices_without_age", without_age);
  } else {
    json.field("age_seed", request.age_seed.value_or(kDefaultAgeSeed));
  }
  json.field("counted_vertices", result.counted_vertices);
  json.field("teenage_followers", result.teenage_followers);
  json.field("average", result.average);
  json.field("seconds", seconds);
  write_iterations(json, result.figures);
  json.end_object();
  write_output(request.json_path, json.text() + "\n");
}

}  // namespace

int at_command(Arguments& arguments) {
  return run_analytics(arguments, teenage_followers_options, kTeenageFollowersBytesPerVertex, run_teenage_followers);
}

int pagerank_command(Arguments& arguments) {
  return run_analytics(arguments, pagerank_options, kPageRankBytesPerVertex, run_pagerank, true);  // scans only
}

int cc_command(Arguments& arguments) {
  return run_analytics(arguments, components_options, kComponentsBytesPerVertex, run_components);
}

}  // namespace semibfs::cli
