#include "import/input_store_search.hpp"

#include <optional>
#include <vector>

#include "bfs/bfs.hpp"
#include "graph/partitioned_graph.hpp"
#include "store/graph_store.hpp"
#include "import/input_store.hpp"
#include "tiered/tiered_graph.hpp"

namespace semibfs::testing {

struct StoreSearch::Store {
  Store(const std::string& directory, const PlacementPlan* plan)
      : input(read_input_description(directory)), ids(read_id_map(directory, input)) {
    const StoreRequest request = input_store_request(directory, input);
    if (plan != nullptr) {
      tiered.emplace(open_tiered_graph(read_store_index(directory, request), *plan));
      engine = std::make_unique<BfsEngine>(*tiered, BfsOptions{}, TailFetchOptions{});
    } else {
      graph.emplace(read_store(directory, request));
      engine = std::make_unique<BfsEngine>(*graph, BfsOptions{});
    }
  }

  InputDescription input;
  IdMap ids;
  std::optional<PartitionedGraph> graph;
  std::optional<TieredGraph> tiered;
  std::unique_ptr<BfsEngine> engine;
};

StoreSearch::StoreSearch(const std::string& store_directory, const PlacementPlan* plan)
    : store_(std::make_unique<Store>(store_directory, plan)) {}
StoreSearch::~StoreSearch() = default;

std::int64_t StoreSearch::vertices() const { return store_->input.vertices; }
std::uint64_t StoreSearch::file_id(std::int64_t compact_id) const { return store_->ids.to_file(compact_id); }

// Levels from the parent array: each vertex's path up to a vertex of known level.
std::map<std::uint64_t, int> StoreSearch::levels(std::uint64_t root) {
  std::vector<VertexId> parent(static_cast<std::size_t>(vertices()));
  const VertexId compact_root = store_->ids.to_compact(root);
  store_->engine->run(compact_root, parent);
  std::vector<int> level(parent.size(), -1);
  level[static_cast<std::size_t>(compact_root)] = 0;
  for (std::size_t vertex = 0; vertex < parent.size(); ++vertex) {
    std::vector<std::size_t> path;
    std::size_t at = vertex;
    while (parent[at] != kUnreached && level[at] < 0 && path.size() <= parent.size()) {
      path.push_back(at);
      at = static_cast<std::size_t>(parent[at]);
    }
    if (level[at] < 0) continue;
    // path[k] lies path.size() - k steps below `at`.
    for (std::size_t k = path.size(); k-- > 0;) level[path[k]] = level[at] + static_cast<int>(path.size() - k);
  }
  std::map<std::uint64_t, int> by_file_id;
  for (std::size_t vertex = 0; vertex < level.size(); ++vertex) {
    if (level[vertex] >= 0) by_file_id[file_id(static_cast<std::int64_t>(vertex))] = level[vertex];
  }
  return by_file_id;
}

}  // namespace semibfs::testing
