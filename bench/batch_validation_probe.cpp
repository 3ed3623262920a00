// semibfs_batch_validation_probe: the pieces of a batched validation in DRAM (issue 41), timed
// apart: building the validator's own lists of the tuples, walking one search's tree into levels
// (rule 1), keeping a search in a SearchBatch (the walk, its lane bytes, the parents' copy) and
// one batch pass over the lists. Prints the minimum and median seconds of each over ROUNDS.
//
//   semibfs_batch_validation_probe SCALE [ROUNDS [SEARCHES]]   (defaults 5 rounds, 8 searches)
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "bfs/bfs.hpp"
#include "core/error.hpp"
#include "core/parent_array.hpp"
#include "core/timer.hpp"
#include "driver_support.hpp"
#include "gen/kronecker.hpp"
#include "gen/roots.hpp"
#include "graph/csr_graph.hpp"
#include "graph/partitioned_graph.hpp"
#include "validate/failure_log.hpp"
#include "validate/search_batch.hpp"
#include "validate/tree_levels.hpp"
#include "validate/validation_lists.hpp"
#include "validate/validator.hpp"

namespace semibfs {
namespace {

void print(const char* what, std::vector<double> seconds) {
  std::sort(seconds.begin(), seconds.end());
  std::printf("%-34s min %8.4f s  median %8.4f s\n", what, seconds.front(), seconds[seconds.size() / 2]);
}

template <class Work>
double timed(Work&& work) {
  const Stopwatch stopwatch;
  work();
  return stopwatch.seconds();
}

int run(int argc, char** argv) {
  if (argc < 2 || argc > 4) throw UsageError("usage: semibfs_batch_validation_probe SCALE [ROUNDS [SEARCHES]]");
  KroneckerParams params;
  params.scale = static_cast<int>(bench_driver::parse_positive_count("SCALE", argv[1]));
  const int rounds = argc >= 3 ? static_cast<int>(bench_driver::parse_positive_count("ROUNDS", argv[2])) : 5;
  const int searches = argc >= 4 ? static_cast<int>(bench_driver::parse_positive_count("SEARCHES", argv[3])) : 8;
  if (searches > SearchBatch::kMaxSearches) throw UsageError("SEARCHES is at most 64");

  const EdgeList edge_list = generate_kronecker(params, false);
  const PartitionedGraph graph(build_csr(edge_list), 1);
  const std::vector<VertexId> roots = pick_bfs_roots(params.seed1, params.seed2, params.num_vertices(), searches,
                                                     [&graph](VertexId v) { return graph.degree(v) > 0; });
  std::vector<ParentArray> parents(roots.size());
  for (std::size_t i = 0; i < roots.size(); ++i) {
    std::vector<VertexId> parent(static_cast<std::size_t>(params.num_vertices()));
    BfsEngine(graph, BfsOptions{}).run(roots[i], parent);
    parents[i].assign(params.num_vertices());
    parents[i].visit([&](auto entries) {
      for (std::size_t v = 0; v < parent.size(); ++v) entries[v] = static_cast<typename decltype(entries)::value_type>(parent[v]);
    });
  }
  const InMemoryEdgeSource edges(edge_list);
  const Validator validator(edges);
  std::printf("SCALE %d, %lld tuples, %zu searches, %d threads, %d rounds\n", params.scale,
              static_cast<long long>(edge_list.num_edges()), roots.size(), omp_get_max_threads(), rounds);

  std::vector<double> build, walk, keep, pass;
  for (int round = 0; round < rounds; ++round) {
    build.push_back(timed([&] { ValidationLists lists(edges, GraphDirection::kUndirected); }));
    for (std::size_t i = 0; i < roots.size(); ++i) {
      walk.push_back(timed([&] {
        FailureLog failures;
        std::as_const(parents[i]).visit([&](auto entries) { return tree_levels(roots[i], entries, failures); });
        if (!failures.empty()) throw Error("a search's tree fails rule 1");
      }));
    }
  }
  SearchBatch batch(edges, GraphDirection::kUndirected, &validator, searches, true);
  for (int round = 0; round < rounds; ++round) {
    for (std::size_t i = 0; i < roots.size(); ++i) keep.push_back(timed([&] { batch.keep(roots[i], parents[i]); }));
    pass.push_back(timed([&] {
      for (const BatchOutcome& outcome : batch.check()) {
        if (!outcome.report.ok()) throw Error("a search failed its validation");
      }
    }));
  }
  print("lists built", build);
  print("tree levels, a search", walk);
  print("kept in the batch, a search", keep);
  print("batch pass (first builds the lists)", pass);
  return 0;
}

}  // namespace
}  // namespace semibfs

int main(int argc, char** argv) {
  return semibfs::bench_driver::run_main("semibfs_batch_validation_probe", [&] { return semibfs::run(argc, argv); });
}
