#include "graph500/weight_ordered_store_copy.hpp"

#include <omp.h>

#include <algorithm>

#include "core/bitmap.hpp"
#include "core/parent_array.hpp"
#include "sssp/push_pull_stepping.hpp"
#include "store/graph_store.hpp"
#include "store/stored_weights.hpp"
#include "tiered/graph_profile.hpp"

namespace semibfs {

namespace {

std::int64_t longest_list(const TieredGraph& graph) {
  std::vector<std::span<const std::int64_t>> offsets;
  for (int k = 0; k < graph.num_partitions(); ++k) offsets.push_back(graph.backward(k).offsets());
  return max_degree(degree_histogram(offsets));
}

}  // namespace

std::optional<std::int64_t> weight_ordered_copy_room(const SearchInputs& graph, GraphDirection direction,
                                                     const SearchOptions& options, const PlacementPlan& plan) {
  if (!options.budget.is_set() || !graph.tiered || direction != GraphDirection::kUndirected) return std::nullopt;
  for (int k = 0; k < graph.tiered->num_partitions(); ++k) {
    if (graph.tiered->backward(k).compressed_lists()) return std::nullopt;
  }
  const std::int64_t n = graph.tiered->num_vertices();
  const std::int64_t parents = ParentArray::bytes_per_vertex(n);
  // A relabelled store: the kernel's parents and distances in its ids beside the input's.
  const std::int64_t relabelled = graph.relabel ? parents + static_cast<std::int64_t>(sizeof(float)) : 0;
  const std::int64_t per_vertex = static_cast<std::int64_t>(sizeof(float)) + parents + relabelled +
                                  PushPullStepping::kSearchBytesPerVertex + TieredWeightOrderedLists::kBytesPerVertex;
  const std::int64_t validator =
      options.skip_validation ? 0 : Bitmap::words_for(n) * static_cast<std::int64_t>(sizeof(Bitmap::Word));
  const int threads = options.threads > 0 ? options.threads : omp_get_max_threads();
  // Making the copy holds more than the kernel's arrays, made after it, may hold then.
  const std::int64_t longest = longest_list(*graph.tiered);
  const std::int64_t making = std::max<std::int64_t>(
      0, TieredWeightOrderedLists::making_bytes(n, graph.tiered->num_adjacencies(), longest) -
             n * PushPullStepping::kSearchBytesPerVertex);
  const std::int64_t room = options.budget.dram_budget_bytes - plan.structure("reserved").dram_bytes - n * per_vertex -
                            validator - (graph.relabel ? graph.relabel->bytes() : 0) -
                            threads * TieredWeightOrderedLists::reader_bytes(longest) - making;
  if (room < n * static_cast<std::int64_t>(sizeof(WeightedEntry))) return std::nullopt;
  return room;
}

std::optional<WeightOrderedStoreCopy> weight_ordered_store_copy(const std::string& directory, std::int64_t num_vertices,
                                                                std::optional<std::int64_t> room) {
  if (!room) return std::nullopt;
  const StoreManifest manifest = read_store_manifest(directory);
  const PartitionLayout layout(num_vertices, manifest.partitions);
  WeightOrderedStoreCopy copy{{}, num_vertices, *room, directory};
  for (int k = 0; k < layout.count(); ++k) {
    StoredListFiles& files = copy.partitions.emplace_back();
    files.first_vertex = layout.range(k).begin;
    files.offsets = read_store_offsets(directory, manifest, k, "backward", layout.range(k).size());
    const StoreArray& neighbors =
        checked_store_array(directory, manifest, store_array_name(k, "backward", "neighbors"));
    const StoreArray& weights = checked_store_array(directory, manifest, list_weights_name(k));
    files.neighbors_path = store_path(directory, neighbors.name);
    files.neighbors_sha256 = neighbors.sha256;
    files.weights_path = store_path(directory, weights.name);
    files.weights_sha256 = weights.sha256;
  }
  return copy;
}

}  // namespace semibfs
