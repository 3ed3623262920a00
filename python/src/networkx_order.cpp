#include "networkx_order.hpp"

#include <string>

#include "core/error.hpp"

namespace semibfs::python {

namespace {

void check_vertex(std::int64_t vertex, std::int64_t num_vertices, const char* what) {
  if (vertex < 0 || vertex >= num_vertices) {
    throw Error(std::string(what) + " " + std::to_string(vertex) + " is not a vertex (0 to " +
                std::to_string(num_vertices - 1) + ")");
  }
}

}  // namespace

DiscoveryOrder networkx_discovery_order(std::span<const std::int64_t> offsets, std::span<const std::int64_t> neighbors,
                                        std::span<const std::int64_t> sources) {
  const auto num_vertices = static_cast<std::int64_t>(offsets.size()) - 1;
  if (num_vertices < 0 || offsets.front() != 0 || offsets.back() != static_cast<std::int64_t>(neighbors.size())) {
    throw Error("the offsets do not describe the neighbour lists");
  }
  std::vector<bool> seen(static_cast<std::size_t>(num_vertices), false);
  DiscoveryOrder order;
  for (const std::int64_t source : sources) {
    check_vertex(source, num_vertices, "source");
    if (seen[static_cast<std::size_t>(source)]) continue;
    seen[static_cast<std::size_t>(source)] = true;
    order.vertices.push_back(source);
    order.parents.push_back(-1);
  }
  std::size_t layer = 0;
  while (layer < order.vertices.size()) {
    order.layer_starts.push_back(static_cast<std::int64_t>(layer));
    const std::size_t layer_end = order.vertices.size();
    for (std::size_t i = layer; i < layer_end; ++i) {
      const std::int64_t u = order.vertices[i];
      for (std::int64_t e = offsets[static_cast<std::size_t>(u)]; e < offsets[static_cast<std::size_t>(u) + 1]; ++e) {
        const std::int64_t v = neighbors[static_cast<std::size_t>(e)];
        check_vertex(v, num_vertices, "neighbour");
        if (seen[static_cast<std::size_t>(v)]) continue;
        seen[static_cast<std::size_t>(v)] = true;
        order.vertices.push_back(v);
        order.parents.push_back(u);
      }
    }
    layer = layer_end;
  }
  order.layer_starts.push_back(static_cast<std::int64_t>(order.vertices.size()));
  return order;
}

}  // namespace semibfs::python
