#include "query/version_overlay.hpp"

#include <algorithm>
#include <bit>

namespace semibfs {

std::int64_t overlay_bytes_bound(std::int64_t vertices, std::int64_t added_edges) {
  if (added_edges == 0) return 0;
  const std::int64_t bitmaps = 2 * ((vertices + 7) / 8 + (vertices + 63) / 64 * 4);
  const std::int64_t lists = std::min(2 * added_edges, 2 * (vertices + 1));  // each side's at most the vertices
  return bitmaps + kOverlayBytesPerEdge * added_edges + kOverlayBytesPerList * lists;
}

SparseLists::SparseLists(std::int64_t vertices, std::vector<std::pair<NeighborId, NeighborId>> entries)
    : touched_(vertices) {
  std::sort(entries.begin(), entries.end());
  entries.erase(std::unique(entries.begin(), entries.end()), entries.end());
  neighbours_.reserve(entries.size());
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (i == 0 || entries[i - 1].first != entries[i].first) {
      offsets_.push_back(static_cast<std::int64_t>(i));
      touched_.set(entries[i].first);
    }
    neighbours_.push_back(entries[i].second);
  }
  offsets_.push_back(static_cast<std::int64_t>(neighbours_.size()));
  set_bits_before_word_.resize(static_cast<std::size_t>(touched_.num_words()));
  std::uint32_t set_bits = 0;
  for (std::int64_t word = 0; word < touched_.num_words(); ++word) {
    set_bits_before_word_[static_cast<std::size_t>(word)] = set_bits;
    set_bits += static_cast<std::uint32_t>(std::popcount(touched_.word(word)));
  }
}

std::int64_t SparseLists::longest_list() const {
  std::int64_t longest = 0;
  for (std::size_t i = 1; i < offsets_.size(); ++i) longest = std::max(longest, offsets_[i] - offsets_[i - 1]);
  return longest;
}

std::span<const NeighborId> SparseLists::list(VertexId vertex) const {
  if (!has(vertex)) return {};
  const std::int64_t word = Bitmap::word_index(vertex);
  const Bitmap::Word below = touched_.word(word) & (Bitmap::bit_mask(vertex) - 1);
  const std::size_t index =
      set_bits_before_word_[static_cast<std::size_t>(word)] + static_cast<std::size_t>(std::popcount(below));
  return std::span<const NeighborId>(neighbours_)
      .subspan(static_cast<std::size_t>(offsets_[index]),
               static_cast<std::size_t>(offsets_[index + 1] - offsets_[index]));
}

std::int64_t SparseLists::bytes() const {
  return (touched_.num_bits() + 7) / 8 +
         static_cast<std::int64_t>(set_bits_before_word_.size() * sizeof(std::uint32_t) +
                                   offsets_.size() * sizeof(std::int64_t) + neighbours_.size() * sizeof(NeighborId));
}

VersionOverlay::VersionOverlay(std::int64_t vertices, std::span<const CompactEdge> edges, GraphDirection direction)
    : directed_(direction == GraphDirection::kDirected) {
  std::vector<std::pair<NeighborId, NeighborId>> in, out;  // reserved: the budget counts them so
  in.reserve(edges.size() * (directed_ ? 1 : 2));
  if (directed_) out.reserve(edges.size());
  for (const CompactEdge& edge : edges) {
    if (edge.v0_id == edge.v1_id) continue;
    in.emplace_back(edge.v1_id, edge.v0_id);
    (directed_ ? out : in).emplace_back(edge.v0_id, edge.v1_id);
  }
  in_ = SparseLists(vertices, std::move(in));
  if (directed_) out_ = SparseLists(vertices, std::move(out));
}

std::array<const SparseLists*, 2> VersionOverlay::sides(ListSide side) const {
  if (!directed_) return {&in_, nullptr};
  if (side == ListSide::kIn) return {&in_, nullptr};
  if (side == ListSide::kOut) return {&out_, nullptr};
  return {&in_, &out_};
}

std::int64_t VersionOverlay::degree(VertexId vertex, ListSide side) const {
  std::int64_t degree = 0;
  for (const SparseLists* lists : sides(side)) {
    if (lists != nullptr) degree += static_cast<std::int64_t>(lists->list(vertex).size());
  }
  return degree;
}

std::int64_t VersionOverlay::entries(ListSide side) const {
  std::int64_t entries = 0;
  for (const SparseLists* lists : sides(side)) {
    if (lists != nullptr) entries += lists->entries();
  }
  return entries;
}

}  // namespace semibfs
