// The independent check of searches on graph files: a queue BFS over an adjacency built from the
// edges as a test wrote them, in the file's own ids, both directions (or, for directed graphs,
// from each pair's first id to its second only), sharing no code with the engine, the readers or
// the store.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <utility>
#include <vector>

namespace semibfs::testing {

using FileIdEdges = std::vector<std::pair<std::uint64_t, std::uint64_t>>;

// The level of every vertex reached from `root`, by file id.
inline std::map<std::uint64_t, int> plain_bfs_levels(const FileIdEdges& edges, std::uint64_t root,
                                                     bool directed = false) {
  std::map<std::uint64_t, std::vector<std::uint64_t>> adjacency;
  for (const auto& [u, v] : edges) {
    adjacency[u].push_back(v);
    if (!directed) adjacency[v].push_back(u);
  }
  std::map<std::uint64_t, int> level{{root, 0}};
  std::deque<std::uint64_t> queue{root};
  while (!queue.empty()) {
    const std::uint64_t vertex = queue.front();
    queue.pop_front();
    for (const std::uint64_t neighbor : adjacency[vertex]) {
      if (level.emplace(neighbor, level[vertex] + 1).second) queue.push_back(neighbor);
    }
  }
  return level;
}

}  // namespace semibfs::testing
