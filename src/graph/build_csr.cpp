// Kernel 1: edge list -> symmetric CSR without self-loops or duplicate neighbours.
//
// A radix partition keeps every pass cache-friendly: the directed entries (both directions of
// each edge) are first scattered into buckets of consecutive source vertices (few write streams,
// no atomics), then each bucket is radix-sorted by (source, target) and deduplicated in cache.
// The targets are scattered straight into the final neighbour array, so the only other memory is
// 2 bytes per entry for the source within its bucket (fresh pages are slow to fault in), and only
// for one share of the buckets at a time (the peak RSS of a run is set here).
//
// For SSSP each entry's weight rides beside its target through the same passes (4 bytes an
// entry), so the weights land aligned with the lists, the least kept where duplicates merge, as the
// reference makes `weights` beside `column` in its kernel 1. A BFS build compiles without them.
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
#include "core/huge_pages.hpp"
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

// Buckets for `rows` lists whose entries are ids below `id_limit`.
BucketLayout choose_buckets(std::int64_t rows, std::int64_t id_limit) {
  BucketLayout layout;
  layout.id_bits = std::bit_width(static_cast<std::uint64_t>(std::max<std::int64_t>(id_limit - 1, 1)));
  const int row_bits = std::bit_width(static_cast<std::uint64_t>(std::max<std::int64_t>(rows - 1, 1)));
  layout.vertex_bits = std::clamp(row_bits - kBucketBits, kMinVertexBits, kMaxVertexBits);
  const std::int64_t width = std::int64_t{1} << layout.vertex_bits;
  layout.count = std::max<std::int64_t>(1, (rows + width - 1) / width);
  return layout;
}

// The directed entries of an edge list: both ways round for each edge, self-loops dropped.
struct UndirectedEntries {
  const EdgeList& list;

  std::int64_t items() const { return list.num_edges(); }
  std::int64_t rows() const { return list.num_vertices; }
  std::int64_t id_limit() const { return list.num_vertices; }
  float weight(std::int64_t edge) const { return list.weights[edge]; }
  bool valid(std::int64_t edge) const {
    const VertexId u = list.edges[edge].v0(), v = list.edges[edge].v1();
    return u >= 0 && u < list.num_vertices && v >= 0 && v < list.num_vertices;
  }
  template <typename Emit>
  void emit(std::int64_t edge, Emit&& emit) const {
    const auto u = static_cast<std::uint32_t>(list.edges[edge].v0());
    const auto v = static_cast<std::uint32_t>(list.edges[edge].v1());
    if (u == v) return;
    emit(u, v);
    emit(v, u);
  }
  [[noreturn]] void throw_invalid(std::int64_t edge) const {
    const CompactEdge& tuple = list.edges[edge];
    throw Error("build_csr: edge " + std::to_string(edge) + " (" + std::to_string(tuple.v0()) + ", " +
                std::to_string(tuple.v1()) + ") has a vertex id outside [0, " + std::to_string(list.num_vertices) +
                ")");
  }
};

// Directed entries (row, neighbour) of the rows [first_row, first_row + rows); self-loops dropped.
struct RowEntries {
  std::span<const CompactEdge> entries;
  VertexRange own;
  std::int64_t num_vertices = 0;

  std::int64_t items() const { return static_cast<std::int64_t>(entries.size()); }
  std::int64_t rows() const { return own.size(); }
  std::int64_t id_limit() const { return num_vertices; }
  bool valid(std::int64_t k) const {
    return own.contains(entries[k].v0()) && entries[k].v1() >= 0 && entries[k].v1() < num_vertices;
  }
  template <typename Emit>
  void emit(std::int64_t k, Emit&& emit) const {
    if (entries[k].v0() == entries[k].v1()) return;
    emit(static_cast<std::uint32_t>(entries[k].v0() - own.begin), static_cast<std::uint32_t>(entries[k].v1()));
  }
  [[noreturn]] void throw_invalid(std::int64_t k) const {
    throw Error("build_row_lists: entry " + std::to_string(k) + " (" + std::to_string(entries[k].v0()) + ", " +
                std::to_string(entries[k].v1()) + ") has a row outside [" + std::to_string(own.begin) + ", " +
                std::to_string(own.end) + ") or a neighbour outside [0, " + std::to_string(num_vertices) + ")");
  }
};

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

