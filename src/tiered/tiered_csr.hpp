// One CSR graph split between two tiers (DESIGN.md, "Memory tiers"): the offsets and the resident
// part of every list (its first entries, or the whole list) in DRAM, the rest of each list (its
// tail) in the store's neighbours file, read on demand. A list is always [resident | tail], so a
// tail starts in the file at the list's offset plus its resident length (Iwabuchi et al. (in Japanese) Sec. 5.2: the
// "backward head" in DRAM, the tail on NVM; Iwabuchi et al. Sec. V: forward lists on NVM).
//
// Compressed lists (compress/list_codec.hpp, a store built with --compress) are whole or nothing:
// a row's list is either all in DRAM, compressed, or all in the store's lists file, read whole
// when needed, so that every piece decodes alone. Both kinds are read through the same calls
// (for_each_resident, find_resident, for_each_in_tail, find_in_tail), decoded in place.
#pragma once

#include <cstddef>
#include <algorithm>
#include <concepts>
#include <cstdint>
#include <type_traits>
#include <span>
#include <string>
#include <vector>

#include "compress/list_walk.hpp"
#include "compress/verified_list_walk.hpp"
#include "graph/csr_graph.hpp"
#include "graph/partitioned_graph.hpp"
#include "tiered/compressed_row_index.hpp"

namespace semibfs {

// Which entries of each list stay in DRAM; the planner (placement_plan.hpp) sets it.
struct ResidencyRule {
  // The first this-many entries of every list.
  std::int64_t head_entries = 0;
  // Whole lists of the vertices of degree at most this (the low-degree forward lists).
  std::int64_t whole_up_to_degree = 0;
  // Whole lists of the vertices of degree at least this (the hubs); 0 for none.
  std::int64_t whole_from_degree = 0;
  // A scan's stripes (PlacementPlan::scan_cuts): the whole lists of the vertices of each stripe of
  // kScanStripeVertices that lie below the stripe's cut; none when empty.
  std::span<const std::int64_t> scan_cuts;
  static constexpr std::int64_t kScanStripeVertices = 4096;

