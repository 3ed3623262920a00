#include "tiered/tiered_csr.hpp"

#include <algorithm>
#include <utility>

#include "core/error.hpp"
#include "core/numa_placement.hpp"

namespace semibfs {

std::int64_t ResidencyRule::resident_entries(std::int64_t list_length, std::int64_t vertex_degree) const {
  const bool whole = vertex_degree <= whole_up_to_degree || (whole_from_degree > 0 && vertex_degree >= whole_from_degree);
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
  return lists;
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
  if (resident_entry_count() == num_entries()) tail_path_.clear();
  for (std::int64_t row = 0; row < num_rows(); ++row) rows_with_tails_ += tail_entries(row) > 0 ? 1 : 0;
}

void TieredCsr::first_entries(std::span<NeighborId> heads) const {
  if (static_cast<std::int64_t>(heads.size()) != num_rows()) throw Error("first list entries: heads of the wrong size");
#pragma omp parallel for schedule(static)
  for (std::int64_t row = 0; row < num_rows(); ++row) {
    heads[row] = resident_offsets_[row] < resident_offsets_[row + 1] ? resident_[resident_offsets_[row]] : kNoHead;
  }
}

void TieredCsr::place_rows_on_numa_node(std::int64_t first_row, std::int64_t end_row, int node) const {
  if (end_row <= first_row) return;
  // mbind moves pages and leaves their bytes alone, so the const arrays (and views) may be bound.
  const auto bind = [node](const void* data, std::size_t bytes) {
    place_on_numa_node(const_cast<void*>(data), bytes, node);
  };
  const auto rows = static_cast<std::size_t>(end_row - first_row + 1);
  bind(offsets_.data() + first_row, rows * sizeof(std::int64_t));
  bind(resident_offsets_.data() + first_row, rows * sizeof(std::int64_t));
  const std::int64_t first = resident_offsets_[first_row];
  bind(resident_.data() + first, static_cast<std::size_t>(resident_offsets_[end_row] - first) * sizeof(NeighborId));
}

std::int64_t TieredCsr::owned_bytes() const {
  return static_cast<std::int64_t>((owned_offsets_.size() + owned_resident_offsets_.size()) * sizeof(std::int64_t) +
                                   owned_resident_.size() * sizeof(NeighborId));
}

}  // namespace semibfs
