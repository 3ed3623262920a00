// One CSR graph split between two tiers (DESIGN.md, "Memory tiers"): the offsets and the resident
// part of every list (its first entries, or the whole list) in DRAM, the rest of each list (its
// tail) in the store's neighbours file, read on demand. A list is always [resident | tail], so a
// tail starts in the file at the list's offset plus its resident length (seed 002 Sec. 5.2: the
// "backward head" in DRAM, the tail on NVM; seed 000 Sec. V: forward lists on NVM).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "graph/csr_graph.hpp"
#include "graph/partitioned_graph.hpp"

namespace semibfs {

// Which entries of each list stay in DRAM; the planner (placement_plan.hpp) sets it.
struct ResidencyRule {
  // The first this-many entries of every list.
  std::int64_t head_entries = 0;
  // Whole lists of the vertices of degree at most this (the low-degree forward lists).
  std::int64_t whole_up_to_degree = 0;
  // Whole lists of the vertices of degree at least this (the hubs); 0 for none.
  std::int64_t whole_from_degree = 0;

  // How many of a list's `list_length` entries are resident; `vertex_degree` is the vertex's whole
  // degree (with several partitions a forward list holds only part of it).
  std::int64_t resident_entries(std::int64_t list_length, std::int64_t vertex_degree) const;
  // Every entry of every list.
  static ResidencyRule everything();
};

class TieredCsr {
 public:
  TieredCsr() = default;
  // Move-only: the views point into the owned arrays.
  TieredCsr(TieredCsr&&) noexcept = default;
  TieredCsr& operator=(TieredCsr&&) noexcept = default;
  TieredCsr(const TieredCsr&) = delete;
  TieredCsr& operator=(const TieredCsr&) = delete;
  // Every list resident: views of `graph`'s arrays, which must outlive this object.
  static TieredCsr all_in_dram(const CsrGraph& graph);
  // Lists split by the caller: resident_offsets[row] locates the resident entries of `row`; the
  // tails are read from `tail_path`, the whole neighbours array as the store holds it.
  TieredCsr(std::vector<std::int64_t> offsets, std::vector<std::int64_t> resident_offsets,
            std::vector<NeighborId> resident, std::string tail_path);

  std::int64_t num_rows() const { return static_cast<std::int64_t>(offsets_.size()) - 1; }
  std::int64_t degree(std::int64_t row) const { return offsets_[row + 1] - offsets_[row]; }
  std::span<const NeighborId> resident(std::int64_t row) const {
    return resident_.subspan(static_cast<std::size_t>(resident_offsets_[row]),
                             static_cast<std::size_t>(resident_offsets_[row + 1] - resident_offsets_[row]));
  }
  std::int64_t tail_entries(std::int64_t row) const {
    return degree(row) - (resident_offsets_[row + 1] - resident_offsets_[row]);
  }
  // Index in the neighbours file of the first tail entry of `row`.
  std::int64_t tail_begin(std::int64_t row) const {
    return offsets_[row] + resident_offsets_[row + 1] - resident_offsets_[row];
  }
  // The first resident entry of each row into heads[row], kNoHead where none is resident: the
  // dense heads that let a bottom-up step probe a vertex's first neighbour without its list.
  void first_entries(std::span<NeighborId> heads) const;
  // Binds the DRAM pages of rows [first_row, end_row) (offsets, index and resident entries) to a
  // NUMA node; their contents do not change. A no-op on one node.
  void place_rows_on_numa_node(std::int64_t first_row, std::int64_t end_row, int node) const;
  // Whether any list has a tail; false when everything is in DRAM.
  bool has_tails() const { return !tail_path_.empty(); }
  const std::string& tail_path() const { return tail_path_; }
  std::int64_t num_entries() const { return offsets_.back(); }
  std::int64_t resident_entry_count() const { return static_cast<std::int64_t>(resident_.size()); }
  // Rows whose list has a tail on disk.
  std::int64_t rows_with_tails() const { return rows_with_tails_; }
  // DRAM this object owns: offsets, resident index and entries (0 for a view).
  std::int64_t owned_bytes() const;

 private:
  std::span<const std::int64_t> offsets_;
  std::span<const std::int64_t> resident_offsets_;
  std::span<const NeighborId> resident_;
  std::vector<std::int64_t> owned_offsets_;
  std::vector<std::int64_t> owned_resident_offsets_;
  std::vector<NeighborId> owned_resident_;
  std::string tail_path_;
  std::int64_t rows_with_tails_ = 0;
};

}  // namespace semibfs
