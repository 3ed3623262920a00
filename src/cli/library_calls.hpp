// The commands' work with its results handed back instead of printed, for the Python package: the
// options parsed by each command's own table, so that its errors read as the command's.
#pragma once

#include <cstdint>
#include <ostream>
#include <vector>

#include "cli/arguments.hpp"
#include "graph500/graph500_report.hpp"

namespace semibfs::cli {

// Per vertex of a store, in its order: the file id and the algorithm's value.
struct VertexValues {
  std::vector<std::uint64_t> file_ids;
  std::vector<double> ranks;              // pagerank
  std::vector<std::uint64_t> components;  // cc: each component named by its smallest file id
  int iterations = 0;
  double last_change = 0;  // pagerank: the L1 change of the last iteration
  double seconds = 0;      // the iterations' time, the store's open not included
};

// `semibfs pagerank` and `semibfs cc` with `arguments` as their options (--store DIR, ...).
VertexValues pagerank_values(Arguments& arguments);
VertexValues component_values(Arguments& arguments);

// `semibfs run` in this process with `arguments` as its options, progress and per-root lines to
// `log`; the report, with the official block not printed. Throws semibfs::Error when a search
// fails validation, as the command does.
Graph500Report run_report(Arguments& arguments, std::ostream& log);

}  // namespace semibfs::cli
