#include "graph500/search_dram_needs.hpp"

#include <algorithm>

#include "bfs/search_state.hpp"
#include "core/bitmap.hpp"
#include "core/byte_size.hpp"
#include "core/error.hpp"
#include "core/parent_array.hpp"
#include "tiered/compressed_row_index.hpp"
#include "tiered/tail_fetcher.hpp"
#include "tiered/tiered_graph.hpp"
#include "tiered/tiered_weights.hpp"
#include "sssp/delta_stepping.hpp"
#include "validate/validator.hpp"

namespace semibfs {

std::int64_t SearchDramNeeds::reserved_bytes() const {
  return program_bytes + edge_chunk_bytes + validator_bytes + io_arena_bytes() + caller_bytes + exchange_bytes +
         pair_bytes + reply_queue_bytes + sssp_reader_bytes + edge_weight_chunk_bytes;
}

std::int64_t SearchDramNeeds::io_arena_bytes() const {
  return fetchers * static_cast<std::int64_t>(fetch.held_bytes(static_cast<std::uint64_t>(longest_compressed_list_bytes)));
}

namespace {

std::string buffers_description(const SearchDramNeeds& needs) {
  std::string text = needs.validator_bytes > 0 ? "edge chunks, validator, I/O buffers" : "edge chunks, I/O buffers";
  if (needs.caller_bytes > 0) text += ", id map";
  if (needs.exchange_bytes > 0) text += ", rank exchanges";
  if (needs.reply_queue_bytes > 0) text += ", reply queues";
  if (needs.weight_bytes_per_chunk_edge > 0) text += ", SSSP edge weights and readers";
  return text;
}

}  // namespace

std::string SearchDramNeeds::reserved_description() const {
  return program_bytes > 0 ? "program, " + buffers_description(*this) : buffers_description(*this);
}

std::int64_t bfs_status_bytes_per_vertex(std::int64_t vertices, int summary_bits) {
  if (vertices <= 0) return 0;
  const std::int64_t status = SearchState::bytes_for(vertices, summary_bits);
  return ParentArray::bytes_per_vertex(vertices) + (status + vertices - 1) / vertices;
}

namespace {

// SSSP runs after the BFS searches, whose engine and fetchers are gone by then: per vertex it holds
// the parents, its labels, frontier and buckets (DeltaStepping::kSearchBytesPerVertex) and the
// distances; the larger of the two searches' is the status the plan places. Its readers' tail
// buffers take the room of the BFS fetchers' arenas they follow (only what exceeds it is added).
// Beside each edge chunk that validation streams, the chunk's weights; beside each resident entry,
// its weight.
void add_shortest_path_needs(std::int64_t num_vertices, const SearchOptions& options, SearchDramNeeds& needs) {
  const std::int64_t threads = needs.fetchers;
  // A relabelled store: beside its BFS share (parents in its ids, old ids), distances in its ids.
  const std::int64_t bfs_relabel =
      needs.bfs_status_bytes_per_vertex - bfs_status_bytes_per_vertex(num_vertices, options.bfs.summary_bits);
  const std::int64_t relabel = bfs_relabel > 0 ? bfs_relabel + static_cast<std::int64_t>(sizeof(float)) : 0;
  const std::int64_t sssp = ParentArray::bytes_per_vertex(num_vertices) + DeltaStepping::kSearchBytesPerVertex +
                            static_cast<std::int64_t>(sizeof(float)) + relabel;
  needs.bfs_status_bytes_per_vertex = std::max(needs.bfs_status_bytes_per_vertex, sssp);
  needs.status_description = "BFS status or SSSP labels, distances and buckets";
  needs.weight_bytes_per_chunk_edge = static_cast<std::int64_t>(sizeof(float));
  if (options.budget.is_set()) {
    needs.edge_weight_chunk_bytes = options.budget.edge_chunk_edges() * needs.weight_bytes_per_chunk_edge;
  }
  const std::int64_t readers = threads * DeltaStepping::thread_bytes(true);
  needs.sssp_reader_bytes = std::max<std::int64_t>(0, readers - needs.io_arena_bytes());
  needs.list_entry_bytes = static_cast<std::int64_t>(sizeof(NeighborId) + sizeof(float));
}

}  // namespace

SearchDramNeeds search_dram_needs(std::int64_t num_vertices, const SearchOptions& options, int threads,
                                  std::int64_t edge_chunk_bytes, std::int64_t caller_bytes, bool relabelled) {
  SearchDramNeeds needs;
  needs.program_bytes = options.budget.is_set() ? options.budget.program_bytes : 0;
  // A relabelled store: the parents in its ids, and its old ids (StoredRelabel).
  const std::int64_t relabel = relabelled ? ParentArray::bytes_per_vertex(num_vertices) + 4 : 0;
  needs.bfs_status_bytes_per_vertex = bfs_status_bytes_per_vertex(num_vertices, options.bfs.summary_bits) + relabel;
  needs.edge_chunk_bytes = edge_chunk_bytes;
  const std::int64_t validator = options.skip_validation ? 0 : Validator::working_bytes_for(num_vertices);
  // Under a budget the trees are validated after the last search, in the DRAM the searches leave.
  needs.validator_bytes = options.budget.is_set() ? 0 : validator;
  if (options.budget.is_set()) {
    needs.validation_after_bytes =
        validator + num_vertices * (ParentArray::bytes_per_vertex(num_vertices) + (relabelled ? 4 : 0));
  }
  needs.fetchers = threads;
  needs.caller_bytes = caller_bytes;
  needs.forward_on_disk = options.placement == PlacementMode::kForwardOnDisk;
  if (options.shortest_paths) add_shortest_path_needs(num_vertices, options, needs);
  return needs;
}

namespace {

// Compressed lists: the row indexes of every graph (compressed_row_index.hpp), exact from a
// profile or bounded by the entries.
std::int64_t compressed_index_bytes(const SearchShape& shape, bool separate_forward) {
  if (shape.index_bytes >= 0) return shape.index_bytes;
  const std::int64_t n = shape.vertices;
  const std::int64_t slack = shape.partitions * CompressedRowIndex::kRowsPerBlock;
  const std::int64_t backward = CompressedRowIndex::bytes_bound(n + slack, shape.entries);
  return backward + (separate_forward ? CompressedRowIndex::bytes_bound(shape.partitions * n + slack, shape.entries) : 0);
}

// The forward-on-disk placement's whole backward graph: exact where known, else plain lists'
// entries at 4 bytes (compressed lists unknown until the store is profiled: the plan adds them).
std::int64_t backward_graph_bytes(const SearchShape& shape, const SearchDramNeeds& needs) {
  if (!needs.forward_on_disk) return 0;
  if (shape.backward_list_bytes >= 0) return shape.backward_list_bytes;
  return shape.compressed_lists ? 0 : shape.entries * static_cast<std::int64_t>(sizeof(NeighborId));
}

// The graph's part of the minimum: the BFS status, every CSR offsets array (backward: rows + 1 per
// partition; a separate forward graph: all vertices + 1 per partition), the first neighbours with the
// isolated bitmap (profile_of_store counts them so), and the split lists' index: 8 bytes per
// offsets row and the first entry of every list, here of every vertex, or the stripes of a scan's
// placement. Compressed lists hold a row index instead of offsets and index, their resident
// positions in it (they are whole).
std::int64_t graph_minimum_bytes(const SearchShape& shape, const SearchDramNeeds& needs) {
  const std::int64_t n = shape.vertices;
  const std::int64_t first_neighbors =
      (needs.first_neighbors ? n * static_cast<std::int64_t>(sizeof(NeighborId)) : 0) + Bitmap::words_for(n) * 8;
  const bool separate_forward = shape.separate_forward || needs.forward_on_disk;
  const std::int64_t fixed = n * needs.bfs_status_bytes_per_vertex + first_neighbors + backward_graph_bytes(shape, needs);
  if (shape.compressed_lists) {
    // SSSP: where each row's weights lie (tiered_weights.hpp), about a byte a row.
    const std::int64_t weight_index =
        needs.list_entry_bytes > static_cast<std::int64_t>(sizeof(NeighborId))
            ? shape.partitions * RowWeightIndex::bytes_for(n / shape.partitions + CompressedRowIndex::kRowsPerBlock)
            : 0;
    return fixed + compressed_index_bytes(shape, separate_forward) + weight_index;
  }
  const std::int64_t offsets = (n + shape.partitions) * 8 + (separate_forward ? shape.partitions * (n + 1) * 8 : 0);
  const std::int64_t index = needs.scan_placement
                                  ? TieredCsr::striped_index_bytes(n, shape.partitions, separate_forward)
                                  : offsets + n * needs.list_entry_bytes;  // each list's first entry (and weight)
  return fixed + offsets + index;
}

SearchShape shape_of(const GraphProfile& profile) {
  SearchShape shape{profile.num_vertices, profile.partitions, profile.separate_forward, profile.compressed_lists};
  if (profile.compressed_lists) shape.index_bytes = profile.offset_bytes;
  shape.backward_list_bytes = profile.backward_list_bytes();
  return shape;
}

}  // namespace

std::int64_t minimum_search_budget(const SearchShape& shape, const SearchDramNeeds& needs) {
  const std::int64_t fixed = needs.reserved_bytes() - needs.edge_chunk_bytes - needs.pair_bytes -
                             needs.edge_weight_chunk_bytes + graph_minimum_bytes(shape, needs);
  // The validation after the searches, once their graph is released (never above the searches' in
  // practice: their status and offsets alone hold more a vertex).
  const std::int64_t after = needs.program_bytes + needs.caller_bytes + needs.validation_after_bytes;
  return std::max({smallest_budget_with_edge_chunks(fixed, needs.pair_buffers, needs.weight_bytes_per_chunk_edge),
                   needs.validation_after_bytes > 0 ? smallest_budget_with_edge_chunks(after) : 0,
                   needs.agreed_minimum_bytes});
}

void check_search_budget(const SearchOptions& options, const SearchShape& shape, const SearchDramNeeds& needs) {
  if (!options.budget.is_set()) return;
  const std::int64_t minimum = minimum_search_budget(shape, needs);
  const std::int64_t buffers = minimum - needs.program_bytes - graph_minimum_bytes(shape, needs);
  const std::string program =
      needs.program_bytes > 0 ? "the program (" + format_bytes(needs.program_bytes) + "), " : "";
  check_budget_minimum(
      options.budget, minimum,
      "for " + needs.work + " " + std::to_string(shape.vertices) + " vertices: " + program + "the search buffers (" +
          buffers_description(needs) + ": " + format_bytes(buffers) + ") and the " + needs.status_description +
          ", CSR offsets, " + (needs.first_neighbors ? "first neighbours" : "isolated-vertex bitmap") +
          " and index of the lists split between DRAM and disk" +
          (needs.forward_on_disk ? ", with the whole backward graph (--placement forward-on-disk)" : "") + " (" +
          format_bytes(graph_minimum_bytes(shape, needs)) + ") must fit in it" +
          (needs.agreed_minimum_bytes > 0 ? " on every rank (the largest of the ranks' minimums)" : ""));
}

std::int64_t stored_index_bytes(const std::string& directory, const StoreRequest& request, PlacementMode placement) {
  StoreIndex index = read_store_index(directory, request);
  if (placement == PlacementMode::kForwardOnDisk) make_forward_separate(index);
  return profile_of_store(index, 0).offset_bytes;
}

namespace {

SearchDramNeeds with_profile(SearchDramNeeds needs, const GraphProfile& profile) {
  needs.longest_compressed_list_bytes = profile.longest_compressed_list_bytes;  // known only now
  return needs;
}

}  // namespace

std::int64_t minimum_search_budget(const GraphProfile& profile, const SearchDramNeeds& needs) {
  return minimum_search_budget(shape_of(profile), with_profile(needs, profile));
}

bool fits_search_budget(const GraphProfile& profile, const SearchOptions& options, const SearchDramNeeds& needs) {
  return !options.budget.is_set() || options.budget.dram_budget_bytes >= minimum_search_budget(profile, needs);
}

void check_search_budget(const GraphProfile& profile, const SearchOptions& options, const SearchDramNeeds& needs) {
  check_search_budget(options, shape_of(profile), with_profile(needs, profile));
}

namespace {

// The printed plan says that the list structures hold a weight beside each entry.
void name_list_weights(PlacementPlan& plan) {
  for (PlacedStructure& structure : plan.structures) {
    if (structure.name.rfind("backward_", 0) == 0) structure.description += " and weights";
  }
}

}  // namespace

PlacementPlan plan_search_placement(const GraphProfile& profile, const SearchOptions& options,
                                    const SearchDramNeeds& given) {
  check_search_budget(profile, options, given);
  const SearchDramNeeds needs = with_profile(given, profile);
  PlacementRequest placement;
  placement.dram_budget_bytes = options.budget.dram_budget_bytes;
  placement.mode = options.placement;
  placement.head_entries = options.head_entries;
  placement.reserved_bytes = needs.reserved_bytes();
  placement.reserved_description = needs.reserved_description();
  placement.status_description = needs.status_description;
  placement.first_neighbors = needs.first_neighbors;
  placement.scan_placement = needs.scan_placement;
  placement.whole_backward_lists = needs.list_entry_bytes > profile.entry_bytes;  // SSSP reads lists whole
  // The one minimum, which the refusal above stated: the planner checks and states it as it is.
  placement.minimum_bytes = minimum_search_budget(profile, given);
  GraphProfile weighted = profile;
  weighted.entry_bytes = needs.list_entry_bytes;  // a weight beside each resident entry (SSSP)
  PlacementPlan plan = plan_placement(weighted, placement);
  if (needs.list_entry_bytes > profile.entry_bytes) name_list_weights(plan);
  // The fetchers' arenas exist only once the searches start: until then the pass that reads the
  // resident lists may use their room.
  plan.read_buffer_bytes = needs.io_arena_bytes();
  return plan;
}

}  // namespace semibfs
