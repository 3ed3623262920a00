// The lists that versions 1..N of a store add (store/store_versions.hpp; Lee et al., ExtraV,
// Sec. 4.5): the storage side appends a vertex's added neighbours to its base list, so that
// algorithms see version N without a rebuilt base. Held in DRAM, sparse: only vertices that gained
// an edge have an entry (a bitmap answers the rest at once).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "core/bitmap.hpp"
#include "core/graph_direction.hpp"
#include "core/types.hpp"
#include "edges/compact_edge.hpp"
#include "graph/csr_graph.hpp"
#include "query/streaming_query.hpp"

namespace semibfs {

// DRAM held for the added edges at most, the peak of building the overlay: per edge 32 bytes (the
// edges read, 8, beside one version's 12 file bytes; then beside them their (vertex, neighbour)
// pairs, 16, and the lists' neighbours, 8; or on a relabelled store the ids they name, 24), and per
// list, one per vertex that gained an edge on each side, 16 (its offset, twice while they grow);
// plus a bitmap and its counts of set bits per side.
constexpr std::int64_t kOverlayBytesPerEdge = 32;
constexpr std::int64_t kOverlayBytesPerList = 16;
std::int64_t overlay_bytes_bound(std::int64_t vertices, std::int64_t added_edges);

// Lists of some vertices: a bitmap of those that have one, and a count of set bits before each of
// its words, so that a vertex's list is found in O(1) (the set bits before its own index the offsets).
class SparseLists {
 public:
  SparseLists() = default;
  // `entries` (vertex, neighbour) pairs, sorted by vertex, are moved in.
  SparseLists(std::int64_t vertices, std::vector<std::pair<NeighborId, NeighborId>> entries);
  std::span<const NeighborId> list(VertexId vertex) const;
  bool has(VertexId vertex) const { return touched_.num_bits() > 0 && touched_.test(vertex); }
  std::int64_t entries() const { return static_cast<std::int64_t>(neighbours_.size()); }
  std::int64_t longest_list() const;
  std::int64_t bytes() const;

 private:
  Bitmap touched_;
  std::vector<std::uint32_t> set_bits_before_word_;
  std::vector<std::int64_t> offsets_;  // one per vertex with a list, and the end
  std::vector<NeighborId> neighbours_;
};

class VersionOverlay {
 public:
  // `edges` in the store's ids, each new to the base; an undirected edge lands in both endpoints'
  // lists, a directed one in its source's out-list and its target's in-list.
  VersionOverlay(std::int64_t vertices, std::span<const CompactEdge> edges, GraphDirection direction);

  std::int64_t degree(VertexId vertex, ListSide side) const;
  std::int64_t entries(ListSide side) const;
  // visit(id) for each added neighbour of `vertex` on `side` (in-list first for both).
  template <typename Visit>
  void for_each(VertexId vertex, ListSide side, Visit&& visit) const {
    for (const SparseLists* lists : sides(side)) {
      if (lists == nullptr) continue;
      for (const NeighborId id : lists->list(vertex)) visit(id);
    }
  }
  std::int64_t bytes() const { return in_.bytes() + out_.bytes(); }
  // The most entries added to one vertex's lists (its in- and out-list together).
  std::int64_t longest_list() const { return in_.longest_list() + out_.longest_list(); }
  // The added list of one side (kIn or kOut; kBoth of a directed graph has two: use for_each).
  std::span<const NeighborId> list(VertexId vertex, ListSide side) const { return sides(side)[0]->list(vertex); }

 private:
  std::array<const SparseLists*, 2> sides(ListSide side) const;

  bool directed_ = false;
  SparseLists in_;   // undirected: every added list
  SparseLists out_;  // directed only
};

}  // namespace semibfs
