// The scan of a bottom-up step (Beamer et al.'s direction-optimizing BFS; Iwabuchi et al. Sec.
// III-B, Fig. 2) over one partition's rows: each unvisited vertex probes its head (from a dense
// array) before its list, its resident entries before its tail, and stops at the first frontier
// vertex. One process's step (bottom_up_step.cpp) and a rank's step across ranks
// (mpi/distributed_bfs.cpp) run this same scan; what differs between them is how the frontier is
// tested (Frontier) and where a row's status lives (Rows), not the scan.
//
// Frontier: contains(NeighborId) and operator()(NeighborId), both const; first_in(first, last)
// too where compressed lists are searched (tiered_csr.hpp, RangeAccept).
// Rows, all const (they write through references): row r of `lists` is bit first_bit + r of the
// visited and next bitmaps, and its words are [first_word, end_word):
//   const TieredCsr& lists; std::int64_t first_bit, first_word, end_word;
//   Bitmap::Word unvisited(word);          the word's bits not yet visited
//   NeighborId head(bit);                  the first neighbour, kNoFirstNeighbor for a list without one in DRAM
//   void set_parent(bit, NeighborId);
//   void set_found(word, Bitmap::Word);    the word's next bits, also added to visited
//   bool in_next(bit); void add_found(bit);  a tail's hit, after its word was written
//   void count_discovered(StepCounts&, bit, backward_degree);
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "bfs/partition_teams.hpp"
#include "bfs/step_counts.hpp"
#include "core/bitmap.hpp"
#include "core/types.hpp"
#include "tiered/tail_fetcher.hpp"
#include "tiered/tiered_csr.hpp"

namespace semibfs {

// Words (64 vertices each) per chunk a thread takes from its team's counter.
inline constexpr std::int64_t kBottomUpChunkWords = 16;

// A vertex whose resident entries hold no frontier vertex, scanned again when its tail (or a piece
// of it) arrives. The vertex's word was written before the tail was asked for, so a parent found
// now is added to that word; only this thread writes the words of the chunks it took.
template <typename Frontier, typename Rows>
struct BottomUpTailScanner {
  const Frontier& frontier;
  const Rows& rows;
  StepCounts& counts;

  void operator()(std::int64_t row, std::span<const std::byte> tail) const {
    const std::int64_t bit = rows.first_bit + row;
    if (rows.in_next(bit)) return;  // an earlier piece of the tail had a parent
    NeighborId parent = 0;
    std::int64_t entries = 0;
    const std::int64_t index = rows.lists.find_in_tail(row, tail, frontier, parent, entries);
    if (index == entries) {
      counts.edges_examined += entries;
      counts.tail_entries += entries;
      return;
    }
    rows.set_parent(bit, parent);
    rows.add_found(bit);
    counts.edges_examined += index + 1;
    counts.tail_entries += index + 1;
    counts.discovered_vertices += 1;
    rows.count_discovered(counts, bit, rows.lists.degree(row));
    counts.early_exits += index + 1 < entries ? 1 : 0;
  }
};

// The rows' words, chunk by chunk from the team counter of `partition`; every word is written
// (as zero when nothing was found), so the next bitmap needs no clearing. Vertices whose resident
// entries hold no parent wait for their tails, asked for after each chunk, in file order, through
// this thread's fetcher (none without `fetchers` or tails), and scanned as they arrive.
template <typename Frontier, typename Rows>
StepCounts scan_bottom_up_rows(const Frontier& frontier, const Rows& rows, TeamCounters& counters, int partition,
                               ThreadTailFetchers* fetchers) {
  const TieredCsr& lists = rows.lists;
  StepCounts counts;
  TailFetcher* fetcher = fetchers != nullptr && lists.has_tails() ? &fetchers->mine() : nullptr;
  const BottomUpTailScanner<Frontier, Rows> scan_tail{frontier, rows, counts};
  std::vector<std::int64_t> waiting_rows;
  for (std::int64_t chunk = rows.first_word + counters.take(partition, kBottomUpChunkWords); chunk < rows.end_word;
       chunk = rows.first_word + counters.take(partition, kBottomUpChunkWords)) {
    for (std::int64_t word = chunk; word < std::min(chunk + kBottomUpChunkWords, rows.end_word); ++word) {
      // Counted in locals: `counts` could alias the parent stores of the loop.
      std::int64_t examined = 0, early = 0;
      StepCounts discovered;
      Bitmap::Word found = 0;
      for (Bitmap::Word unvisited = rows.unvisited(word); unvisited != 0; unvisited &= unvisited - 1) {
        const int offset = std::countr_zero(unvisited);
        const std::int64_t bit = word * Bitmap::kBitsPerWord + offset;
        const std::int64_t row = bit - rows.first_bit;
        // The head is probed from the dense array before the list is touched; a hit never reads it.
        const NeighborId first_neighbor = rows.first_neighbor(bit);
        NeighborId parent = first_neighbor;
        std::int64_t index = 0;
        if (first_neighbor == kNoFirstNeighbor || !frontier.contains(first_neighbor)) {
          index = lists.find_resident(row, first_neighbor == kNoFirstNeighbor ? 0 : lists.scan_start_after_first_neighbor(), frontier, parent);
          const std::int64_t resident = lists.resident_count(row);
          if (index >= resident) {
            examined += resident;
            if (fetcher != nullptr && lists.tail_entries(row) > 0) waiting_rows.push_back(row);
            continue;
          }
        }
        rows.set_parent(bit, parent);
        found |= Bitmap::Word{1} << offset;
        examined += index + 1;
        const std::int64_t degree = lists.degree(row);
        rows.count_discovered(discovered, bit, degree);
        early += index + 1 < degree ? 1 : 0;
      }
      rows.set_found(word, found);
      discovered.edges_examined = examined;
      discovered.early_exits = early;
      discovered.discovered_vertices = std::popcount(found);
      add(counts, discovered);
    }
    for (const std::int64_t row : waiting_rows) fetcher->request(lists, row, scan_tail);
    waiting_rows.clear();
  }
  if (fetcher != nullptr) fetcher->finish(scan_tail);
  return counts;
}

}  // namespace semibfs