  // How many of the `list_length` entries of `vertex`'s list are resident; `vertex_degree` is the
  // vertex's whole degree (with several partitions a forward list holds only part of it).
  std::int64_t resident_entries(std::int64_t list_length, std::int64_t vertex_degree, std::int64_t vertex) const;
  // Every entry of every list.
  static ResidencyRule everything();
};

// A predicate on ids that also finds the first id it accepts in a run [first, last] (-1: none), as
// a frontier bitmap does a word at a time: a compressed list's intervals are then probed whole.
template <typename Accept>
concept RangeAccept = requires(const Accept& accept, std::uint64_t id) {
  { accept.first_in(id, id) } -> std::convertible_to<std::int64_t>;
};

// The arrays of compressed lists split between DRAM and disk; rows are vertices first_vertex,
// first_vertex + 1, ... of a graph of num_vertices vertices.
struct CompressedRows {
  CompressedRowIndex index;            // degrees, and where each list lies in the file and in `resident`
  std::vector<std::uint8_t> resident;  // the resident lists, as they are in the file
  std::int64_t first_vertex = 0;
  std::int64_t num_vertices = 0;
  int min_interval_length = 1;
  std::string lists_path;  // the store's lists file
};

class TieredCsr {
 public:
  TieredCsr() = default;
  // Move-only: the views point into the owned arrays.
  TieredCsr(TieredCsr&&) noexcept = default;
  TieredCsr& operator=(TieredCsr&&) noexcept = default;
  TieredCsr(const TieredCsr&) = delete;
  TieredCsr& operator=(const TieredCsr&) = delete;
  // Every list resident: views of `graph`'s arrays, which must outlive this object.
  static TieredCsr all_in_dram(const CsrGraph& graph);
  // Plain lists read whole (no tails): their arrays moved out as a CsrGraph, for what needs the
  // lists in DRAM as kernel 1 builds them (SSSP across ranks); this object is left empty. Throws
  // semibfs::Error for lists with tails, compressed lists or views of another graph's arrays.
  CsrGraph into_csr() &&;
  // Plain lists: a view of this object's lists, which must outlive it (its stripes copied, a few
  // numbers); compressed ones are a semibfs::Error.
  TieredCsr view() const;
  // Lists split by the caller: resident_offsets[row] locates the resident entries of `row`; the
  // tails are read from `tail_path`, the whole neighbours array as the store holds it.
  TieredCsr(std::vector<std::int64_t> offsets, std::vector<std::int64_t> resident_offsets,
            std::vector<NeighborId> resident, std::string tail_path);
  // Lists split by a scan's stripes (ResidencyRule::scan_cuts, in vertex ids; row 0 is vertex
  // `first_vertex`): a row's list whole in DRAM below its stripe's cut, else whole on disk. No
  // offset a row locates the resident entries, only two numbers a stripe. The resident entries are
  // then written through fill_resident.
  static TieredCsr striped(std::vector<std::int64_t> offsets, VertexId first_vertex,
                           std::span<const std::int64_t> scan_cuts, std::string tail_path);
  // Plain lists: where each row's list starts in the neighbours array (num_rows() + 1 offsets).
  std::span<const std::int64_t> offsets() const { return offsets_; }
  // What striped() holds to locate the resident lists of a graph of `vertices` vertices, beside
  // the offsets (and the scan's cuts, one a stripe), in each of its CSRs (the backward lists of
  // every partition, and the forward lists when apart): a bound for a budget's minimum.
  static std::int64_t striped_index_bytes(std::int64_t vertices, int partitions, bool separate_forward) {
    const std::int64_t stripes = vertices / ResidencyRule::kScanStripeVertices + 2;
    const std::int64_t csrs = partitions * (separate_forward ? 2 : 1);
    return csrs * stripes * static_cast<std::int64_t>(sizeof(PlainStripe) + sizeof(std::int64_t));
  }
  // Where the resident entries of a plain `row` start among all its resident entries: an array
  // beside them in the same layout (the SSSP weights, tiered_weights.hpp) finds the row's there.
  std::int64_t resident_begin(std::int64_t row) const {
    if (!stripes_.empty()) [[unlikely]] return offsets_[row] + stripe_of(row).shift;
    return resident_offsets_[row];
  }
  // For a pass that streams an array beside plain lists once, in order (the neighbours file, or the
  // weights file): copies the resident entries among the piece's entries [first, first + size) to
  // resident_of(row) (where the row's resident entries go) + their index in the list. `row` is
  // where the previous piece stopped, and moves on.
  template <typename T, typename Destination>
  void copy_resident_piece(std::span<const T> piece, std::int64_t first, Destination&& resident_of,
                           std::int64_t& row) const {
    const std::int64_t end = first + static_cast<std::int64_t>(piece.size());
    for (const std::int64_t rows = num_rows(); row < rows; ++row) {
      const std::int64_t list_begin = offsets_[row];
      const std::int64_t resident_end = list_begin + resident_count(row);
      if (list_begin >= end) break;
      const std::int64_t from = std::max(list_begin, first);
      const std::int64_t to = std::min(resident_end, end);
      if (to > from) {
        std::copy(piece.data() + (from - first), piece.data() + (to - first), resident_of(row) + (from - list_begin));
      }
      if (resident_end > end) break;  // the rest of this row's resident part is in the next piece
    }
  }
  // Where the resident entries of `row` are to be written, by the pass that reads the lists at open.
  NeighborId* fill_resident(std::int64_t row) { return owned_resident_.data() + resident_begin(row); }
  // Compressed lists, a row resident when its resident list is not empty.
  explicit TieredCsr(CompressedRows rows);

  bool compressed_lists() const { return compressed_lists_; }

