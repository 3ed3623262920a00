#include "tiered/tiered_weights.hpp"

#include "core/error.hpp"
#include "core/sha256.hpp"
#include "store/graph_store.hpp"
#include "store/stored_weights.hpp"

namespace semibfs {
namespace {

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
};

}  // namespace

TieredWeights TieredWeights::open(const std::string& directory, const StoreManifest& manifest, const TieredGraph& graph,
                                  const PlacementPlan& plan) {
  if (!manifest.list_weights) {
    throw Error("store '" + directory + "' has no weights (build it from a weighted file, or with run --sssp)");
  }
  if (manifest.list_codec) {
    throw Error("store '" + directory + "': SSSP under a DRAM budget needs plain lists (the store is compressed)");
  }
  TieredWeights weights;
  for (int k = 0; k < graph.num_partitions(); ++k) {
    const TieredCsr& lists = graph.backward(k);
    const std::string name = list_weights_name(k);
    const std::string path = store_path(directory, name);
    const StoreArray& entry = checked_store_array(directory, manifest, name);
    if (entry.bytes != lists.num_entries() * static_cast<std::int64_t>(sizeof(float))) {
      store_file_damaged(path, "holds " + std::to_string(entry.bytes) + " bytes for " +
                                   std::to_string(lists.num_entries()) + " list entries");
    }
    std::vector<float>& resident =
        weights.resident_.emplace_back(static_cast<std::size_t>(lists.resident_entry_count()));
    ResidentWeightCollector collector(lists, resident, path);
    read_file_in_order(path, reading_within(plan), [&](std::span<const std::byte> bytes, std::uint64_t offset) {
      collector.consume(bytes, offset);
    });
    if (collector.finish_hex() != entry.sha256) store_file_damaged(path, "SHA-256 does not match the manifest");
    weights.paths_.push_back(path);
  }
  return weights;
}

std::int64_t TieredWeights::owned_bytes() const {
  std::int64_t bytes = 0;
  for (const std::vector<float>& part : resident_) bytes += static_cast<std::int64_t>(part.size() * sizeof(float));
  return bytes;
}

}  // namespace semibfs
