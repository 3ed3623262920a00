// The SSSP weights beside a TieredGraph's backward lists (issue 40), tiered exactly as the lists
// are: the weights of each list's resident entries in DRAM, in the same layout as the resident
// entries (TieredCsr::resident_begin), and the rest in the store's pK.backward.weights, at the
// same entry offsets as the neighbours file, so a tail's weights are the same bytes of that file
// as its neighbours are of the neighbours file (a float is as long as a neighbour id).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "store/store_manifest.hpp"
#include "tiered/placement_plan.hpp"
#include "tiered/tiered_graph.hpp"

namespace semibfs {

class TieredWeights {
 public:
  // Streams each partition's weights file once, keeping the weights of `graph`'s resident entries;
  // checks each file's size, SHA-256 and values against the manifest (a damaged file is a
  // semibfs::Error naming it). Plain lists only: a compressed list's entries are in id order.
  static TieredWeights open(const std::string& directory, const StoreManifest& manifest, const TieredGraph& graph,
                            const PlacementPlan& plan);

  // The weights of the resident entries of `row` of partition `partition`, entry for entry as
  // graph.backward(partition).resident(row).
  std::span<const float> resident(const TieredCsr& lists, int partition, std::int64_t row) const {
    return {resident_[partition].data() + lists.resident_begin(row),
            static_cast<std::size_t>(lists.resident_count(row))};
  }
  // The file holding partition `partition`'s weights, every entry's, tails included.
  const std::string& tail_path(int partition) const { return paths_[partition]; }
  std::int64_t owned_bytes() const;

 private:
  std::vector<std::vector<float>> resident_;
  std::vector<std::string> paths_;
};

}  // namespace semibfs
