#include "cli/option_groups.hpp"

#include <sstream>

#include "core/byte_size.hpp"
#include "core/error.hpp"
#include "core/types.hpp"
#include "graph/partition_layout.hpp"
#include "graph500/run_options.hpp"  // sssp/'s delta limits
#include "session/kronecker_file.hpp"
#include "session/store_build.hpp"
#include "session/store_query_options.hpp"

namespace semibfs::cli {
void add_kronecker_options(OptionTable& table, KroneckerParams& kronecker, int max_scale, bool& scale_given) {
  table
      .value("--scale", "S", "log2 of the number of vertices (1.." + std::to_string(max_scale) + "), required",
             [&kronecker, &scale_given, max_scale](const std::string& value) {
               kronecker.scale = static_cast<int>(parse_integer(value, 1, max_scale));
               scale_given = true;
             })
      .value("--edgefactor", "E", "edges per vertex (default 16)",
             [&kronecker](const std::string& value) { kronecker.edgefactor = parse_integer(value, 1, kMaxEdgefactor); })
      .value("--seed1", "A", "first generator seed (default 2, the reference's)",
             [&kronecker](const std::string& value) { kronecker.seed1 = parse_unsigned(value); })
      .value("--seed2", "B", "second generator seed (default 3, the reference's)",
             [&kronecker](const std::string& value) { kronecker.seed2 = parse_unsigned(value); });
}

void add_threads_option(OptionTable& table, int& threads) {
  table.value("--threads", "N", "OpenMP threads (default: all cores)", [&threads](const std::string& value) {
    threads = static_cast<int>(parse_integer(value, 1, kMaxThreads));
  });
}

void add_dram_budget_option(OptionTable& table, DramBudget& budget, const std::string& help) {
  table.value("--dram-budget", "SIZE", help,
              [&budget](const std::string& value) { budget.dram_budget_bytes = parse_dram_budget(value); });
}

void add_head_entries_option(OptionTable& table, std::optional<std::int64_t>& head_entries) {
  table.value("--head-entries", "K",
              "with --dram-budget: keep the first K entries of every list in DRAM instead of the planner's choice",
              [&head_entries](const std::string& value) { head_entries = parse_integer(value, 1, kMaxVertices); });
}

void add_placement_options(OptionTable& table, SearchOptions& search) {
  add_dram_budget_option(table, search.budget,
                         "semi-external memory: the process keeps at most SIZE (e.g. 512MiB, 4GiB) in DRAM, the "
                         "program itself included: BFS status, offsets, the first K entries of each list, ... as "
                         "the placement planner decides (the plan is printed); the rest of each list is read from "
                         "the store when needed. A SIZE below the minimum is refused before any work, naming it");
  add_head_entries_option(table, search.head_entries);
  table.value("--placement", "MODE",
              "with --dram-budget: planned (default: the placement planner's split) or forward-on-disk "
              "(Iwabuchi et al.: the whole backward graph and the BFS status in DRAM, every forward list read from "
              "the store; with one partition of an undirected graph the forward lists are the backward lists' file)",
              [&search](const std::string& value) { search.placement = parse_placement_mode(value); });
  table.flag("--skip-validation", "do not validate the searches (the figures are then not a valid result)",
             [&search] { search.skip_validation = true; });
  add_threads_option(table, search.threads);
}

void add_search_options(OptionTable& table, SearchOptions& search, bool& policy_chosen) {
  BfsOptions& bfs = search.bfs;
  table
      .value("--policy", "P",
             "how each step's direction is chosen: alpha-beta (run's default; frontier vertices against n, "
             "Iwabuchi et al. Sec. III-C), beamer (bfs's default; frontier edges against unexplored edges, Beamer "
             "et al. SC'12), top-down or bottom-up",
             [&bfs, &policy_chosen](const std::string& value) {
               bfs.policy = parse_policy(value);
               policy_chosen = true;
             })
      .value("--alpha", "A",
             "switch to bottom-up when the growing frontier passes n/A vertices (alpha-beta, default 1e4) or "
             "m_u/A edges (beamer, default 15)",
             [&bfs](const std::string& value) { bfs.alpha = parse_positive_double(value); })
      .value("--beta", "B",
             "switch back to top-down when the shrinking frontier falls below n/B vertices (alpha-beta, default "
             "1e3; beamer, default 18)",
             [&bfs](const std::string& value) { bfs.beta = parse_positive_double(value); })
      .value("--summary-bits", "N",
             "frontier bits per summary bit in bottom-up steps: 64, 128, 256, 512, 1024, or 0 for none "
             "(default; Cui et al. Sec. III-C)",
             [&bfs](const std::string& value) {
               bfs.summary_bits = check_summary_bits(parse_integer(value, 0, kSummaryBitsChoices[5]));
             })
      .value("--io", "KIND",
             "how lists are read from the store: auto (default: io_uring where the kernel allows it, else "
             "pread), uring or pread",
             [&search](const std::string& value) { search.io = parse_io_kind(value); });
  add_placement_options(table, search);
}

void add_layout_options(OptionTable& table, int& partitions, NeighborOrder& order, bool& compressed_lists, bool& relabel) {
  table
      .value("--partitions", "P",
             "split the vertices into P ranges, each with a forward and a backward graph (NETAL layout, Yasui et "
             "al. Sec. IV-A); default: one per NUMA node",
             [&partitions](const std::string& value) {
               partitions = static_cast<int>(parse_integer(value, 1, kMaxPartitions));
             })
      .value("--neighbor-order", "O",
             "order of each neighbour list: hub-first (default; the highest-degree neighbour first), degree (all "
             "by descending degree) or id",
             [&order](const std::string& value) { order = parse_neighbor_order(value); })
      .flag("--compress",
            "store every list compressed: intervals of consecutive ids and gaps as variable-length integers "
            "(ExtraV (Lee et al.) Table 2, byte code), decoded in place by the searches; each list is stored in id "
            "order, and the neighbour order picks the head a bottom-up step probes first",
            [&compressed_lists] { compressed_lists = true; })
      .value("--vertex-order", "O",
             "input (default: the input's ids) or degree: the store numbers the vertices by descending degree, "
             "so that lists compress better and list hubs first; roots and parents stay in the input's ids (the "
             "parents are mapped back as part of each timed search)",
             [&relabel](const std::string& value) { relabel = relabels_by_degree(value); });
}

void add_store_option(OptionTable& table, std::string& directory, const std::string& help) {
  table.value("--store", "DIR", help, [&directory](const std::string& value) { directory = value; });
}

void add_max_input_bytes_option(OptionTable& table, std::uint64_t& max_input_bytes) {
  table.value("--max-input-bytes", "SIZE",
              "the most read from an INPUT that is not a regular file (a pipe, a device; default 1TiB), so "
              "endless input is an error, not a full disk",
              [&max_input_bytes](const std::string& value) { max_input_bytes = parse_byte_size(value); });
}

void add_version_option(OptionTable& table, std::optional<int>& version) {
  table.value(
      "--version", "N",
      "read version N of the store (0: the graph it was built from; each 'semibfs add-edges' adds one; "
      "default: the latest)",
      [&version](const std::string& value) { version = static_cast<int>(parse_integer(value, 0, kMaxStoreVersion)); });
}

namespace {

std::string format_delta(double delta) {
  std::ostringstream text;
  text << delta;
  return text.str();
}

}  // namespace

void add_delta_option(OptionTable& table, std::optional<double>& delta, const std::string& help_prefix) {
  table.value("--delta", "D",
              help_prefix + "the bucket width of delta-stepping (default " + format_delta(kDefaultPrunedDelta) +
                  " for undirected lists in DRAM, searched by the pruned kernel over lists ordered by weight; " +
                  format_delta(kDefaultDelta) + " elsewhere, after Meyer and Sanders, for the weights in [0, 1))",
              [&delta](const std::string& value) { delta = check_delta(parse_positive_double(value)); });
}

}  // namespace semibfs::cli
