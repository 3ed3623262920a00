#include "construction/endpoint_counts.hpp"

#include <algorithm>
#include <bit>
#include <string>
#include <utility>

#include "core/error.hpp"
#include "core/timer.hpp"

namespace semibfs {
namespace {

// Edges staged at a time at most (their endpoints' slots are 32-bit), and a thread's unit of work.
constexpr std::int64_t kMaxPieceEdges = std::int64_t{1} << 21;
constexpr std::int64_t kBlockEdges = std::int64_t{1} << 16;
// At most 1024 buckets: at SCALE 26, 2^16 vertices (256 KiB of counts) a bucket, within L2.
constexpr int kMaxBucketBits = 10;

}  // namespace

std::int64_t endpoint_staging_entries(std::int64_t num_vertices) {
  return std::clamp<std::int64_t>(num_vertices, 2048, 2 * kMaxPieceEdges);
}

EndpointCounter::EndpointCounter(std::span<std::uint32_t> degrees, ListEnds ends, std::string source,
                                 std::span<std::uint32_t> staging, EdgeFileSeal* seal)
    : degrees_(degrees),
      sources_(ends != ListEnds::kTarget),
      targets_(ends != ListEnds::kSource),
      source_(std::move(source)),
      staging_(staging),
      seal_(seal) {
  const std::int64_t entries_per_edge = (sources_ ? 1 : 0) + (targets_ ? 1 : 0);
  if (static_cast<std::int64_t>(staging.size()) < entries_per_edge) {
    throw Error("counting endpoints: " + std::to_string(staging.size()) + " staging entries; need at least 2");
  }
  const auto num_vertices = static_cast<std::int64_t>(degrees.size());
  const int bits = std::bit_width(static_cast<std::uint64_t>(std::max<std::int64_t>(num_vertices - 1, 1)));
  bucket_shift_ = std::max(0, bits - kMaxBucketBits);
  buckets_ = (std::max<std::int64_t>(num_vertices - 1, 0) >> bucket_shift_) + 1;
  piece_edges_ = std::min(kMaxPieceEdges, static_cast<std::int64_t>(staging.size()) / entries_per_edge);
  starts_.resize(static_cast<std::size_t>((piece_edges_ + kBlockEdges - 1) / kBlockEdges * buckets_));
  bucket_ends_.resize(static_cast<std::size_t>(buckets_));
  std::fill(degrees_.begin(), degrees_.end(), 0);
}

template <typename Visit>
std::int64_t EndpointCounter::visit_endpoints(std::span<const PackedEdge> edges, Visit&& visit) const {
  const auto num_vertices = static_cast<VertexId>(degrees_.size());
  auto first_bad = static_cast<std::int64_t>(edges.size());
  for (std::size_t index = 0; index < edges.size(); ++index) {
    const VertexId u = edges[index].v0();
    const VertexId v = edges[index].v1();
    if (u < 0 || u >= num_vertices || v < 0 || v >= num_vertices) {
      first_bad = std::min(first_bad, static_cast<std::int64_t>(index));
    } else if (u != v) {
      if (sources_) visit(u);
      if (targets_) visit(v);
    }
  }
  return first_bad;
}

std::span<const PackedEdge> EndpointCounter::block_of(std::span<const PackedEdge> piece, std::int64_t block) {
  const std::int64_t begin = block * kBlockEdges;
  return piece.subspan(static_cast<std::size_t>(begin),
                       static_cast<std::size_t>(std::min<std::int64_t>(kBlockEdges, static_cast<std::int64_t>(piece.size()) - begin)));
}

std::int64_t EndpointCounter::tally_block(std::span<const PackedEdge> piece, std::int64_t block) {
  std::uint32_t* tally = starts_.data() + block * buckets_;
  std::fill(tally, tally + buckets_, 0);
  const std::span<const PackedEdge> edges = block_of(piece, block);
  const std::int64_t first_bad = visit_endpoints(edges, [&](VertexId vertex) { ++tally[vertex >> bucket_shift_]; });
  return first_bad < static_cast<std::int64_t>(edges.size()) ? block * kBlockEdges + first_bad
                                                             : static_cast<std::int64_t>(piece.size());
}

void EndpointCounter::place_starts(std::int64_t blocks) {
  std::uint32_t next = 0;
  for (std::int64_t bucket = 0; bucket < buckets_; ++bucket) {
    for (std::int64_t block = 0; block < blocks; ++block) {
      std::uint32_t& start = starts_[static_cast<std::size_t>(block * buckets_ + bucket)];
      next += std::exchange(start, next);
    }
    bucket_ends_[static_cast<std::size_t>(bucket)] = next;
  }
}

void EndpointCounter::stage_block(std::span<const PackedEdge> piece, std::int64_t block) {
  std::uint32_t* cursors = starts_.data() + block * buckets_;
  visit_endpoints(block_of(piece, block), [&](VertexId vertex) {
    staging_[cursors[vertex >> bucket_shift_]++] = static_cast<std::uint32_t>(vertex);
  });
}

bool EndpointCounter::count_bucket(std::int64_t bucket) {
  const std::uint32_t begin = bucket == 0 ? 0 : bucket_ends_[static_cast<std::size_t>(bucket - 1)];
  const std::uint32_t end = bucket_ends_[static_cast<std::size_t>(bucket)];
  bool wrapped = false;
  for (std::uint32_t index = begin; index < end; ++index) wrapped = ++degrees_[staging_[index]] == 0 || wrapped;
  return wrapped;
}

// Tally, stage, count: each step parallel over blocks or buckets. A third of the piece's bytes is
// hashed in each step by one thread while the others start on it (the SHA-256 is serial).
EndpointCounter::PieceResult EndpointCounter::add_piece(std::span<const PackedEdge> piece) {
  const auto size = static_cast<std::int64_t>(piece.size());
  const std::int64_t blocks = (size + kBlockEdges - 1) / kBlockEdges;
  const auto third = [&](std::int64_t part) {
    return piece.subspan(static_cast<std::size_t>(size * part / 3), static_cast<std::size_t>(size * (part + 1) / 3 - size * part / 3));
  };
  std::int64_t first_bad = size;
  bool wrapped = false;
  std::uint64_t digests = 0;
#pragma omp parallel reduction(min : first_bad) reduction(|| : wrapped) reduction(+ : digests)
  {
#pragma omp single nowait
    if (seal_ != nullptr) seal_->update_checksum(third(0));
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t block = 0; block < blocks; ++block) {
      first_bad = std::min(first_bad, tally_block(piece, block));
      if (seal_ != nullptr) {
        for (const PackedEdge& edge : block_of(piece, block)) digests += seal_->record_digest(edge);
      }
    }
#pragma omp single
    place_starts(blocks);
#pragma omp single nowait
    if (seal_ != nullptr) seal_->update_checksum(third(1));
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t block = 0; block < blocks; ++block) stage_block(piece, block);
#pragma omp single nowait
    if (seal_ != nullptr) seal_->update_checksum(third(2));
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t bucket = 0; bucket < buckets_; ++bucket) wrapped = count_bucket(bucket) || wrapped;
  }
  if (seal_ != nullptr) seal_->add_to_pair_digest(digests);
  return {first_bad, wrapped};
}