  std::int64_t num_rows() const { return compressed_lists_ ? rows_.num_rows() : static_cast<std::int64_t>(offsets_.size()) - 1; }
  std::int64_t degree(std::int64_t row) const {
    return compressed_lists_ ? rows_.degree(row) : offsets_[row + 1] - offsets_[row];
  }
  std::span<const NeighborId> resident(std::int64_t row) const {
    if (!stripes_.empty()) [[unlikely]] {
      const PlainStripe& stripe = stripe_of(row);
      if (row >= stripe.cut_row) return {};
      return resident_.subspan(static_cast<std::size_t>(offsets_[row] + stripe.shift), static_cast<std::size_t>(degree(row)));
    }
    return resident_.subspan(static_cast<std::size_t>(resident_offsets_[row]),
                             static_cast<std::size_t>(resident_offsets_[row + 1] - resident_offsets_[row]));
  }
  // Entries of `row` in DRAM, and on disk.
  std::int64_t resident_count(std::int64_t row) const {
    if (compressed_lists_) return rows_.resident(row) ? degree(row) : 0;
    if (!stripes_.empty()) [[unlikely]] return row < stripe_of(row).cut_row ? degree(row) : 0;
    return resident_offsets_[row + 1] - resident_offsets_[row];
  }
  std::int64_t tail_entries(std::int64_t row) const { return degree(row) - resident_count(row); }
  // Bytes [begin, end) of the tail file that hold the tail of `row`.
  std::uint64_t tail_byte_begin(std::int64_t row) const {
    if (compressed_lists_) return rows_.list_begin(row);
    return static_cast<std::uint64_t>(offsets_[row] + resident_count(row)) * sizeof(NeighborId);
  }
  std::uint64_t tail_byte_end(std::int64_t row) const {
    return compressed_lists_ ? rows_.list_end(row) : static_cast<std::uint64_t>(offsets_[row + 1]) * sizeof(NeighborId);
  }
  // Plain lists split row by row (an offset a row locates its resident part): their tails can be
  // packed side by side (sssp/packed_tails.hpp), where the tail of `row` starts after the entries of
  // the rows before it less their resident ones.
  bool tails_packable() const { return !compressed_lists_ && stripes_.empty(); }
  std::uint64_t packed_tail_byte_begin(std::int64_t row) const {
    return static_cast<std::uint64_t>(offsets_[row] - resident_offsets_[row]) * sizeof(NeighborId);
  }
  // A compressed tail decodes only whole; an uncompressed one may be read in pieces of whole entries.
  bool tails_split() const { return !compressed_lists_; }
  // Where a search that probed the first neighbour first goes on in a list: after entry 0, the head
  // itself, except in compressed lists (in id order, their heads kept apart), from their start.
  std::int64_t scan_start_after_first_neighbor() const { return compressed_lists_ ? 0 : 1; }

