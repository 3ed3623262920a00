// `semibfs pagerank`, `semibfs cc`, `semibfs at` and any other analytics kernel: one command built
// from the kernel's description (analytics/kernel_description.hpp) alone: its option table and
// help, its output file in the file's own ids, its printed lines and its JSON.
#include <omp.h>

#include <cstdio>
#include <iostream>
#include <memory>
#include <span>
#include <sstream>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "analytics/kernels.hpp"
#include "cli/commands.hpp"
#include "cli/option_groups.hpp"
#include "core/error.hpp"
#include "core/file_output.hpp"
#include "core/json_writer.hpp"
#include "core/machine.hpp"
#include "core/program_version.hpp"
#include "core/progress_bar.hpp"
#include "core/timer.hpp"
#include "session/output_paths.hpp"
#include "session/query_store.hpp"
#include "session/store_analytics.hpp"
#include "session/store_query_options.hpp"

namespace semibfs::cli {
namespace {

struct AnalyticsRequest {
  explicit AnalyticsRequest(const KernelDescription& kernel) : arguments(kernel) {}
  KernelArguments arguments;
  StoreQueryOptions query;  // the store, its budget, version and threads
  std::string output;
  std::string json_path;
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

// The store's options are checked by session/ (StoreQueryOptions::check), the kernel's arguments by
// check_kernel_arguments; these are the command's own.
void check_request(const AnalyticsRequest& request) {
  request.query.check();
  check_outputs({{"--output", request.output}, {"--json", request.json_path}}, {}, request.query.store);
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

// A parameter's value as its type parses it, range-checked as the command line words it.
KernelValue parse_parameter(const KernelParameter& parameter, const std::string& value) {
  switch (parameter.type) {
    case ParameterType::kInteger: return parse_integer(value, parameter.minimum, parameter.maximum);
    case ParameterType::kUnsigned: return parse_unsigned(value);
    case ParameterType::kPositiveReal: return parse_positive_double(value);
    case ParameterType::kFraction: return parse_real(value);  // its range is session/'s rule, as Python's
    case ParameterType::kFile: break;
  }
  return value;
}

// The kernel's option table: the common options, then one per parameter.
OptionTable kernel_options(AnalyticsRequest& request) {
  const KernelDescription& kernel = request.arguments.kernel();
  std::string usage = kernel.name + " --store DIR";
  if (!kernel.values_name.empty()) usage += " [--output FILE]";
  OptionTable table({usage + " [OPTIONS]"}, kernel.description);
  add_common_options(
      table, request,
      kernel.values_name.empty() ? "" : "'vertex " + kernel.values_name + "' per vertex, in the file's ids");
  for (const KernelParameter& parameter : kernel.parameters) {
    table.value("--" + parameter.name, parameter.value_name, parameter.help,
                [&request, &parameter](const std::string& value) {
                  request.arguments.set(parameter.name, parse_parameter(parameter, value));
                });
  }
  return table;
}

// A summary figure as its printed line shows it.
std::string printed(const SummaryFigure& figure) {
  return std::visit(
      [&figure](const auto& value) -> std::string {
        using Value = std::decay_t<decltype(value)>;
        if constexpr (std::is_same_v<Value, std::string>) {
          return value;
        } else if constexpr (std::is_same_v<Value, double>) {
          char text[64];
          std::snprintf(text, sizeof(text), figure.format, value);
          return text;
        } else {
          return std::to_string(value);
        }
      },
      figure.value);
}

// "file-id value" lines, in the store's vertex order.
void write_values(const AnalyticsRequest& request, const KernelOutput& output, QueryStore& store) {
  const KernelDescription& kernel = request.arguments.kernel();
  const std::string header = "# semibfs " + kernel.name + " " + request.query.store + ": vertex " + kernel.values_name +
                             ", in the input's ids\n";
  if (const auto* numbers = std::get_if<std::vector<double>>(&output.values)) {
    char line[64];
    write_results(request.output, header, store, [&](VertexId v) {
      std::snprintf(line, sizeof(line), "%llu %.17g\n", static_cast<unsigned long long>(store.file_id(v)),
                    (*numbers)[static_cast<std::size_t>(v)]);
      return std::string(line);
    });
  } else if (const auto* vertices = std::get_if<std::vector<NeighborId>>(&output.values)) {
    write_results(request.output, header, store, [&](VertexId v) {
      return std::to_string(store.file_id(v)) + ' ' +
             std::to_string(store.file_id_of_input((*vertices)[static_cast<std::size_t>(v)])) + '\n';
    });
  }
}

// The "key: value" lines, the time last; on stderr when the values went to stdout.
void print_figures(const AnalyticsRequest& request, const KernelOutput& output, double seconds) {
  std::FILE* out = is_stdout(request.output) ? stderr : stdout;
  for (const SummaryFigure& figure : output.figures) {
    if (!figure.label.empty())
      std::fprintf(out, "%s: %s%s\n", figure.label.c_str(), printed(figure).c_str(), figure.unit.c_str());
  }
  std::fprintf(out, "%s_time: %.6f s\n", request.arguments.kernel().name.c_str(), seconds);
}

void write_json(const AnalyticsRequest& request, const KernelOutput& output, double seconds, QueryStore& store) {
  if (request.json_path.empty()) return;
  JsonWriter json = start_json(request.arguments.kernel().name, request, store);
  for (const SummaryFigure& figure : output.figures) {
    if (figure.json_key.empty()) continue;
    std::visit([&](const auto& value) { json.field(figure.json_key, value); }, figure.value);
  }
  json.field("seconds", seconds);
  write_iterations(json, output.iterations);
  json.end_object();
  write_output(request.json_path, json.text() + "\n");
}

}  // namespace

int analytics_command(Arguments& arguments) {
  const KernelDescription* kernel = find_analytics_kernel(arguments.command());
  if (kernel == nullptr) throw Error("no analytics kernel named '" + arguments.command() + "'");
  AnalyticsRequest request(*kernel);
  const OptionTable table = kernel_options(request);
  if (!table.parse(arguments)) {
    std::fputs(table.help().c_str(), stdout);
    return 0;
  }
  check_request(request);
  const std::unique_ptr<QueryStore> store = open_for_kernel(request.query, request.arguments);
  const KernelOutput output = run_kernel_on(*store, request.arguments, progress(kernel->name));
  const double seconds = total_seconds(output.iterations);
  write_values(request, output, *store);
  print_figures(request, output, seconds);
  write_json(request, output, seconds, *store);
  return 0;
}

}  // namespace semibfs::cli
