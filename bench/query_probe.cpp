// semibfs_query_probe: BFS through the streaming queries (src/analytics/query_bfs.hpp) beside the
// dedicated engine (src/bfs/) on one store made by `semibfs build`, every list in DRAM, and the
// queries with expand-and-filter on (the storage side drops the bottom-up steps' non-frontier
// neighbours) and off (whole lists handed over, the kernel filters): seconds a search and bytes
// handed over a search, interleaved over rounds, medians.
//
//   semibfs_query_probe STORE [ROUNDS] [ROOTS]   (defaults 3 and 16; roots: vertices with an edge)
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "analytics/query_bfs.hpp"
#include "bfs/bfs.hpp"
#include "core/timer.hpp"
#include "import/input_store.hpp"
#include "store/graph_store.hpp"
#include "tiered/tiered_graph.hpp"

namespace semibfs {
namespace {

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

int probe(const std::string& directory, int rounds, int root_count) {
  const InputDescription input = read_input_description(directory);
  const StoreRequest request = input_store_request(directory, input);
  std::optional<PartitionedGraph> plain;
  std::optional<TieredGraph> tiered;
  PlacementPlan everything;
  everything.fits_in_memory = true;
  if (request.compressed_lists) {
    tiered.emplace(open_tiered_graph(read_store_index(directory, request), everything));
  } else {
    plain.emplace(read_store(directory, request));
    tiered.emplace(TieredGraph::all_in_dram(*plain));
  }
  std::vector<VertexId> roots;
  std::mt19937_64 random(7);
  while (static_cast<int>(roots.size()) < root_count) {
    const auto v = static_cast<VertexId>(random() % static_cast<std::uint64_t>(tiered->num_vertices()));
    if (tiered->out_degree(v) > 0) roots.push_back(v);
  }
  StreamingGraph graph(*tiered);
  BfsOptions beamer;
  beamer.policy = PolicyKind::kBeamer;
  BfsEngine engine(*tiered, beamer);
  std::vector<VertexId> parent(static_cast<std::size_t>(tiered->num_vertices()));
  std::vector<double> engine_s, on_s, off_s, on_bytes, off_bytes;
  for (int round = 0; round < rounds; ++round) {
    double engine_sum = 0, on_sum = 0, off_sum = 0, on_handed = 0, off_handed = 0;
    for (const VertexId root : roots) {
      Stopwatch watch;
      engine.run(root, parent);
      engine_sum += watch.seconds();
      for (const bool on : {true, false}) {
        watch.restart();
        const QueryBfsResult result = bfs_through_queries(graph, root, on);
        (on ? on_sum : off_sum) += watch.seconds();
        for (const IterationFigures& step : result.figures) {
          (on ? on_handed : off_handed) += static_cast<double>(step.query.bytes_handed_over());
        }
      }
    }
    const double n = static_cast<double>(roots.size());
    engine_s.push_back(engine_sum / n);
    on_s.push_back(on_sum / n);
    off_s.push_back(off_sum / n);
    on_bytes.push_back(on_handed / n);
    off_bytes.push_back(off_handed / n);
    std::fprintf(stderr, "round %d: engine %.4f s, queries filter on %.4f s, off %.4f s\n", round + 1, engine_s.back(),
                 on_s.back(), off_s.back());
  }
  std::printf("store %s, %d threads, %d rounds, %d roots; medians of the rounds' means a search\n", directory.c_str(),
              omp_get_max_threads(), rounds, root_count);
  std::printf("| search | seconds | bytes handed over |\n|---|---|---|\n");
  std::printf("| engine (src/bfs, beamer) | %.4f | - |\n", median(engine_s));
  std::printf("| queries, expand-and-filter on | %.4f | %.4g |\n", median(on_s), median(on_bytes));
  std::printf("| queries, expand-and-filter off | %.4f | %.4g |\n", median(off_s), median(off_bytes));
  return 0;
}

}  // namespace
}  // namespace semibfs

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: semibfs_query_probe STORE [ROUNDS] [ROOTS]\n");
    return 2;
  }
  try {
    return semibfs::probe(argv[1], argc > 2 ? std::stoi(argv[2]) : 3, argc > 3 ? std::stoi(argv[3]) : 16);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "semibfs_query_probe: %s\n", error.what());
    return 1;
  }
}