  // f(NeighborId) for each resident entry of `row`, in the list's order.
  template <typename F>
  void for_each_resident(std::int64_t row, F&& f) const {
    if (!compressed_lists_) {
      for (const NeighborId id : resident(row)) f(id);
      return;
    }
    for_each_in_list(row, resident_bytes(row), f);
  }
  // Writes the resident entries of `row` to `out` (room for resident_count(row)) and returns how
  // many; a compressed list's in any order (its intervals run by run, then its residuals), decoded
  // without checks: every resident list was decoded and checked whole at open.
  std::int64_t copy_resident(std::int64_t row, NeighborId* out) const {
    if (!compressed_lists_) {
      const std::span<const NeighborId> ids = resident(row);
      std::copy(ids.begin(), ids.end(), out);
      return static_cast<std::int64_t>(ids.size());
    }
    ListCopier copier{out};
    walk_verified_byte_list(first_vertex_ + row, resident_bytes(row), minimum_, copier);
    return copier.count;
  }
  // The index, from `from` on, of the first resident entry of `row` that accept(id) takes, the
  // entry in `found`; resident_count(row) when there is none. Decodes no further than the entry.
  template <typename Accept>
  std::int64_t find_resident(std::int64_t row, std::int64_t from, Accept&& accept, NeighborId& found) const {
    if (!compressed_lists_) return find_in(resident(row), from, accept, found);
    return find_in_list(row, resident_bytes(row), from, accept, found);
  }
  // The same for a piece of the tail of `row` that the tail fetcher read (tail_fetcher.hpp); the
  // entries the piece holds in `entries`.
  template <typename F>
  void for_each_in_tail(std::int64_t row, std::span<const std::byte> piece, F&& f) const {
    if (!compressed_lists_) {
      for (const NeighborId id : plain_entries(piece)) f(id);
      return;
    }
    for_each_in_list(row, as_list_bytes(piece), f);
  }
  template <typename Accept>
  std::int64_t find_in_tail(std::int64_t row, std::span<const std::byte> piece, Accept&& accept, NeighborId& found,
                            std::int64_t& entries) const {
    if (!compressed_lists_) {
      const std::span<const NeighborId> ids = plain_entries(piece);
      entries = static_cast<std::int64_t>(ids.size());
      return find_in(ids, 0, accept, found);
    }
    entries = degree(row);  // a compressed tail is the whole list
    return find_in_list(row, as_list_bytes(piece), 0, accept, found);
  }
  // The entries of an uncompressed tail piece.
  static std::span<const NeighborId> plain_entries(std::span<const std::byte> piece) {
    return {reinterpret_cast<const NeighborId*>(piece.data()), piece.size() / sizeof(NeighborId)};
  }
  // The first resident entry of each row into first_neighbors[row], kNoFirstNeighbor where none is resident: the
  // first neighbours that let a bottom-up step probe a vertex's first neighbour without its list.
  void first_entries(std::span<NeighborId> first_neighbors) const;
  // Binds the DRAM pages of rows [first_row, end_row) (offsets, index and resident entries) to a
  // NUMA node; their contents do not change. A no-op on one node.
  void place_rows_on_numa_node(std::int64_t first_row, std::int64_t end_row, int node) const;
  // Whether any list has a tail; false when everything is in DRAM.
  bool has_tails() const { return !tail_path_.empty(); }
  const std::string& tail_path() const { return tail_path_; }
  std::int64_t num_entries() const { return compressed_lists_ ? rows_.num_entries() : offsets_.back(); }
  std::int64_t resident_entry_count() const { return resident_entries_; }
  // Rows whose list has a tail on disk.
  std::int64_t rows_with_tails() const { return rows_with_tails_; }
  // DRAM this object owns: offsets, resident index and entries (0 for a view).
  std::int64_t owned_bytes() const;

