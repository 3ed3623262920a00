// How `run` and `bfs --roots` end: the JSON report when asked, then the official block on stdout,
// or for a failed validation the reference's "No results" line and one error.
#pragma once

#include <string>

#include "graph500/graph500_report.hpp"

namespace semibfs::cli {

// Writes the JSON report to `json_path` when it is not empty.
void write_json_report(const Graph500Report& report, const std::string& json_path);

// Writes `json_path` (when not empty), prints the official block; throws semibfs::Error naming the
// failure when a search did not validate. `command` names the command in the warning printed when
// validation was skipped.
int print_search_report(const Graph500Report& report, const std::string& json_path, const std::string& command);

}  // namespace semibfs::cli
