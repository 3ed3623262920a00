// Delta-stepping over stores relabelled by degree (issue 40): the build gives each list entry its
// edge's weight in the store's ids (construction/degree_relabel.hpp), the kernel searches from the
// root mapped in, and the distances and parents mapped back (StoredRelabel::search_in_store_ids,
// distances_in_input_ids) equal a plain Dijkstra in the input's ids (tests/support) and pass the
// independent validator against the input's edges: plain and compressed lists, every list in DRAM
// and the lists past K on disk, one and three partitions.
#include <gtest/gtest.h>

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "construction/degree_relabel.hpp"
#include "core/parent_array.hpp"
#include "edges/edge_source.hpp"
#include "gen/kronecker.hpp"
#include "sssp/delta_stepping.hpp"
#include "store/graph_store.hpp"
#include "store/stored_weights.hpp"
#include "support/command_runner.hpp"
#include "support/packed_edge_file_writer.hpp"
#include "support/reference_dijkstra.hpp"
#include "support/scratch_directory.hpp"
#include "support/split_plans.hpp"
#include "tiered/tiered_weights.hpp"
#include "validate/sssp_validator.hpp"

namespace semibfs {
namespace {

constexpr const char* kMadeFrom = "relabelled weighted";

struct Layout {
  int partitions;
  bool compressed;
};

StoreRequest request_of(const Layout& layout) {
  return {kMadeFrom, layout.partitions, NeighborOrder::kHubFirst, GraphDirection::kUndirected, std::nullopt,
          layout.compressed, true};
}

// The store `semibfs build --vertex-order degree` builds of a weighted file: the edge file and its
// weights in the input's ids, the lists and their weights in the store's.
std::string write_relabelled_store(const std::string& store, const EdgeList& edge_list, const Layout& layout) {
  std::filesystem::create_directories(store);
  testing::write_packed_edge_file(store_path(store, kEdgeFileName), edge_list);
  EdgeWeightsWriter writer(store);
  writer.append(edge_list.weights);
  ExternalBuildOptions options;
  options.partitions = layout.partitions;
  options.made_from = kMadeFrom;
  if (layout.compressed) options.list_codec = default_list_codec();
  options.edge_weights = writer.finish();
  build_relabelled_store(store_path(store, kEdgeFileName), edge_list.num_vertices, store, options);
  return store;
}

// The kernel over the store's lists: read whole into DRAM (plain, K 0), or tiered with the lists
// past K on disk (compressed lists are always tiered, whole in DRAM at K 0).
struct OpenedStore {
  std::optional<PartitionedGraph> graph;
  std::vector<std::vector<float>> lists;
  std::optional<TieredGraph> tiered;
  std::optional<TieredWeights> tiered_weights;

  DeltaStepping kernel(const SsspOptions& options) const {
    if (tiered) return DeltaStepping(*tiered, *tiered_weights, options);
    return DeltaStepping(*graph, view_of(*graph, lists), options);
  }
};
void open_into(OpenedStore& opened, const std::string& store, const Layout& layout, std::int64_t k) {
  const StoreManifest manifest = read_store_manifest(store);
  if (!layout.compressed && k == 0) {
    opened.graph.emplace(read_store(store, request_of(layout)));
    opened.lists = read_list_weights(store, manifest, *opened.graph);
    return;
  }
  const PlacementPlan plan = k == 0 ? testing::everything_plan() : testing::split_plan(k);
  opened.tiered.emplace(open_tiered_graph(read_store_index(store, request_of(layout)), plan));
  opened.tiered_weights.emplace(TieredWeights::open(store, manifest, *opened.tiered, plan));
}

// From each root (in the input's ids), for several deltas: Dijkstra's distances and a valid tree,
// in the input's ids.
void expect_dijkstra_distances(const EdgeList& edge_list, const std::string& store, const OpenedStore& opened) {
  const StoredRelabel relabel = read_store_relabel(store, read_store_manifest(store));
  const InMemoryEdgeSource edges(edge_list);
  const SsspValidator validator(edges, edge_list.weights);
  const auto n = static_cast<std::size_t>(edge_list.num_vertices);
  std::vector<float> store_distance(n), distance(n);
  ParentArray store_parent, parent;
  store_parent.assign(edge_list.num_vertices);
  parent.assign(edge_list.num_vertices);
  for (const double delta : {kDefaultDelta, 2.0}) {
    DeltaStepping kernel = opened.kernel(SsspOptions{delta});
    for (const VertexId root : {0, 1, 5, 17}) {
      SCOPED_TRACE("delta " + std::to_string(delta) + ", root " + std::to_string(root));
      relabel.search_in_store_ids(root, store_parent, parent, [&](VertexId store_root, ParentArray& store_parents) {
        return store_parents.visit([&](auto entries) { return kernel.run(store_root, store_distance, entries); });
      });
      distances_in_input_ids(relabel.old_of(), store_distance, distance);
      EXPECT_EQ(distance, testing::dijkstra_distances(edge_list, root));
      const ValidationReport report = std::as_const(parent).visit([&](auto entries) { return validator.validate(root, distance, entries); });
      EXPECT_TRUE(report.ok()) << (report.ok() ? "" : report.failures.front().message);
    }
  }
}

TEST(RelabelledDeltaStepping, EqualsDijkstraInDramAndWithListsOnDisk) {
  testing::ScratchDirectory directory;
  for (const int scale : {9, 11}) {
    KroneckerParams params;
    params.scale = scale;
    const EdgeList edge_list = generate_kronecker(params, true);
    for (const Layout layout : {Layout{1, false}, Layout{3, false}, Layout{1, true}, Layout{3, true}}) {
      std::string name = "r";  // appended: GCC 12 warns falsely (-Wrestrict) on "r" + string
      name += std::to_string(scale) + "-" + std::to_string(layout.partitions) + (layout.compressed ? "z" : "");
      const std::string store = write_relabelled_store(directory.file(name), edge_list, layout);
      ASSERT_NE(testing::read_text(std::filesystem::path(store) / "manifest").find("vertex-order degree"),
                std::string::npos);
      for (const std::int64_t k : {std::int64_t{0}, std::int64_t{4}}) {
        SCOPED_TRACE(name + ", K " + std::to_string(k));
        OpenedStore opened;
        open_into(opened, store, layout, k);
        if (opened.tiered) {
          ASSERT_EQ(opened.tiered->has_tails(), k > 0);
        }
        expect_dijkstra_distances(edge_list, store, opened);
      }
    }
  }
}

// The relabelling really moves the vertices: a graph whose ids were already by degree would not
// tell a weight given to the wrong ids from the right one.
TEST(RelabelledDeltaStepping, TheKroneckerIdsAreMoved) {
  testing::ScratchDirectory directory;
  KroneckerParams params;
  params.scale = 10;
  const EdgeList edge_list = generate_kronecker(params, true);
  const std::string store = write_relabelled_store(directory.file("r"), edge_list, {1, false});
  const StoredRelabel relabel = read_store_relabel(store, read_store_manifest(store));
  std::int64_t moved = 0;
  for (std::size_t id = 0; id < relabel.old_of().size(); ++id) moved += relabel.old_of()[id] != id ? 1 : 0;
  EXPECT_GT(moved, edge_list.num_vertices / 2);
}

}  // namespace
}  // namespace semibfs
