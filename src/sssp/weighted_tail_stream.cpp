#include "sssp/weighted_tail_stream.hpp"

#include <algorithm>
#include <string>
#include <tuple>
#include <utility>

#include "core/error.hpp"

namespace semibfs {

void TailReadOptions::check() const {
  if (!is_block_aligned(arena_bytes) || !is_block_aligned(max_request_bytes) || max_request_bytes < 3 * kBlockBytes ||
      max_request_bytes > arena_bytes || queue_depth < 1) {
    throw Error("SSSP tail reads: the arena (" + std::to_string(arena_bytes) + " bytes) must hold a request (" +
                std::to_string(max_request_bytes) +
                " bytes, at least three blocks), both whole blocks, and the queue"
                " depth must be at least 1");
  }
}

std::int64_t WeightedTailStream::held_bytes(const TailReadOptions& options, std::size_t block_vertices) {
  // Per vertex a place, a request and a piece, but for the few tails longer than a request that
  // take several: counted as two.
  const std::size_t per_vertex = sizeof(TailPlace) + 2 * (sizeof(Request) + sizeof(Piece));
  return static_cast<std::int64_t>(2 * options.arena_bytes + block_vertices * per_vertex);
}

WeightedTailStream::WeightedTailStream(const TieredGraph& graph, const TailPlaces& places, IoKind io,
                                       TailReadOptions options)
    : graph_(graph), places_(places), io_(io), options_(options) {
  options_.check();
  for (int file = 0; file < 2; ++file) {
    readers_[file].resize(static_cast<std::size_t>(graph.num_partitions()));
    unsent_[file].resize(static_cast<std::size_t>(graph.num_partitions()));
  }
}

WeightedTailStream::~WeightedTailStream() {
  try {
    drop_in_flight();
  } catch (...) {  // a failed read of a block no one uses any more: nothing to report it to
  }
}

void WeightedTailStream::start(std::span<NeighborId> vertices) {
  drop_in_flight();
  pieces_.clear();
  requests_.clear();
  piece_ = released_ = submitted_ = 0;
  const std::vector<TailPlace> tails = order_block(vertices);
  if (tails.empty()) return;
  if (arenas_[0].empty()) {
    for (AlignedBuffer& arena : arenas_) arena = AlignedBuffer(options_.arena_bytes);
  }
  plan_requests(tails);
  top_up();
}

std::vector<WeightedTailStream::TailPlace> WeightedTailStream::order_block(std::span<NeighborId> vertices) const {
  std::vector<TailPlace> tails;
  std::size_t without_tail = 0;
  for (const NeighborId vertex : vertices) {
    const int partition = graph_.layout().partition_of(vertex);
    const std::int64_t row = vertex - graph_.layout().range(partition).begin;
    const TieredCsr& lists = graph_.backward(partition);
    if (lists.tail_entries(row) == 0) {
      vertices[without_tail++] = vertex;  // behind the read position: overwrites only vertices already seen
    } else {
      tails.push_back({partition, places_.begin(lists, row), places_.end(lists, row), vertex});
    }
  }
  std::sort(tails.begin(), tails.end(), [](const TailPlace& a, const TailPlace& b) {
    return std::tie(a.partition, a.begin) < std::tie(b.partition, b.begin);
  });
  for (std::size_t k = 0; k < tails.size(); ++k) vertices[without_tail + k] = tails[k].vertex;
  return tails;
}

void WeightedTailStream::plan_requests(const std::vector<TailPlace>& tails) {
  // Whole entries, with room for the block rounding of a request's start and end.
  const std::uint64_t piece_bytes =
      (options_.max_request_bytes - 2 * kBlockBytes) / sizeof(NeighborId) * sizeof(NeighborId);
  std::size_t pieces = 0;
  for (const TailPlace& tail : tails) pieces += (tail.end - tail.begin + piece_bytes - 1) / piece_bytes;
  pieces_.reserve(pieces);  // exactly: the plan's room is counted (held_bytes)
  requests_.reserve(pieces);
  for (const TailPlace& tail : tails) {
    for (std::uint64_t begin = tail.begin; begin < tail.end; begin += piece_bytes) {
      add_piece(tail, begin, std::min(tail.end, begin + piece_bytes));
    }
  }
}

void WeightedTailStream::add_piece(const TailPlace& tail, std::uint64_t begin, std::uint64_t end) {
  const bool joins = !requests_.empty() && requests_.back().partition == tail.partition &&
                     begin <= requests_.back().file_end + options_.merge_gap_bytes &&
                     round_up_to_block(end) - requests_.back().file_begin <= options_.max_request_bytes;
  if (joins) {
    requests_.back().file_end = std::max(requests_.back().file_end, end);
  } else {
    requests_.push_back({tail.partition, round_down_to_block(begin), end});
    if (requests_.back().footprint() > options_.max_request_bytes) {  // would overrun the arenas
      throw Error("SSSP tail reads: a request of " + std::to_string(requests_.back().footprint()) +
                  " bytes past the limit of " + std::to_string(options_.max_request_bytes) + " (an internal error)");
    }
  }
  pieces_.push_back({begin, end, tail.vertex, static_cast<std::uint32_t>(requests_.size() - 1), begin == tail.begin});
}

std::optional<std::uint64_t> WeightedTailStream::place(std::uint64_t bytes) const {
  if (released_ == submitted_) return 0;  // nothing in flight: the arenas are empty
  const std::uint64_t oldest = requests_[released_].at;
  const Request& newest = requests_[submitted_ - 1];
  const std::uint64_t free_from = newest.at + newest.footprint();
  if (newest.at >= oldest) {  // in flight: [oldest, free_from), not wrapped around
    if (free_from + bytes <= options_.arena_bytes) return free_from;
    if (bytes <= oldest) return 0;
    return std::nullopt;
  }
  if (free_from + bytes <= oldest) return free_from;  // wrapped: [oldest, end) and [0, free_from)
  return std::nullopt;
}

void WeightedTailStream::top_up() {
  for (; submitted_ < requests_.size(); ++submitted_) {
    Request& request = requests_[submitted_];
    const std::optional<std::uint64_t> at = place(request.footprint());
    if (!at) break;
    request.at = *at;
    const std::uint64_t length = request.file_end - request.file_begin;
    for (int file = 0; file < 2; ++file) {
      unsent_[file][request.partition].push_back(
          {request.file_begin, length, arenas_[file].data() + request.at, submitted_, true});
    }
    bytes_read_ += static_cast<std::int64_t>(2 * length);
    requests_sent_ += 2;
  }
  for (int file = 0; file < 2; ++file) {
    for (std::size_t partition = 0; partition < unsent_[file].size(); ++partition) {
      std::vector<ReadRequest>& unsent = unsent_[file][partition];
      if (unsent.empty()) continue;
      reader(static_cast<int>(partition), file).submit(unsent);
      unsent.clear();
    }
  }
}

std::uint64_t WeightedTailStream::await(std::uint32_t index) {
  if (index >= submitted_) top_up();  // every older request is consumed: this one fits now
  Request& request = requests_[index];
  for (int file = 0; file < 2; ++file) {
    const auto bit = static_cast<std::uint8_t>(1U << file);
    while ((request.arrived & bit) == 0) {
      completed_.clear();
      reader(request.partition, file).wait(completed_);
      for (const std::uint64_t tag : completed_) requests_[tag].arrived |= bit;
    }
  }
  return request.at;
}

void WeightedTailStream::consumed(std::size_t index) {
  const std::uint32_t request = pieces_[index].request;
  if (index + 1 < pieces_.size() && pieces_[index + 1].request == request) return;
  released_ = request + 1;
  top_up();
}

AsyncReader& WeightedTailStream::reader(int partition, int file) {
  std::unique_ptr<AsyncReader>& open = readers_[file][static_cast<std::size_t>(partition)];
  if (!open) {
    ReaderOptions options;
    options.queue_depth = options_.queue_depth;
    options.pread_threads = 4;  // the pread fallback's pool, a reader per file and SSSP thread
    open =
        make_reader(io_, file == 0 ? places_.neighbors_path(partition) : places_.weights_path(partition), options);
  }
  return *open;
}

void WeightedTailStream::drop_in_flight() {
  for (auto& readers : readers_) {
    for (std::unique_ptr<AsyncReader>& open : readers) {
      if (!open) continue;
      completed_.clear();
      open->drain(completed_);
    }
  }
}

}  // namespace semibfs
