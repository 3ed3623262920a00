// The storage side of the streaming queries (streaming_query.hpp; Lee et al., ExtraV, VLDB 2017,
// Sec. 4.2-4.3): expand-and-filter workers, one per OpenMP thread, each taking chunks of the
// query's vertices, reading their lists wherever they lie (the resident part from DRAM, tails from
// the store through the tail fetcher, many reads in flight, in the order the query gives: file
// order for a sequential query, the job queue's for a job-queue one), decoding compressed lists,
// filtering them, and putting the replies in the worker's response queue; after each chunk the
// worker hands its queue to the algorithm. Algorithms see neither tiers, compression nor
// partitions.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <omp.h>

#include "core/error.hpp"
#include "core/parallel_errors.hpp"
#include "core/timer.hpp"
#include "query/response_queue.hpp"
#include "query/streaming_query.hpp"
#include "query/version_overlay.hpp"
#include "tiered/tail_fetcher.hpp"
#include "tiered/tiered_graph.hpp"

namespace semibfs {

// One piece of a vertex's list: a row of one of the graph's CSRs.
struct ListPart {
  const TieredCsr* lists = nullptr;
  std::int64_t row = 0;
  VertexId first_vertex = 0;  // the vertex of row 0
};

// What a worker reads and holds at once: its tail fetcher, the vertices of a sequential query's
// chunk and the entries of a stage (unless one list is longer). Longer pieces make fewer, longer
// reads, each of which costs the same in system time (docs/PERFORMANCE.md, "Reads and buffers"); a job queue's chunks
// stay at kJobChunkVertices, so that a short queue still spreads over the workers.
struct QueryBuffers {
  std::string name;  // "lean" or "roomy", for the plan and the JSON
  TailFetchOptions fetch;
  std::int64_t scan_chunk_vertices = 0;
  std::int64_t stage_entries = 0;
  static constexpr std::int64_t kJobChunkVertices = 1024;

  // The least DRAM, as every budget's minimum counts it.
  static QueryBuffers lean();
  // Reads of up to 1 MiB, a stripe of the scan placement a chunk, where the budget has room.
  static QueryBuffers roomy();
  std::int64_t chunk_vertices(bool sequential) const { return sequential ? scan_chunk_vertices : kJobChunkVertices; }
  // One line for the plan: the reads, the chunks and the stages.
  std::string describe() const;
};

class StreamingGraph {
 public:
  // `graph` must outlive this object; tails on disk are read and replies staged as `buffers` say.
  explicit StreamingGraph(const TieredGraph& graph, const QueryBuffers& buffers = QueryBuffers::lean());
  ~StreamingGraph();
  StreamingGraph(const StreamingGraph&) = delete;
  StreamingGraph& operator=(const StreamingGraph&) = delete;

  // The startup query: vertices, and entries of the lists of `side` (an undirected edge is in two
  // lists; a directed one in one in-list and one out-list).
  std::int64_t num_vertices() const { return graph_.num_vertices(); }
  std::int64_t num_entries(ListSide side) const;
  bool directed() const { return graph_.direction() == GraphDirection::kDirected; }
  // The degree query, for one vertex or all.
  std::int64_t degree(ListSide side, VertexId vertex) const;
  std::vector<std::int64_t> degrees(ListSide side) const;
  // DRAM the workers hold beyond the graph: the fetchers' arenas.
  std::int64_t buffer_bytes() const;
  // The most DRAM one worker's two stages hold (response queues and bookkeeping) on a graph of
  // `vertices` vertices whose lists hold `entries` entries in all, none more than `longest_list`:
  // a piece of a chunk is cut at buffers.stage_entries entries unless one list is longer, and its
  // replies are copied into a queue sized to it. With longest_list 0 (not known), a lower bound.
  static std::int64_t worker_bytes(const QueryBuffers& buffers, std::int64_t vertices, std::int64_t entries,
                                   std::int64_t longest_list = 0);
  // The lists versions 1..N added (store/store_versions.hpp): every reply, degree and count takes
  // them in, appended to the base list. `overlay` must outlive this object.
  void add_versions(const VersionOverlay& overlay) { overlay_ = &overlay; }
  // The entries a version added to a list with one piece (in- or out-list; none when there are
  // no versions).
  std::span<const NeighborId> added(VertexId vertex, ListSide side) const {
    return overlay_ != nullptr ? overlay_->list(vertex, side) : std::span<const NeighborId>{};
  }

