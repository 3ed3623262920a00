// The structure of a store's arrays beyond their checksums, checked whenever a store is opened (in
// DRAM or tiered): a crafted store whose checksums were recomputed is one clear error naming the
// file, never a crash.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "graph/csr_graph.hpp"
#include "graph/partition_layout.hpp"
#include "store/store_manifest.hpp"

namespace semibfs {

// Offsets of `path` start at 0, never decrease and end at `entries`, the list file's length.
void check_store_offsets(const std::string& path, std::span<const std::int64_t> offsets, std::int64_t entries);

// The ids a graph's lists may hold: any vertex in backward lists; only partition k's own vertices
// in its forward lists when they are separate (the top-down step of partition k writes only its
// own status).
VertexRange allowed_neighbors(const StoreManifest& manifest, int partition, const char* graph);

// `neighbors` are the entries from `first` on of the list file `path`: each must lie in `allowed`.
void check_neighbor_ids(const std::string& path, std::span<const NeighborId> neighbors, std::int64_t first,
                        VertexRange allowed);

}  // namespace semibfs
