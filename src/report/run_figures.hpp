// The figures of one `semibfs run|bfs --json` report (graph500/json_report.cpp writes them), read
// back for `semibfs report`: the run's settings and machine as text, its TEPS, and per search its
// levels with their directions, frontiers, seconds, I/O (tiered runs) and traffic (MPI runs); its
// SSSP searches' TEPS when it ran kernel 3.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "report/json_value.hpp"

namespace semibfs {

// One level's reads from disk (the level's "io" object; none when it read nothing).
struct LevelReads {
  double requests = 0;
  double bytes = 0;
  double latency_p50_seconds = 0;
  double latency_p90_seconds = 0;
  double latency_p99_seconds = 0;
  double latency_max_seconds = 0;
};

// One kind of exchange in a level of a run across MPI ranks, summed over the ranks.
struct LevelTraffic {
  std::string kind;  // bitmap, summary, pairs, control, cache
  double bytes = 0;
  double messages = 0;
};

struct LevelFigures {
  std::int64_t level = 0;
  bool bottom_up = false;
  double seconds = 0;
  double frontier_vertices = 0;
  double frontier_edges = 0;
  std::optional<LevelReads> reads;
  std::optional<std::vector<LevelTraffic>> traffic;  // only in runs across MPI ranks
};

// One bucket's phase of an SSSP search (a root's "bucket_phases"), in the order emptied.
struct BucketPhaseFigures {
  std::int64_t bucket = 0;
  double rounds = 0;
  double light_edges = 0;  // edges relaxed lighter than delta
  double heavy_edges = 0;
  double distance_updates = 0;
  double bytes_read = 0;  // tails and their weights, from the store
  double read_requests = 0;
};

struct SearchFigures {
  std::int64_t root = 0;
  double seconds = 0;
  double teps = 0;
  std::int64_t nedge = 0;
  double validate_seconds = 0;  // its validation (in a batch: its share of the pass); 0 when skipped
  std::vector<LevelFigures> levels;
  // SSSP roots only: their bucket phases; none in reports older than them (has_bucket_phases false).
  std::vector<BucketPhaseFigures> bucket_phases;
  bool has_bucket_phases = false;
};

// Kernel 3's searches of a run made with --sssp (the report's "sssp" object); their roots have no
// levels, but bucket phases.
struct SsspRunFigures {
  double delta = 0;
  std::optional<double> harmonic_mean_teps;
  std::vector<SearchFigures> searches;
};

// One pass of the validation over the edges that checked several searches at once ("validation_passes").
struct ValidationPassFigures {
  std::string kernel;  // "BFS" or "SSSP"
  std::int64_t first = 0;
  std::int64_t searches = 0;
  double seconds = 0;
};

using Setting = std::pair<std::string, std::string>;  // name, value as the page shows them

struct RunFigures {
  std::string source;                  // the file, as named on the command line
  std::string graph;                   // "SCALE 16, 2 ranks" (and ", compressed")
  std::string graph_key;               // runs with the same key searched the same graph on as many ranks
  std::string description;             // "SCALE 16, 2 ranks, DRAM budget 21.00 MiB"
  std::int64_t dram_budget_bytes = 0;  // 0: no budget, the graph in DRAM
  bool lists_on_disk = false;
  std::int64_t mpi_processes = 1;
  bool validation_passed = true;
  std::optional<double> harmonic_mean_teps;
  std::string command_line;      // the process's words, shell-quoted; empty when not recorded
  std::string program_version;   // the semibfs that wrote the report; empty in reports older than it
  std::vector<Setting> options;  // every scalar of "options"
  std::vector<Setting> machine;  // every scalar of "machine"
  std::vector<Setting> results;  // the official figures a reader looks for first
  std::vector<SearchFigures> searches;
  std::optional<SsspRunFigures> sssp;  // only in runs with --sssp
  std::vector<ValidationPassFigures> validation_passes;  // none in reports older than batches
};

// The figures of `document`, the parsed report read from `source`. A document that is not a run
// report (a field missing or of another kind) throws semibfs::Error naming `source` and the field's
// path ("run.json: not a semibfs run report: roots[2].levels[0].seconds: expected a number, ...").
RunFigures run_figures_of(const JsonValue& document, const std::string& source);

// Reads, parses and extracts the report at `path`; every failure is one semibfs::Error naming it.
RunFigures read_run_figures(const std::string& path);

// The index of the search with the run's median TEPS (the lower middle of an even count), whose
// levels the per-level figures show; the run must have a search.
std::size_t median_teps_search(const RunFigures& run);
// The same among `searches` (a run's SSSP ones), which must not be empty.
std::size_t median_teps_search(const std::vector<SearchFigures>& searches);

}  // namespace semibfs
