#include "edges/vertex_list_source.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace semibfs {
namespace {

class InMemoryBlock final : public ListBlock {
 public:
  InMemoryBlock(std::span<const std::int64_t> offsets, std::span<const std::uint32_t> entries, VertexId first,
                std::int64_t count)
      : offsets_(offsets), entries_(entries), first_(first), count_(count) {}
  VertexId first_vertex() const override { return first_; }
  std::int64_t num_vertices() const override { return count_; }
  void list_of(VertexId v, std::vector<std::uint32_t>& entries) const override {
    const auto begin = entries_.begin() + offsets_[static_cast<std::size_t>(v)];
    entries.assign(begin, entries_.begin() + offsets_[static_cast<std::size_t>(v) + 1]);
  }

 private:
  std::span<const std::int64_t> offsets_;
  std::span<const std::uint32_t> entries_;
  VertexId first_;
  std::int64_t count_;
};

}  // namespace

InMemoryListSource::InMemoryListSource(std::span<const std::int64_t> offsets, std::span<const std::uint32_t> entries,
                                       std::int64_t block_vertices)
    : offsets_(offsets), entries_(entries), block_vertices_(block_vertices) {
  if (offsets.empty() || block_vertices < 1) throw Error("lists in memory need n + 1 offsets and blocks of a vertex or more");
}

void InMemoryListSource::for_each_block(const ListBlockVisitor& visit) const {
  for (VertexId first = 0; first < num_vertices(); first += block_vertices_) {
    visit(InMemoryBlock(offsets_, entries_, first, std::min(block_vertices_, num_vertices() - first)));
  }
}

}  // namespace semibfs