 private:
  template <typename F>
  void for_each_in_list(std::int64_t row, std::span<const std::uint8_t> bytes, F& f) const {
    walk(row, bytes, [&](std::uint64_t id) {
      f(static_cast<NeighborId>(id));
      return false;
    });
  }
  template <typename Accept>
  static std::int64_t find_in(std::span<const NeighborId> ids, std::int64_t from, Accept& accept, NeighborId& found) {
    for (auto index = static_cast<std::size_t>(from); index < ids.size(); ++index) {
      if (accept(ids[index])) {
        found = ids[index];
        return static_cast<std::int64_t>(index);
      }
    }
    return static_cast<std::int64_t>(ids.size());
  }
  // Copies a list's ids out, an interval's run in one loop (a RunVisitor).
  struct ListCopier {
    NeighborId* out;
    std::int64_t count = 0;
    bool operator()(std::uint64_t id) {
      out[count++] = static_cast<NeighborId>(id);
      return false;
    }
    bool run(std::uint64_t first, std::uint64_t last) {
      NeighborId* at = out + count;
      const auto length = static_cast<std::int64_t>(last - first + 1);
      for (std::int64_t i = 0; i < length; ++i) at[i] = static_cast<NeighborId>(first + static_cast<std::uint64_t>(i));
      count += length;
      return false;
    }
  };
  // Walks a list counting entries up to the first one from `from` on that `accept` takes.
  template <typename Accept>
  struct Finder {
    Accept& accept;
    std::int64_t from;
    std::int64_t index = 0;
    NeighborId found = 0;
    bool operator()(std::uint64_t id) {
      if (index >= from && accept(static_cast<NeighborId>(id))) {
        found = static_cast<NeighborId>(id);
        return true;
      }
      ++index;
      return false;
    }
  };
  // The same, taking an interval's run at once.
  template <typename Accept>
  struct RunFinder : Finder<Accept> {
    bool run(std::uint64_t first, std::uint64_t last) {
      const auto skipped = static_cast<std::uint64_t>(std::max<std::int64_t>(0, this->from - this->index));
      const std::uint64_t start = first + std::min(skipped, last - first + 1);
      this->index += static_cast<std::int64_t>(start - first);
      if (start > last) return false;
      const std::int64_t hit = this->accept.first_in(start, last);
      if (hit < 0) {
        this->index += static_cast<std::int64_t>(last - start + 1);
        return false;
      }
      this->index += hit - static_cast<std::int64_t>(start);
      this->found = static_cast<NeighborId>(hit);
      return true;
    }
  };
  template <typename Accept>
  std::int64_t find_in_list(std::int64_t row, std::span<const std::uint8_t> bytes, std::int64_t from, Accept& accept,
                            NeighborId& found) const {
    using Plain = std::remove_cvref_t<Accept>;
    // Built from a Finder: a RunFinder takes it as its base, a Finder is it (an accept without runs).
    std::conditional_t<RangeAccept<Plain>, RunFinder<Accept>, Finder<Accept>> finder{Finder<Accept>{accept, from}};
    if (!walk(row, bytes, finder)) return bytes.empty() ? 0 : degree(row);
    found = finder.found;
    return finder.index;
  }
  template <typename Visit>
  bool walk(std::int64_t row, std::span<const std::uint8_t> bytes, Visit&& visit) const {
    return walk_byte_list(first_vertex_ + row, bytes, id_bound_, minimum_, visit);
  }
  std::span<const std::uint8_t> resident_bytes(std::int64_t row) const {
    const std::uint64_t begin = rows_.resident_begin(row);
    return {compressed_resident_.data() + begin, static_cast<std::size_t>(rows_.resident_end(row) - begin)};
  }
  static std::span<const std::uint8_t> as_list_bytes(std::span<const std::byte> piece) {
    return {reinterpret_cast<const std::uint8_t*>(piece.data()), piece.size()};
  }
  // A stripe of plain lists: its rows below cut_row are resident, row r's entries from offsets_[r] + shift.
  struct PlainStripe {
    std::int64_t cut_row = 0;
    std::int64_t shift = 0;
  };
  const PlainStripe& stripe_of(std::int64_t row) const {
    return stripes_[static_cast<std::size_t>((row + first_stripe_offset_) / ResidencyRule::kScanStripeVertices)];
  }

  std::span<const std::int64_t> offsets_;
  std::span<const std::int64_t> resident_offsets_;
  std::span<const NeighborId> resident_;
  std::vector<std::int64_t> owned_offsets_;
  std::vector<std::int64_t> owned_resident_offsets_;
  std::vector<NeighborId> owned_resident_;
  // Plain lists in a scan's stripes (striped()): the stripes, and the rows of the first stripe
  // before row 0; empty: resident_offsets_ locates them.
  std::vector<PlainStripe> stripes_;
  std::int64_t first_stripe_offset_ = 0;
  std::string tail_path_;
  std::int64_t rows_with_tails_ = 0;
  std::int64_t resident_entries_ = 0;
  // Compressed lists only.
  bool compressed_lists_ = false;
  CompressedRowIndex rows_;
  std::vector<std::uint8_t> compressed_resident_;
  std::int64_t first_vertex_ = 0;
  std::uint64_t id_bound_ = 0;
  std::uint64_t minimum_ = 1;
};

}  // namespace semibfs
