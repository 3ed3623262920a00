#include "graph/neighbor_order.hpp"

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"

namespace semibfs {
namespace {

constexpr NeighborOrder kAllOrders[] = {NeighborOrder::kById, NeighborOrder::kHubFirst, NeighborOrder::kByDegree};

// Degrees as 32-bit values: a quarter of the offsets' cache footprint for the random lookups.
std::vector<std::uint32_t> clamped_degrees(const CsrGraph& graph) {
  const std::int64_t num_vertices = graph.num_vertices();
  std::vector<std::uint32_t> degrees(num_vertices);
#pragma omp parallel for schedule(static)
  for (std::int64_t vertex = 0; vertex < num_vertices; ++vertex) {
    degrees[vertex] = static_cast<std::uint32_t>(std::min<std::int64_t>(graph.degree(vertex), UINT32_MAX));
  }
  return degrees;
}

// The first highest-degree neighbour is swapped to the front; the rest keep their id order
// except the one it traded places with.
void move_hub_first(std::span<NeighborId> list, std::span<const std::uint32_t> degrees) {
  const std::size_t best = hub_index(list, degrees);
  std::rotate(list.begin(), list.begin() + static_cast<std::ptrdiff_t>(best),
              list.begin() + static_cast<std::ptrdiff_t>(best) + 1);
}

// Keys (inverted degree << 32 | id) sort ascending into descending degree, ties by id.
void sort_by_degree(std::span<NeighborId> list, std::span<const std::uint32_t> degrees,
                    std::span<std::uint64_t> keys) {
  for (std::size_t index = 0; index < list.size(); ++index) {
    keys[index] = std::uint64_t{UINT32_MAX - degrees[list[index]]} << 32 | list[index];
  }
  std::sort(keys.begin(), keys.begin() + static_cast<std::ptrdiff_t>(list.size()));
  for (std::size_t index = 0; index < list.size(); ++index) list[index] = static_cast<NeighborId>(keys[index]);
}

// A sort key of sort_by_degree's with the entry's weight beside it.
struct WeightedKey {
  std::uint64_t key = 0;
  float weight = 0.0F;
  bool operator<(const WeightedKey& other) const { return key < other.key; }
};

// sort_by_degree, each weight moved with its neighbour (ids are unique in a list: no ties).
void sort_by_degree(std::span<NeighborId> list, std::span<float> weights, std::span<const std::uint32_t> degrees,
                    std::span<WeightedKey> keys) {
  for (std::size_t index = 0; index < list.size(); ++index) {
    keys[index] = {std::uint64_t{UINT32_MAX - degrees[list[index]]} << 32 | list[index], weights[index]};
  }
  std::sort(keys.begin(), keys.begin() + static_cast<std::ptrdiff_t>(list.size()));
  for (std::size_t index = 0; index < list.size(); ++index) {
    list[index] = static_cast<NeighborId>(keys[index].key);
    weights[index] = keys[index].weight;
  }
}

// move_hub_first, each weight moved with its neighbour (a twin, so that BFS builds run the code they ran).
void move_hub_first(std::span<NeighborId> list, std::span<float> weights, std::span<const std::uint32_t> degrees) {
  const std::size_t hub = hub_index(list, degrees);
  const auto end = static_cast<std::ptrdiff_t>(hub) + 1;
  std::rotate(list.begin(), list.begin() + end - 1, list.begin() + end);
  std::rotate(weights.begin(), weights.begin() + end - 1, weights.begin() + end);
}

// order_list's weighted twin: weights[i] stays the weight of list[i].
void order_weighted_list(std::span<NeighborId> list, std::span<float> weights, NeighborOrder order,
                         std::span<const std::uint32_t> degrees, std::vector<WeightedKey>& keys) {
  if (list.size() < 2) return;
  if (order == NeighborOrder::kHubFirst) {
    move_hub_first(list, weights, degrees);
  } else if (order == NeighborOrder::kByDegree) {
    if (keys.size() < list.size()) keys.resize(list.size());
    sort_by_degree(list, weights, degrees, keys);
  }
}

}  // namespace

std::string to_string(NeighborOrder order) {
  switch (order) {
    case NeighborOrder::kById:
      return "id";
    case NeighborOrder::kHubFirst:
      return "hub-first";
    case NeighborOrder::kByDegree:
      return "degree";
  }
  throw Error("unknown NeighborOrder value " + std::to_string(static_cast<int>(order)));
}

NeighborOrder parse_neighbor_order(const std::string& text) {
  for (const NeighborOrder order : kAllOrders) {
    if (text == to_string(order)) return order;
  }
  throw UsageError("unknown neighbour order '" + text + "'; valid choices: id, hub-first, degree");
}

void order_neighbors(CsrGraph& graph, NeighborOrder order) {
  if (order == NeighborOrder::kById) return;
  order_neighbors(graph, order, clamped_degrees(graph));
}

void order_neighbors(CsrGraph& graph, NeighborOrder order, std::span<const std::uint32_t> degrees) {
  if (order == NeighborOrder::kById) return;
  const std::int64_t num_vertices = graph.num_vertices();
#pragma omp parallel
  {
    std::vector<std::uint64_t> keys;
#pragma omp for schedule(dynamic, 1024)
    for (std::int64_t vertex = 0; vertex < num_vertices; ++vertex) {
      const std::span<NeighborId> list = graph.mutable_neighbors(vertex);
      if (order == NeighborOrder::kByDegree && keys.size() < list.size()) keys.resize(list.size());
      order_list(list, order, degrees, keys);
    }
  }
}

void order_neighbors(CsrGraph& graph, NeighborOrder order, std::span<float> weights) {
  if (static_cast<std::int64_t>(weights.size()) != graph.num_adjacencies()) {
    throw Error("order_neighbors: " + std::to_string(weights.size()) + " weights for " +
                std::to_string(graph.num_adjacencies()) + " list entries");
  }
  if (order == NeighborOrder::kById) return;
  const std::vector<std::uint32_t> degrees = clamped_degrees(graph);
  const std::int64_t num_vertices = graph.num_vertices();
#pragma omp parallel
  {
    std::vector<WeightedKey> keys;
#pragma omp for schedule(dynamic, 1024)
    for (std::int64_t vertex = 0; vertex < num_vertices; ++vertex) {
      const std::span<NeighborId> list = graph.mutable_neighbors(vertex);
      order_weighted_list(list, weights.subspan(graph.offsets()[vertex], list.size()), order, degrees, keys);
    }
  }
}

std::size_t hub_index(std::span<const NeighborId> list, std::span<const std::uint32_t> degrees) {
  std::size_t best = 0;
  for (std::size_t index = 1; index < list.size(); ++index) {
    if (degrees[list[index]] > degrees[list[best]]) best = index;
  }
  return best;
}

void order_list(std::span<NeighborId> list, NeighborOrder order, std::span<const std::uint32_t> degrees,
                std::span<std::uint64_t> keys) {
  if (list.size() < 2) return;
  if (order == NeighborOrder::kHubFirst) {
    move_hub_first(list, degrees);
  } else if (order == NeighborOrder::kByDegree) {
    sort_by_degree(list, degrees, keys);
  }
}

}  // namespace semibfs
