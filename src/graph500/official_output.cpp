// The official output block of a successful run, byte for byte as the reference v3 prints it
// (src/main.c, the printing at the end of main; built with SSSP, the graph500_reference_bfs_sssp
// block): same keys, order, column and printf formats.
#include "graph500/official_output.hpp"

#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>

#include "graph500/statistics.hpp"
#include "core/error.hpp"

namespace semibfs {
namespace {

// The reference pads every key so that values start at column 33.
constexpr std::size_t kValueColumn = 32;

std::string format_general(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%g", value);
  return buffer;
}

// Edge counts get 11 significant digits so that exact counts print whole.
std::string format_edge_count(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.11g", value);
  return buffer;
}

void append_line(std::string& out, std::string_view key, const std::string& value) {
  std::string line(key);
  if (line.size() < kValueColumn) line.resize(kValueColumn, ' ');
  out += line;
  out += value;
  out += '\n';
}

// Seven lines `<prefix>min<suffix>` .. `<prefix>stddev<suffix>`, in the reference's order.
void append_summary(std::string& out, std::string_view prefix, std::string_view suffix,
                    const SummaryStatistics& s, std::string (*format)(double)) {
  const auto key = [&](std::string_view name) {
    return std::string(prefix) + std::string(name) + std::string(suffix);
  };
  append_line(out, key("min"), format(s.minimum));
  append_line(out, key("firstquartile"), format(s.first_quartile));
  append_line(out, key("median"), format(s.median));
  append_line(out, key("thirdquartile"), format(s.third_quartile));
  append_line(out, key("max"), format(s.maximum));
  append_line(out, key("mean"), format(s.mean));
  append_line(out, key("stddev"), format(s.stddev));
}

// `kernel` is "bfs  " or "sssp ", as the reference pads them.
void append_teps(std::string& out, const std::string& kernel, const TepsStatistics& t) {
  append_line(out, kernel + "min_TEPS:", format_general(t.minimum));
  append_line(out, kernel + "firstquartile_TEPS:", format_general(t.first_quartile));
  append_line(out, kernel + "median_TEPS:", format_general(t.median));
  append_line(out, kernel + "thirdquartile_TEPS:", format_general(t.third_quartile));
  append_line(out, kernel + "max_TEPS:", format_general(t.maximum));
  // The `!` marks the headline figure, as in the reference.
  append_line(out, kernel + "harmonic_mean_TEPS:     !", format_general(t.harmonic_mean));
  append_line(out, kernel + "harmonic_stddev_TEPS:", format_general(t.harmonic_stddev));
}

void check_sizes(const Graph500Results& results) {
  const std::size_t roots = results.bfs_seconds.size();
  if (results.nedge.size() != roots || results.validate_seconds.size() != roots) {
    throw Error("official output needs one BFS time, edge count and validation time per root, got " +
                std::to_string(roots) + ", " + std::to_string(results.nedge.size()) + " and " +
                std::to_string(results.validate_seconds.size()) + " (a bug in the benchmark driver)");
  }
  const std::size_t searches = results.sssp_seconds.size();
  if ((searches != 0 && searches != roots) || results.sssp_nedge.size() != searches ||
      results.sssp_validate_seconds.size() != searches) {
    throw Error("official output needs one SSSP time, edge count and validation time per BFS root or none, got " +
                std::to_string(searches) + ", " + std::to_string(results.sssp_nedge.size()) + " and " +
                std::to_string(results.sssp_validate_seconds.size()) + " for " + std::to_string(roots) +
                " roots (a bug in the benchmark driver)");
  }
}

}  // namespace

std::string format_official_output(const Graph500Results& results) {
  check_sizes(results);
  std::string out;
  append_line(out, "SCALE:", std::to_string(results.scale));
  append_line(out, "edgefactor:", std::to_string(results.edgefactor));
  append_line(out, "NBFS:", std::to_string(results.bfs_seconds.size()));
  append_line(out, "graph_generation:", format_general(results.generation_seconds));
  append_line(out, "num_mpi_processes:", std::to_string(results.num_mpi_processes));
  append_line(out, "construction_time:", format_general(results.construction_seconds));
  // With SSSP, each of its groups follows the BFS group of the same figure, as in the reference.
  const bool sssp = !results.sssp_seconds.empty();
  append_summary(out, "bfs  ", "_time:", summarize(results.bfs_seconds), format_general);
  if (sssp) append_summary(out, "sssp ", "_time:", summarize(results.sssp_seconds), format_general);
  append_summary(out, "", "_nedge:", summarize(results.nedge), format_edge_count);
  append_teps(out, "bfs  ", summarize_teps(results.bfs_seconds, results.nedge));
  if (sssp) append_teps(out, "sssp ", summarize_teps(results.sssp_seconds, results.sssp_nedge));
  append_summary(out, "bfs  ", "_validate:", summarize(results.validate_seconds), format_general);
  if (sssp) append_summary(out, "sssp ", "_validate:", summarize(results.sssp_validate_seconds), format_general);
  return out;
}

}  // namespace semibfs
