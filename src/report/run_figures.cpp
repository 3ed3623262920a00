#include "report/run_figures.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <sstream>

#include "core/byte_size.hpp"
#include "core/error.hpp"
#include "report/chart_axis.hpp"
#include "report/json_reader.hpp"

namespace semibfs {
namespace {

// An object of the document with its path, so that a missing or mistyped field is named.
class Fields {
 public:
  // `read`'s result; its Error is rethrown naming the field.
  template <typename Read>
  decltype(auto) checked(std::string_view key, Read read) const {
    try {
      return read();
    } catch (const Error& error) {
      throw Error(path_of(key) + ": " + error.what());
    }
  }

  Fields(const JsonValue& object, std::string path) : object_(object), path_(std::move(path)) {
    checked("", [&] { return object_.as_object().size(); });
  }

  const JsonValue* find(std::string_view key) const { return object_.find(key); }
  const JsonValue& at(std::string_view key) const {
    const JsonValue* value = object_.find(key);
    if (value == nullptr) throw Error(path_of(key) + ": missing");
    return *value;
  }
  // A number; null (how the writer spells a non-finite one) is NaN.
  double number(std::string_view key) const {
    const JsonValue& value = at(key);
    return value.is_null() ? NAN : checked(key, [&] { return value.as_number(); });
  }
  // A count, a time or a rate: no run writes a negative one, so such a report was altered.
  double non_negative(std::string_view key) const {
    const double value = number(key);
    if (value < 0) throw Error(path_of(key) + ": " + std::to_string(value) + " is negative (no run writes that)");
    return value;
  }
  std::int64_t integer(std::string_view key) const {
    const JsonValue& value = at(key);
    return checked(key, [&] { return value.as_integer(); });
  }
  std::string string(std::string_view key) const {
    const JsonValue& value = at(key);
    return checked(key, [&] { return value.as_string(); });
  }
  bool boolean(std::string_view key) const {
    const JsonValue& value = at(key);
    return checked(key, [&] { return value.as_boolean(); });
  }
  Fields object(std::string_view key) const { return Fields(at(key), path_of(key)); }
  const JsonValue::Array& array(std::string_view key) const {
    const JsonValue& value = at(key);
    return checked(key, [&]() -> const JsonValue::Array& { return value.as_array(); });
  }
  const JsonValue& value() const { return object_; }
  std::string path_of(std::string_view key) const {
    return key.empty()     ? (path_.empty() ? "the document" : path_)
           : path_.empty() ? std::string(key)
                           : path_ + "." + std::string(key);
  }

