// `semibfs add-edges` and `semibfs compact`: versions of a store made by `semibfs build` (Lee et
// al., ExtraV, ISCA 2017, Sec. 4.5; store/store_versions.hpp). add-edges writes a version holding
// only the edges new to the latest one (session/edge_additions.hpp); compact folds every version
// into a rebuilt base (import/store_compaction.hpp).
#include <cstdio>
#include <iostream>
#include <string>

#include "cli/commands.hpp"
#include "cli/option_groups.hpp"
#include "core/error.hpp"
#include "formats/input_format.hpp"
#include "session/edge_additions.hpp"
#include "session/version_compaction.hpp"

namespace semibfs::cli {
namespace {

OptionTable add_edges_options(AddEdgesOptions& request) {
  OptionTable table({"add-edges INPUT --store DIR [OPTIONS]"},
                    "Adds the edges of a graph file to a store made by 'semibfs build' as a new version: only the "
                    "edges new to the latest version are written, beside the store, and nothing of the base is "
                    "rewritten. Every command then reads the latest version unless --version N says otherwise. "
                    "Ids are the store's file ids; an edge naming a vertex the store lacks is refused (a version "
                    "adds edges, not vertices). Edges count in the store's direction; self-loops and edges already "
                    "there are dropped.");
  table.positional("INPUT", "the graph file of the added edges, plain or gzip-compressed (docs/FORMATS.md)",
                   [&request](const std::string& value) { request.input = value; });
  add_store_option(table, request.store, "the store, made by 'semibfs build'");
  table.value("--format", "F", "the file's format, as 'semibfs build' reads it (default auto)",
              [&request](const std::string& value) { request.format = parse_input_format(value); });
  add_dram_budget_option(table, request.budget,
                         "the most the process holds in DRAM, the program and the added edges included; the "
                         "store's lists are read as the placement planner splits them (default: all in DRAM)");
  add_max_input_bytes_option(table, request.max_input_bytes);
  add_threads_option(table, request.threads);
  return table;
}

OptionTable compact_options(CompactOptions& request) {
  OptionTable table({"compact --store DIR [OPTIONS]"},
                    "Folds a store's versions into its base: the base is rebuilt from its edges and every "
                    "version's, as 'semibfs build' would build them at once, beside the store, and swapped in by "
                    "one atomic rename; a crash leaves either the old store or the new one.");
  add_store_option(table, request.store, "the store, made by 'semibfs build'");
  add_dram_budget_option(table, request.budget,
                         "the most the rebuild holds in DRAM, the program itself included (default 512MiB)");
  add_threads_option(table, request.threads);
  return table;
}

}  // namespace

int add_edges_command(Arguments& arguments) {
  AddEdgesOptions request;
  const OptionTable table = add_edges_options(request);
  if (!table.parse(arguments)) {
    std::fputs(table.help().c_str(), stdout);
    return 0;
  }
  std::fputs(add_edges_summary(request, add_edges(request)).c_str(), stdout);
  return 0;
}

int compact_command(Arguments& arguments) {
  CompactOptions request;
  const OptionTable table = compact_options(request);
  if (!table.parse(arguments)) {
    std::fputs(table.help().c_str(), stdout);
    return 0;
  }
  const CompactionStats stats = compact_versions(request, &std::cerr);
  if (stats.versions == 0) {
    std::printf("store: %s has no versions beyond its base; nothing to compact\n", request.store.c_str());
    return 0;
  }
  std::printf(
      "store: %s\nversions folded: %d\nedges: %lld (base %lld, added %lld)\nadjacencies: %lld\n"
      "compact_seconds: %.3f\n",
      request.store.c_str(), stats.versions, static_cast<long long>(stats.base_edges + stats.added_edges),
      static_cast<long long>(stats.base_edges), static_cast<long long>(stats.added_edges),
      static_cast<long long>(stats.adjacencies), stats.seconds);
  return 0;
}

}  // namespace semibfs::cli
