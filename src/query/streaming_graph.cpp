#include "query/streaming_graph.hpp"

#include <string>

namespace semibfs {

void QueryFigures::add(const QueryFigures& other) {
  lists_decoded += other.lists_decoded;
  lists_filtered_out += other.lists_filtered_out;
  entries_decoded += other.entries_decoded;
  entries_handed_over += other.entries_handed_over;
  replies += other.replies;
  tail_reads += other.tail_reads;
  tail_bytes += other.tail_bytes;
  seconds += other.seconds;
}

StreamingGraph::StreamingGraph(const TieredGraph& graph, const TailFetchOptions& fetch) : graph_(graph) {
  const int threads = omp_get_max_threads();
  if (graph.has_tails()) fetchers_ = std::make_unique<ThreadTailFetchers>(threads, fetch);
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

int StreamingGraph::part_count(ListSide side) const {
  if (!directed() || side == ListSide::kIn) return 1;
  return (side == ListSide::kBoth ? 1 : 0) + graph_.num_partitions();
}

// An undirected list, an in-list and the first piece of both: the backward list of the vertex's
// partition. The pieces of a directed out-list: each partition's forward list (rows: all vertices).
ListPart StreamingGraph::part(VertexId vertex, ListSide side, int index) const {
  const bool backward = !directed() || side == ListSide::kIn || (side == ListSide::kBoth && index == 0);
  if (backward) {
    const int partition = graph_.layout().partition_of(vertex);
    const VertexId first = graph_.layout().range(partition).begin;
    return {&graph_.backward(partition), vertex - first, first};
  }
  return {&graph_.forward(side == ListSide::kBoth ? index - 1 : index), vertex, 0};
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
  const bool sequential = query.kind == QueryKind::kSequential;
  for (std::int64_t item = begin; item < end; ++item) {
    const VertexId vertex = sequential ? item : query.jobs[static_cast<std::size_t>(item)];
    if (query.vertex_filter != nullptr && !query.vertex_filter->test(vertex)) {
      ++figures.lists_filtered_out;
      continue;
    }
    chunk_.push_back(vertex);
  }
}

// Part by part over the chunk, so that the reads in flight are all of one CSR: a tail arriving is
// decoded by the CSR it came from (the reads are finished whenever the CSR changes).
void StreamingGraph::Worker::expand_chunk(const StreamingQuery& query) {
  filter_ = query.filter_on_storage_side ? query.neighbour_filter : nullptr;
  const int parts = graph_.part_count(query.side);
  for (int index = 0; index < parts; ++index) {
    ListPart last;
    for (const VertexId vertex : chunk_) {
      const ListPart part = graph_.part(vertex, query.side, index);
      if (last.lists != nullptr && last.lists != part.lists) finish_reads(last);
      expand_part(vertex, part, query.side, parts == 1, index == 0);
      last = part;
    }
    if (last.lists != nullptr) finish_reads(last);
  }
  add_version_entries(query.side);
  flush_pending();
}

// The lists assembled from pieces; a list whole in DRAM took its added entries at once.
void StreamingGraph::Worker::add_version_entries(ListSide side) {
  if (graph_.overlay_ == nullptr) return;
  for (std::size_t slot = 0; slot < pending_vertices_.size(); ++slot) {
    std::vector<NeighborId>& list = pending_[slot];
    graph_.overlay_->for_each(pending_vertices_[slot], side, [&](NeighborId id) {
      ++figures.entries_decoded;
      if (keep(id)) list.push_back(id);
    });
  }
}

void StreamingGraph::Worker::expand_part(VertexId vertex, const ListPart& part, ListSide side, bool whole, bool first) {
  const TieredCsr& lists = *part.lists;
  if (first) ++figures.lists_decoded;
  figures.entries_decoded += lists.resident_count(part.row);
  const bool has_tail = lists.tail_entries(part.row) > 0;
  if (whole && !has_tail) {
    const std::span<const NeighborId> added = graph_.added(vertex, side);
    if (!lists.compressed() && filter_ == nullptr && added.empty()) {  // handed over where it lies
      queue_.add_view(vertex, lists.resident(part.row));
      return;
    }
    NeighborId* out = queue_.open_reply(vertex, lists.degree(part.row) + static_cast<std::int64_t>(added.size()));
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
    queue_.close_reply(count);
    return;
  }
  std::vector<NeighborId>& list = pending_for(vertex, first);
  lists.for_each_resident(part.row, [&](NeighborId id) {
    if (keep(id)) list.push_back(id);
  });
  if (!has_tail) return;
  if (fetchers_ == nullptr)
    throw Error("streaming query: a list has a tail but no fetcher reads it (an internal error)");
  fetchers_->mine().request(lists, part.row, [this, &part](std::int64_t row, std::span<const std::byte> piece) {
    take_tail(part, row, piece);
  });
}

std::vector<NeighborId>& StreamingGraph::Worker::pending_for(VertexId vertex, bool first) {
  if (!first) return pending_[pending_slot_.at(vertex)];
  pending_slot_.emplace(vertex, pending_.size());  // a vertex once a query (check)
  pending_vertices_.push_back(vertex);
  return pending_.emplace_back();
}

void StreamingGraph::Worker::take_tail(const ListPart& part, std::int64_t row, std::span<const std::byte> piece) {
  std::vector<NeighborId>& list = pending_[pending_slot_.at(part.first_vertex + row)];
  part.lists->for_each_in_tail(row, piece, [&](NeighborId id) {
    ++figures.entries_decoded;
    if (keep(id)) list.push_back(id);
  });
}

void StreamingGraph::Worker::finish_reads(const ListPart& part) {
  if (fetchers_ == nullptr) return;
  fetchers_->mine().finish(
      [this, &part](std::int64_t row, std::span<const std::byte> piece) { take_tail(part, row, piece); });
}

void StreamingGraph::Worker::flush_pending() {
  for (std::size_t slot = 0; slot < pending_.size(); ++slot) {
    const std::vector<NeighborId>& list = pending_[slot];
    std::copy(list.begin(), list.end(),
              queue_.open_reply(pending_vertices_[slot], static_cast<std::int64_t>(list.size())));
    queue_.close_reply(static_cast<std::int64_t>(list.size()));
  }
  pending_.clear();
  pending_vertices_.clear();
  pending_slot_.clear();
}

}  // namespace semibfs
