// Searches on a store built from a graph file, in the file's ids: the store read back, the engine
// run from a file id, the levels mapped back to file ids.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>

namespace semibfs {
struct PlacementPlan;
}

namespace semibfs::testing {

class StoreSearch {
 public:
  // Reads the store's description, id map and graph (read_store with input_store_request), or with
  // a plan, opens the graph with its lists split between DRAM and disk (open_tiered_graph).
  explicit StoreSearch(const std::string& store_directory, const PlacementPlan* plan = nullptr);
  ~StoreSearch();

  // BfsEngine from `root` (a file id): the level of every reached vertex, by file id.
  std::map<std::uint64_t, int> levels(std::uint64_t root);
  std::int64_t vertices() const;
  // The file id of every compact id, in order (the store's vertices).
  std::uint64_t file_id(std::int64_t compact_id) const;

 private:
  struct Store;
  std::unique_ptr<Store> store_;
};

}  // namespace semibfs::testing