 private:
  const JsonValue& object_;
  std::string path_;
};

std::string label_of(const std::string& key) {
  std::string label = key;
  std::replace(label.begin(), label.end(), '_', ' ');
  return label;
}

std::string number_text(const std::string& key, const JsonValue& value) {
  const bool exact = value.as_number() == std::floor(value.as_number()) && std::abs(value.as_number()) < 9e15;
  if (key.ends_with("_bytes") && exact && value.as_number() >= 0) {
    return format_bytes(static_cast<std::int64_t>(value.as_number()));
  }
  if (key.ends_with("_seconds") && value.as_number() >= 0) return format_value(value.as_number(), ValueUnit::kSeconds);
  if (exact) return std::to_string(static_cast<std::int64_t>(value.as_number()));
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6g", value.as_number());
  return buffer;
}

// Every scalar member of `object` as a setting; nested objects and arrays are figures, not settings.
std::vector<Setting> scalar_settings(const Fields& object) {
  std::vector<Setting> settings;
  for (const auto& [key, value] : object.value().as_object()) {
    switch (value.kind()) {
      case JsonValue::Kind::kNull: settings.emplace_back(label_of(key), "-"); break;
      case JsonValue::Kind::kBoolean: settings.emplace_back(label_of(key), value.as_boolean() ? "yes" : "no"); break;
      case JsonValue::Kind::kNumber: settings.emplace_back(label_of(key), number_text(key, value)); break;
      case JsonValue::Kind::kString:
        settings.emplace_back(label_of(key), value.as_string().empty() ? "-" : value.as_string());
        break;
      default: break;
    }
  }
  return settings;
}

std::optional<LevelReads> level_reads(const Fields& level) {
  if (level.find("io") == nullptr) return std::nullopt;
  const Fields io = level.object("io");
  const Fields latency = io.object("latency_us");
  return LevelReads{io.number("requests"),        io.number("bytes"),           latency.number("p50") * 1e-6,
                    latency.number("p90") * 1e-6, latency.number("p99") * 1e-6, latency.number("max") * 1e-6};
}

std::optional<std::vector<LevelTraffic>> level_traffic(const Fields& level) {
  if (level.find("communication") == nullptr) return std::nullopt;
  const Fields traffic = level.object("communication").object("traffic");
  std::vector<LevelTraffic> kinds;
  for (const auto& [kind, value] : traffic.value().as_object()) {
    const Fields figures(value, traffic.path_of(kind));
    kinds.push_back({kind, figures.number("bytes"), figures.number("messages")});
  }
  return kinds;
}

LevelFigures level_figures(const Fields& level) {
  LevelFigures figures;
  figures.level = level.integer("level");
  const std::string direction = level.string("direction");
  if (direction != "top-down" && direction != "bottom-up") {
    throw Error(level.path_of("direction") + ": expected \"top-down\" or \"bottom-up\", found \"" + direction + "\"");
  }
  figures.bottom_up = direction == "bottom-up";
  figures.seconds = level.non_negative("seconds");
  figures.frontier_vertices = level.non_negative("frontier_vertices");
  figures.frontier_edges = level.non_negative("frontier_edges");
  figures.reads = level_reads(level);
  figures.traffic = level_traffic(level);
  return figures;
}

// A search's root, seconds, TEPS and nedge: what a BFS and an SSSP root both report.
SearchFigures search_totals(const Fields& root) {
  SearchFigures search;
  search.root = root.integer("root");
  search.seconds = root.non_negative("seconds");
  search.teps = root.non_negative("teps");
  search.nedge = root.integer("nedge");
  if (root.find("validate_seconds") != nullptr) search.validate_seconds = root.non_negative("validate_seconds");
  return search;
}

std::vector<ValidationPassFigures> validation_pass_figures(const Fields& document) {
  std::vector<ValidationPassFigures> passes;
  if (document.find("validation_passes") == nullptr) return passes;
  const JsonValue::Array& entries = document.array("validation_passes");
  for (std::size_t index = 0; index < entries.size(); ++index) {
    const Fields pass(entries[index], "validation_passes[" + std::to_string(index) + "]");
    passes.push_back({pass.string("kernel"), pass.integer("first"), pass.integer("searches"), pass.non_negative("seconds")});
  }
  return passes;
}

SearchFigures search_figures(const Fields& root) {
  SearchFigures search = search_totals(root);
  const JsonValue::Array& levels = root.array("levels");
  for (std::size_t index = 0; index < levels.size(); ++index) {
    search.levels.push_back(
        level_figures(Fields(levels[index], root.path_of("levels") + "[" + std::to_string(index) + "]")));
  }
  return search;
}

BucketPhaseFigures bucket_phase_figures(const Fields& phase) {
  return {phase.integer("bucket"),
          phase.non_negative("rounds"),
          phase.non_negative("light_edges"),
          phase.non_negative("heavy_edges"),
          phase.non_negative("distance_updates"),
          phase.non_negative("bytes_read"),
          phase.non_negative("read_requests")};
}

// An SSSP root's totals and, when its report has them, its bucket phases (each field required).
SearchFigures sssp_search_figures(const Fields& root) {
  SearchFigures search = search_totals(root);
  if (root.find("bucket_phases") == nullptr) return search;
  search.has_bucket_phases = true;
  const JsonValue::Array& phases = root.array("bucket_phases");
  for (std::size_t index = 0; index < phases.size(); ++index) {
    search.bucket_phases.push_back(
        bucket_phase_figures(Fields(phases[index], root.path_of("bucket_phases") + "[" + std::to_string(index) + "]")));
  }
  return search;
}

std::optional<SsspRunFigures> sssp_figures(const Fields& document) {
  if (document.find("sssp") == nullptr) return std::nullopt;
  const Fields sssp = document.object("sssp");
  SsspRunFigures figures;
  figures.delta = sssp.non_negative("delta");
  if (sssp.find("teps") != nullptr) figures.harmonic_mean_teps = sssp.object("teps").non_negative("harmonic_mean");
  const JsonValue::Array& roots = sssp.array("roots");
  for (std::size_t index = 0; index < roots.size(); ++index) {
    figures.searches.push_back(
        sssp_search_figures(Fields(roots[index], sssp.path_of("roots") + "[" + std::to_string(index) + "]")));
  }
  return figures;
}

std::string graph_name(const Fields& options, std::int64_t ranks) {
  std::string name = options.find("scale") != nullptr
                         ? "SCALE " + std::to_string(options.integer("scale"))
                         : "graph of " + std::to_string(options.integer("vertices")) + " vertices";
  if (ranks > 1) name += ", " + std::to_string(ranks) + " ranks";
  if (options.boolean("compressed_lists")) name += ", compressed";
  return name;
}

// "SCALE 16, 2 ranks, DRAM budget 21.00 MiB", or "..., in DRAM".
std::string description_of(const RunFigures& run, const std::string& graph) {
  if (run.dram_budget_bytes <= 0) return graph + ", in DRAM";
  const std::string per_rank = run.mpi_processes > 1 ? " per rank" : "";
  return graph + ", DRAM budget " + format_bytes(run.dram_budget_bytes) + per_rank +
         (run.lists_on_disk ? "" : " (every list fitted in DRAM)");
}

std::vector<Setting> result_settings(const Fields& document, const RunFigures& run) {
  std::vector<Setting> results;
  const Fields official = document.object("graph500");
  results.emplace_back("searches", std::to_string(official.integer("nbfs")));
  if (run.harmonic_mean_teps)
    results.emplace_back("harmonic mean TEPS", format_value(*run.harmonic_mean_teps, ValueUnit::kCount));
  if (official.find("time") != nullptr) {
    results.emplace_back("median search time",
                         format_value(official.object("time").number("median"), ValueUnit::kSeconds));
  }
  if (run.sssp) {
    results.emplace_back("SSSP searches", std::to_string(run.sssp->searches.size()));
    if (run.sssp->harmonic_mean_teps) {
      results.emplace_back("SSSP harmonic mean TEPS", format_value(*run.sssp->harmonic_mean_teps, ValueUnit::kCount));
    }
    results.emplace_back("SSSP delta", number_text("delta", JsonValue::number(run.sssp->delta)));
  }
  results.emplace_back("construction", format_value(official.number("construction_seconds"), ValueUnit::kSeconds));
  results.emplace_back("MPI processes", std::to_string(run.mpi_processes));
  results.emplace_back("lists on disk", run.lists_on_disk ? "yes" : "no");
  if (document.find("io") != nullptr) {
    const Fields io = document.object("io");
    results.emplace_back("reads", format_value(io.number("requests"), ValueUnit::kCount) + " requests, " +
                                      format_bytes(static_cast<std::int64_t>(io.number("bytes"))));
  }
  results.emplace_back("validation",
                       run.validation_passed ? "passed" : "FAILED: " + document.string("validation_failure"));
  return results;
}

// The words as a shell takes them back: a word of other characters than these in single quotes.
std::string shell_line(const JsonValue::Array& words) {
  std::string line;
  for (const JsonValue& word : words) {
    const std::string& text = word.as_string();
    const bool plain = !text.empty() && text.find_first_not_of(
                                            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                            "0123456789-_=./,:+@%") == std::string::npos;
    if (!line.empty()) line += ' ';
    if (plain) {
      line += text;
      continue;
    }
    line += '\'';
    for (const char c : text) line += c == '\'' ? std::string("'\\''") : std::string(1, c);
    line += '\'';
  }
  return line;
}

RunFigures read_document(const Fields& document, const std::string& source) {
  RunFigures run;
  run.source = source;
  const Fields options = document.object("options");
  const Fields official = document.object("graph500");
  run.dram_budget_bytes = options.integer("dram_budget_bytes");
  run.lists_on_disk = document.boolean("lists_on_disk");
  run.mpi_processes = official.integer("num_mpi_processes");
  run.validation_passed = document.boolean("validation_passed");
  if (official.find("teps") != nullptr) run.harmonic_mean_teps = official.object("teps").non_negative("harmonic_mean");
  run.graph = graph_name(options, run.mpi_processes);
  run.graph_key = run.graph + " | " + options.string("graph");
  run.description = description_of(run, run.graph);
  run.options = scalar_settings(options);
  // Reports written before it was recorded have none.
  if (document.find("command_line") != nullptr) {
    run.command_line = document.checked("command_line", [&] { return shell_line(document.array("command_line")); });
  }
  if (document.find("program_version") != nullptr) run.program_version = document.string("program_version");
  run.machine = scalar_settings(document.object("machine"));
  run.sssp = sssp_figures(document);
  run.validation_passes = validation_pass_figures(document);
  run.results = result_settings(document, run);
  const JsonValue::Array& roots = document.array("roots");
  for (std::size_t index = 0; index < roots.size(); ++index) {
    run.searches.push_back(search_figures(Fields(roots[index], "roots[" + std::to_string(index) + "]")));
  }
  return run;
}

std::string read_whole_file(const std::string& path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) throw Error("cannot read '" + path + "': it is a directory");
  std::ifstream file(path, std::ios::binary);
  if (!file) throw Error("cannot read '" + path + "': " + std::strerror(errno));
  std::ostringstream text;
  text << file.rdbuf();
  if (file.bad()) throw Error("cannot read '" + path + "': " + std::strerror(errno));
  return text.str();
}

}  // namespace

