#include "tiered/tiered_csr.hpp"

#include <algorithm>
#include <utility>

#include "core/error.hpp"
#include "core/numa_placement.hpp"

namespace semibfs {

std::int64_t ResidencyRule::resident_entries(std::int64_t list_length, std::int64_t vertex_degree,
                                            std::int64_t vertex) const {
  const bool in_stripe = !scan_cuts.empty() && vertex < scan_cuts[static_cast<std::size_t>(vertex / kScanStripeVertices)];
  const bool whole = in_stripe || vertex_degree <= whole_up_to_degree ||
                     (whole_from_degree > 0 && vertex_degree >= whole_from_degree);
  return whole ? list_length : std::min(list_length, head_entries);
}

ResidencyRule ResidencyRule::everything() {
  ResidencyRule rule;
  rule.whole_up_to_degree = INT64_MAX;
  return rule;
}

TieredCsr TieredCsr::all_in_dram(const CsrGraph& graph) {
  TieredCsr lists;
  lists.offsets_ = graph.offsets();
  lists.resident_offsets_ = graph.offsets();
  lists.resident_ = graph.all_neighbors();
  lists.resident_entries_ = graph.num_adjacencies();
  return lists;
}

TieredCsr TieredCsr::view() const {
  if (compressed_lists_) throw Error("tiered lists: a view of compressed lists is not supported");
  TieredCsr lists;
  lists.offsets_ = offsets_;
  lists.resident_offsets_ = resident_offsets_;
  lists.resident_ = resident_;
  lists.stripes_ = stripes_;
  lists.first_stripe_offset_ = first_stripe_offset_;
  lists.tail_path_ = tail_path_;
  lists.rows_with_tails_ = rows_with_tails_;
  lists.resident_entries_ = resident_entries_;
  return lists;
}

CsrGraph TieredCsr::into_csr() && {
  const bool whole = !compressed_lists_ && resident_entries_ == num_entries() && !owned_offsets_.empty() &&
                     std::ssize(owned_resident_) == num_entries();
  if (!whole) throw Error("tiered lists: only plain lists read whole into DRAM can become a CSR graph");
  const std::int64_t rows = num_rows();
  CsrGraph graph(rows, std::move(owned_offsets_), std::move(owned_resident_));
  *this = TieredCsr();
  return graph;
}

// The spans point into the vectors' heap buffers, which moving the vectors (or this object) keeps.
TieredCsr::TieredCsr(std::vector<std::int64_t> offsets, std::vector<std::int64_t> resident_offsets,
                     std::vector<NeighborId> resident, std::string tail_path)
    : owned_offsets_(std::move(offsets)),
      owned_resident_offsets_(std::move(resident_offsets)),
      owned_resident_(std::move(resident)),
      tail_path_(std::move(tail_path)) {
  offsets_ = owned_offsets_;
  resident_offsets_ = owned_resident_offsets_;
  resident_ = owned_resident_;
  resident_entries_ = static_cast<std::int64_t>(resident_.size());
  if (resident_entry_count() == num_entries()) tail_path_.clear();
  for (std::int64_t row = 0; row < num_rows(); ++row) rows_with_tails_ += tail_entries(row) > 0 ? 1 : 0;
}

TieredCsr TieredCsr::striped(std::vector<std::int64_t> offsets, VertexId first_vertex,
                             std::span<const std::int64_t> scan_cuts, std::string tail_path) {
  constexpr std::int64_t kStripe = ResidencyRule::kScanStripeVertices;
  TieredCsr lists;
  lists.owned_offsets_ = std::move(offsets);
  lists.offsets_ = lists.owned_offsets_;
  lists.first_stripe_offset_ = first_vertex % kStripe;
  const std::int64_t rows = lists.num_rows();
  std::int64_t resident = 0;
  for (std::int64_t first_row = 0; first_row < rows;) {
    const std::int64_t stripe = (first_vertex + first_row) / kStripe;
    const std::int64_t end_row = std::min(rows, (stripe + 1) * kStripe - first_vertex);
    const std::int64_t cut_row =
        std::clamp(scan_cuts[static_cast<std::size_t>(stripe)] - first_vertex, first_row, end_row);
    lists.stripes_.push_back({cut_row, resident - lists.offsets_[first_row]});
    resident += lists.offsets_[cut_row] - lists.offsets_[first_row];
    first_row = end_row;
  }
  lists.owned_resident_.resize(static_cast<std::size_t>(resident));
  lists.resident_ = lists.owned_resident_;
  lists.resident_entries_ = resident;
  lists.tail_path_ = std::move(tail_path);
  if (lists.resident_entry_count() == lists.num_entries()) lists.tail_path_.clear();
  for (std::int64_t row = 0; row < rows; ++row) lists.rows_with_tails_ += lists.tail_entries(row) > 0 ? 1 : 0;
  return lists;
}

TieredCsr::TieredCsr(CompressedRows rows)
    : tail_path_(std::move(rows.lists_path)),
      compressed_lists_(true),
      rows_(std::move(rows.index)),
      compressed_resident_(std::move(rows.resident)),
      first_vertex_(rows.first_vertex),
      id_bound_(static_cast<std::uint64_t>(rows.num_vertices)),
      minimum_(static_cast<std::uint64_t>(rows.min_interval_length)) {
  if (rows_.resident_bytes() != compressed_resident_.size()) {
    throw Error("compressed tiered lists: the index and the resident lists of different lengths");
  }
  for (std::int64_t row = 0; row < num_rows(); ++row) {
    resident_entries_ += resident_count(row);
    rows_with_tails_ += tail_entries(row) > 0 ? 1 : 0;
  }
  if (rows_with_tails_ == 0) tail_path_.clear();
}

void TieredCsr::first_entries(std::span<NeighborId> first_neighbors) const {
  if (static_cast<std::int64_t>(first_neighbors.size()) != num_rows()) throw Error("first list entries: heads of the wrong size");
  if (compressed_lists_) throw Error("first list entries: compressed lists give their heads when they are opened");
#pragma omp parallel for schedule(static)
  for (std::int64_t row = 0; row < num_rows(); ++row) {
    first_neighbors[row] = resident_count(row) > 0 ? resident_[static_cast<std::size_t>(resident_begin(row))] : kNoFirstNeighbor;
  }
}

void TieredCsr::place_rows_on_numa_node(std::int64_t first_row, std::int64_t end_row, int node) const {
  if (end_row <= first_row) return;
  // mbind moves pages and leaves their bytes alone, so the const arrays (and views) may be bound.
  const auto bind = [node](const void* data, std::size_t bytes) {
    place_on_numa_node(const_cast<void*>(data), bytes, node);
  };
  if (compressed_lists_) {
    // The index's blocks are small beside the lists; only the resident lists are bound.
    const std::uint64_t first_byte = rows_.resident_begin(first_row);
    bind(compressed_resident_.data() + first_byte, rows_.resident_end(end_row - 1) - first_byte);
    return;
  }
  const auto rows = static_cast<std::size_t>(end_row - first_row + 1);
  bind(offsets_.data() + first_row, rows * sizeof(std::int64_t));
  if (stripes_.empty()) bind(resident_offsets_.data() + first_row, rows * sizeof(std::int64_t));
  const std::int64_t first = resident_begin(first_row);
  const std::int64_t end = resident_begin(end_row - 1) + resident_count(end_row - 1);
  bind(resident_.data() + first, static_cast<std::size_t>(end - first) * sizeof(NeighborId));
}

std::int64_t TieredCsr::owned_bytes() const {
  if (compressed_lists_) {
    return rows_.bytes() + static_cast<std::int64_t>(compressed_resident_.size());
  }
  return static_cast<std::int64_t>((owned_offsets_.size() + owned_resident_offsets_.size()) * sizeof(std::int64_t) +
                                   owned_resident_.size() * sizeof(NeighborId) + stripes_.size() * sizeof(PlainStripe));
}

}  // namespace semibfs
