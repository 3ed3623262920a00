#include "tiered/compressed_row_index.hpp"

#include <algorithm>
#include <utility>

#include "core/error.hpp"

namespace semibfs {

CompressedRowIndex::Builder::Builder(std::int64_t rows) {
  if (rows < 0) throw Error("compressed row index: a negative row count");
  blocks_.reserve(static_cast<std::size_t>((rows + kRowsPerBlock - 1) / kRowsPerBlock));
}

void CompressedRowIndex::Builder::add(std::int64_t degree, std::uint64_t list_bytes) {
  if (degree < 0) throw Error("compressed row index: a negative degree");
  degrees_[pending_] = degree;
  bytes_[pending_] = list_bytes;
  longest_list_bytes_ = std::max(longest_list_bytes_, list_bytes);
  ++rows_;
  entries_ += degree;
  if (++pending_ == kRowsPerBlock) flush_block();
}

void CompressedRowIndex::Builder::flush_block() {
  Block& block = blocks_.emplace_back();
  block.big_degree_base = static_cast<std::uint32_t>(big_degrees_.size());
  if (big_degrees_.size() >= UINT32_MAX) throw Error("compressed row index: too many vertices of degree 255 or more");
  std::uint64_t span = 0;
  for (int slot = 0; slot < pending_; ++slot) span += bytes_[slot];
  block.wide = span > kNarrowSpan ? 1 : 0;
  block.list_anchor = block.wide != 0 ? wide_.size() : position_;
  if (block.wide != 0) wide_.resize(wide_.size() + kWideWords, 0);
  std::uint64_t end = 0;
  for (int slot = 0; slot < kRowsPerBlock; ++slot) {
    const std::int64_t degree = slot < pending_ ? degrees_[slot] : 0;
    if (degree >= kBigDegree) {
      block.degree[slot] = kBigDegree;
      block.big_degree_mask = static_cast<std::uint16_t>(block.big_degree_mask | (1u << slot));
      big_degrees_.push_back(degree);
    } else {
      block.degree[slot] = static_cast<std::uint8_t>(degree);
    }
    if (block.wide != 0) wide_[block.list_anchor + slot] = position_ + end;
    end += slot < pending_ ? bytes_[slot] : 0;
    if (block.wide != 0) {
      wide_[block.list_anchor + slot + 1] = position_ + end;
    } else {
      block.list_end[slot] = static_cast<std::uint16_t>(end);
    }
  }
  position_ += span;
  pending_ = 0;
}

CompressedRowIndex CompressedRowIndex::Builder::finish() {
  // A last block, partial or empty, so that every row (and one past the last) has a block.
  if (pending_ > 0 || blocks_.empty()) flush_block();
  CompressedRowIndex index;
  index.blocks_ = std::move(blocks_);
  big_degrees_.shrink_to_fit();
  wide_.shrink_to_fit();
  index.big_degrees_ = std::move(big_degrees_);
  index.wide_ = std::move(wide_);
  index.rows_ = rows_;
  index.entries_ = entries_;
  index.list_bytes_ = position_;
  index.longest_list_bytes_ = longest_list_bytes_;
  return index;
}

std::uint64_t CompressedRowIndex::place_resident_block(std::size_t b, std::uint64_t total,
                                                       const std::array<std::uint64_t, kRowsPerBlock>& lengths) {
  Block& block = blocks_[b];
  std::uint64_t end = 0;
  if (block.wide != 0) {
    std::uint64_t* words = wide_.data() + block.list_anchor + kRowsPerBlock + 1;
    words[0] = total;
    for (int slot = 0; slot < kRowsPerBlock; ++slot) words[slot + 1] = total + (end += lengths[slot]);
    return total + end;
  }
  block.resident_anchor = total;
  // A resident list is one of the block's, so the resident span fits where the lists' span does.
  for (int slot = 0; slot < kRowsPerBlock; ++slot) block.resident_end[slot] = static_cast<std::uint16_t>(end += lengths[slot]);
  return total + end;
}

std::int64_t CompressedRowIndex::bytes() const {
  return static_cast<std::int64_t>(blocks_.capacity() * sizeof(Block) + big_degrees_.capacity() * sizeof(std::int64_t) +
                                   wide_.capacity() * sizeof(std::uint64_t));
}

std::int64_t CompressedRowIndex::bytes_bound(std::int64_t rows, std::int64_t entries) {
  const std::int64_t blocks = rows / kRowsPerBlock + 1;
  // An entry takes at most 5 bytes (a 32-bit gap), a list's two counts at most 10 each.
  const std::int64_t list_bytes = 5 * entries + 20 * rows;
  // At most entries / 255 rows have a degree of 255 or more, at most list_bytes / 65536 blocks are
  // wide; the side tables grow by doubling while they are built, hence twice.
  const std::int64_t big = 2 * (entries / kBigDegree + 1) * 8;
  const std::int64_t wide = 2 * (list_bytes / static_cast<std::int64_t>(kNarrowSpan + 1) + 1) *
                            static_cast<std::int64_t>(kWideWords) * 8;
  return blocks * static_cast<std::int64_t>(sizeof(Block)) + big + wide;
}

}  // namespace semibfs
