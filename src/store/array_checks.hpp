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

// What a graph's lists say as a set of (row vertex, neighbour) pairs, whatever their order: each
// pair hashed and the hashes summed, both ways round. In-range ids can still disagree (a list
// rewritten on one side only, an undirected entry without its reverse); comparing digests catches
// that in the same pass as the id check, where only validation would, blaming the search.
class PairDigest {
 public:
  void add(VertexId row_vertex, NeighborId neighbor) {
    direct_ += pair_hash(row_vertex, neighbor);
    reversed_ += pair_hash(neighbor, row_vertex);
  }
  // What one (row vertex, neighbour) pair adds to the direct sum.
  static std::uint64_t pair_hash(std::uint64_t row_vertex, std::uint64_t neighbor) {
    return mix(row_vertex << 32 | neighbor);
  }
  // The rows of `offsets` are vertices row_base, row_base + 1, ...; OpenMP-parallel.
  void add_lists(VertexId row_base, std::span<const std::int64_t> offsets, std::span<const NeighborId> neighbors);
  void merge(const PairDigest& other) { add_sums(other.direct_, other.reversed_); }
  // Sums of pairs digested elsewhere (a reduction over threads).
  void add_sums(std::uint64_t direct, std::uint64_t reversed) {
    direct_ += direct;
    reversed_ += reversed;
  }
  std::uint64_t direct() const { return direct_; }
  std::uint64_t reversed() const { return reversed_; }

 private:
  // SplitMix64's finalizer (Steele, Lea and Flood, OOPSLA 2014): every input bit moves every output bit.
  static std::uint64_t mix(std::uint64_t value) {
    value = (value ^ (value >> 30)) * 0xbf58476d1ce4e5b9ULL;
    value = (value ^ (value >> 27)) * 0x94d049bb133111ebULL;
    return value ^ (value >> 31);
  }
  std::uint64_t direct_ = 0;
  std::uint64_t reversed_ = 0;
};

// The backward lists of an undirected store hold every pair both ways; the forward lists, where
// separate, hold the backward lists' pairs (undirected) or their reverses (directed: in-lists
// backward, out-lists forward). Throws the damaged-store error naming the lists otherwise.
void check_lists_agree(const std::string& directory, const StoreManifest& manifest, const PairDigest& backward,
                       const PairDigest& forward);

}  // namespace semibfs
