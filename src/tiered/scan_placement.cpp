#include "tiered/scan_placement.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "graph/csr_graph.hpp"

namespace semibfs {
namespace {

// The bytes of row `row`'s list in one graph of one partition.
std::int64_t list_bytes_of(const StoreIndex& index, bool backward, int partition, std::int64_t row) {
  if (index.manifest.list_codec) {
    const CompressedRowIndex& rows = (backward ? index.backward_rows : index.forward_rows)[partition];
    return static_cast<std::int64_t>(rows.list_end(row) - rows.list_begin(row));
  }
  const std::vector<std::int64_t>& offsets = (backward ? index.backward_offsets : index.forward_offsets)[partition];
  return (offsets[row + 1] - offsets[row]) * static_cast<std::int64_t>(sizeof(NeighborId));
}

// The bytes of a vertex's lists: its backward list (in the partition that holds it, if any) and
// its forward lists in every partition.
class VertexListBytes {
 public:
  explicit VertexListBytes(const StoreIndex& index) : index_(index) {}
  std::int64_t operator()(VertexId vertex) const {
    const StoreManifest& manifest = index_.manifest;
    std::int64_t bytes = 0;
    for (int k = 0; k < manifest.partitions; ++k) {
      const VertexRange rows = manifest.partition_rows(k);
      if (vertex >= rows.begin && vertex < rows.end) bytes += list_bytes_of(index_, true, k, vertex - rows.begin);
      if (index_.has_separate_forward()) bytes += list_bytes_of(index_, false, k, vertex);
    }
    return bytes;
  }

 private:
  const StoreIndex& index_;
};

// The plan's structures that hold lists, each a share of the DRAM and disk they are given.
constexpr std::array<const char*, 5> kListStructures = {"backward_heads", "forward_low_degree", "forward_hubs",
                                                       "backward_tails", "forward_rest"};

bool holds_lists(const PlacedStructure& placed) {
  return std::find(kListStructures.begin(), kListStructures.end(), placed.name) != kListStructures.end();
}

}  // namespace

ScanCuts scan_cuts(const StoreIndex& index, double share) {
  const std::int64_t n = index.manifest.vertices;
  const VertexListBytes bytes_of(index);
  std::vector<std::int64_t> stripe;  // its vertices' list bytes, each computed once
  ScanCuts result;
  for (VertexId first = 0; first < n; first += ResidencyRule::kScanStripeVertices) {
    stripe.clear();
    for (VertexId vertex = first; vertex < std::min(n, first + ResidencyRule::kScanStripeVertices); ++vertex)
      stripe.push_back(bytes_of(vertex));
    std::int64_t room = 0;
    for (const std::int64_t bytes : stripe) room += bytes;
    room = static_cast<std::int64_t>(share * static_cast<double>(room));
    std::size_t kept = 0;
    for (; kept < stripe.size() && stripe[kept] <= room; ++kept) {
      room -= stripe[kept];
      result.kept_bytes += stripe[kept];
    }
    result.cuts.push_back(first + static_cast<VertexId>(kept));
  }
  return result;
}

void use_scan_placement(PlacementPlan& plan, const StoreIndex& index) {
  if (plan.fits_in_memory) return;
  std::int64_t dram = 0, total = 0;
  for (const PlacedStructure& placed : plan.structures) {
    if (!holds_lists(placed)) continue;
    dram += placed.dram_bytes;
    total += placed.bytes();
  }
  if (total <= 0) return;
  ScanCuts stripes = scan_cuts(index, static_cast<double>(dram) / static_cast<double>(total));
  plan.scan_cuts = std::move(stripes.cuts);
  std::erase_if(plan.structures, holds_lists);
  plan.structures.push_back({"scan_stripes_dram", "lists, the first of each stripe of vertices", stripes.kept_bytes, 0});
  plan.structures.push_back({"scan_stripes_disk", "lists, the rest of each stripe", 0, total - stripes.kept_bytes});
}

}  // namespace semibfs
