#include "construction/endpoint_counts.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "core/error.hpp"
#include "core/timer.hpp"

namespace semibfs {
namespace {

// Edges a thread takes at a time: small enough that the hashing thread finds work left.
constexpr std::int64_t kCountGrain = 16384;

// Counts one endpoint; true when the count wrapped around.
bool count_endpoint(std::uint32_t& count) {
  std::uint32_t before = 0;
#pragma omp atomic capture
  before = count++;
  return before == UINT32_MAX;
}

}  // namespace

EndpointCounter::EndpointCounter(std::span<std::uint32_t> degrees, ListEnds ends, std::string source, EdgeFileSeal* seal)
    : degrees_(degrees),
      sources_(ends != ListEnds::kTarget),
      targets_(ends != ListEnds::kSource),
      source_(std::move(source)),
      seal_(seal) {
  std::fill(degrees_.begin(), degrees_.end(), 0);
}

// One thread hashes the chunk while the others count its edges (and sum their pair digests), the
// hashing thread joining them when done: the SHA-256 is serial, and ran alone before.
void EndpointCounter::add(std::int64_t first, std::span<const PackedEdge> chunk) {
  const auto count = static_cast<std::int64_t>(chunk.size());
  const auto num_vertices = static_cast<std::int64_t>(degrees_.size());
  std::int64_t first_bad = count;
  bool chunk_wrapped = false;
  std::uint64_t digests = 0;
#pragma omp parallel reduction(min : first_bad) reduction(|| : chunk_wrapped) reduction(+ : digests)
  {
#pragma omp single nowait
    if (seal_ != nullptr) seal_->update_checksum(chunk);
#pragma omp for schedule(dynamic, kCountGrain) nowait
    for (std::int64_t index = 0; index < count; ++index) {
      const VertexId u = chunk[index].v0();
      const VertexId v = chunk[index].v1();
      if (u < 0 || u >= num_vertices || v < 0 || v >= num_vertices) {
        first_bad = std::min(first_bad, index);
      } else if (u != v) {
        if (sources_) chunk_wrapped = count_endpoint(degrees_[u]) || chunk_wrapped;
        if (targets_) chunk_wrapped = count_endpoint(degrees_[v]) || chunk_wrapped;
      }
      if (seal_ != nullptr) digests += seal_->record_digest(chunk[index]);
    }
  }
  if (first_bad < count) {
    const PackedEdge& edge = chunk[first_bad];
    throw Error("edge file '" + source_ + "': edge " + std::to_string(first + first_bad) + " (" +
                std::to_string(edge.v0()) + ", " + std::to_string(edge.v1()) + ") has a vertex id outside [0, " +
                std::to_string(num_vertices) + ")");
  }
  if (seal_ != nullptr) seal_->add_to_pair_digest(digests);
  wrapped_ = wrapped_ || chunk_wrapped;
}

void EndpointCounter::finish() const {
  if (wrapped_) throw Error("edge file '" + source_ + "': a vertex has 2^32 or more edge endpoints");
}

void count_endpoints(const PackedEdgeFile& edges, std::span<PackedEdge> chunk, std::span<std::uint32_t> degrees,
                     ListEnds ends, ProgressLog& log, EdgeFileSeal* seal) {
  EndpointCounter counter(degrees, ends, edges.path(), seal);
  edges.for_each_chunk(chunk, [&](std::int64_t first, std::span<const PackedEdge> part) {
    counter.add(first, part);
    log.tick("counting endpoints: edge", first + static_cast<std::int64_t>(part.size()), edges.num_edges(),
             ProgressUnit::kEdges);
  });
  counter.finish();
}

WrittenEdgeCounts::WrittenEdgeCounts(std::int64_t num_vertices, const std::string& edge_file)
    : num_vertices_(num_vertices),
      degrees_(std::make_unique_for_overwrite<std::uint32_t[]>(static_cast<std::size_t>(num_vertices))),
      seal_(GraphDirection::kUndirected),
      counter_(degrees(), ListEnds::kBoth, edge_file, &seal_) {}

void WrittenEdgeCounts::add(std::span<const PackedEdge> chunk) {
  const Stopwatch time;
  counter_.add(edges_, chunk);
  seconds_ += time.seconds();
  edges_ += static_cast<std::int64_t>(chunk.size());
}

}  // namespace semibfs
