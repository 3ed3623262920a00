// `semibfs run`: a Graph500 run with the official output block.
#include <cstdio>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>

#include "cli/commands.hpp"
#include "cli/option_groups.hpp"
#include "cli/process_group.hpp"
#include "cli/run_across_ranks.hpp"
#include "cli/search_report.hpp"
#include "core/error.hpp"
#include "core/file_output.hpp"
#include "session/benchmark_run.hpp"
#include "session/output_paths.hpp"

namespace semibfs::cli {
namespace {

struct RunRequest {
  Graph500Options options;
  std::string json_path;  // the JSON report, when not empty
  bool scale_given = false;
  bool policy_chosen = false;
  bool rank_option_given = false;  // an option only runs under mpirun take
  bool cache_kind_given = false;
  bool cache_entries_given = false;
  std::optional<double> delta;  // --delta, which needs --sssp
};

// --remote-cache local|node|server|memcached://HOST:PORT.
void parse_remote_cache(const std::string& value, RankOptions& ranks) {
  const std::string memcached = "memcached://";
  if (value.starts_with(memcached)) {
    if (value.size() == memcached.size()) throw UsageError("expected memcached://HOST:PORT, got '" + value + "'");
    ranks.remote_cache = CacheKind::kMemcached;
    ranks.memcached_address = value.substr(memcached.size());
    parse_memcached_address(ranks.memcached_address);  // a bad address stops the run here, before any work
    return;
  }
  for (const CacheKind kind : {CacheKind::kLocal, CacheKind::kNode, CacheKind::kServer}) {
    if (value == to_string(kind)) {
      ranks.remote_cache = kind;
      return;
    }
  }
  throw UsageError("unknown remote cache '" + value + "'; valid choices: local, node, server, memcached://HOST:PORT");
}

// The remote vertex caches of runs under mpirun (Cicotti and Carrington).
void add_cache_options(OptionTable& table, RunRequest& request) {
  RankOptions& ranks = request.options.ranks;
  table.value("--remote-cache", "KIND",
              "under mpirun: where the cache of remote children already sent lives: local (each rank, LC-BFS), "
              "node (one shared by the ranks of a node), server (a rank holding one for its group, RC-BFS) or "
              "memcached://HOST:PORT (MC-BFS); a top-down pair whose child hits is not sent (default local, "
              "with " + std::to_string(kDefaultRemoteCacheEntries) + " entries when only the kind is given)",
              [&](const std::string& value) {
                parse_remote_cache(value, ranks);
                request.cache_kind_given = true;
                request.rank_option_given = true;
              });
  table.value("--cache-server-ranks", "N",
              "under mpirun, with --remote-cache server: N ranks hold a cache, each for a group of consecutive "
              "ranks (default 1: one for all)",
              [&](const std::string& value) {
                ranks.cache_server_ranks = static_cast<int>(parse_integer(value, 1, 1 << 20));
                request.rank_option_given = true;
              });
  table.value("--remote-cache-entries", "N",
              "under mpirun: entries of each remote vertex cache (per rank, node or server as --remote-cache says; "
              "a power of two; 0, the default without --remote-cache, for none)",
              [&](const std::string& value) {
                const std::int64_t entries = parse_integer(value, 0, std::int64_t{1} << 30);
                if (entries == 1 || (entries & (entries - 1)) != 0) {
                  throw UsageError("expected 0 or a power of two from 2 to 2^30, got '" + value + "'");
                }
                ranks.remote_cache_entries = entries;
                request.cache_entries_given = true;
                request.rank_option_given = true;
              });
  table.value("--remote-cache-hash", "low|mix",
              "under mpirun: how the remote vertex cache maps an id to its slot: its low bits, or a multiplicative "
              "mix of all its bits (default mix)",
              [&](const std::string& value) {
                ranks.remote_cache_hash = parse_cache_hash(value);
                request.rank_option_given = true;
              });
}

// The options of runs under mpirun (docs/DISTRIBUTED.md).
void add_rank_options(OptionTable& table, RunRequest& request) {
  RankOptions& ranks = request.options.ranks;
  table.value("--shared-queues", "S",
              "under mpirun: which frontier bitmaps the ranks of a node share: none, in (the current one) or all "
              "(default; Cui et al. Sec. III-A)",
              [&](const std::string& value) {
                ranks.queue_sharing = parse_queue_sharing(value);
                request.rank_option_given = true;
              });
  table.value("--parallel-allgather", "on|off",
              "under mpirun, with shared queues: every local rank moves its share of the bitmap between nodes "
              "(default on; Sec. III-B)",
              [&](const std::string& value) {
                if (value != "on" && value != "off") throw UsageError("expected on or off, got '" + value + "'");
                ranks.parallel_allgather = value == "on";
                request.rank_option_given = true;
              });
  table.value("--node-size", "N",
              "under mpirun: treat every N consecutive ranks of a machine as one node (default: the ranks that "
              "share memory; smaller values let one machine test several nodes)",
              [&](const std::string& value) {
                ranks.node_size = static_cast<int>(parse_integer(value, 1, 1 << 20));
                request.rank_option_given = true;
              });
  table.value("--mpi-message-limit", "BYTES",
              "under mpirun: the most bytes one MPI call moves; larger exchanges go in pieces (default 2^31 - 1; "
              "small values test the path that counts past 2^31 take)",
              [&](const std::string& value) {
                ranks.message_limit = parse_integer(value, 8, 2147483647);
                request.rank_option_given = true;
              });
}

OptionTable run_options(RunRequest& request) {
  Graph500Options& options = request.options;
  OptionTable table({"run --scale S [OPTIONS]"},
                    "A Graph500 run. The official block goes to stdout, progress and one line per root to stderr.");
  add_kronecker_options(table, options.kronecker, kMaxScale, request.scale_given);
  table.value("--roots", "N", "number of searches (default 64)", [&options](const std::string& value) {
    options.num_roots = static_cast<int>(parse_integer(value, 1, kMaxRoots));
  });
  add_search_options(table, options.search, request.policy_chosen);
  add_layout_options(table, options.store.partitions, options.store.neighbor_order, options.store.compressed_lists,
                     options.store.relabel);
  add_store_option(table, options.store.directory,
                   "also write the constructed graph to DIR (an existing directory without a store): a manifest "
                   "and one file per array, each with its SHA-256; needed by --dram-budget");
  table.flag("--reuse",
             "with --store: read the graph from DIR instead of constructing it (the edge list is still generated, "
             "for validation); the store must have been made with the same SCALE, edgefactor, seeds, partitions "
             "and order",
             [&options] { options.store.reuse = true; });
  table.value("--json", "FILE", "also write the figures, options, machine and per-level statistics ('-' for stdout, after the "
              "official block)",
              [&request](const std::string& value) { request.json_path = value; });
  table.flag("--sssp",
             "after the BFS searches, kernel 3: shortest paths from the same roots by delta-stepping, on the "
             "reference's edge weights, validated, and the reference's SSSP lines in the official block (in DRAM "
             "only for now)",
             [&options] { options.sssp.emplace(); });
  add_delta_option(table, request.delta, "with --sssp: ");
  add_rank_options(table, request);
  add_cache_options(table, request);
  return table;
}

void check_run_request(const RunRequest& request) {
  if (!request.scale_given) throw UsageError("--scale is required");
  if (request.delta && !request.options.sssp) throw UsageError("--delta needs --sssp");
  check_outputs({{"--json", request.json_path}}, {}, request.options.store.directory);
  check_benchmark_options(request.options, ProcessGroup::distributed());
  if (request.rank_option_given && !ProcessGroup::distributed()) {
    throw UsageError("--shared-queues, --parallel-allgather, --node-size, --mpi-message-limit and the remote cache "
                     "options apply to runs under mpirun");
  }
}


// The command line parsed and checked, the program counted in the budget; none for --help (the
// table then printed).
std::optional<RunRequest> prepare_run(Arguments& arguments) {
  RunRequest request;
  const OptionTable table = run_options(request);
  if (!table.parse(arguments)) {
    std::fputs(table.help().c_str(), stdout);
    return std::nullopt;
  }
  if (request.cache_kind_given && !request.cache_entries_given &&
      request.options.ranks.remote_cache != CacheKind::kMemcached) {
    request.options.ranks.remote_cache_entries = kDefaultRemoteCacheEntries;
  }
  check_run_request(request);
  if (request.delta) request.options.sssp->delta = *request.delta;
  count_program_in_budget(request.options.search.budget, request.options.search.threads);
  return request;
}

}  // namespace

int run_command(Arguments& arguments) {
  const std::optional<RunRequest> request = prepare_run(arguments);
  if (!request) return 0;
  if (ProcessGroup::distributed()) return run_across_ranks(request->options, request->json_path);
  return print_search_report(run_benchmark(request->options, std::cerr), request->json_path, "run");
}

}  // namespace semibfs::cli
