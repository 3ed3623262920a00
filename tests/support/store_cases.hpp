// The stores a graph is read from in the query and analytics tests: plain (hub-first) and
// compressed lists, one and two partitions, undirected or directed, every list in DRAM or each
// list's tail on disk, each opened as the CLI opens it.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "construction/external_build.hpp"
#include "edges/edge_list.hpp"
#include "store/graph_store.hpp"
#include "support/packed_edge_file_writer.hpp"
#include "support/scratch_directory.hpp"
#include "support/split_plans.hpp"
#include "tiered/scan_placement.hpp"
#include "tiered/tiered_graph.hpp"

namespace semibfs::testing {

struct StoreCase {
  bool compressed_lists = false;
  int partitions = 1;
  GraphDirection direction = GraphDirection::kUndirected;
  bool tails_on_disk = false;

  std::string name() const {
    return std::string(compressed_lists ? "compressed" : "plain") + ", P " + std::to_string(partitions) + ", " +
           to_string(direction) + (tails_on_disk ? ", tails on disk" : ", in DRAM");
  }
};

// Every combination, or those of one direction.
inline std::vector<StoreCase> every_store_case(std::optional<GraphDirection> only = std::nullopt) {
  std::vector<StoreCase> cases;
  for (const GraphDirection direction : {GraphDirection::kUndirected, GraphDirection::kDirected}) {
    if (only && direction != *only) continue;
    for (const bool compressed_lists : {false, true}) {
      for (const int partitions : {1, 2}) {
        for (const bool tails : {false, true}) cases.push_back({compressed_lists, partitions, direction, tails});
      }
    }
  }
  return cases;
}

// Builds each case's store of one edge list once, in a scratch directory.
class StoreCases {
 public:
  explicit StoreCases(EdgeList edges) : edges_(std::move(edges)) {}

  // The graph of `c`: a plain store in DRAM is read whole (as `run --reuse` does) and viewed, the
  // others opened split (K = 1: every list longer than one entry has a tail; a compressed list
  // longer than one entry is on disk whole), without the engine's first neighbours.
  TieredGraph open(const StoreCase& c) {
    const std::string directory = store(c);
    const StoreRequest request = request_of(c);
    if (!c.compressed_lists && !c.tails_on_disk) {
      in_memory_.push_back(std::make_unique<PartitionedGraph>(read_store(directory, request)));
      return TieredGraph::all_in_dram(*in_memory_.back());
    }
    PlacementPlan plan = c.tails_on_disk ? split_plan(1, 0, 0) : everything_plan();
    plan.first_neighbors = false;  // as QueryStore opens a store for the streaming queries
    return open_tiered_graph(read_store_index(directory, request), plan);
  }

  // The store of `c` opened with a scan's stripes (tiered/scan_placement.hpp) keeping `share` of
  // each stripe's list bytes in DRAM; `cuts` gets the stripes' cuts.
  TieredGraph open_for_scans(const StoreCase& c, double share, std::vector<std::int64_t>& cuts) {
    StoreIndex index = read_store_index(store(c), request_of(c));
    PlacementPlan plan = split_plan(1, 0, 0);
    plan.first_neighbors = false;
    plan.scan_cuts = cuts = scan_cuts(index, share).cuts;
    return open_tiered_graph(std::move(index), plan);
  }

 private:
  static NeighborOrder order(const StoreCase& c) {
    return c.compressed_lists ? NeighborOrder::kById : NeighborOrder::kHubFirst;
  }
  static StoreRequest request_of(const StoreCase& c) {
    return {"test graph", c.partitions, order(c), c.direction, std::nullopt, c.compressed_lists};
  }
  std::string store(const StoreCase& c) {
    // Appended piece by piece: GCC 12 warns (-Wrestrict, falsely) on the chain of temporaries.
    std::string name = c.compressed_lists ? "z" : "p";
    name += std::to_string(c.partitions);
    name += c.direction == GraphDirection::kDirected ? "d" : "u";
    const std::string path = scratch_.file(name);
    if (std::filesystem::exists(std::filesystem::path(path) / "manifest")) return path;
    const std::string edge_file = scratch_.file("edges.packed");
    if (!std::filesystem::exists(edge_file)) write_packed_edge_file(edge_file, edges_);
    std::filesystem::create_directories(path);
    ExternalBuildOptions options;
    options.partitions = c.partitions;
    options.order = order(c);
    options.made_from = "test graph";
    options.direction = c.direction;
    if (c.compressed_lists) options.list_codec = default_list_codec();
    build_store_from_edge_file(edge_file, edges_.num_vertices, path, options);
    return path;
  }

  EdgeList edges_;
  ScratchDirectory scratch_;
  std::vector<std::unique_ptr<PartitionedGraph>> in_memory_;
};

}  // namespace semibfs::testing
