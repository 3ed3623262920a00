#include "session/store_analytics.hpp"

#include <algorithm>
#include <utility>

#include "session/option_rules.hpp"
#include "session/program_budget.hpp"

namespace semibfs {

void check_pagerank_options(const PageRankOptions& pagerank) {
  require_in_range("--iterations", pagerank.max_iterations, 1, kMaxPageRankIterations);
  require_positive("--damping", pagerank.damping);
  require_positive("--tolerance", pagerank.tolerance);
}

std::unique_ptr<QueryStore> open_for_queries(StoreQueryOptions options, std::int64_t bytes_per_vertex,
                                             bool whole_scans) {
  options.check();
  count_program_in_budget(options.budget, options.threads);
  QueryStoreOptions opening;
  opening.budget = options.budget;
  opening.head_entries = options.head_entries;
  opening.version = options.version;
  opening.bytes_per_vertex = bytes_per_vertex;
  opening.whole_scans = whole_scans;
  return std::make_unique<QueryStore>(options.store, opening);
}

ComponentNames name_components(const std::vector<NeighborId>& label, const QueryStore& store) {
  ComponentNames names;
  std::vector<std::uint32_t> members(label.size(), 0);
  for (const NeighborId l : label) names.largest = std::max<std::int64_t>(names.largest, ++members[l]);
  members = {};
  if (!store.relabelled()) return names;
  names.smallest_input.assign(label.size(), UINT32_MAX);
  for (std::size_t v = 0; v < label.size(); ++v) {
    std::uint32_t& smallest = names.smallest_input[label[v]];
    smallest = std::min(smallest, static_cast<std::uint32_t>(store.input_id(static_cast<VertexId>(v))));
  }
  return names;
}

namespace {

double total_seconds(const std::vector<IterationFigures>& figures) {
  double seconds = 0;
  for (const IterationFigures& iteration : figures) seconds += iteration.seconds;
  return seconds;
}

VertexValues file_ids_of(const QueryStore& store) {
  VertexValues values;
  values.file_ids.resize(static_cast<std::size_t>(store.input().vertices));
  for (VertexId v = 0; v < store.input().vertices; ++v) values.file_ids[static_cast<std::size_t>(v)] = store.file_id(v);
  return values;
}

}  // namespace

VertexValues pagerank_values(const StoreQueryOptions& options, const PageRankOptions& pagerank_options) {
  check_pagerank_options(pagerank_options);
  const std::unique_ptr<QueryStore> store =
      open_for_queries(options, kPageRankBytesPerVertex, true);  // every iteration scans every list
  PageRankResult result = pagerank(store->graph(), pagerank_options);
  VertexValues values = file_ids_of(*store);
  values.ranks = std::move(result.rank);
  values.iterations = result.iterations;
  values.last_change = result.last_change;
  values.seconds = total_seconds(result.figures);
  return values;
}

VertexValues component_values(const StoreQueryOptions& options, const ComponentsOptions& components) {
  const std::unique_ptr<QueryStore> store = open_for_queries(options, kComponentsBytesPerVertex);
  const ComponentsResult result = connected_components(store->graph(), components);
  const ComponentNames names = name_components(result.label, *store);
  VertexValues values = file_ids_of(*store);
  values.components.resize(result.label.size());
  for (std::size_t v = 0; v < result.label.size(); ++v) values.components[v] = names.file_id(result.label[v], *store);
  values.iterations = result.iterations;
  values.seconds = total_seconds(result.figures);
  return values;
}

}  // namespace semibfs
