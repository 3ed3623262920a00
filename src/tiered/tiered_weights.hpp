// The SSSP weights beside a TieredGraph's backward lists (issue 40), tiered exactly as the lists
// are: the weights of each list's resident entries in DRAM, in the same layout as the resident
// entries (TieredCsr::resident_begin), and the rest in the store's pK.backward.weights, at the
// same entry offsets as the neighbours file, so a tail's weights are the same bytes of that file
// as its neighbours are of the neighbours file (a float is as long as a neighbour id).
//
// Compressed lists (a store built with --compress) keep their weights in the same file, one float
// an entry in the order the list decodes (ids ascending), at the row's entry offset; a row is
// resident whole or not at all, as its list is, and RowWeightIndex finds where a row's weights lie
// in the file and in DRAM in about a byte a row.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "store/store_manifest.hpp"
#include "tiered/placement_plan.hpp"
#include "tiered/tiered_graph.hpp"

namespace semibfs {

// Where each row's weights lie beside compressed lists: one anchor in the file and one among the
// resident weights every CompressedRowIndex::kRowsPerBlock rows, plus the degrees of the rows before
// it in its block (the lists' index holds them).
class RowWeightIndex {
 public:
  RowWeightIndex() = default;
  explicit RowWeightIndex(const TieredCsr& lists);
  // The row's first entry among all of the partition's entries (its weight's index in the file).
  std::int64_t entry_begin(const TieredCsr& lists, std::int64_t row) const {
    return anchored(lists, row, entry_anchors_, [](const TieredCsr& of, std::int64_t before) { return of.degree(before); });
  }
  // Its first weight among the resident ones (when it is resident).
  std::int64_t resident_begin(const TieredCsr& lists, std::int64_t row) const {
    return anchored(lists, row, resident_anchors_,
                    [](const TieredCsr& of, std::int64_t before) { return of.resident_count(before); });
  }
  std::int64_t bytes() const {
    return static_cast<std::int64_t>((entry_anchors_.size() + resident_anchors_.size()) * sizeof(std::int64_t));
  }
  // bytes() for a partition of `rows` rows, known before the store is opened (a budget's minimum).
  static std::int64_t bytes_for(std::int64_t rows);

 private:
  // The block's anchor plus entries(lists, r) of each row r before `row` in its block.
  template <typename Entries>
  static std::int64_t anchored(const TieredCsr& lists, std::int64_t row, const std::vector<std::int64_t>& anchors,
                               Entries entries) {
    const std::int64_t block_first = row - row % CompressedRowIndex::kRowsPerBlock;
    std::int64_t begin = anchors[static_cast<std::size_t>(row / CompressedRowIndex::kRowsPerBlock)];
    for (std::int64_t before = block_first; before < row; ++before) begin += entries(lists, before);
    return begin;
  }

  std::vector<std::int64_t> entry_anchors_;
  std::vector<std::int64_t> resident_anchors_;
};

class TieredWeights {
 public:
  // Streams each partition's weights file once, keeping the weights of `graph`'s resident entries;
  // checks each file's size, SHA-256 and values against the manifest (a damaged file is a
  // semibfs::Error naming it). Plain or compressed lists.
  static TieredWeights open(const std::string& directory, const StoreManifest& manifest, const TieredGraph& graph,
                            const PlacementPlan& plan);

  // The weights of the resident entries of `row` of partition `partition`, entry for entry as
  // graph.backward(partition).resident(row).
  std::span<const float> resident(const TieredCsr& lists, int partition, std::int64_t row) const {
    const std::int64_t begin =
        lists.compressed_lists() ? rows_[partition].resident_begin(lists, row) : lists.resident_begin(row);
    return {resident_[partition].data() + begin, static_cast<std::size_t>(lists.resident_count(row))};
  }
  // Bytes [begin, begin + 4 * lists.tail_entries(row)) of tail_path(partition) hold the weights of
  // the tail of `row`: the same bytes as its neighbours' in plain lists, the whole list's weights
  // at its entry offset in compressed ones.
  std::uint64_t tail_byte_begin(const TieredCsr& lists, int partition, std::int64_t row) const {
    if (!lists.compressed_lists()) return lists.tail_byte_begin(row);
    return static_cast<std::uint64_t>(rows_[partition].entry_begin(lists, row)) * sizeof(float);
  }
  // The file holding partition `partition`'s weights, every entry's, tails included.
  const std::string& tail_path(int partition) const { return paths_[partition]; }
  std::int64_t owned_bytes() const;

 private:
  std::vector<std::vector<float>> resident_;
  std::vector<std::string> paths_;
  std::vector<RowWeightIndex> rows_;  // compressed lists only (empty indexes beside plain ones)
};

}  // namespace semibfs
