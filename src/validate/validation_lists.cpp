// A counting sort of the tuples by endpoint, two-level and without atomic counters. A block of
// tuples at a time, each thread sorts its share of the block's entries by bucket (a range of
// owners, 1024 buckets or fewer) into a staging array; then the buckets are taken in parallel, each
// by one thread, which counts (or places) its entries in an owner range small enough for the
// caches. Counting and placing at random over the whole lists, with atomic counters, cost 3.2 s at
// SCALE 22 (2 threads): a locked add drains the store buffer, so the random stores never overlapped.
// Each list holds its entries in tuple order, whatever the number of threads.
#include "validate/validation_lists.hpp"

#include <omp.h>

#include <algorithm>
#include <bit>

namespace semibfs {
namespace {

constexpr std::int64_t kBlockTuples = std::int64_t{1} << 21;  // staged: 8 bytes an entry, 32 MiB undirected
constexpr int kMaxBucketBits = 10;

// An entry on its way to its owner's list; ids below 2^32, as a Validator allows.
struct StagedEntry {
  std::uint32_t owner;
  std::uint32_t entry;
};

struct Buckets {
  int shift = 0;  // owner >> shift is the owner's bucket
  std::int64_t count = 1;
};

Buckets buckets_for(std::int64_t num_vertices) {
  const int bits = std::bit_width(static_cast<std::uint64_t>(std::max<std::int64_t>(num_vertices - 1, 1)));
  Buckets buckets;
  buckets.shift = std::max(0, bits - kMaxBucketBits);
  buckets.count = ((num_vertices - 1) >> buckets.shift) + 1;
  return buckets;
}

// Calls add(entry) for each entry the tuples of `block` put in the lists, in tuple order.
template <class Add>
void for_each_entry_of(std::span<const CompactEdge> block, bool both_ways, Add&& add) {
  for (const CompactEdge& tuple : block) {
    const VertexId v0 = tuple.v0(), v1 = tuple.v1();
    if (v0 == v1) continue;
    add(StagedEntry{static_cast<std::uint32_t>(v1), static_cast<std::uint32_t>(v0)});
    if (both_ways) add(StagedEntry{static_cast<std::uint32_t>(v0), static_cast<std::uint32_t>(v1)});
  }
}

// Sorts a block's entries by bucket into `staged` (stable: tuple order within a bucket); returns
// each bucket's start in it, count + 1 of them. Called by every thread of a parallel region.
void stage_block(std::span<const CompactEdge> block, bool both_ways, const Buckets& buckets,
                 std::vector<std::int64_t>& starts, std::vector<StagedEntry>& staged) {
  const int threads = omp_get_num_threads(), thread = omp_get_thread_num();
  const auto size = static_cast<std::int64_t>(block.size());
  const std::span<const CompactEdge> share =
      block.subspan(static_cast<std::size_t>(size * thread / threads),
                    static_cast<std::size_t>(size * (thread + 1) / threads - size * thread / threads));
  // Counted apart first: threads counting into one array would share its cache lines.
  std::vector<std::int64_t> cursors(static_cast<std::size_t>(buckets.count), 0);
  for_each_entry_of(share, both_ways, [&](StagedEntry staged_entry) { ++cursors[staged_entry.owner >> buckets.shift]; });
  // starts[bucket * threads + thread]: where this thread's entries of the bucket go.
#pragma omp single
  starts.assign(static_cast<std::size_t>(buckets.count * threads + 1), 0);
  for (std::int64_t bucket = 0; bucket < buckets.count; ++bucket) {
    starts[static_cast<std::size_t>(bucket * threads + thread + 1)] = cursors[static_cast<std::size_t>(bucket)];
  }
#pragma omp barrier
#pragma omp single
  for (std::size_t i = 1; i < starts.size(); ++i) starts[i] += starts[i - 1];
  for (std::int64_t bucket = 0; bucket < buckets.count; ++bucket) {
    cursors[static_cast<std::size_t>(bucket)] = starts[static_cast<std::size_t>(bucket * threads + thread)];
  }
  for_each_entry_of(share, both_ways, [&](StagedEntry staged_entry) {
    staged[static_cast<std::size_t>(cursors[staged_entry.owner >> buckets.shift]++)] = staged_entry;
  });
#pragma omp barrier
}

// Calls add(owner, entry) for every entry the tuples put in the lists: those of one owner in tuple
// order and on one thread at a time, so that add needs no atomics.
template <class Add>
void for_each_entry(const EdgeSource& edges, GraphDirection direction, Add&& add) {
  const bool both_ways = direction == GraphDirection::kUndirected;
  const Buckets buckets = buckets_for(edges.num_vertices());
  std::vector<StagedEntry> staged(static_cast<std::size_t>(std::min(edges.num_edges(), kBlockTuples) * (both_ways ? 2 : 1)));
  std::vector<std::int64_t> starts;
  edges.for_each_chunk([&](std::span<const CompactEdge> chunk, std::int64_t) {
    for (std::size_t first = 0; first < chunk.size(); first += static_cast<std::size_t>(kBlockTuples)) {
      const std::span<const CompactEdge> block = chunk.subspan(first, std::min(chunk.size() - first, static_cast<std::size_t>(kBlockTuples)));
#pragma omp parallel
      {
        stage_block(block, both_ways, buckets, starts, staged);
        const std::int64_t threads = omp_get_num_threads();
#pragma omp for schedule(dynamic, 8)
        for (std::int64_t bucket = 0; bucket < buckets.count; ++bucket) {
          const std::int64_t end = starts[static_cast<std::size_t>((bucket + 1) * threads)];
          for (std::int64_t i = starts[static_cast<std::size_t>(bucket * threads)]; i < end; ++i) {
            add(VertexId{staged[static_cast<std::size_t>(i)].owner}, VertexId{staged[static_cast<std::size_t>(i)].entry});
          }
        }
      }
    }
  });
}

std::int64_t staging_bytes_for(const EdgeSource& edges, GraphDirection direction) {
  const std::int64_t entries_per_tuple = direction == GraphDirection::kUndirected ? 2 : 1;
  return std::min(edges.num_edges(), kBlockTuples) * entries_per_tuple * static_cast<std::int64_t>(sizeof(StagedEntry));
}

}  // namespace

ValidationLists::ValidationLists(const EdgeSource& edges, GraphDirection direction)
    : direction_(direction), offsets_(static_cast<std::size_t>(edges.num_vertices()) + 1, 0) {
  // offsets_[v + 1] counts v's entries; the prefix sum makes offsets_[v] its list's start.
  for_each_entry(edges, direction, [&](VertexId owner, VertexId) { ++offsets_[static_cast<std::size_t>(owner) + 1]; });
  for (std::size_t v = 1; v < offsets_.size(); ++v) offsets_[v] += offsets_[v - 1];
  entries_.resize(static_cast<std::size_t>(offsets_.back()));
  // Filling moves each start to the next list's start; shifting back restores the starts.
  for_each_entry(edges, direction, [&](VertexId owner, VertexId entry) {
    entries_[static_cast<std::size_t>(offsets_[static_cast<std::size_t>(owner)]++)] = static_cast<std::uint32_t>(entry);
  });
  for (std::size_t v = offsets_.size() - 1; v > 0; --v) offsets_[v] = offsets_[v - 1];
  offsets_[0] = 0;
}

std::int64_t ValidationLists::bytes_for(const EdgeSource& edges, GraphDirection direction) {
  const std::int64_t entries_per_tuple = direction == GraphDirection::kUndirected ? 2 : 1;
  return (edges.num_vertices() + 1) * static_cast<std::int64_t>(sizeof(std::int64_t)) +
         edges.num_edges() * entries_per_tuple * static_cast<std::int64_t>(sizeof(std::uint32_t)) +
         staging_bytes_for(edges, direction);
}

std::int64_t ValidationLists::bytes() const {
  return static_cast<std::int64_t>(offsets_.size() * sizeof(std::int64_t) + entries_.size() * sizeof(std::uint32_t));
}

}  // namespace semibfs
