#include "cli/search_report.hpp"

#include <cstdio>

#include "graph500/json_report.hpp"
#include "graph500/official_output.hpp"
#include "core/error.hpp"
#include "core/file_output.hpp"
#include "core/machine.hpp"

namespace semibfs::cli {

void write_json_report(const Graph500Report& report, const std::string& json_path) {
  if (json_path.empty()) return;
  write_output(json_path, format_json_report(report, read_machine_info(), peak_rss_bytes()));
}

// The official block (or the reference's "No results" line) first: a JSON file that cannot be
// written must not cost the run its figures.
int print_search_report(const Graph500Report& report, const std::string& json_path, const std::string& command) {
  if (!report.validation_passed) {
    std::fputs("No results printed for invalid run.\n", stdout);
    write_json_report(report, json_path);
    throw Error("validation failed: " + report.validation_failure);
  }
  std::fputs(format_official_output(report.official).c_str(), stdout);
  flush_stream(stdout, "stdout");
  write_json_report(report, json_path);
  if (report.search.skip_validation) {
    std::fprintf(stderr, "semibfs %s: validation was skipped; these figures are not a valid Graph500 result\n",
                 command.c_str());
  }
  return 0;
}

}  // namespace semibfs::cli
