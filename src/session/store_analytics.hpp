// The analytics over a store's streaming queries (Lee et al., ExtraV, ISCA 2017) as library calls:
// the store opened under typed options and a budget, the algorithm run, its values handed back by
// the store's vertex order with their file ids. The command line prints what these return; Python
// hands it to numpy.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "analytics/components.hpp"
#include "analytics/pagerank.hpp"
#include "session/query_store.hpp"
#include "session/store_query_options.hpp"

namespace semibfs {

inline constexpr int kMaxPageRankIterations = 1 << 20;

// Throws UsageError, worded as the command line's, for iterations out of 1..kMaxPageRankIterations
// and a damping or tolerance that is not a positive number.
void check_pagerank_options(const PageRankOptions& pagerank);

// `options.store` opened for an algorithm holding `bytes_per_vertex` per vertex: the options
// checked, the threads applied and the program counted in the budget first. `whole_scans`: every
// query reads every list (QueryStoreOptions::whole_scans).
std::unique_ptr<QueryStore> open_for_queries(StoreQueryOptions options, std::int64_t bytes_per_vertex,
                                             bool whole_scans = false);

// Each component by its smallest file id, and the largest's size, in arrays indexed by label (the
// components' bytes per vertex count them). A label is the smallest store id of its component, the
// smallest file id too unless the store is relabelled (the id map keeps the file's order).
struct ComponentNames {
  std::vector<std::uint32_t> smallest_input;  // by label, relabelled stores only
  std::int64_t largest = 0;

  std::uint64_t file_id(NeighborId label, const QueryStore& store) const {
    return smallest_input.empty() ? store.file_id(label) : store.file_id_of_input(smallest_input[label]);
  }
};

ComponentNames name_components(const std::vector<NeighborId>& label, const QueryStore& store);

// Per vertex of a store, in its order: the file id and the algorithm's value.
struct VertexValues {
  std::vector<std::uint64_t> file_ids;
  std::vector<double> ranks;              // pagerank
  std::vector<std::uint64_t> components;  // cc: each component named by its smallest file id
  int iterations = 0;
  double last_change = 0;  // pagerank: the L1 change of the last iteration
  double seconds = 0;      // the iterations' time, the store's open not included
};

// PageRank and connected components on `options.store`, as `semibfs pagerank` and `semibfs cc`
// compute them.
VertexValues pagerank_values(const StoreQueryOptions& options, const PageRankOptions& pagerank);
VertexValues component_values(const StoreQueryOptions& options, const ComponentsOptions& components);

}  // namespace semibfs
