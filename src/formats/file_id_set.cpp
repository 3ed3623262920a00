// A bitmap while the ids are dense enough for one, IdMapBuilder's sorted batches after.
#include "formats/file_id_set.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "core/error.hpp"

namespace semibfs {
namespace {

constexpr std::uint64_t kBitsPerWord = 64;
constexpr auto kWordBytes = static_cast<std::int64_t>(sizeof(std::uint64_t));
constexpr std::size_t kMinBitmapWords = 1024;
// A batch takes 1/128 of the limit (8 bytes an id, 1/16 of the limit in bytes), within the
// builder's usual range: large enough to keep the merges few, small enough to leave room for them.
constexpr std::int64_t kMinBatchIds = 1024;
constexpr std::int64_t kMaxBatchIds = std::int64_t{1} << 22;
// The recent-id table: 1/64 of the limit, a power of two from 2^10 to 2^16 slots (512 KiB).
constexpr int kMinRecentBits = 10;
constexpr int kMaxRecentBits = 16;
constexpr std::uint64_t kNoId = ~std::uint64_t{0};       // above every file id
constexpr std::uint64_t kFibonacci = 0x9E3779B97F4A7C15;  // 2^64 / golden ratio: spreads nearby ids

}  // namespace

FileIdSet::FileIdSet(std::int64_t memory_limit_bytes)
    : limit_bytes_(memory_limit_bytes),
      batch_ids_(static_cast<std::size_t>(std::clamp(memory_limit_bytes / 128, kMinBatchIds, kMaxBatchIds))) {}

void FileIdSet::add(std::span<const RawEdge> edges) {
  for (const RawEdge& edge : edges) {
    add(edge.source);
    add(edge.target);
  }
}

void FileIdSet::add(std::uint64_t id) {
  if (id > kMaxFileId) {
    throw Error("file id " + std::to_string(id) + " is 2^48 or more (ids go up to 2^48 - 1 = " +
                std::to_string(kMaxFileId) + "; renumber the vertices)");
  }
  max_id_ = std::max(max_id_, id);
  if (builder_) return add_to_batches(id);
  const std::size_t word = static_cast<std::size_t>(id / kBitsPerWord);
  if (word >= bitmap_words_.size() && !grow_bitmap(word)) {
    switch_to_batches();
    return add_to_batches(id);
  }
  bitmap_words_[word] |= std::uint64_t{1} << (id % kBitsPerWord);
}

// Doubles the bitmap (or grows it just enough) while old and new arrays together, as a
// reallocation holds them, stay within half the limit.
bool FileIdSet::grow_bitmap(std::size_t word) {
  const std::int64_t bitmap_limit = limit_bytes_ / 2;
  const std::size_t old_words = bitmap_words_.size();
  std::size_t new_words = std::max({word + 1, 2 * old_words, kMinBitmapWords});
  if (static_cast<std::int64_t>(old_words + new_words) * kWordBytes > bitmap_limit) new_words = word + 1;
  if (static_cast<std::int64_t>(old_words + new_words) * kWordBytes > bitmap_limit) return false;
  note_bytes(static_cast<std::int64_t>(old_words + new_words) * kWordBytes);
  bitmap_words_.reserve(new_words);  // exactly: resize alone may take twice the old size
  bitmap_words_.resize(new_words, 0);
  return true;
}

// The bitmap's ids, in ascending order, into the batches; then the bitmap goes.
void FileIdSet::switch_to_batches() {
  builder_.emplace(batch_ids_);
  const auto recent_slots = static_cast<std::uint64_t>(std::max<std::int64_t>(limit_bytes_ / 64 / kWordBytes, 1));
  const int recent_bits =
      std::clamp(static_cast<int>(std::bit_width(recent_slots)) - 1, kMinRecentBits, kMaxRecentBits);
  recent_ids_.assign(std::size_t{1} << recent_bits, kNoId);
  recent_shift_ = 64 - recent_bits;
  for (std::size_t word = 0; word < bitmap_words_.size(); ++word) {
    for (std::uint64_t bits = bitmap_words_[word]; bits != 0; bits &= bits - 1) {
      add_to_batches(word * kBitsPerWord + static_cast<std::uint64_t>(std::countr_zero(bits)));
    }
  }
  std::vector<std::uint64_t>().swap(bitmap_words_);
}

void FileIdSet::add_to_batches(std::uint64_t id) {
  std::uint64_t& recent = recent_ids_[static_cast<std::size_t>((id * kFibonacci) >> recent_shift_)];
  if (recent == id) return;
  recent = id;
  builder_->add(id);
  const std::int64_t held = bytes();
  if (held > limit_bytes_) over_limit(builder_->merged_ids(), held);
  note_bytes(held);
}

void FileIdSet::finish() {
  if (builder_) {
    map_.emplace(std::move(*builder_).build());
    builder_.reset();
    std::vector<std::uint64_t>().swap(recent_ids_);
    distinct_ = map_->size();
    return;
  }
  distinct_ = 0;
  for (const std::uint64_t word : bitmap_words_) distinct_ += static_cast<std::uint64_t>(std::popcount(word));
}

IdMap FileIdSet::take_map() && {
  if (map_) return std::move(*map_);
  const std::uint64_t count = distinct_;
  if (count == 0 || count == max_id_ + 1) {
    std::vector<std::uint64_t>().swap(bitmap_words_);
    return IdMap::identity(count);
  }
  const std::int64_t held = bytes() + static_cast<std::int64_t>(count) * kWordBytes;
  if (held > limit_bytes_) over_limit(count, held);
  note_bytes(held);
  std::vector<std::uint64_t> sorted_ids;
  sorted_ids.reserve(static_cast<std::size_t>(count));
  for (std::size_t word = 0; word < bitmap_words_.size(); ++word) {
    for (std::uint64_t bits = bitmap_words_[word]; bits != 0; bits &= bits - 1) {
      sorted_ids.push_back(word * kBitsPerWord + static_cast<std::uint64_t>(std::countr_zero(bits)));
    }
  }
  std::vector<std::uint64_t>().swap(bitmap_words_);
  return IdMap::from_sorted_ids(std::move(sorted_ids));
}

std::int64_t FileIdSet::bytes() const {
  std::int64_t held = static_cast<std::int64_t>(bitmap_words_.capacity() + recent_ids_.capacity()) * kWordBytes;
  if (builder_) held += static_cast<std::int64_t>(builder_->memory_bound_bytes());
  if (map_) held += static_cast<std::int64_t>(map_->bytes());
  return held;
}

void FileIdSet::note_bytes(std::int64_t bytes) { peak_bytes_ = std::max(peak_bytes_, bytes); }

void FileIdSet::over_limit(std::uint64_t ids, std::int64_t bytes) const {
  throw Error("the vertex ids need more memory than the budget leaves them: " + std::to_string(ids) +
              " distinct ids (so far) take up to " + std::to_string(bytes) + " bytes, the budget leaves " +
              std::to_string(limit_bytes_) +
              " (8 bytes per distinct id kept, up to 32 while they are sorted; raise the memory budget)");
}

}  // namespace semibfs
