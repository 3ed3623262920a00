// Where each compressed list lies, in 6.5 bytes a row instead of 24 (the entry offsets, the file
// positions and the DRAM positions as three 64-bit arrays): rows in blocks of 16, each block with
// one 64-bit anchor in the lists file and one in DRAM and, per row, 16-bit ends relative to them
// and the degree in a byte (255 and above in a side table). A block whose lists span 64 KiB or
// more keeps its positions as 64-bit words in a side table. The index is built row by row as the
// store's offsets and positions stream past, so the 64-bit arrays never exist whole.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <vector>

namespace semibfs {

class CompressedRowIndex {
 public:
  static constexpr std::int64_t kRowsPerBlock = 16;

 private:
  static constexpr std::uint8_t kBigDegree = 255;
  static constexpr std::uint64_t kNarrowSpan = 65535;  // the most bytes a narrow block's lists span

  struct Block {
    std::uint64_t list_anchor = 0;      // the block's first list in the file; wide: its words in wide_
    std::uint64_t resident_anchor = 0;  // its first resident list in DRAM (narrow blocks)
    std::uint32_t big_degree_base = 0;  // the block's first entry in big_degrees_
    std::uint16_t big_degree_mask = 0;  // its rows whose degree is there
    std::uint8_t wide = 0;
    std::array<std::uint16_t, kRowsPerBlock> list_end{};      // from list_anchor
    std::array<std::uint16_t, kRowsPerBlock> resident_end{};  // from resident_anchor
    std::array<std::uint8_t, kRowsPerBlock> degree{};
  };
  // A wide block's words: the file positions of its 17 list boundaries, then its 17 in DRAM.
  static constexpr std::uint64_t kWideWords = 2 * (kRowsPerBlock + 1);

 public:
  // Appends rows in order: each row's degree (entries) and its list's bytes.
  class Builder {
   public:
    // `rows` rows will be added (room reserved once, so the blocks are never copied).
    explicit Builder(std::int64_t rows);
    void add(std::int64_t degree, std::uint64_t list_bytes);
    CompressedRowIndex finish();

   private:
    void flush_block();

    std::vector<Block> blocks_;
    std::vector<std::int64_t> big_degrees_;
    std::vector<std::uint64_t> wide_;
    std::int64_t rows_ = 0;
    std::int64_t entries_ = 0;
    std::array<std::int64_t, kRowsPerBlock> degrees_{};
    std::array<std::uint64_t, kRowsPerBlock> bytes_{};
    int pending_ = 0;
    std::uint64_t position_ = 0;
    std::uint64_t longest_list_bytes_ = 0;
  };

  CompressedRowIndex() = default;

  std::int64_t num_rows() const { return rows_; }
  std::int64_t num_entries() const { return entries_; }
  std::uint64_t list_bytes() const { return list_bytes_; }
  // The bytes of the longest list (a list on disk is read whole).
  std::uint64_t longest_list_bytes() const { return longest_list_bytes_; }
  std::uint64_t resident_bytes() const { return resident_bytes_; }

  std::int64_t degree(std::int64_t row) const {
    const Block& block = blocks_[static_cast<std::size_t>(row / kRowsPerBlock)];
    const int slot = static_cast<int>(row % kRowsPerBlock);
    if (block.degree[slot] != kBigDegree) return block.degree[slot];
    const auto before = static_cast<std::uint16_t>(block.big_degree_mask & ((1u << slot) - 1));
    return big_degrees_[block.big_degree_base + static_cast<std::uint32_t>(std::popcount(before))];
  }
  // Bytes [list_begin, list_end) of the lists file hold the row's list.
  std::uint64_t list_begin(std::int64_t row) const { return position(row, false, false); }
  std::uint64_t list_end(std::int64_t row) const { return position(row, false, true); }
  // Bytes [resident_begin, resident_end) of the DRAM copy hold it when it is resident (else empty).
  std::uint64_t resident_begin(std::int64_t row) const { return position(row, true, false); }
  std::uint64_t resident_end(std::int64_t row) const { return position(row, true, true); }
  bool resident(std::int64_t row) const { return resident_end(row) > resident_begin(row); }

  // Keeps in DRAM the lists of the rows that keep(row) takes, laid out in row order; returns
  // their bytes (what the DRAM copy must hold). Replaces any earlier choice.
  template <typename Keep>
  std::uint64_t set_resident(Keep&& keep) {
    std::uint64_t total = 0;
    for (std::size_t b = 0; b < blocks_.size(); ++b) {
      std::array<std::uint64_t, kRowsPerBlock> lengths{};
      for (int slot = 0; slot < kRowsPerBlock; ++slot) {
        const std::int64_t row = static_cast<std::int64_t>(b) * kRowsPerBlock + slot;
        if (row < rows_ && keep(row)) lengths[slot] = list_end(row) - list_begin(row);
      }
      total = place_resident_block(b, total, lengths);
    }
    resident_bytes_ = total;
    return total;
  }

  // DRAM this index holds.
  std::int64_t bytes() const;
  // An upper bound of bytes() for `rows` rows holding at most `entries` entries, known before the
  // index is read (a budget's minimum).
  static std::int64_t bytes_bound(std::int64_t rows, std::int64_t entries);

 private:

  std::uint64_t position(std::int64_t row, bool in_dram, bool end) const {
    const Block& block = blocks_[static_cast<std::size_t>(row / kRowsPerBlock)];
    const int slot = static_cast<int>(row % kRowsPerBlock) + (end ? 1 : 0);
    if (block.wide != 0) return wide_[block.list_anchor + (in_dram ? kRowsPerBlock + 1 : 0) + slot];
    const std::array<std::uint16_t, kRowsPerBlock>& ends = in_dram ? block.resident_end : block.list_end;
    return (in_dram ? block.resident_anchor : block.list_anchor) + (slot == 0 ? 0 : ends[slot - 1]);
  }
  // Sets block b's resident positions from its rows' resident lengths, starting at `total`.
  std::uint64_t place_resident_block(std::size_t b, std::uint64_t total,
                                     const std::array<std::uint64_t, kRowsPerBlock>& lengths);

  std::vector<Block> blocks_;
  std::vector<std::int64_t> big_degrees_;
  std::vector<std::uint64_t> wide_;
  std::int64_t rows_ = 0;
  std::int64_t entries_ = 0;
  std::uint64_t list_bytes_ = 0;
  std::uint64_t longest_list_bytes_ = 0;
  std::uint64_t resident_bytes_ = 0;
};

}  // namespace semibfs
