#include "tiered/tiered_weights.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/huge_pages.hpp"
#include "core/sha256.hpp"
#include "store/graph_store.hpp"
#include "store/stored_weights.hpp"

namespace semibfs {

RowWeightIndex::RowWeightIndex(const TieredCsr& lists) {
  std::int64_t entries = 0;
  std::int64_t resident = 0;
  for (std::int64_t row = 0; row < lists.num_rows(); ++row) {
    if (row % CompressedRowIndex::kRowsPerBlock == 0) {
      entry_anchors_.push_back(entries);
      resident_anchors_.push_back(resident);
    }
    entries += lists.degree(row);
    resident += lists.resident_count(row);
  }
}

std::int64_t RowWeightIndex::bytes_for(std::int64_t rows) {
  const std::int64_t blocks = (rows + CompressedRowIndex::kRowsPerBlock - 1) / CompressedRowIndex::kRowsPerBlock;
  return 2 * blocks * static_cast<std::int64_t>(sizeof(std::int64_t));
}

namespace {

// The resident rows' weights among a piece of the weights file beside compressed lists, each row
// whole or not at all (`row` and `entry`, where the previous piece stopped, move on).
void copy_compressed_resident_piece(const TieredCsr& lists, std::span<const float> piece, std::int64_t first,
                                    float* resident, std::int64_t& row, std::int64_t& entry, std::int64_t& kept) {
  const std::int64_t end = first + static_cast<std::int64_t>(piece.size());
  for (; row < lists.num_rows(); ++row) {
    const std::int64_t degree = lists.degree(row);
    if (lists.resident_count(row) > 0) {
      const std::int64_t from = std::max(entry, first);
      const std::int64_t to = std::min(entry + degree, end);
      if (to > from) std::copy(piece.data() + (from - first), piece.data() + (to - first), resident + kept + (from - entry));
    }
    if (entry + degree > end) return;  // the rest of this row is in the next piece
    if (lists.resident_count(row) > 0) kept += degree;
    entry += degree;
  }
}

// Copies the weights of every row's resident entries while the weights file streams past once,
// taking its SHA-256 and checking its values on the way (the tails' too: a tail read later is checked).
class ResidentWeightCollector {
 public:
  ResidentWeightCollector(const TieredCsr& lists, std::vector<float>& resident, std::string path)
      : lists_(lists), resident_(resident), path_(std::move(path)) {}

  void consume(std::span<const std::byte> bytes, std::uint64_t offset) {
    sha_.update(bytes.data(), bytes.size());
    const std::span<const float> weights(reinterpret_cast<const float*>(bytes.data()), bytes.size() / sizeof(float));
    check_weight_values(path_, weights);
    const auto first = static_cast<std::int64_t>(offset / sizeof(float));
    if (lists_.compressed_lists()) {
      copy_compressed_resident_piece(lists_, weights, first, resident_.data(), row_, entry_, kept_);
      return;
    }
    lists_.copy_resident_piece(
        weights, first, [this](std::int64_t row) { return resident_.data() + lists_.resident_begin(row); }, row_);
  }
  std::string finish_hex() { return sha_.finish_hex(); }

 private:
  const TieredCsr& lists_;
  std::vector<float>& resident_;
  std::string path_;
  Sha256 sha_;
  std::int64_t row_ = 0;
  std::int64_t entry_ = 0;  // compressed lists: the first entry of row_, and the resident weights before it
  std::int64_t kept_ = 0;
};

}  // namespace

TieredWeights TieredWeights::open(const std::string& directory, const StoreManifest& manifest, const TieredGraph& graph,
                                  const PlacementPlan& plan) {
  if (!manifest.list_weights) {
    throw Error("store '" + directory + "' has no weights (build it from a weighted file, or with run --sssp)");
  }
  TieredWeights weights;
  for (int k = 0; k < graph.num_partitions(); ++k) {
    const TieredCsr& lists = graph.backward(k);
    const std::string name = list_weights_name(k, manifest.direction);
    const std::string path = store_path(directory, name);
    const StoreArray& entry = checked_store_array(directory, manifest, name);
    if (entry.bytes != lists.num_entries() * static_cast<std::int64_t>(sizeof(float))) {
      store_file_damaged(path, "holds " + std::to_string(entry.bytes) + " bytes for " +
                                   std::to_string(lists.num_entries()) + " list entries");
    }
    std::vector<float>& resident = weights.resident_.emplace_back();
    assign_in_huge_pages(resident, static_cast<std::size_t>(lists.resident_entry_count()));  // read at random
    ResidentWeightCollector collector(lists, resident, path);
    read_file_in_order(path, reading_within(plan), [&](std::span<const std::byte> bytes, std::uint64_t offset) {
      collector.consume(bytes, offset);
    });
    if (collector.finish_hex() != entry.sha256) store_file_damaged(path, "SHA-256 does not match the manifest");
    weights.paths_.push_back(path);
    weights.rows_.push_back(lists.compressed_lists() ? RowWeightIndex(lists) : RowWeightIndex());
  }
  return weights;
}

std::int64_t TieredWeights::owned_bytes() const {
  std::int64_t bytes = 0;
  for (const std::vector<float>& part : resident_) bytes += static_cast<std::int64_t>(part.size() * sizeof(float));
  for (const RowWeightIndex& rows : rows_) bytes += rows.bytes();
  return bytes;
}

}  // namespace semibfs
