// A counting sort of the tuples by endpoint, parallel with atomic counters: each list's entries
// arrive in whatever order the threads put them, which the batch pass does not mind.
#include "validate/validation_lists.hpp"

#include <atomic>

namespace semibfs {
namespace {

// Tuples ahead whose list counters are asked for: the counters are updated at random.
constexpr std::int64_t kPrefetchDistance = 16;

// Calls add(list_owner, entry) for each entry a tuple puts in the lists; `counters` are what add
// updates per owner.
template <class Add>
void for_each_entry(const EdgeSource& edges, GraphDirection direction, const std::int64_t* counters, Add&& add) {
  const bool both_ways = direction == GraphDirection::kUndirected;
  edges.for_each_chunk([&](std::span<const CompactEdge> chunk, std::int64_t) {
    const auto count = static_cast<std::int64_t>(chunk.size());
#pragma omp parallel for schedule(static)
    for (std::int64_t e = 0; e < count; ++e) {
      if (e + kPrefetchDistance < count) {
        __builtin_prefetch(counters + chunk[e + kPrefetchDistance].v1(), 1);
        if (both_ways) __builtin_prefetch(counters + chunk[e + kPrefetchDistance].v0(), 1);
      }
      const VertexId v0 = chunk[e].v0(), v1 = chunk[e].v1();
      if (v0 == v1) continue;
      add(v1, v0);
      if (both_ways) add(v0, v1);
    }
  });
}

std::int64_t fetch_add(std::int64_t& counter) {
  return std::atomic_ref<std::int64_t>(counter).fetch_add(1, std::memory_order_relaxed);
}

}  // namespace

ValidationLists::ValidationLists(const EdgeSource& edges, GraphDirection direction)
    : direction_(direction), offsets_(static_cast<std::size_t>(edges.num_vertices()) + 1, 0) {
  // offsets_[v + 1] counts v's entries; the prefix sum makes offsets_[v] its list's start.
  for_each_entry(edges, direction, offsets_.data() + 1, [&](VertexId owner, VertexId) { fetch_add(offsets_[owner + 1]); });
  for (std::size_t v = 1; v < offsets_.size(); ++v) offsets_[v] += offsets_[v - 1];
  entries_.resize(static_cast<std::size_t>(offsets_.back()));
  // Filling moves each start to the next list's start; shifting back restores the starts.
  for_each_entry(edges, direction, offsets_.data(), [&](VertexId owner, VertexId entry) {
    entries_[static_cast<std::size_t>(fetch_add(offsets_[owner]))] = static_cast<std::uint32_t>(entry);
  });
  for (std::size_t v = offsets_.size() - 1; v > 0; --v) offsets_[v] = offsets_[v - 1];
  offsets_[0] = 0;
}

std::int64_t ValidationLists::bytes_for(const EdgeSource& edges, GraphDirection direction) {
  const std::int64_t entries_per_tuple = direction == GraphDirection::kUndirected ? 2 : 1;
  return (edges.num_vertices() + 1) * static_cast<std::int64_t>(sizeof(std::int64_t)) +
         edges.num_edges() * entries_per_tuple * static_cast<std::int64_t>(sizeof(std::uint32_t));
}

std::int64_t ValidationLists::bytes() const {
  return static_cast<std::int64_t>(offsets_.size() * sizeof(std::int64_t) + entries_.size() * sizeof(std::uint32_t));
}

}  // namespace semibfs
