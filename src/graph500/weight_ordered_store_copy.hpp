// SSSP under a budget over a copy of the store's lists ordered by weight, split between DRAM and a
// scratch file (sssp/tiered_weight_ordered_lists.hpp), for the pruned kernel: the BFS searches'
// graph is released after them, and the room it held (the budget less what the SSSP searches hold
// besides) goes to the copy's resident entries.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "graph500/run_options.hpp"
#include "graph500/search_inputs.hpp"
#include "sssp/tiered_weight_ordered_lists.hpp"
#include "tiered/placement_plan.hpp"

namespace semibfs {

// What the copy is made from: the store's list files and the DRAM its resident entries may take.
struct WeightOrderedStoreCopy {
  std::vector<StoredListFiles> partitions;
  std::int64_t num_vertices = 0;
  std::int64_t resident_bytes = 0;
  std::string directory;  // the store's, where the scratch file goes
};

// The DRAM the copy's entries may take under options.budget once the graph is released: the budget
// less the plan's reserved bytes (program, edge and weight chunks, readers), the SSSP searches'
// arrays (distances, parents, a relabelled store's, the kernel's, the copy's offsets and id maps),
// the validator's bitmap, a relabelled store's old ids, the threads' tail readers, and what making
// the copy holds beyond the kernel's arrays. None without a budget, for lists that are not plain
// and undirected, or when the room does not hold an entry a vertex.
// `direction`: the store's (a directed store's out-lists, taken alone, look undirected).
std::optional<std::int64_t> weight_ordered_copy_room(const SearchInputs& graph, GraphDirection direction,
                                                     const SearchOptions& options, const PlacementPlan& plan);

// The store's files to copy with `room` for the resident entries (weight_ordered_copy_room), their
// offsets read (and checked) from the store; none without room (nothing is read).
std::optional<WeightOrderedStoreCopy> weight_ordered_store_copy(const std::string& directory, std::int64_t num_vertices,
                                                                std::optional<std::int64_t> room);

}  // namespace semibfs