// counts[chunk * buckets + bucket]: directed entries of that chunk whose source is in that bucket.
template <typename Entries>
std::vector<std::int64_t> count_bucket_entries(const Entries& entries, const BucketLayout& layout,
                                               const EdgeChunks& chunks) {
  std::vector<std::int64_t> counts(chunks.count * layout.count, 0);
  std::vector<std::int64_t> first_bad_item(chunks.count, entries.items());
#pragma omp parallel for schedule(static)
  for (std::int64_t chunk = 0; chunk < chunks.count; ++chunk) {
    std::int64_t* chunk_counts = counts.data() + chunk * layout.count;
    for (std::int64_t item = chunks.begin(chunk); item < chunks.end(chunk); ++item) {
      if (!entries.valid(item)) {
        first_bad_item[chunk] = std::min(first_bad_item[chunk], item);
        continue;
      }
      entries.emit(item, [&](std::uint32_t source, std::uint32_t) { ++chunk_counts[layout.bucket_of(source)]; });
    }
  }
  const std::int64_t bad_item = *std::min_element(first_bad_item.begin(), first_bad_item.end());
  if (bad_item < entries.items()) entries.throw_invalid(bad_item);
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

// Directed entry k of the partition: targets[k] (and weights[k] when weighted) and, for the
// entries of the buckets being sorted, sources[k - first_entry] (the source within its bucket).
struct BucketedEntries {
  LocalSource* sources;
  NeighborId* targets;
  std::int64_t first_entry = 0;
  float* weights = nullptr;  // only in a weighted build
};

// The buckets whose entries are scattered and sorted together: a share of all of them, so that
// the 2-byte sources of only that share are held at once.
struct BucketRange {
  std::int64_t first = 0;
  std::int64_t end = 0;
  bool contains(std::int64_t bucket) const { return bucket >= first && bucket < end; }
};

template <bool kWeighted, typename Entries>
void scatter_to_buckets(const Entries& input, const BucketLayout& layout, const EdgeChunks& chunks,
                        std::vector<std::int64_t>& positions, BucketRange buckets, BucketedEntries entries) {
#pragma omp parallel for schedule(static)
  for (std::int64_t chunk = 0; chunk < chunks.count; ++chunk) {
    std::int64_t* chunk_positions = positions.data() + chunk * layout.count;
    float weight = 0.0F;  // the current item's; unused (and optimised away) in a BFS build
    const auto place = [&](std::uint32_t source, std::uint32_t target) {
      if (!buckets.contains(layout.bucket_of(source))) return;
      const std::int64_t slot = chunk_positions[layout.bucket_of(source)]++;
      entries.sources[slot - entries.first_entry] = layout.local(source);
      entries.targets[slot] = target;
      if constexpr (kWeighted) entries.weights[slot] = weight;
    };
    for (std::int64_t item = chunks.begin(chunk); item < chunks.end(chunk); ++item) {
      if constexpr (kWeighted) weight = input.weight(item);
      input.emit(item, place);
    }
  }
}

// Per-thread scratch for one bucket: its entries as (local source << 32 | target) keys, and the
// other half of the weights' sort in a weighted build.
struct BucketScratch {
  std::vector<std::uint64_t> keys;
  std::vector<std::uint64_t> buffer;
  std::vector<float> weight_buffer;
  RadixSorter sorter;
};

// Writes the unique keys' targets to output and adds each to its source's degree; returns how many.
std::int64_t write_unique(std::span<const std::uint64_t> sorted, NeighborId* output, std::int64_t* degrees) {
  std::int64_t written = 0;
  std::uint64_t previous = ~std::uint64_t{0};
  for (const std::uint64_t key : sorted) {
    if (key == previous) continue;
    output[written++] = static_cast<NeighborId>(key);
    ++degrees[static_cast<std::int64_t>(key >> 32) + 1];
    previous = key;
  }
  return written;
}

// The same, each unique entry's weight the least of its duplicates' (a larger one is never on a
// shortest path). weights_out may be sorted_weights itself: an entry is read before its place is written.
std::int64_t write_unique(std::span<const std::uint64_t> sorted, std::span<const float> sorted_weights,
                          NeighborId* output, float* weights_out, std::int64_t* degrees) {
  std::int64_t written = 0;
  std::uint64_t previous = ~std::uint64_t{0};
  for (std::size_t index = 0; index < sorted.size(); ++index) {
    const float weight = sorted_weights[index];
    if (sorted[index] == previous) {
      weights_out[written - 1] = std::min(weights_out[written - 1], weight);
      continue;
    }
    weights_out[written] = weight;
    output[written++] = static_cast<NeighborId>(sorted[index]);
    ++degrees[static_cast<std::int64_t>(sorted[index] >> 32) + 1];
    previous = sorted[index];
  }
  return written;
}

// Sorts the bucket's entries by (source, target), then writes each vertex's unique targets (and
// weights), in vertex order, at the start of the bucket's own, and adds each unique degree to
// degrees[vertex + 1]. Returns the bucket's unique entries.
template <bool kWeighted>
std::int64_t deduplicate_bucket(BucketedEntries entries, std::int64_t begin, std::int64_t end, VertexId first_vertex,
                                const BucketLayout& layout, BucketScratch& scratch, std::int64_t* degrees) {
  const std::int64_t size = end - begin;
  if (static_cast<std::int64_t>(scratch.keys.size()) < size) {
    scratch.keys.resize(size);
    scratch.buffer.resize(size);
    if constexpr (kWeighted) scratch.weight_buffer.resize(size);
  }
  const std::span<std::uint64_t> keys(scratch.keys.data(), size);
  for (std::int64_t k = 0; k < size; ++k) {
    keys[k] = std::uint64_t{entries.sources[begin + k - entries.first_entry]} << 32 | entries.targets[begin + k];
  }
  const std::span<std::uint64_t> buffer(scratch.buffer.data(), keys.size());
  if constexpr (kWeighted) {
    const std::span<float> weights(entries.weights + begin, keys.size());
    const auto [sorted, sorted_weights] = scratch.sorter.sort<float>(
        keys, buffer, weights, {scratch.weight_buffer.data(), keys.size()}, layout.key_bits());
    return write_unique(sorted, sorted_weights, entries.targets + begin, weights.data(), degrees + first_vertex);
  } else {
    return write_unique(scratch.sorter.sort(keys, buffer, layout.key_bits()), entries.targets + begin,
                        degrees + first_vertex);
  }
}

// offsets[vertex + 1] receives the vertex's unique degree (offsets starts zeroed), and
// unique_count[bucket] the bucket's unique entries.
template <bool kWeighted>
void deduplicate_buckets(BucketedEntries entries, const std::vector<std::int64_t>& bucket_start,
                         const BucketLayout& layout, BucketRange buckets, std::vector<std::int64_t>& offsets,
                         std::vector<std::int64_t>& unique_count) {
#pragma omp parallel
  {
    BucketScratch scratch;
#pragma omp for schedule(dynamic, 4)
    for (std::int64_t bucket = buckets.first; bucket < buckets.end; ++bucket) {
      unique_count[bucket] =
          deduplicate_bucket<kWeighted>(entries, bucket_start[bucket], bucket_start[bucket + 1],
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

// Slides each bucket's unique entries left to their final offset. In bucket order, because a
// bucket's destination can overlap the previous bucket's entries; one sequential pass.
template <typename Entry>
void compact_buckets(std::vector<Entry>& entries, const std::vector<std::int64_t>& bucket_start,
                     const std::vector<std::int64_t>& unique_count, const BucketLayout& layout,
                     const std::vector<std::int64_t>& offsets) {
  for (std::int64_t bucket = 0; bucket < layout.count; ++bucket) {
    if (unique_count[bucket] == 0) continue;
    std::memmove(entries.data() + offsets[layout.first_vertex(bucket)], entries.data() + bucket_start[bucket],
                 unique_count[bucket] * sizeof(Entry));
  }
  entries.resize(offsets.back());  // keeps the capacity: shrinking would copy the array
}

// The lists of input.rows() rows from the input's directed entries, sorted and without duplicates;
// in a weighted build, `weights` receives each entry's, aligned with the neighbour array.
template <bool kWeighted, typename Entries>
CsrGraph build_lists(const Entries& input, std::vector<float>* weights = nullptr) {
  const std::int64_t rows = input.rows();
  check_vertex_count(input.id_limit());
  const BucketLayout layout = choose_buckets(rows, input.id_limit());
  const EdgeChunks chunks{input.items(), omp_get_max_threads()};
  std::vector<std::int64_t> positions = count_bucket_entries(input, layout, chunks);
  const std::vector<std::int64_t> bucket_start = bucket_positions(positions, layout, chunks);
  // The searches read the lists at random: in 2 MiB pages, a TLB entry covers 512 times the entries.
  std::vector<NeighborId> neighbors;
  assign_in_huge_pages(neighbors, static_cast<std::size_t>(bucket_start.back()));
  std::vector<std::int64_t> offsets(rows + 1, 0);
  std::vector<std::int64_t> unique_count(layout.count, 0);
  if constexpr (kWeighted) assign_in_huge_pages(*weights, neighbors.size());
  for (const BucketRange buckets : split_buckets(bucket_start, layout.count)) {
    // Uninitialized on purpose (the scatter writes every slot); freed before the next share.
    const std::int64_t first_entry = bucket_start[buckets.first];
    const auto sources = std::make_unique_for_overwrite<LocalSource[]>(bucket_start[buckets.end] - first_entry);
    const BucketedEntries entries{sources.get(), neighbors.data(), first_entry, kWeighted ? weights->data() : nullptr};
    scatter_to_buckets<kWeighted>(input, layout, chunks, positions, buckets, entries);
    deduplicate_buckets<kWeighted>(entries, bucket_start, layout, buckets, offsets, unique_count);
  }
  inclusive_prefix_sum(offsets);
  compact_buckets(neighbors, bucket_start, unique_count, layout, offsets);
  if constexpr (kWeighted) compact_buckets(*weights, bucket_start, unique_count, layout, offsets);
  return CsrGraph(rows, std::move(offsets), std::move(neighbors));
}

}  // namespace

CsrGraph build_csr(const EdgeList& edge_list) { return build_lists<false>(UndirectedEntries{edge_list}); }

WeightedCsr build_weighted_csr(const EdgeList& edge_list) {
  if (edge_list.weights.size() != edge_list.edges.size()) {
    throw Error("build_weighted_csr: " + std::to_string(edge_list.weights.size()) + " weights for " +
                std::to_string(edge_list.edges.size()) + " edges (generate the edge list with weights for SSSP)");
  }
  WeightedCsr built;
  built.lists = build_lists<true>(UndirectedEntries{edge_list}, &built.weights);
  return built;
}

CsrGraph build_row_lists(VertexRange rows, std::int64_t num_vertices, std::span<const CompactEdge> entries) {
  return build_lists<false>(RowEntries{entries, rows, num_vertices});
}

}  // namespace semibfs
