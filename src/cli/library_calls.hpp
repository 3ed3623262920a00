// `semibfs run` with its result handed back instead of printed, for the Python package: the
// options parsed by the command's own table, so that its errors read as the command's. (PageRank
// and components take typed options instead: session/store_analytics.hpp.)
#pragma once

#include <ostream>

#include "cli/arguments.hpp"
#include "graph500/graph500_report.hpp"

namespace semibfs::cli {

// `semibfs run` in this process with `arguments` as its options, progress and per-root lines to
// `log`; the report, with the official block not printed. Throws semibfs::Error when a search
// fails validation, as the command does.
Graph500Report run_report(Arguments& arguments, std::ostream& log);

}  // namespace semibfs::cli