RunFigures run_figures_of(const JsonValue& document, const std::string& source) {
  try {
    const Fields fields(document, "");
    if (fields.find("program") == nullptr || fields.string("program") != "semibfs") {
      throw Error("no \"program\": \"semibfs\" at the top");
    }
    return read_document(fields, source);
  } catch (const Error& error) {
    throw Error(source + ": not a semibfs run report (from semibfs run or bfs --json): " + error.what());
  }
}

RunFigures read_run_figures(const std::string& path) {
  return run_figures_of(read_json(read_whole_file(path), path), path);
}

std::size_t median_teps_search(const RunFigures& run) {
  if (run.searches.empty()) throw Error(run.source + ": the run has no searches");
  return median_teps_search(run.searches);
}

std::size_t median_teps_search(const std::vector<SearchFigures>& searches) {
  if (searches.empty()) throw Error("the median search of no searches");
  std::vector<std::size_t> order(searches.size());
  std::iota(order.begin(), order.end(), 0);
  // NaN TEPS (a search of zero seconds) sorts last, so that the order is strict.
  const auto key = [&](std::size_t index) {
    const double teps = searches[index].teps;
    return std::isnan(teps) ? std::numeric_limits<double>::infinity() : teps;
  };
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return key(a) < key(b); });
  return order[(order.size() - 1) / 2];
}

}  // namespace semibfs
