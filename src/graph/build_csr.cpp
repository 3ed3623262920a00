// Kernel 1: edge list -> symmetric CSR without self-loops or duplicate neighbours.
//
// A radix partition keeps every pass cache-friendly: the directed entries (both directions of
// each edge) are first scattered into buckets of consecutive source vertices (few write streams,
// no atomics), then each bucket is radix-sorted by (source, target) and deduplicated in cache.
// The targets are scattered straight into the final neighbour array, so the only other memory is
// 2 bytes per entry for the source within its bucket (fresh pages are slow to fault in), and only
// for one share of the buckets at a time (the peak RSS of a run is set here).
#include <omp.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "graph/csr_graph.hpp"
#include "graph/prefix_sum.hpp"
#include "graph/radix_sort.hpp"

namespace semibfs {
namespace {

// 2048 buckets (measured best of 1024..8192 at SCALE 20 and 22) keep the scatter's write streams
// in L2 and a bucket's sort in L2; at most 2^16 vertices per bucket let a local source fit 16 bits.
constexpr int kBucketBits = 11;
constexpr int kMinVertexBits = 6;
constexpr int kMaxVertexBits = 16;
using LocalSource = std::uint16_t;
// The entries' 2-byte sources are held for one share of the buckets at a time: each share costs
// one more read of the edge list, and halving them took 128 MiB off the peak at SCALE 22.
constexpr int kBucketShares = 2;

// Buckets of 2^vertex_bits consecutive source vertices.
struct BucketLayout {
  int vertex_bits = 0;
  int id_bits = 0;  // enough bits for any vertex id
  std::int64_t count = 0;

