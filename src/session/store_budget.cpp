#include "session/store_budget.hpp"

namespace semibfs {

SearchShape store_search_shape(const std::string& directory, const InputDescription& input, const StoreRequest& store,
                               const SearchOptions& search, const SearchDramNeeds& needs) {
  SearchShape shape{input.vertices, store.partitions, has_separate_forward(store.partitions, store.direction),
                    store.compressed_lists};
  shape.entries = 2 * input.edges;  // an undirected edge is two entries, a directed one one in each graph
  shape.backward_list_bytes = read_store_manifest(directory).backward_list_bytes();
  if (store.compressed_lists && search.budget.is_set() &&
      search.budget.dram_budget_bytes < minimum_search_budget(shape, needs)) {
    shape.index_bytes = stored_index_bytes(directory, store, search.placement);
  }
  return shape;
}

bool fits_store_budget(const std::string& directory, const InputDescription& input, const StoreRequest& store,
                       const SearchOptions& search, const SearchDramNeeds& needs) {
  return !search.budget.is_set() ||
         search.budget.dram_budget_bytes >= minimum_search_budget(store_search_shape(directory, input, store, search, needs), needs);
}

void check_store_budget(const std::string& directory, const InputDescription& input, const StoreRequest& store,
                        const SearchOptions& search, const SearchDramNeeds& needs) {
  check_search_budget(search, store_search_shape(directory, input, store, search, needs), needs);
}

}  // namespace semibfs
