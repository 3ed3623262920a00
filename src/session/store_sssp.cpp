#include "session/store_sssp.hpp"

#include <cmath>
#include <optional>

#include "core/error.hpp"
#include "core/timer.hpp"
#include "graph500/search_session.hpp"
#include "graph500/sssp_search.hpp"
#include "graph500/weight_ordered_store_copy.hpp"
#include "import/input_store.hpp"
#include "session/option_rules.hpp"
#include "store/graph_store.hpp"
#include "store/store_lock.hpp"
#include "store/store_versions.hpp"
#include "store/stored_weights.hpp"

namespace semibfs {

void StoreSsspOptions::check() const {
  require_store(store, "a directory made by 'semibfs build' from a weighted file");
  check_search_options(search);
  if (sssp.delta) parse_option_value("--delta", [this] { return check_delta(*sssp.delta); });
}

namespace {

// What a store must be for shortest paths, said before any list is read.
void check_weighted_store(const std::string& store, const StoreManifest& manifest) {
  if (!manifest.list_weights || !manifest.edge_weights) {
    throw Error("the store has no weights: '" + store +
                "' was built from a file without them (or with --no-weights, "
                "or --directed and --partitions); build it from a weighted file (Matrix Market real "
                "or integer values, or an el file with a third column)");
  }
  const int versions = latest_store_version(store);
  if (versions > 0) {
    throw Error("the store '" + store + "' has " + std::to_string(versions) + " versions beyond its base, whose added "
                "edges have no weights: sssp is not supported on them yet (build the grown graph from a weighted file)");
  }
}

// The official block's SCALE and edgefactor of a file's graph, as `bfs` states them.
int scale_of(const InputDescription& input) {
  return input.vertices > 1 ? static_cast<int>(std::ceil(std::log2(static_cast<double>(input.vertices)))) : 0;
}

VertexId store_root(const StoreSsspOptions& options, const IdMap& ids) {
  const std::optional<VertexId> root = ids.find(options.root);
  if (!root) {
    throw Error("--root " + std::to_string(options.root) + " is not a vertex of " + options.store +
                " (no edge of the input names it)");
  }
  return *root;
}

}  // namespace

StoreShortestPaths search_store_shortest_paths(const StoreSsspOptions& options, std::ostream& log) {
  options.check();
  const auto lock = lock_existing_store(options.store, StoreLock::Mode::kRead);
  const InputDescription input = read_input_description(options.store);
  const StoreRequest request = input_store_request(options.store, input);
  const StoreManifest manifest = read_store_manifest(options.store, request);
  check_weighted_store(options.store, manifest);
  StoreShortestPaths result{{}, read_id_map(options.store, input), 0, {}, {}};
  result.root = store_root(options, result.ids);
  SearchOptions search = options.search;
  search.shortest_paths = true;  // a budget's plan counts the weights and SSSP's arrays
  SearchSession session(search, request.made_from, request.partitions, log);
  session.use_file_ids([&result](VertexId vertex) { return result.ids.to_file(vertex); });
  Stopwatch open_time;
  SearchInputs graph = session.open_store(options.store, request, input.vertices, input.edges, id_map_bytes(input));
  follow_out_lists(graph);  // a directed store's out-lists alone: SSSP follows edges out
  // Under a budget, undirected plain lists are searched through a copy in weight order, in the
  // graph's room.
  const std::optional<std::int64_t> copy_room =
      session.report().plan ? weight_ordered_copy_room(graph, manifest.direction, search, *session.report().plan)
                            : std::nullopt;
  if (copy_room) graph.tiered.reset();
  const StoredWeights weights = open_stored_weights(options.store, graph, search, session.report().plan);
  const std::optional<WeightOrderedStoreCopy> copy =
      weight_ordered_store_copy(options.store, input.vertices, copy_room);
  session.report().official.construction_seconds = open_time.seconds();
  session.report().vertices = input.vertices;
  session.report().input_edges = input.edges;
  session.report().store_directory = options.store;
  session.report().graph_from_store = true;
  const VertexId roots[] = {result.root};
  search_shortest_paths(session, stored_weighted_inputs(graph, weights, copy ? &*copy : nullptr), roots, options.sssp,
                        result.parent, result.distance);
  result.report = session.finish(scale_of(input), input.vertices > 0 ? (input.edges + input.vertices / 2) / input.vertices : 0);
  if (!result.report.validation_passed) throw Error("validation failed: " + result.report.validation_failure);
  return result;
}

}  // namespace semibfs
