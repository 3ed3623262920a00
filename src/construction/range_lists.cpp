#include "construction/range_lists.hpp"

#include <omp.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "graph/radix_sort.hpp"

namespace semibfs {
namespace {

// offsets[i] = the start of vertex range.begin + i's list, from the list lengths.
// Throws semibfs::Error when the range holds more than kMaxRangeEntries (plan_vertex_ranges' cap).
LedgerArray<RangeOffset> offsets_from_lengths(VertexRange range, std::span<const std::uint32_t> lengths,
                                              BufferLedger& ledger) {
  LedgerArray<RangeOffset> offsets(ledger, static_cast<std::size_t>(range.size() + 1));
  std::int64_t start = 0;
  offsets[0] = 0;
  for (std::int64_t local = 0; local < range.size(); ++local) {
    start += lengths[range.begin + local];
    if (start > kMaxRangeEntries) {
      throw Error("external build: vertices [" + std::to_string(range.begin) + ", " + std::to_string(range.end) +
                  ") hold more than " + std::to_string(kMaxRangeEntries) + " list entries, too many for one range");
    }
    offsets[local + 1] = static_cast<RangeOffset>(start);
  }
  return offsets;
}

[[noreturn]] void changed_during_build(const PackedEdgeFile& edges) {
  throw Error("edge file '" + edges.path() + "' changed during the external build (rebuild from a file left alone)");
}

// Gathers the entries (local source << 32 | target) of edges [begin, end) of `part` whose source
// lies in the range into `keys`; returns how many. Side 0 of an edge is its source's list.
std::size_t gather_entries(std::span<const PackedEdge> part, std::size_t begin, std::size_t end, VertexRange range,
                           ListEnds which, std::uint64_t* keys) {
  const int first_side = which == ListEnds::kTarget ? 1 : 0;
  const int end_side = which == ListEnds::kSource ? 1 : 2;
  std::size_t count = 0;
  for (std::size_t index = begin; index < end; ++index) {
    const VertexId ends[2] = {part[index].v0(), part[index].v1()};
    if (ends[0] == ends[1]) continue;
    for (int side = first_side; side < end_side; ++side) {
      if (!range.contains(ends[side])) continue;
      keys[count++] = static_cast<std::uint64_t>(ends[side] - range.begin) << 32 | static_cast<std::uint32_t>(ends[1 - side]);
    }
  }
  return count;
}

// Places the sorted entries whose local source is in [first, end) of every thread's sorted share,
// each into the next free slot of its source; false when a slot would fall outside the lists.
bool place_entries(std::span<const std::span<const std::uint64_t>> shares, std::int64_t first, std::int64_t end,
                   RangeLists& lists) {
  const auto capacity = static_cast<std::int64_t>(lists.neighbors.size());
  const auto source_below = [](std::uint64_t key, std::int64_t source) { return static_cast<std::int64_t>(key >> 32) < source; };
  for (const std::span<const std::uint64_t> share : shares) {
    const auto begin = std::lower_bound(share.begin(), share.end(), first, source_below);
    const auto stop = std::lower_bound(begin, share.end(), end, source_below);
    for (auto key = begin; key != stop; ++key) {
      const std::int64_t slot = lists.offsets[*key >> 32]++;
      if (slot >= capacity) return false;
      lists.neighbors[static_cast<std::size_t>(slot)] = static_cast<NeighborId>(*key);
    }
  }
  return true;
}

// The entries (per `which`) of every edge with an endpoint in the range, each into the next free
// slot of its source (offsets[local] is the slot cursor, so it ends at the next vertex's start). Per
// chunk, each thread sorts the entries of its share of the edges by source (radix_sort.hpp), then
// places the entries of its share of the vertices from every thread's sorted entries: no atomics,
// and the cursors and slots move forward instead of jumping about the range (placing entries as
// read, with an atomic per entry, took half of the whole build).
void scatter_range(const PackedEdgeFile& edges, CollectBuffers& buffers, VertexRange range, ListEnds which,
                   RangeLists& lists) {
  const int source_bits = std::bit_width(static_cast<std::uint64_t>(std::max<std::int64_t>(range.size() - 1, 0)));
  const std::uint64_t source_mask = ((std::uint64_t{1} << source_bits) - 1) << 32;
  std::vector<std::span<const std::uint64_t>> shares(static_cast<std::size_t>(omp_get_max_threads()));
  bool overflow = false;
  edges.for_each_chunk(buffers.chunk.span(), [&](std::int64_t, std::span<const PackedEdge> part) {
    bool chunk_overflow = false;
#pragma omp parallel reduction(|| : chunk_overflow)
    {
      const auto threads = static_cast<std::size_t>(omp_get_num_threads());
      const auto thread = static_cast<std::size_t>(omp_get_thread_num());
      const std::size_t begin = part.size() * thread / threads;
      const std::size_t end = part.size() * (thread + 1) / threads;
      // Two entries per edge at most: thread t's keys start at 2 * begin.
      const std::size_t count = gather_entries(part, begin, end, range, which, buffers.keys.data() + 2 * begin);
      RadixSorter sorter;
      shares[thread] = sorter.sort({buffers.keys.data() + 2 * begin, count}, {buffers.sort_buffer.data() + 2 * begin, count},
                                   source_mask);
#pragma omp barrier
      const auto vertices = static_cast<std::size_t>(range.size());
      chunk_overflow = !place_entries(std::span(shares).first(threads), static_cast<std::int64_t>(vertices * thread / threads),
                                      static_cast<std::int64_t>(vertices * (thread + 1) / threads), lists);
    }
    overflow = overflow || chunk_overflow;
  });
  if (overflow) changed_during_build(edges);
}

// Sorts each list and drops its duplicates in place; degrees[v] becomes the unique count.
void deduplicate_lists(RangeLists& lists, std::span<std::uint32_t> degrees) {
  const std::int64_t size = lists.range.size();
#pragma omp parallel for schedule(dynamic, 256)
  for (std::int64_t local = 0; local < size; ++local) {
    const std::span<NeighborId> list = lists.list(local);
    std::sort(list.begin(), list.end());
    degrees[lists.range.begin + local] = static_cast<std::uint32_t>(std::unique(list.begin(), list.end()) - list.begin());
  }
}

// Slides each unique list left to its final place, in vertex order (a destination can overlap
// the previous list's slots), as build_csr's compact_buckets does.
void compact_lists(RangeLists& lists, std::span<const std::uint32_t> degrees) {
  std::int64_t written = 0;
  for (std::int64_t local = 0; local < lists.range.size(); ++local) {
    const std::uint32_t length = degrees[lists.range.begin + local];
    std::memmove(lists.neighbors.data() + written, lists.neighbors.data() + lists.offsets[local],
                 length * sizeof(NeighborId));
    lists.offsets[local] = static_cast<RangeOffset>(written);
    written += length;
  }
  lists.offsets[lists.range.size()] = static_cast<RangeOffset>(written);
}

}  // namespace

RangeLists collect_range_lists(const PackedEdgeFile& edges, CollectBuffers& buffers, VertexRange range,
                               std::span<std::uint32_t> degrees, BufferLedger& ledger, ListEnds ends) {
  RangeLists lists{range, offsets_from_lengths(range, degrees, ledger), {}};
  const std::int64_t size = range.size();
  lists.neighbors = LedgerArray<NeighborId>(ledger, static_cast<std::size_t>(lists.entries()));
  scatter_range(edges, buffers, range, ends, lists);
  // Each cursor must have stopped at the next list's start; then shift them back to the starts.
  std::int64_t end = 0;
  for (std::int64_t local = 0; local < size; ++local) {
    end += degrees[range.begin + local];
    if (lists.offsets[local] != end) changed_during_build(edges);
  }
  for (std::int64_t local = size; local > 0; --local) lists.offsets[local] = lists.offsets[local - 1];
  lists.offsets[0] = 0;
  deduplicate_lists(lists, degrees);
  compact_lists(lists, degrees);
  return lists;
}

RangeLists load_range_lists(const ScratchFile& scratch, std::int64_t offset, VertexRange range,
                            std::span<const std::uint32_t> degrees, BufferLedger& ledger) {
  RangeLists lists{range, offsets_from_lengths(range, degrees, ledger), {}};
  lists.neighbors = LedgerArray<NeighborId>(ledger, static_cast<std::size_t>(lists.entries()));
  scratch.read(offset, std::as_writable_bytes(lists.neighbors.span()));
  return lists;
}

void order_range_lists(RangeLists& lists, NeighborOrder order, std::span<const std::uint32_t> degrees,
                       BufferLedger& ledger) {
  if (order == NeighborOrder::kById) return;
  // One key per entry of the range, each list sorting its own slice of them.
  LedgerArray<std::uint64_t> keys;
  if (order == NeighborOrder::kByDegree) keys = LedgerArray<std::uint64_t>(ledger, static_cast<std::size_t>(lists.entries()));
  const std::int64_t size = lists.range.size();
#pragma omp parallel for schedule(dynamic, 256)
  for (std::int64_t local = 0; local < size; ++local) {
    const std::span<NeighborId> list = lists.list(local);
    const std::span<std::uint64_t> list_keys =
        keys.size() == 0 ? std::span<std::uint64_t>() : keys.span().subspan(static_cast<std::size_t>(lists.offsets[local]), list.size());
    order_list(list, order, degrees, list_keys);
  }
}

}  // namespace semibfs