  // The bits that a (local source << 32 | target) key can have set.
  std::uint64_t key_bits() const {
    return ((std::uint64_t{1} << vertex_bits) - 1) << 32 | ((std::uint64_t{1} << id_bits) - 1);
  }
  std::int64_t bucket_of(std::uint32_t vertex) const { return vertex >> vertex_bits; }
  std::int64_t first_vertex(std::int64_t bucket) const { return bucket << vertex_bits; }
  LocalSource local(std::uint32_t vertex) const {
    return static_cast<LocalSource>(vertex & ((std::uint32_t{1} << vertex_bits) - 1));
  }
};

BucketLayout choose_buckets(std::int64_t num_vertices) {
  BucketLayout layout;
  layout.id_bits = std::bit_width(static_cast<std::uint64_t>(std::max<std::int64_t>(num_vertices - 1, 1)));
  layout.vertex_bits = std::clamp(layout.id_bits - kBucketBits, kMinVertexBits, kMaxVertexBits);
  const std::int64_t width = std::int64_t{1} << layout.vertex_bits;
  layout.count = std::max<std::int64_t>(1, (num_vertices + width - 1) / width);
  return layout;
}

// The edges are cut into one contiguous chunk per thread; both passes use the same cut.
struct EdgeChunks {
  std::int64_t num_edges = 0;
  std::int64_t count = 0;
  std::int64_t begin(std::int64_t chunk) const { return num_edges * chunk / count; }
  std::int64_t end(std::int64_t chunk) const { return begin(chunk + 1); }
};

void check_vertex_count(std::int64_t num_vertices) {
  if (num_vertices < 0 || num_vertices > kMaxVertices) {
    throw Error("build_csr: " + std::to_string(num_vertices) +
                " vertices; the in-memory CSR supports 0 to 2^32 vertices (32-bit neighbour ids)");
  }
}

[[noreturn]] void throw_bad_edge(const EdgeList& edge_list, std::int64_t edge) {
  const CompactEdge& tuple = edge_list.edges[edge];
  throw Error("build_csr: edge " + std::to_string(edge) + " (" + std::to_string(tuple.v0()) + ", " +
              std::to_string(tuple.v1()) + ") has a vertex id outside [0, " +
              std::to_string(edge_list.num_vertices) + ")");
}

// counts[chunk * buckets + bucket]: directed entries of that chunk whose source is in that bucket.
std::vector<std::int64_t> count_bucket_entries(const EdgeList& edge_list, const BucketLayout& layout,
                                               const EdgeChunks& chunks) {
  std::vector<std::int64_t> counts(chunks.count * layout.count, 0);
  std::vector<std::int64_t> first_bad_edge(chunks.count, edge_list.num_edges());
  const std::int64_t num_vertices = edge_list.num_vertices;
#pragma omp parallel for schedule(static)
  for (std::int64_t chunk = 0; chunk < chunks.count; ++chunk) {
    std::int64_t* chunk_counts = counts.data() + chunk * layout.count;
    for (std::int64_t edge = chunks.begin(chunk); edge < chunks.end(chunk); ++edge) {
      const VertexId u = edge_list.edges[edge].v0();
      const VertexId v = edge_list.edges[edge].v1();
      if (u < 0 || u >= num_vertices || v < 0 || v >= num_vertices) {
        first_bad_edge[chunk] = std::min(first_bad_edge[chunk], edge);
        continue;
      }
      if (u == v) continue;
      ++chunk_counts[layout.bucket_of(static_cast<std::uint32_t>(u))];
      ++chunk_counts[layout.bucket_of(static_cast<std::uint32_t>(v))];
    }
  }
  const std::int64_t bad_edge = *std::min_element(first_bad_edge.begin(), first_bad_edge.end());
  if (bad_edge < edge_list.num_edges()) throw_bad_edge(edge_list, bad_edge);
  return counts;
}

// Turns the counts into write positions (per chunk and bucket); returns each bucket's start.
std::vector<std::int64_t> bucket_positions(std::vector<std::int64_t>& counts, const BucketLayout& layout,
                                           const EdgeChunks& chunks) {
  std::vector<std::int64_t> bucket_start(layout.count + 1, 0);
  std::int64_t position = 0;
  for (std::int64_t bucket = 0; bucket < layout.count; ++bucket) {
    bucket_start[bucket] = position;
    for (std::int64_t chunk = 0; chunk < chunks.count; ++chunk) {
      const std::int64_t count = counts[chunk * layout.count + bucket];
      counts[chunk * layout.count + bucket] = position;
      position += count;
    }
  }
  bucket_start[layout.count] = position;
  return bucket_start;
}

// Directed entry k of the partition: targets[k] and, for the entries of the buckets being
// sorted, sources[k - first_entry] (the source within its bucket).
struct BucketedEntries {
  LocalSource* sources;
  NeighborId* targets;
  std::int64_t first_entry = 0;
};

// The buckets whose entries are scattered and sorted together: a share of all of them, so that
// the 2-byte sources of only that share are held at once.
struct BucketRange {
  std::int64_t first = 0;
  std::int64_t end = 0;
  bool contains(std::int64_t bucket) const { return bucket >= first && bucket < end; }
};

void scatter_to_buckets(const EdgeList& edge_list, const BucketLayout& layout, const EdgeChunks& chunks,
                        std::vector<std::int64_t>& positions, BucketRange buckets, BucketedEntries entries) {
#pragma omp parallel for schedule(static)
  for (std::int64_t chunk = 0; chunk < chunks.count; ++chunk) {
    std::int64_t* chunk_positions = positions.data() + chunk * layout.count;
    for (std::int64_t edge = chunks.begin(chunk); edge < chunks.end(chunk); ++edge) {
      const auto u = static_cast<std::uint32_t>(edge_list.edges[edge].v0());
      const auto v = static_cast<std::uint32_t>(edge_list.edges[edge].v1());
      if (u == v) continue;
      if (buckets.contains(layout.bucket_of(u))) {
        const std::int64_t forward = chunk_positions[layout.bucket_of(u)]++;
        entries.sources[forward - entries.first_entry] = layout.local(u);
        entries.targets[forward] = v;
      }
      if (buckets.contains(layout.bucket_of(v))) {
        const std::int64_t backward = chunk_positions[layout.bucket_of(v)]++;
        entries.sources[backward - entries.first_entry] = layout.local(v);
        entries.targets[backward] = u;
      }
    }
  }
}

// Per-thread scratch for one bucket: its entries as (local source << 32 | target) keys.
struct BucketScratch {
  std::vector<std::uint64_t> keys;
  std::vector<std::uint64_t> buffer;
  RadixSorter sorter;
};

// Sorts the bucket's entries by (source, target), then writes each vertex's unique targets, in
// vertex order, at the start of the bucket's own targets, and adds each unique degree to
// degrees[vertex + 1]. Returns the bucket's unique entries.
std::int64_t deduplicate_bucket(BucketedEntries entries, std::int64_t begin, std::int64_t end,
                                VertexId first_vertex, const BucketLayout& layout, BucketScratch& scratch,
                                std::int64_t* degrees) {
  const std::int64_t size = end - begin;
  if (static_cast<std::int64_t>(scratch.keys.size()) < size) {
    scratch.keys.resize(size);
    scratch.buffer.resize(size);
  }
  const std::span<std::uint64_t> keys(scratch.keys.data(), size);
  for (std::int64_t k = 0; k < size; ++k) {
    keys[k] = std::uint64_t{entries.sources[begin + k - entries.first_entry]} << 32 | entries.targets[begin + k];
  }
  const std::span<const std::uint64_t> sorted =
      scratch.sorter.sort(keys, {scratch.buffer.data(), keys.size()}, layout.key_bits());
  NeighborId* output = entries.targets + begin;
  std::int64_t written = 0;
  std::uint64_t previous = ~std::uint64_t{0};
  for (const std::uint64_t key : sorted) {
    if (key == previous) continue;
    output[written++] = static_cast<NeighborId>(key);
    ++degrees[first_vertex + static_cast<std::int64_t>(key >> 32) + 1];
    previous = key;
  }
  return written;
}

// offsets[vertex + 1] receives the vertex's unique degree (offsets starts zeroed), and
// unique_count[bucket] the bucket's unique entries.
void deduplicate_buckets(BucketedEntries entries, const std::vector<std::int64_t>& bucket_start,
                         const BucketLayout& layout, BucketRange buckets, std::vector<std::int64_t>& offsets,
                         std::vector<std::int64_t>& unique_count) {
#pragma omp parallel
  {
    BucketScratch scratch;
#pragma omp for schedule(dynamic, 4)
    for (std::int64_t bucket = buckets.first; bucket < buckets.end; ++bucket) {
      unique_count[bucket] = deduplicate_bucket(entries, bucket_start[bucket], bucket_start[bucket + 1],
                                                layout.first_vertex(bucket), layout, scratch, offsets.data());
    }
  }
}

// The bucket shares, each holding about the same number of entries.
std::vector<BucketRange> split_buckets(const std::vector<std::int64_t>& bucket_start, std::int64_t bucket_count) {
  std::vector<BucketRange> ranges;
  const std::int64_t entries = bucket_start[bucket_count];
  std::int64_t first = 0;
  for (int share = 1; share <= kBucketShares; ++share) {
    std::int64_t end = first;
    while (end < bucket_count && bucket_start[end + 1] <= entries * share / kBucketShares) ++end;
    if (share == kBucketShares) end = bucket_count;
    ranges.push_back({first, end});
    first = end;
  }
  return ranges;
}

// Slides each bucket's unique targets left to its final offset. In bucket order, because a
// bucket's destination can overlap the previous bucket's entries; one sequential pass.
void compact_buckets(std::vector<NeighborId>& neighbors, const std::vector<std::int64_t>& bucket_start,
                     const std::vector<std::int64_t>& unique_count, const BucketLayout& layout,
                     const std::vector<std::int64_t>& offsets) {
  for (std::int64_t bucket = 0; bucket < layout.count; ++bucket) {
    if (unique_count[bucket] == 0) continue;
    std::memmove(neighbors.data() + offsets[layout.first_vertex(bucket)],
                 neighbors.data() + bucket_start[bucket], unique_count[bucket] * sizeof(NeighborId));
  }
  neighbors.resize(offsets.back());  // keeps the capacity: shrinking would copy the array
}

}  // namespace

CsrGraph build_csr(const EdgeList& edge_list) {
  const std::int64_t num_vertices = edge_list.num_vertices;
  check_vertex_count(num_vertices);
  const BucketLayout layout = choose_buckets(num_vertices);
  const EdgeChunks chunks{edge_list.num_edges(), omp_get_max_threads()};
  std::vector<std::int64_t> positions = count_bucket_entries(edge_list, layout, chunks);
  const std::vector<std::int64_t> bucket_start = bucket_positions(positions, layout, chunks);
  std::vector<NeighborId> neighbors(bucket_start.back());
  std::vector<std::int64_t> offsets(num_vertices + 1, 0);
  std::vector<std::int64_t> unique_count(layout.count, 0);
  for (const BucketRange buckets : split_buckets(bucket_start, layout.count)) {
    // Uninitialized on purpose (the scatter writes every slot); freed before the next share.
    const std::int64_t first_entry = bucket_start[buckets.first];
    const auto sources = std::make_unique_for_overwrite<LocalSource[]>(bucket_start[buckets.end] - first_entry);
    const BucketedEntries entries{sources.get(), neighbors.data(), first_entry};
    scatter_to_buckets(edge_list, layout, chunks, positions, buckets, entries);
    deduplicate_buckets(entries, bucket_start, layout, buckets, offsets, unique_count);
  }
  inclusive_prefix_sum(offsets);
  compact_buckets(neighbors, bucket_start, unique_count, layout, offsets);
  return CsrGraph(num_vertices, std::move(offsets), std::move(neighbors));
}

}  // namespace semibfs
