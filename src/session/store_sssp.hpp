// `semibfs sssp` as a call (issue 40): a store built from a weighted file read into DRAM (under a
// budget its lists and weights tiered as BFS tiers them),
// shortest paths from one root by delta-stepping through the one search driver (timed after an
// untimed warm-up, validated by the SSSP rules against the store's edge file and its weights, which
// share nothing with the kernel), handed back with the id map that names them in the file's ids.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "core/parent_array.hpp"
#include "formats/id_map.hpp"
#include "graph500/graph500_report.hpp"
#include "graph500/run_options.hpp"
#include "sssp/sssp_options.hpp"

namespace semibfs {

struct StoreSsspOptions {
  std::string store;
  std::uint64_t root = 0;  // as the input file names it
  SsspOptions sssp;
  SearchOptions search;    // threads, skip_validation and a DRAM budget (the lists and weights then tiered)

  // Before any work: a store directory, valid search options and delta; UsageError otherwise.
  void check() const;
};

struct StoreShortestPaths {
  Graph500Report report;        // the search's figures (report.sssp_roots) and validation
  IdMap ids;                    // the store's id map, in the file's numbering
  VertexId root = 0;            // the root in the store's ids
  std::vector<float> distance;  // per store id; infinity where unreached
  ParentArray parent;           // per store id; kUnreached where unreached, the root its own
};

// Throws semibfs::Error, one line, when the store has no weights (built from an unweighted file,
// or without them), has versions beyond its base, the root is no vertex, or validation fails.
StoreShortestPaths search_store_shortest_paths(const StoreSsspOptions& options, std::ostream& log);

}  // namespace semibfs
