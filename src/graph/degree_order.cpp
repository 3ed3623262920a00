#include "graph/degree_order.hpp"

#include <algorithm>

namespace semibfs {

VertexRelabel relabel_by_degree(std::span<const std::uint32_t> degrees) {
  const auto n = static_cast<std::int64_t>(degrees.size());
  std::uint32_t max_degree = 0;
  for (const std::uint32_t degree : degrees) max_degree = std::max(max_degree, degree);
  // first[d]: the first new id of the vertices of degree d, the highest degree first.
  std::vector<std::int64_t> first(static_cast<std::size_t>(max_degree) + 2, 0);
  for (const std::uint32_t degree : degrees) ++first[max_degree - degree + 1];
  for (std::size_t slot = 1; slot < first.size(); ++slot) first[slot] += first[slot - 1];
  VertexRelabel relabel{std::vector<std::uint32_t>(static_cast<std::size_t>(n)),
                        std::vector<std::uint32_t>(static_cast<std::size_t>(n))};
  for (std::int64_t vertex = 0; vertex < n; ++vertex) {
    const auto id = static_cast<std::uint32_t>(first[max_degree - degrees[vertex]]++);
    relabel.new_of[vertex] = id;
    relabel.old_of[id] = static_cast<std::uint32_t>(vertex);
  }
  return relabel;
}

}  // namespace semibfs
