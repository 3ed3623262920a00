#include "io/async_reader.hpp"

#include <algorithm>
#include <cstring>
#include <utility>

namespace semibfs {
namespace {

std::string describe(const std::string& path, std::uint64_t offset, std::uint64_t length) {
  return path + " at offset " + std::to_string(offset) + " length " + std::to_string(length);
}

}  // namespace

AsyncReader::AsyncReader(BlockFile file, const ReaderOptions& options) : file_(std::move(file)) {
  if (options.queue_depth < 1 || options.queue_depth > 4096) {
    throw Error("queue depth " + std::to_string(options.queue_depth) + " is out of range (1 to 4096)");
  }
  slots_.resize(static_cast<std::size_t>(options.queue_depth));
  for (auto slot = static_cast<std::uint32_t>(slots_.size()); slot > 0; --slot) free_slots_.push_back(slot - 1);
}

void AsyncReader::check_in_file(const ReadRequest& request) const {
  if (request.offset > file_.size() || request.length > file_.size() - request.offset) {
    throw Error("read past the end of " + describe(file_.path(), request.offset, request.length) +
                ": the file has " + std::to_string(file_.size()) + " bytes");
  }
  if (request.length > 0 && request.destination == nullptr) {
    throw Error("read of " + describe(file_.path(), request.offset, request.length) +
                " has no destination");
  }
}

void AsyncReader::submit(std::span<const ReadRequest> requests) {
  for (const ReadRequest& request : requests) check_in_file(request);
  for (const ReadRequest& request : requests) {
    if (request.length == 0) {
      ready_tags_.push_back(request.tag);
    } else {
      backlog_.push_back(request);
    }
  }
  issue_backlog();
}

// The queue depth a read sees is counted once its whole batch is started: the device gets the
// batch at once (one io_uring_submit), so counting 1, 2, 3, ... within it would understate it.
void AsyncReader::issue_backlog() {
  std::uint64_t started = 0;
  while (!backlog_.empty() && !free_slots_.empty()) {
    const std::uint32_t slot_index = free_slots_.back();
    free_slots_.pop_back();
    issue(slot_index, backlog_.front());
    backlog_.pop_front();
    ++started;
  }
  if (started == 0) return;
  stats_.record_issue(in_flight_, started);
  flush_started();
}

// Reads straight into the destination when the page cache is in the way anyway or everything is
// aligned; otherwise rounds out to whole blocks into the slot's staging buffer.
void AsyncReader::issue(std::uint32_t slot_index, const ReadRequest& request) {
  Slot& slot = slots_[slot_index];
  slot.request = request;
  slot.done = 0;
  const bool aligned = is_block_aligned(request.offset) && is_block_aligned(request.destination) &&
                       (is_block_aligned(request.length) || request.room_to_block_end);
  slot.staged = file_.direct() && !aligned;
  if (slot.staged) {
    slot.read_offset = round_down_to_block(request.offset);
    slot.read_length = round_up_to_block(request.offset + request.length) - slot.read_offset;
    slot.needed = request.offset + request.length - slot.read_offset;
    if (slot.staging.size() < slot.read_length) slot.staging = AlignedBuffer(slot.read_length);
    slot.target = slot.staging.data();
  } else {
    slot.read_offset = request.offset;
    slot.read_length = file_.direct() ? round_up_to_block(request.length) : request.length;
    slot.needed = request.length;
    slot.target = request.destination;
  }
  ++in_flight_;
  slot.issued = Clock::now();
  start_read(slot_index, slot.target, slot.read_length, slot.read_offset);
}

std::size_t AsyncReader::wait(std::vector<std::uint64_t>& completed_tags) {
  const std::size_t before = completed_tags.size();
  if (!ready_tags_.empty()) {
    completed_tags.insert(completed_tags.end(), ready_tags_.begin(), ready_tags_.end());
    ready_tags_.clear();
    return completed_tags.size() - before;
  }
  if (in_flight_ == 0) return 0;
  completions_.clear();
  wait_for_completions(completions_);
  in_flight_ -= completions_.size();  // restarts of short reads count again when started
  bool restarted = false;
  for (const Completion& completion : completions_) {
    Slot& slot = slots_[completion.slot];
    const std::uint64_t done_before = slot.done;
    finish(completion, completed_tags);
    restarted = restarted || (slot.done > done_before && slot.done < slot.needed);
  }
  if (restarted) flush_started();
  issue_backlog();
  return completed_tags.size() - before;
}

void AsyncReader::finish(const Completion& completion, std::vector<std::uint64_t>& completed_tags) {
  Slot& slot = slots_[completion.slot];
  if (completion.result < 0) fail(slot, std::strerror(static_cast<int>(-completion.result)));
  if (completion.result == 0) {
    fail(slot, "the file ends at byte " + std::to_string(slot.read_offset + slot.done) +
                   " (was it truncated while being read?)");
  }
  slot.done += static_cast<std::uint64_t>(completion.result);
  if (slot.done < slot.needed) {  // a short read that is not the end of the file: read the rest
    ++in_flight_;
    start_read(completion.slot, slot.target + slot.done, slot.read_length - slot.done,
               slot.read_offset + slot.done);
    return;
  }
  if (slot.staged) {
    std::memcpy(slot.request.destination, slot.target + (slot.request.offset - slot.read_offset),
                slot.request.length);
  }
  const auto nanoseconds = std::chrono::duration_cast<std::chrono::nanoseconds>(completion.finished - slot.issued);
  stats_.record_completion(slot.request.length, slot.read_length,
                           static_cast<std::uint64_t>(std::max<std::int64_t>(0, nanoseconds.count())));
  completed_tags.push_back(slot.request.tag);
  free_slots_.push_back(completion.slot);
}

void AsyncReader::fail(const Slot& slot, const std::string& what) {
  const std::string message = "read failed in " +
                              describe(file_.path(), slot.request.offset, slot.request.length) +
                              ": " + what;
  abandon_in_flight();
  backlog_.clear();
  ready_tags_.clear();
  free_slots_.clear();
  for (auto index = static_cast<std::uint32_t>(slots_.size()); index > 0; --index) free_slots_.push_back(index - 1);
  throw Error(message);
}

void AsyncReader::drain(std::vector<std::uint64_t>& completed_tags) {
  while (pending() > 0) wait(completed_tags);
}

void AsyncReader::abandon_in_flight() noexcept {
  try {
    std::vector<Completion> completions;
    while (in_flight_ > 0) {
      completions.clear();
      wait_for_completions(completions);
      in_flight_ -= std::min<std::uint64_t>(in_flight_, completions.size());
    }
  } catch (...) {
    in_flight_ = 0;  // the backend is broken; nothing more can be waited for
  }
}

}  // namespace semibfs
