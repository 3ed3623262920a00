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

#include "construction/range_lists.hpp"
#include "core/progress_log.hpp"
#include "store/edge_file_seal.hpp"
#include "edges/packed_edge_file.hpp"

namespace semibfs {

// Counts the endpoints of edges handed over chunk by chunk, in edge-index order.
class EndpointCounter {
 public:
  // Zeroes `degrees`; `source` names the edges in errors (the edge file's path). The chunks' bytes
  // go to `seal` too when given.
  EndpointCounter(std::span<std::uint32_t> degrees, ListEnds ends, std::string source, EdgeFileSeal* seal = nullptr);
  // Edges [first, first + chunk.size()). Throws semibfs::Error naming the edge whose id lies
  // outside the vertices. OpenMP-parallel.
  void add(std::int64_t first, std::span<const PackedEdge> chunk);
  // Throws semibfs::Error when a vertex reached 2^32 endpoints.
  void finish() const;

 private:
  std::span<std::uint32_t> degrees_;
  bool sources_;
  bool targets_;
  std::string source_;
  EdgeFileSeal* seal_;
  bool wrapped_ = false;
};

// degrees[v] = the endpoints at v of edges that are not self-loops (duplicates counted), of the
// `ends` whose lists are built; the file read through `chunk`, in parallel within each chunk, and
// its bytes fed to `seal` when given. Throws semibfs::Error naming the edge whose id lies outside
// the vertices (degrees.size() of them), or when a vertex reaches 2^32 endpoints.
void count_endpoints(const PackedEdgeFile& edges, std::span<PackedEdge> chunk, std::span<std::uint32_t> degrees,
                     ListEnds ends, ProgressLog& log, EdgeFileSeal* seal = nullptr);

// An undirected edge file's endpoint counts (both ends) and seal, taken from its chunks as they are
// written: what build_store_from_edge_file's counting pass would find, so that the build can skip
// it (ExternalBuildOptions::written_counts). 4 bytes a vertex.
class WrittenEdgeCounts {
 public:
  WrittenEdgeCounts(std::int64_t num_vertices, const std::string& edge_file);
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
  EdgeFileSeal seal_;
  EndpointCounter counter_;
  std::int64_t edges_ = 0;
  double seconds_ = 0;
};

}  // namespace semibfs
