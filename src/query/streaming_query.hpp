// The streaming queries of graph virtualization (Lee et al., ExtraV, VLDB 2017, Table 1): an
// algorithm asks for lists by query, not by vertex, and the storage side streams back
// (vertex, neighbours) replies. Startup and degree queries are StreamingGraph's calls; a
// sequential query asks for every vertex, a job-queue query for listed ones, each optionally
// narrowed by a vertex filter F. A neighbour filter drops, on the storage side, the neighbours an
// algorithm would ignore (Sec. 4.3, expand-and-filter): only what it uses is handed over.
#pragma once

#include <cstdint>
#include <span>

#include "core/bitmap.hpp"
#include "core/types.hpp"
#include "graph/csr_graph.hpp"

namespace semibfs {

enum class QueryKind { kSequential, kJobQueue };

// Which lists a query reads: a vertex's in-neighbours, its out-neighbours, or both (the one list
// of an undirected graph; for a directed one the in-list then the out-list in one reply).
enum class ListSide { kIn, kOut, kBoth };

struct StreamingQuery {
  QueryKind kind = QueryKind::kSequential;
  ListSide side = ListSide::kIn;
  // Job-queue queries: the vertices to reply for, in the order given (Q of Table 1).
  std::span<const VertexId> jobs;
  // Only vertices whose bit is set get a reply (F of Table 1); null for all.
  const Bitmap* vertex_filter = nullptr;
  // Only neighbours whose bit is set are handed over; null for all.
  const Bitmap* neighbour_filter = nullptr;
  // Whether the neighbour filter is applied by the storage side (expand-and-filter) or left to the
  // algorithm, which then gets whole lists (its own filter; measured against each other).
  bool filter_on_storage_side = true;
};

// What one query did on the storage side (the JSON's per-iteration figures).
struct QueryFigures {
  std::int64_t lists_decoded = 0;        // lists read and decoded (parts of a list counted once)
  std::int64_t lists_filtered_out = 0;   // vertices the vertex filter skipped
  std::int64_t entries_decoded = 0;      // list entries decoded
  std::int64_t entries_handed_over = 0;  // entries that passed the neighbour filter into replies
  std::int64_t replies = 0;              // (vertex, neighbours) replies
  std::int64_t tail_reads = 0;           // read requests for lists or parts of lists on disk
  std::int64_t tail_bytes = 0;           // bytes those requests asked for
  std::int64_t queue_peak_entries = 0;   // the most entries one worker's response queue had room for
  // Thread-seconds the workers were blocked waiting for tails, summed over the threads.
  double tail_wait_seconds = 0;
  double seconds = 0;

  // Bytes that crossed from the storage side to the algorithm: each reply's vertex and count,
  // and its neighbours.
  std::int64_t bytes_handed_over() const {
    return replies * static_cast<std::int64_t>(sizeof(VertexId) + sizeof(std::int64_t)) +
           entries_handed_over * static_cast<std::int64_t>(sizeof(NeighborId));
  }
  void add(const QueryFigures& other);
};

}  // namespace semibfs