void EndpointCounter::add(std::int64_t first, std::span<const PackedEdge> chunk) {
  const auto count = static_cast<std::int64_t>(chunk.size());
  for (std::int64_t begin = 0; begin < count; begin += piece_edges_) {
    const auto size = static_cast<std::size_t>(std::min(piece_edges_, count - begin));
    const PieceResult result = add_piece(chunk.subspan(static_cast<std::size_t>(begin), size));
    wrapped_ = wrapped_ || result.wrapped;
    if (result.first_bad < static_cast<std::int64_t>(size)) {
      const PackedEdge& edge = chunk[static_cast<std::size_t>(begin + result.first_bad)];
      throw Error("edge file '" + source_ + "': edge " + std::to_string(first + begin + result.first_bad) + " (" +
                  std::to_string(edge.v0()) + ", " + std::to_string(edge.v1()) + ") has a vertex id outside [0, " +
                  std::to_string(degrees_.size()) + ")");
    }
  }
}

void EndpointCounter::finish() const {
  if (wrapped_) throw Error("edge file '" + source_ + "': a vertex has 2^32 or more edge endpoints");
}

void count_endpoints(const PackedEdgeFile& edges, std::span<PackedEdge> chunk, std::span<std::uint32_t> staging,
                     std::span<std::uint32_t> degrees, ListEnds ends, ProgressLog& log, EdgeFileSeal* seal) {
  EndpointCounter counter(degrees, ends, edges.path(), staging, seal);
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
      staging_(static_cast<std::size_t>(endpoint_staging_entries(num_vertices))),
      seal_(GraphDirection::kUndirected),
      counter_(degrees(), ListEnds::kBoth, edge_file, staging_, &seal_) {}

std::int64_t WrittenEdgeCounts::bytes(std::int64_t num_vertices) {
  return (num_vertices + endpoint_staging_entries(num_vertices)) * static_cast<std::int64_t>(sizeof(std::uint32_t));
}

void WrittenEdgeCounts::add(std::span<const PackedEdge> chunk) {
  const Stopwatch time;
  counter_.add(edges_, chunk);
  seconds_ += time.seconds();
  edges_ += static_cast<std::int64_t>(chunk.size());
}

}  // namespace semibfs