  // Streams the query's replies: consume(vertex, neighbours) on the worker threads, each vertex
  // once, concurrently for different vertices. A job queue listing a vertex twice, or no vertex,
  // is an error before any list is read.
  template <typename Consume>
  QueryFigures stream(const StreamingQuery& query, Consume&& consume);

  // The pieces a vertex's list on `side` has, the same for every vertex (for a directed out-list,
  // one per partition), and piece `index` of `vertex`'s.
  int part_count(ListSide side) const;
  ListPart part(VertexId vertex, ListSide side, int index) const;

 private:
  class Worker;

  void check(const StreamingQuery& query) const;
  // Whether a reply of the query can be a copy (else every list is viewed where it lies).
  bool copies_lists(const StreamingQuery& query) const;
  template <typename Consume>
  void run_worker(const StreamingQuery& query, Worker& worker, Consume& consume);

  const TieredGraph& graph_;
  // A chunk: buffers_.chunk_vertices of the query's vertices from the shared counter, cut into
  // pieces of lists holding at most buffers_.stage_entries entries (one longer list alone).
  const QueryBuffers buffers_;
  const VersionOverlay* overlay_ = nullptr;
  std::unique_ptr<ThreadTailFetchers> fetchers_;
  std::vector<std::unique_ptr<Worker>> workers_;
  std::atomic<std::int64_t> next_chunk_{0};
};

// A worker: two stages, each a response queue with the lists of its piece of a chunk that arrive
// in pieces (a tail on disk, or a directed out-list over several partitions), assembled before
// they are handed over. While one stage's replies are consumed, the next piece's tails are on
// their way into the other: read-ahead that follows the query, the next vertices in order or in the
// job queue (ExtraV Sec. 5.3's prefetching).
class StreamingGraph::Worker {
 public:
  Worker(const StreamingGraph& graph, ThreadTailFetchers* fetchers)
      : graph_(graph),
        fetchers_(fetchers),
        stages_{Stage(graph.buffers_.stage_entries), Stage(graph.buffers_.stage_entries)} {}
  // Takes the chunk's vertices that pass the query's vertex filter.
  void take_chunk(const StreamingQuery& query, std::int64_t begin, std::int64_t end);
  // Whether vertices of the chunk are not yet expanded.
  bool chunk_left() const { return next_ < chunk_.size(); }
  // Reads, decodes and filters the lists of the chunk's next vertices into stage `stage`, as many as
  // fit in the buffers' stage_entries (at least one list). Reads of its tails may still be in flight.
  void expand_next(const StreamingQuery& query, int stage);
  // Waits for the stage's reads still in flight and adds the versions' entries: its replies are whole.
  void complete(int stage, ListSide side);
  template <typename Consume>
  void hand_over(int stage, Consume& consume) {
    ResponseQueue& queue = stages_[stage].queue;
    figures.queue_peak_entries = std::max(figures.queue_peak_entries, queue.room());
    const ResponseQueue::Handed handed = queue.hand_over(consume);
    figures.replies += handed.replies;
    figures.entries_handed_over += handed.entries;
  }
  QueryFigures figures;

