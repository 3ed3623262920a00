// semibfs_parent_width_probe: the engine's search into the CLI's 32-bit parents beside the 64-bit
// parents (and levels) that Python's store.bfs hands numpy, on one store made by `semibfs build`,
// every list in DRAM, one engine, interleaved per root: what the width of the result costs the
// search (issue 18's 1.05x goal). Each search's time is split into its steps (the levels' own
// stopwatches) and the rest (readying the arrays and bitmaps before the first step).
//
//   semibfs_parent_width_probe STORE [ROUNDS] [ROOTS]   (defaults 5 and 16; roots: vertices with an edge)
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "bfs/bfs.hpp"
#include "core/timer.hpp"
#include "import/input_store.hpp"
#include "store/graph_store.hpp"

namespace semibfs {
namespace {

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

enum Form { kNarrow, kWide, kWideLevels, kForms };
const char* const kFormNames[kForms] = {"32-bit parents (CLI)", "64-bit parents", "64-bit parents + levels"};

struct Split {
  double total = 0;
  double steps = 0;
};

struct Arrays {
  std::vector<std::int32_t> narrow;
  std::vector<VertexId> wide;
  std::vector<std::int64_t> level;
};

Split timed_search(BfsEngine& engine, VertexId root, Form form, Arrays& arrays) {
  const Stopwatch watch;
  const std::vector<LevelStats> trace = form == kNarrow ? engine.run(root, std::span<std::int32_t>(arrays.narrow))
                                        : form == kWide
                                            ? engine.run(root, std::span<VertexId>(arrays.wide))
                                            : engine.run(root, std::span<VertexId>(arrays.wide), arrays.level);
  Split split{watch.seconds(), 0};
  for (const LevelStats& level : trace) split.steps += level.seconds;
  return split;
}

int probe(const std::string& directory, int rounds, int root_count) {
  const InputDescription input = read_input_description(directory);
  const PartitionedGraph graph = read_store(directory, input_store_request(directory, input));
  const auto n = static_cast<std::size_t>(graph.num_vertices());
  std::vector<VertexId> roots;
  std::mt19937_64 random(7);
  while (static_cast<int>(roots.size()) < root_count) {
    const auto v = static_cast<VertexId>(random() % static_cast<std::uint64_t>(graph.num_vertices()));
    if (graph.degree(v) > 0) roots.push_back(v);
  }
  BfsOptions beamer;
  beamer.policy = PolicyKind::kBeamer;
  BfsEngine engine(graph, beamer);
  Arrays arrays{std::vector<std::int32_t>(n), std::vector<VertexId>(n), std::vector<std::int64_t>(n)};
  std::vector<double> ratio[kForms], rest_ms[kForms], total_ms[kForms];
  for (int round = 0; round < rounds; ++round) {
    for (std::size_t r = 0; r < roots.size(); ++r) {
      Split split[kForms];
      for (int k = 0; k < kForms; ++k) {  // the order rotates with the root
        const auto form = static_cast<Form>((k + r) % kForms);
        split[form] = timed_search(engine, roots[r], form, arrays);
      }
      for (int form = 0; form < kForms; ++form) {
        ratio[form].push_back(split[form].total / split[kNarrow].total);
        rest_ms[form].push_back(1e3 * (split[form].total - split[form].steps));
        total_ms[form].push_back(1e3 * split[form].total);
      }
    }
    std::fprintf(stderr, "round %d of %d done\n", round + 1, rounds);
  }
  std::printf("%d rounds x %d roots, medians\n", rounds, root_count);
  for (int form = 0; form < kForms; ++form) {
    std::printf("%-24s search %.3f ms, %.3fx the 32-bit search; before the first step %.3f ms\n", kFormNames[form],
                median(total_ms[form]), median(ratio[form]), median(rest_ms[form]));
  }
  return 0;
}

}  // namespace
}  // namespace semibfs

int main(int argc, char** argv) {
  if (argc < 2 || argc > 4) {
    std::fprintf(stderr, "usage: %s STORE [ROUNDS] [ROOTS]\n", argv[0]);
    return 2;
  }
  try {
    return semibfs::probe(argv[1], argc > 2 ? std::stoi(argv[2]) : 5, argc > 3 ? std::stoi(argv[3]) : 16);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "semibfs_parent_width_probe: %s\n", error.what());
    return 1;
  }
}
