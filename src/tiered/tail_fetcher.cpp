#include "tiered/tail_fetcher.hpp"

#include <omp.h>

#include <algorithm>

#include "core/error.hpp"

namespace semibfs {

TailFetcher::TailFetcher(const TailFetchOptions& options) : options_(options) {
  if (options_.max_request_bytes < 2 * kBlockBytes || options_.arena_bytes < 2 * options_.max_request_bytes) {
    throw Error("tail fetcher: the arena must hold two requests of at least two 4 KiB blocks each");
  }
  half_bytes_ = round_down_to_block(options_.arena_bytes / 2);
  arena_ = AlignedBuffer(2 * half_bytes_);
  for (std::vector<Segment>* pool : {&open_segments_, &segment_pool_[0], &segment_pool_[1]}) {
    pool->reserve(options_.segments_per_half());
  }
}

std::uint64_t TailFetchOptions::held_bytes(std::uint64_t longest_whole_list) const {
  // read_alone's blocks: from the one the list starts in to the one it ends in.
  const std::uint64_t long_list = longest_whole_list > 0 ? round_up_to_block(longest_whole_list) + kBlockBytes : 0;
  return arena_bytes + 3 * segments_per_half() * 16 +  // a segment is 16 bytes (tail_fetcher.hpp)
         (long_list > arena_bytes ? long_list : 0);
}

std::uint64_t TailFetcher::arena_bytes() const {
  return arena_.size() + 3 * options_.segments_per_half() * sizeof(Segment) + long_list_.size();
}

std::size_t TailFetcher::reader_for(const TieredCsr& lists) {
  for (std::size_t index = 0; index < readers_.size(); ++index) {
    if (readers_[index].first == &lists) return index;
  }
  ReaderOptions reader_options;
  reader_options.queue_depth = options_.queue_depth;
  readers_.emplace_back(&lists, make_reader(options_.io, lists.tail_path(), reader_options));
  unsent_.emplace_back();
  return readers_.size() - 1;
}

TailFetcher::Segment TailFetcher::segment(std::int64_t row, std::uint64_t offset, std::uint64_t bytes) {
  return {row, static_cast<std::uint32_t>(offset), static_cast<std::uint32_t>(bytes)};
}

bool TailFetcher::try_append(std::size_t reader, std::int64_t row, std::uint64_t begin, std::uint64_t end) {
  if (!has_open_ || open_.reader != reader || begin < open_.file_end ||
      begin - open_.file_end > options_.merge_gap_bytes ||
      round_up_to_block(end) - open_.file_begin > options_.max_request_bytes ||
      open_segments_.size() >= options_.segments_per_half()) {
    return false;
  }
  open_segments_.push_back(segment(row, begin - open_.file_begin, end - begin));
  open_.file_end = end;
  return true;
}

void TailFetcher::open_request(std::size_t reader, std::int64_t row, std::uint64_t begin, std::uint64_t end) {
  has_open_ = true;
  open_.reader = reader;
  open_.file_begin = round_down_to_block(begin);
  open_.file_end = end;
  open_segments_.clear();
  open_segments_.push_back(segment(row, begin - open_.file_begin, end - begin));
}

const std::byte* TailFetcher::read_alone(std::size_t reader, std::uint64_t begin, std::uint64_t end) {
  AsyncReader& file = *readers_[reader].second;
  const std::uint64_t file_begin = round_down_to_block(begin);
  const std::uint64_t file_end = std::min(round_up_to_block(end), file.file().size());
  const std::uint64_t bytes = round_up_to_block(file_end - file_begin);
  // Nothing is in flight: the arena is free, unless the list is longer than it.
  if (bytes > arena_.size() && long_list_.size() < bytes) long_list_ = AlignedBuffer(bytes);
  std::byte* destination = bytes <= arena_.size() ? arena_.data() : long_list_.data();
  std::vector<ReadRequest> pieces;
  for (std::uint64_t at = file_begin; at < file_end; at += options_.max_request_bytes) {
    const std::uint64_t length = std::min(options_.max_request_bytes, file_end - at);
    pieces.push_back({at, length, destination + (at - file_begin), at, true});
  }
  file.submit(pieces);
  completed_.clear();
  const std::uint64_t start = now_nanoseconds();
  file.drain(completed_);
  wait_nanoseconds_ += now_nanoseconds() - start;
  completed_.clear();
  for (int half = 0; half < 2; ++half) {
    used_[half] = 0;
    segment_pool_[half].clear();
  }
  return destination + (begin - file_begin);
}

bool TailFetcher::place_open_request() {
  const std::uint64_t room = round_up_to_block(open_.file_end) - open_.file_begin;
  const auto fits = [&](int half) {
    return used_[half] + room <= half_bytes_ &&
           segment_pool_[half].size() + open_segments_.size() <= options_.segments_per_half();
  };
  if (fits(current_half_)) return true;
  const int other = 1 - current_half_;
  if (outstanding_[other] > 0) return false;
  used_[other] = 0;
  segment_pool_[other].clear();
  current_half_ = other;
  return true;
}

void TailFetcher::queue_open_request() {
  std::size_t slot = 0;
  if (free_slots_.empty()) {
    slot = slots_.size();
    slots_.emplace_back();
  } else {
    slot = free_slots_.back();
    free_slots_.pop_back();
  }
  Request& request = slots_[slot];
  std::vector<Segment>& pool = segment_pool_[current_half_];
  request.first_segment = pool.size();
  request.segment_count = open_segments_.size();
  pool.insert(pool.end(), open_segments_.begin(), open_segments_.end());
  open_segments_.clear();
  request.reader = open_.reader;
  request.half = current_half_;
  request.file_begin = open_.file_begin;
  request.file_end = open_.file_end;
  request.destination = arena_.data() + static_cast<std::uint64_t>(current_half_) * half_bytes_ + used_[current_half_];
  const std::uint64_t file_size = readers_[request.reader].second->file().size();
  // Whole blocks, except where the file ends inside one.
  const std::uint64_t length = std::min(round_up_to_block(request.file_end), file_size) - request.file_begin;
  used_[current_half_] += round_up_to_block(length);
  ++outstanding_[current_half_];
  has_open_ = false;
  std::vector<ReadRequest>& unsent = unsent_[request.reader];
  unsent.push_back({request.file_begin, length, request.destination, slot, true});
  if (unsent.size() >= options_.submit_batch) flush();
}

void TailFetcher::flush() {
  for (std::size_t index = 0; index < readers_.size(); ++index) {
    if (unsent_[index].empty()) continue;
    readers_[index].second->submit(unsent_[index]);
    unsent_[index].clear();
  }
}

bool TailFetcher::anything_in_flight() const { return outstanding_[0] + outstanding_[1] > 0; }

void TailFetcher::wait_some() {
  flush();
  for (auto& [lists, reader] : readers_) {
    if (reader->pending() == 0) continue;
    const std::uint64_t start = now_nanoseconds();
    reader->wait(completed_);
    wait_nanoseconds_ += now_nanoseconds() - start;
    return;
  }
  throw Error("tail fetcher: waiting for reads while none is pending (an internal error)");
}

IoStats TailFetcher::take_stats() {
  IoStats total;
  for (auto& [lists, reader] : readers_) {
    total.merge(reader->stats());
    reader->reset_stats();
  }
  total.record_thread_time(wait_nanoseconds_, tail_processing_nanoseconds_);
  wait_nanoseconds_ = 0;
  tail_processing_nanoseconds_ = 0;
  return total;
}

ThreadTailFetchers::ThreadTailFetchers(int threads, const TailFetchOptions& options) {
  for (int thread = 0; thread < threads; ++thread) fetchers_.push_back(std::make_unique<TailFetcher>(options));
}

TailFetcher& ThreadTailFetchers::mine() {
  const auto thread = static_cast<std::size_t>(omp_get_thread_num());
  if (thread >= fetchers_.size()) {
    throw Error("tail fetchers: thread " + std::to_string(thread) + " of a team larger than the " +
                std::to_string(fetchers_.size()) + " the engine was made for");
  }
  return *fetchers_[thread];
}

IoStats ThreadTailFetchers::take_stats() {
  IoStats total;
  for (const auto& fetcher : fetchers_) total.merge(fetcher->take_stats());
  return total;
}

std::int64_t ThreadTailFetchers::bytes() const {
  std::int64_t bytes = 0;
  for (const auto& fetcher : fetchers_) bytes += static_cast<std::int64_t>(fetcher->arena_bytes());
  return bytes;
}

std::string TailFetcher::backend() const {
  return readers_.empty() ? std::string() : std::string(readers_.front().second->name());
}

std::string ThreadTailFetchers::backend() const {
  for (const auto& fetcher : fetchers_) {
    if (!fetcher->backend().empty()) return fetcher->backend();
  }
  return {};
}

}  // namespace semibfs
