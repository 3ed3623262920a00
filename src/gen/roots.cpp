#include "gen/roots.hpp"

#include <unordered_set>

#include "gen/mrg.hpp"

namespace semibfs {

std::vector<VertexId> pick_bfs_roots(std::uint64_t seed1, std::uint64_t seed2,
                                     std::int64_t num_vertices, int count,
                                     const std::function<bool(VertexId)>& has_edge) {
  // make_random_numbers skips its stream by 2^129 steps, then 2 * position; consecutive
  // candidates read consecutive pairs of doubles, so one stream read in order serves them all.
  MrgState stream = MrgTransition::skip(2, 0, 0).apply(make_mrg_state(seed1, seed2));
  std::vector<VertexId> roots;
  std::unordered_set<VertexId> chosen;
  const auto vertices = static_cast<double>(num_vertices);
  std::uint64_t counter = 0;
  while (static_cast<int>(roots.size()) < count) {
    const double first = stream.next_double();
    const double second = stream.next_double();
    const VertexId candidate = static_cast<VertexId>((first + second) * vertices) % num_vertices;
    counter += 2;
    if (counter > 2 * static_cast<std::uint64_t>(num_vertices)) break;
    if (chosen.contains(candidate) || !has_edge(candidate)) continue;
    chosen.insert(candidate);
    roots.push_back(candidate);
  }
  return roots;
}

}  // namespace semibfs
