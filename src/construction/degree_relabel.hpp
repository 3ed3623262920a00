// Vertex ids by descending degree, given at construction (issue 16, "orderings that compress"):
// Kronecker ids are a random permutation, which leaves neither intervals nor small gaps in the
// lists; numbered by degree, the hubs get the smallest ids, every list's hubs come first in id
// order (the order a bottom-up step wants, Iwabuchi et al. Sec. V-A) and gaps shrink (bench/
// compress_probe.cpp: 16.3 bits an entry at SCALE 20 with the generator's ids, 12.1 relabelled).
// The relabelled edge file is built into a store like any other; the store keeps the permutation
// both ways, and the searches map roots in and parents back out (graph500/search_session.hpp).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "construction/external_build.hpp"
#include "core/parent_array.hpp"
#include "core/types.hpp"
#include "graph/degree_order.hpp"
#include "store/store_manifest.hpp"

namespace semibfs {

// The relabelling (graph/degree_order.hpp, VertexRelabel and relabel_by_degree) counts the edge
// file's degrees: endpoints of edges that are not self-loops, duplicates in (the order known before
// the construction drops them; near the final degrees in a Kronecker graph).

// Builds the store of the graph in `edge_file` (as build_store_from_edge_file does, the same
// options) with its vertices relabelled by degree: counts the degrees in one pass, writes the
// relabelled edges beside the store in a second (removed when the build is done), builds from it,
// and records the permutation (relabel.new-of, relabel.old-of) and `vertex-order degree` in the
// manifest, which keeps the original edge file's entry: validation reads the input's ids. The
// budget covers the permutation (8 bytes per vertex) beside the construction.
ExternalBuildStats build_relabelled_store(const std::string& edge_file, std::int64_t num_vertices,
                                          const std::string& store_directory, const ExternalBuildOptions& options);

// The bytes the permutation holds during the build: 8 per vertex, both ways.
inline std::int64_t relabel_bytes(std::int64_t num_vertices) { return 8 * num_vertices; }

// The parents of a search on the relabelled store (indexed and valued in its ids) in the input's
// ids: parents[old_of[v]] = old_of[store_parents[v]], unreached kept; both arrays of one width.
// OpenMP-parallel.
void parents_in_input_ids(std::span<const std::uint32_t> old_of, std::span<const VertexId> store_parents,
                          std::span<VertexId> parents);
void parents_in_input_ids(std::span<const std::uint32_t> old_of, const ParentArray& store_parents,
                          ParentArray& parents);

// The distances of a search on the relabelled store (indexed by its ids) in the input's ids:
// distances[old_of[v]] = store_distances[v]. OpenMP-parallel.
void distances_in_input_ids(std::span<const std::uint32_t> old_of, std::span<const float> store_distances,
                            std::span<float> distances);

// A relabelled store's permutation as the searches hold it: old_of in DRAM (4 bytes per vertex;
// the parents and distances are mapped back with it), new_of read from its file for the few ids
// asked (roots).
class StoredRelabel {
 public:
  StoredRelabel(std::vector<std::uint32_t> old_of, std::string new_of_path)
      : old_of_(std::move(old_of)), new_of_path_(std::move(new_of_path)) {}
  std::span<const std::uint32_t> old_of() const { return old_of_; }
  // The store's id of the input's vertex `vertex`: one read of new_of.
  VertexId store_id(VertexId vertex) const;
  std::int64_t bytes() const { return static_cast<std::int64_t>(old_of_.size() * sizeof(std::uint32_t)); }
  // A search from the input's vertex `root` run in the store's ids, `search(store_root,
  // store_parents)`, its parents then mapped back into `parents` (BFS and SSSP alike); returns what
  // the search returns.
  template <typename Search>
  auto search_in_store_ids(VertexId root, ParentArray& store_parents, ParentArray& parents, Search&& search) const {
    auto result = search(store_id(root), store_parents);
    parents_in_input_ids(old_of_, store_parents, parents);
    return result;
  }

 private:
  std::vector<std::uint32_t> old_of_;
  std::string new_of_path_;
};

// A relabelled store's permutation, read and checked (SHA-256 of both arrays, each the other's
// inverse: a crafted permutation is one error naming the file); new_of streams past, only old_of
// stays.
StoredRelabel read_store_relabel(const std::string& directory, const StoreManifest& manifest);

}  // namespace semibfs
