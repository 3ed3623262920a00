// The first pass of a construction over a packed edge file: how many list entries each vertex
// will have, before duplicates are dropped. The external construction sizes its ranges by it; the
// relabelling by degree (degree_relabel.hpp) orders the vertices by it. The counts can also be
// taken chunk by chunk as the edges are generated (WrittenEdgeCounts), so that a run writing its
// own edge file skips the pass.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "construction/range_lists.hpp"
#include "core/progress_log.hpp"
#include "store/edge_file_seal.hpp"
#include "edges/packed_edge_file.hpp"

namespace semibfs {

// The staging entries an EndpointCounter takes for a graph of `num_vertices` vertices (4 bytes
// each): up to 2^21, fewer for a small graph, so that they never outweigh its degrees much.
std::int64_t endpoint_staging_entries(std::int64_t num_vertices);

// Counts the endpoints of edges handed over chunk by chunk, in edge-index order. A piece of a chunk
// at a time, the endpoints are staged by bucket (a range of vertices whose counts fit the cache),
// then each bucket is counted by one thread, without atomics (validation_lists.cpp does the same).
class EndpointCounter {
 public:
  // Zeroes `degrees`; `source` names the edges in errors (the edge file's path). The chunks' bytes
  // go to `seal` too when given. `staging` (2 entries at least) holds a piece's endpoints.
  EndpointCounter(std::span<std::uint32_t> degrees, ListEnds ends, std::string source, std::span<std::uint32_t> staging,
                  EdgeFileSeal* seal = nullptr);
  // Edges [first, first + chunk.size()). Throws semibfs::Error naming the edge whose id lies
  // outside the vertices. OpenMP-parallel.
  void add(std::int64_t first, std::span<const PackedEdge> chunk);
  // Throws semibfs::Error when a vertex reached 2^32 endpoints.
  void finish() const;

 private:
  struct PieceResult {
    std::int64_t first_bad;  // within the piece; its size when none
    bool wrapped = false;
  };
  PieceResult add_piece(std::span<const PackedEdge> piece);
  // Calls visit(vertex) for each endpoint counted; returns the first edge with an id outside the
  // vertices (edges.size() when none).
  template <typename Visit>
  std::int64_t visit_endpoints(std::span<const PackedEdge> edges, Visit&& visit) const;
  static std::span<const PackedEdge> block_of(std::span<const PackedEdge> piece, std::int64_t block);
  // The block's endpoints per bucket into its row of starts_; returns its first bad edge in the piece.
  std::int64_t tally_block(std::span<const PackedEdge> piece, std::int64_t block);
  // Turns the tallies into where each block's endpoints of each bucket start in the staging.
  void place_starts(std::int64_t blocks);
  void stage_block(std::span<const PackedEdge> piece, std::int64_t block);
  // Counts the bucket's staged endpoints; true when a count wrapped around.
  bool count_bucket(std::int64_t bucket);

  std::span<std::uint32_t> degrees_;
  bool sources_;
  bool targets_;
  std::string source_;
  std::span<std::uint32_t> staging_;
  EdgeFileSeal* seal_;
  int bucket_shift_ = 0;        // vertex >> bucket_shift_ is its bucket
  std::int64_t buckets_ = 1;
  std::int64_t piece_edges_ = 1;
  // starts_[block * buckets_ + bucket]: the block's endpoints of the bucket, then where they go.
  std::vector<std::uint32_t> starts_;
  std::vector<std::uint32_t> bucket_ends_;
  bool wrapped_ = false;
};

// degrees[v] = the endpoints at v of edges that are not self-loops (duplicates counted), of the
// `ends` whose lists are built; the file read through `chunk`, in parallel within each chunk, and
// its bytes fed to `seal` when given. Throws semibfs::Error naming the edge whose id lies outside
// the vertices (degrees.size() of them), or when a vertex reaches 2^32 endpoints. `staging` as
// EndpointCounter's.
void count_endpoints(const PackedEdgeFile& edges, std::span<PackedEdge> chunk, std::span<std::uint32_t> staging,
                     std::span<std::uint32_t> degrees, ListEnds ends, ProgressLog& log, EdgeFileSeal* seal = nullptr);

// An undirected edge file's endpoint counts (both ends) and seal, taken from its chunks as they are
// written: what build_store_from_edge_file's counting pass would find, so that the build can skip
// it (ExternalBuildOptions::written_counts). 4 bytes a vertex and the staging (bytes()).
class WrittenEdgeCounts {
 public:
  WrittenEdgeCounts(std::int64_t num_vertices, const std::string& edge_file);
  // The DRAM the counts of `num_vertices` vertices hold.
  static std::int64_t bytes(std::int64_t num_vertices);
  // The next chunk written (a gen/kronecker_edge_file.hpp EdgeChunkSink).
  void add(std::span<const PackedEdge> chunk);
  std::int64_t num_vertices() const { return num_vertices_; }
  std::int64_t edges() const { return edges_; }
  // The seconds spent counting so far: kernel 1's work done during generation, which the run
  // moves from generation_time to construction_time.
  double seconds() const { return seconds_; }
  // The counts, which the build turns into unique degrees, and the seal, which it finishes.
  std::span<std::uint32_t> degrees() { return {degrees_.get(), static_cast<std::size_t>(num_vertices_)}; }
  EdgeFileSeal& seal() { return seal_; }
  // Throws semibfs::Error when a vertex reached 2^32 endpoints.
  void finish() const { counter_.finish(); }

 private:
  std::int64_t num_vertices_;
  std::unique_ptr<std::uint32_t[]> degrees_;
  std::vector<std::uint32_t> staging_;
  EdgeFileSeal seal_;
  EndpointCounter counter_;
  std::int64_t edges_ = 0;
  double seconds_ = 0;
};

}  // namespace semibfs
