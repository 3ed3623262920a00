#include "query/streaming_graph.hpp"

#include <algorithm>
#include <string>

#include "core/byte_size.hpp"

namespace semibfs {

void QueryFigures::add(const QueryFigures& other) {
  lists_decoded += other.lists_decoded;
  lists_filtered_out += other.lists_filtered_out;
  entries_decoded += other.entries_decoded;
  entries_handed_over += other.entries_handed_over;
  replies += other.replies;
  tail_reads += other.tail_reads;
  tail_bytes += other.tail_bytes;
  tail_wait_seconds += other.tail_wait_seconds;
  queue_peak_entries = std::max(queue_peak_entries, other.queue_peak_entries);
  seconds += other.seconds;
}

// A quarter of the search's arena, 3 MiB less a thread in the minimum: PageRank under a budget
// on the SCALE 21 stores ran as fast with 1 MiB as with 4 MiB, and 5-15% slower with 512 KiB
// (docs/PERFORMANCE.md, "Reads and buffers"), while a chunk of 1024 vertices bounded its reads to about 120 KiB.
QueryBuffers QueryBuffers::lean() {
  QueryBuffers buffers;
  buffers.name = "lean";
  buffers.fetch.arena_bytes = std::uint64_t{1} << 20;
  buffers.fetch.max_request_bytes = std::uint64_t{1} << 18;
  buffers.scan_chunk_vertices = 1024;
  buffers.stage_entries = std::int64_t{1} << 16;
  return buffers;
}

// The searches' arena and requests, a chunk of a scan one stripe of the scan placement: reads of
// about 470 KiB instead of 120 on the plain SCALE 21 store, half the system time.
QueryBuffers QueryBuffers::roomy() {
  QueryBuffers buffers;
  buffers.name = "roomy";
  buffers.scan_chunk_vertices = ResidencyRule::kScanStripeVertices;
  buffers.stage_entries = std::int64_t{1} << 18;
  return buffers;
}

std::string QueryBuffers::describe() const {
  return name + " query buffers: reads of up to " + format_bytes(static_cast<std::int64_t>(fetch.max_request_bytes)) +
         " in a " + format_bytes(static_cast<std::int64_t>(fetch.arena_bytes)) + " arena a worker, chunks of " +
         std::to_string(scan_chunk_vertices) + " vertices (a job queue's of " + std::to_string(kJobChunkVertices) +
         "), stages of " + std::to_string(stage_entries) + " entries";
}

StreamingGraph::StreamingGraph(const TieredGraph& graph, const QueryBuffers& buffers)
    : graph_(graph), buffers_(buffers) {
  const int threads = omp_get_max_threads();
  if (graph.has_tails()) fetchers_ = std::make_unique<ThreadTailFetchers>(threads, buffers.fetch);
  for (int thread = 0; thread < threads; ++thread) workers_.push_back(std::make_unique<Worker>(*this, fetchers_.get()));
}

StreamingGraph::~StreamingGraph() = default;

std::int64_t StreamingGraph::num_entries(ListSide side) const {
  std::int64_t in = 0, out = 0;
  for (int partition = 0; partition < graph_.num_partitions(); ++partition) {
    in += graph_.backward(partition).num_entries();
    if (directed()) out += graph_.forward(partition).num_entries();
  }
  const std::int64_t added = overlay_ != nullptr ? overlay_->entries(side) : 0;
  if (!directed() || side == ListSide::kIn) return in + added;
  return (side == ListSide::kOut ? out : in + out) + added;
}

std::int64_t StreamingGraph::degree(ListSide side, VertexId vertex) const {
  std::int64_t entries = 0;
  for (int index = 0; index < part_count(side); ++index) {
    const ListPart piece = part(vertex, side, index);
    entries += piece.lists->degree(piece.row);
  }
  return entries + (overlay_ != nullptr ? overlay_->degree(vertex, side) : 0);
}

std::vector<std::int64_t> StreamingGraph::degrees(ListSide side) const {
  std::vector<std::int64_t> result(static_cast<std::size_t>(num_vertices()));
#pragma omp parallel for schedule(static)
  for (VertexId vertex = 0; vertex < num_vertices(); ++vertex)
    result[static_cast<std::size_t>(vertex)] = degree(side, vertex);
  return result;
}

std::int64_t StreamingGraph::buffer_bytes() const { return fetchers_ ? fetchers_->bytes() : 0; }

std::int64_t StreamingGraph::worker_bytes(const QueryBuffers& buffers, std::int64_t vertices, std::int64_t entries,
                                         std::int64_t longest_list) {
  const std::int64_t chunk_entries = std::min(entries, std::max(buffers.stage_entries, longest_list));
  const std::int64_t chunk_vertices = std::max(buffers.scan_chunk_vertices, QueryBuffers::kJobChunkVertices);
  // Per vertex of a chunk: its id, its reply, and a pending reply with its hash-map node.
  const std::int64_t per_vertex = 8 + ResponseQueue::bytes_per_reply() + 16 + 48;
  const std::int64_t stage =
      chunk_entries * static_cast<std::int64_t>(sizeof(NeighborId)) + std::min(vertices, chunk_vertices) * per_vertex;
  return 2 * stage;  // one stage handed over while the next one fills (read-ahead)
}

int StreamingGraph::part_count(ListSide side) const {
  if (!directed() || side == ListSide::kIn) return 1;
  return (side == ListSide::kBoth ? 1 : 0) + graph_.num_partitions();
}

// An undirected list, an in-list and the first piece of both: the backward list of the vertex's
// partition. The pieces of a directed out-list: each partition's forward list (rows: all vertices).
ListPart StreamingGraph::part(VertexId vertex, ListSide side, int index) const {
  const bool backward = !directed() || side == ListSide::kIn || (side == ListSide::kBoth && index == 0);
  if (backward) {
    // One partition: no 64-bit division a vertex. (Not in PartitionLayout::partition_of: with the
    // branch there, 7 interleaved SCALE 20 runs of the engine gave 1.56e9 median TEPS against 1.88e9.)
    if (graph_.num_partitions() == 1) return {&graph_.backward(0), vertex, 0};
    const int partition = graph_.layout().partition_of(vertex);
    const VertexId first = graph_.layout().range(partition).begin;
    return {&graph_.backward(partition), vertex - first, first};
  }
  return {&graph_.forward(side == ListSide::kBoth ? index - 1 : index), vertex, 0};
}

bool StreamingGraph::copies_lists(const StreamingQuery& query) const {
  const bool filtered = query.filter_on_storage_side && query.neighbour_filter != nullptr;
  return filtered || overlay_ != nullptr || part_count(query.side) > 1 || graph_.has_tails() ||
         graph_.backward(0).compressed_lists();
}

void StreamingGraph::check(const StreamingQuery& query) const {
  for (const Bitmap* filter : {query.vertex_filter, query.neighbour_filter}) {
    if (filter != nullptr && filter->num_bits() != num_vertices()) {
      throw Error("streaming query: a filter of " + std::to_string(filter->num_bits()) + " bits for " +
                  std::to_string(num_vertices()) + " vertices");
    }
  }
  if (query.kind == QueryKind::kSequential) {
    if (!query.jobs.empty()) throw Error("streaming query: a sequential query takes no job queue");
    return;
  }
  Bitmap listed(num_vertices());
  for (const VertexId vertex : query.jobs) {
    if (vertex < 0 || vertex >= num_vertices()) {
      throw Error("streaming query: job " + std::to_string(vertex) + " is no vertex of the graph");
    }
    if (listed.test(vertex))
      throw Error("streaming query: the job queue lists vertex " + std::to_string(vertex) + " twice");
    listed.set(vertex);
  }
}

void StreamingGraph::Worker::take_chunk(const StreamingQuery& query, std::int64_t begin, std::int64_t end) {
  chunk_.clear();
  next_ = 0;
  const bool sequential = query.kind == QueryKind::kSequential;
  for (std::int64_t item = begin; item < end; ++item) {
    const VertexId vertex = sequential ? item : query.jobs[static_cast<std::size_t>(item)];
    if (query.vertex_filter != nullptr && !query.vertex_filter->test(vertex)) {
      ++figures.lists_filtered_out;
      continue;
    }
    chunk_.push_back(vertex);
  }
  chunk_ascending_ = sequential || std::is_sorted(chunk_.begin(), chunk_.end());
}

// Part by part over the vertices taken, so that the reads in flight are all of one CSR: a tail
// arriving is decoded by the CSR it came from (the reads are finished whenever the CSR changes,
// but for the last one's, which complete() waits for). The first part decides where the queue is
// full: a reply's entries are known when it opens.
void StreamingGraph::Worker::expand_next(const StreamingQuery& query, int stage_index) {
  Stage& stage = stages_[static_cast<std::size_t>(stage_index)];
  filter_ = query.filter_on_storage_side ? query.neighbour_filter : nullptr;
  stage.ascending = chunk_ascending_;  // its pending replies are empty: complete() cleared them
  const int parts = graph_.part_count(query.side);
  const bool copies = graph_.copies_lists(query);
  std::size_t cut = chunk_.size();
  ListPart last;
  for (int index = 0; index < parts; ++index) {
    for (std::size_t at = next_; at < cut; ++at) {
      const ListPart part = graph_.part(chunk_[at], query.side, index);
      ReplyPlan plan{ReplyPlan::kPending, 0};  // a later piece joins its vertex's reply
      if (index == 0) {
        plan = copies ? plan_reply(chunk_[at], part, query.side, parts == 1) : ReplyPlan{ReplyPlan::kView, 0};
        if (stage.queue.held() > 0 && stage.queue.held() + plan.entries > graph_.buffers_.stage_entries) {
          cut = at;
          break;
        }
      }
      if (last.lists != nullptr && last.lists != part.lists) send_reads(stage, last, true);
      expand_part(stage, chunk_[at], plan, part, query.side, index == 0);
      last = part;
    }
  }
  if (last.lists != nullptr) send_reads(stage, last, false);
  stage.in_flight = last;
  next_ = cut;
}

void StreamingGraph::Worker::complete(int stage_index, ListSide side) {
  Stage& stage = stages_[static_cast<std::size_t>(stage_index)];
  if (stage.in_flight.lists != nullptr) send_reads(stage, stage.in_flight, true);
  stage.in_flight = ListPart{};
  add_version_entries(stage, side);
  stage.pending.clear();
  stage.last_found = static_cast<std::size_t>(-1);
  stage.pending_reply.clear();
}

// The lists assembled from pieces; a list whole in DRAM took its added entries at once.
void StreamingGraph::Worker::add_version_entries(Stage& stage, ListSide side) {
  if (graph_.overlay_ == nullptr) return;
  for (const std::pair<VertexId, std::size_t>& pending : stage.pending) {
    const std::size_t reply = pending.second;
    graph_.overlay_->for_each(pending.first, side, [&](NeighborId id) {
      ++figures.entries_decoded;
      if (keep(id)) stage.queue.append(reply, id);
    });
  }
}
StreamingGraph::Worker::ReplyPlan StreamingGraph::Worker::plan_reply(VertexId vertex, const ListPart& first,
                                                                     ListSide side, bool whole) const {
  const TieredCsr& lists = *first.lists;
  if (!whole || lists.tail_entries(first.row) > 0) return {ReplyPlan::kPending, graph_.degree(side, vertex)};
  const auto added = static_cast<std::int64_t>(graph_.added(vertex, side).size());
  if (!lists.compressed_lists() && filter_ == nullptr && added == 0) return {ReplyPlan::kView, 0};
  return {ReplyPlan::kCopy, lists.degree(first.row) + added};
}

void StreamingGraph::Worker::expand_part(Stage& stage, VertexId vertex, const ReplyPlan& plan, const ListPart& part,
                                         ListSide side, bool first) {
  const TieredCsr& lists = *part.lists;
  if (first) ++figures.lists_decoded;
  figures.entries_decoded += lists.resident_count(part.row);
  if (plan.form == ReplyPlan::kView) {  // handed over where it lies
    stage.queue.add_view(vertex, lists.resident(part.row));
    return;
  }
  if (plan.form == ReplyPlan::kCopy) {
    const std::span<const NeighborId> added = graph_.added(vertex, side);
    NeighborId* out = stage.queue.entries(stage.queue.open_reply(vertex, plan.entries));
    std::int64_t count = 0;
    if (filter_ == nullptr) {
      count = lists.copy_resident(part.row, out);
    } else {
      lists.for_each_resident(part.row, [&](NeighborId id) {
        out[count] = id;
        count += keep(id) ? 1 : 0;
      });
    }
    figures.entries_decoded += static_cast<std::int64_t>(added.size());
    for (const NeighborId id : added) {
      out[count] = id;
      count += keep(id) ? 1 : 0;
    }
    stage.queue.close_last(count);
    return;
  }
  const std::size_t reply = pending_reply(stage, vertex, plan.entries, first);
  lists.for_each_resident(part.row, [&](NeighborId id) {
    if (keep(id)) stage.queue.append(reply, id);
  });
  if (lists.tail_entries(part.row) == 0) return;
  if (fetchers_ == nullptr)
    throw Error("streaming query: a list has a tail but no fetcher reads it (an internal error)");
  fetchers_->mine().request(lists, part.row, [this, &stage, &part](std::int64_t row, std::span<const std::byte> piece) {
    take_tail(stage, part, row, piece);
  });
}

std::size_t StreamingGraph::Worker::pending_reply(Stage& stage, VertexId vertex, std::int64_t degree, bool first) {
  if (!first) return reply_of(stage, vertex);
  const std::size_t reply = stage.queue.open_reply(vertex, degree);
  if (!stage.ascending) stage.pending_reply.emplace(vertex, reply);  // a vertex once a query (check)
  stage.pending.emplace_back(vertex, reply);
  return reply;
}

std::size_t StreamingGraph::Worker::reply_of(Stage& stage, VertexId vertex) {
  if (!stage.ascending) return stage.pending_reply.at(vertex);
  // Tails mostly arrive in the order they were asked for: try the one after the last found first.
  const std::size_t next = stage.last_found + 1;
  if (next < stage.pending.size() && stage.pending[next].first == vertex) {
    stage.last_found = next;
    return stage.pending[next].second;
  }
  const auto at = std::lower_bound(stage.pending.begin(), stage.pending.end(), vertex,
                                   [](const std::pair<VertexId, std::size_t>& entry, VertexId id) { return entry.first < id; });
  if (at == stage.pending.end() || at->first != vertex)
    throw Error("streaming query: a tail arrived for a vertex without a pending reply (an internal error)");
  stage.last_found = static_cast<std::size_t>(at - stage.pending.begin());
  return at->second;
}

void StreamingGraph::Worker::take_tail(Stage& stage, const ListPart& part, std::int64_t row,
                                       std::span<const std::byte> piece) {
  const std::size_t reply = reply_of(stage, part.first_vertex + row);
  if (filter_ == nullptr && part.lists->tails_split()) {  // plain entries, taken whole
    const std::span<const NeighborId> ids = TieredCsr::plain_entries(piece);
    figures.entries_decoded += static_cast<std::int64_t>(ids.size());
    stage.queue.append(reply, ids);
    return;
  }
  part.lists->for_each_in_tail(row, piece, [&](NeighborId id) {
    ++figures.entries_decoded;
    if (keep(id)) stage.queue.append(reply, id);
  });
}

void StreamingGraph::Worker::send_reads(Stage& stage, const ListPart& part, bool wait) {
  if (fetchers_ == nullptr) return;
  const auto take = [this, &stage, &part](std::int64_t row, std::span<const std::byte> piece) {
    take_tail(stage, part, row, piece);
  };
  if (wait) {
    fetchers_->mine().finish(take);
  } else {
    fetchers_->mine().send(take);
  }
}

}  // namespace semibfs