 private:
  struct Stage {
    explicit Stage(std::int64_t room) : queue(room) {}
    ResponseQueue queue;
    // The replies of lists arriving in pieces, filled as the pieces come (vertex, reply).
    std::vector<std::pair<VertexId, std::size_t>> pending;
    // Its vertices in ascending order (a sequential query's): `pending` is then found by binary
    // search; else through the map.
    bool ascending = true;
    std::size_t last_found = static_cast<std::size_t>(-1);  // in `pending`: where the next tail is looked for first
    std::unordered_map<VertexId, std::size_t> pending_reply;
    ListPart in_flight;  // the lists whose tails are still being read (none: lists is null)
  };
  bool keep(NeighborId id) const { return filter_ == nullptr || filter_->test(id); }
  // How a vertex's reply is made, decided at its first piece, and the entries it takes in the queue.
  struct ReplyPlan {
    enum Form { kView, kCopy, kPending } form;  // a list whole in DRAM viewed or copied; else pieces
    std::int64_t entries;
  };
  ReplyPlan plan_reply(VertexId vertex, const ListPart& first, ListSide side, bool whole) const;
  // Puts part `part` of `vertex`'s list into the stage as `plan` says (a later piece: kPending).
  void expand_part(Stage& stage, VertexId vertex, const ReplyPlan& plan, const ListPart& part, ListSide side,
                   bool first);
  std::size_t pending_reply(Stage& stage, VertexId vertex, std::int64_t degree, bool first);
  static std::size_t reply_of(Stage& stage, VertexId vertex);
  // Decodes a tail piece of `part`'s CSR into its vertex's pending reply in `stage`.
  void take_tail(Stage& stage, const ListPart& part, std::int64_t row, std::span<const std::byte> piece);
  // Sends the reads of `part`'s tails and, when `wait`, handles every one (the stage's reads are
  // then all done); one stage has reads in flight at a time, so every tail handed back is its.
  void send_reads(Stage& stage, const ListPart& part, bool wait);
  // Appends the neighbours versions added to the stage's pending replies.
  void add_version_entries(Stage& stage, ListSide side);

  const StreamingGraph& graph_;
  ThreadTailFetchers* fetchers_;    // null when no list has a tail
  const Bitmap* filter_ = nullptr;  // the neighbour filter the storage side applies
  std::array<Stage, 2> stages_;
  std::vector<VertexId> chunk_;
  bool chunk_ascending_ = true;
  std::size_t next_ = 0;  // the first vertex of chunk_ not yet expanded
};

template <typename Consume>
QueryFigures StreamingGraph::stream(const StreamingQuery& query, Consume&& consume) {
  check(query);
  const Stopwatch stopwatch;
  next_chunk_.store(0);
  ParallelErrors errors;
#pragma omp parallel
  errors.capture([&] { run_worker(query, *workers_.at(static_cast<std::size_t>(omp_get_thread_num())), consume); });
  errors.rethrow_first();
  QueryFigures figures;
  for (const auto& worker : workers_) {
    figures.add(worker->figures);
    worker->figures = QueryFigures{};
  }
  if (fetchers_) {
    const IoStats io = fetchers_->take_stats();
    figures.tail_reads = static_cast<std::int64_t>(io.requests());
    figures.tail_bytes = static_cast<std::int64_t>(io.bytes());
    figures.tail_wait_seconds = io.summary().wait_seconds;
  }
  figures.seconds = stopwatch.seconds();
  return figures;
}

// Chunks of the query's vertices from a shared counter, cut into pieces: each piece expanded into
// one stage while the piece before it, complete, is handed over from the other.
template <typename Consume>
void StreamingGraph::run_worker(const StreamingQuery& query, Worker& worker, Consume& consume) {
  const bool sequential = query.kind == QueryKind::kSequential;
  const std::int64_t items = sequential ? num_vertices() : static_cast<std::int64_t>(query.jobs.size());
  const std::int64_t chunk_vertices = buffers_.chunk_vertices(sequential);
  const auto expand = [&](int stage) {
    while (!worker.chunk_left()) {
      const std::int64_t begin = next_chunk_.fetch_add(chunk_vertices);
      if (begin >= items) return false;
      worker.take_chunk(query, begin, std::min(items, begin + chunk_vertices));
    }
    worker.expand_next(query, stage);
    return true;
  };
  int current = 0;
  for (bool more = expand(current); more; current = 1 - current) {
    worker.complete(current, query.side);
    more = expand(1 - current);  // its reads fly while this stage's replies are consumed
    worker.hand_over(current, consume);
  }
}

}  // namespace semibfs
