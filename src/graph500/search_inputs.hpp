// What the searches of a run run on and are validated against: the edge list (in DRAM, or a packed
// file read in chunks) and the graph (in DRAM, or a store opened with its lists split between DRAM
// and disk). Kronecker runs (graph500_run.hpp) and searches on stores built from files
// (`semibfs bfs`) fill it in their own ways and share the searches.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "construction/degree_relabel.hpp"
#include "core/types.hpp"
#include "edges/edge_source.hpp"
#include "graph/list_weights.hpp"
#include "graph/partitioned_graph.hpp"
#include "tiered/tiered_graph.hpp"

namespace semibfs {

struct SearchInputs {
  std::unique_ptr<EdgeSource> edges;          // the edge list in DRAM, or the packed file read in chunks
  std::optional<PartitionedGraph> in_memory;  // the graph in DRAM
  std::optional<TieredGraph> tiered;          // or the store opened with its lists split
  // A store relabelled by degree: the graph is in its ids, everything else (edges, roots, parents)
  // in the input's.
  std::optional<StoredRelabel> relabel;
  // The SSSP weights beside the in-DRAM lists, only when a run searches shortest paths: made by
  // kernel 1, or read from the store it reuses (one array a partition).
  std::optional<ListWeights> weights;
  std::vector<std::vector<float>> stored_weights;

  // Of the vertex `vertex` in the input's ids.
  std::int64_t degree(VertexId vertex) const {
    const VertexId id = store_id(vertex);
    return tiered ? tiered->degree(id) : in_memory->degree(id);
  }
  // What a search from the vertex can expand: a root needs out-edges (its degree when undirected).
  std::int64_t out_degree(VertexId vertex) const {
    const VertexId id = store_id(vertex);
    return tiered ? tiered->out_degree(id) : in_memory->out_degree(id);
  }
  VertexId store_id(VertexId vertex) const { return relabel ? relabel->store_id(vertex) : vertex; }
  GraphDirection direction() const { return tiered ? tiered->direction() : in_memory->direction(); }
};

}  // namespace semibfs
