// The one minimum DRAM budget of work on a store made by `semibfs build` (searches, or the
// analytics' queries), stated and checked before any list is read, from the store's input
// description and manifest: `bfs` and the analytics commands check it alike, and the plan states
// the same number.
#pragma once

#include <string>

#include "graph500/search_dram_needs.hpp"
#include "import/input_store.hpp"

namespace semibfs {

// The store's shape for the minimum; a compressed store below the bound from its edges reads its
// row index for the exact size (as `info` counts it).
SearchShape store_search_shape(const std::string& directory, const InputDescription& input, const StoreRequest& store,
                               const SearchOptions& search, const SearchDramNeeds& needs);

// Whether search.budget, if set, holds that minimum.
bool fits_store_budget(const std::string& directory, const InputDescription& input, const StoreRequest& store,
                       const SearchOptions& search, const SearchDramNeeds& needs);

// Throws semibfs::Error stating the minimum when search.budget is set and below it.
void check_store_budget(const std::string& directory, const InputDescription& input, const StoreRequest& store,
                        const SearchOptions& search, const SearchDramNeeds& needs);

}  // namespace semibfs
