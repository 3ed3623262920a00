#include "validate/sssp_validator.hpp"

#include <atomic>
#include <cmath>
#include <string>
#include <vector>

#include "core/bitmap.hpp"
#include "core/error.hpp"
#include "validate/failure_log.hpp"

namespace semibfs {
namespace {

bool has_distance(float distance) { return std::isfinite(distance) && distance >= 0; }

// Rule 1, vertex by vertex.
template <class ParentId>
void check_labels(VertexId root, std::span<const float> distance, std::span<const ParentId> parent,
                  FailureLog& failures) {
  const auto n = static_cast<VertexId>(parent.size());
  if (parent[root] != root || distance[root] != 0.0F) {
    failures.add(1, root, root, [&] {
      return concatenate("rule 1 (the root is its own parent at distance 0): root ", root, " has parent ",
                         static_cast<VertexId>(parent[root]), " and distance ", distance[root]);
    });
  }
#pragma omp parallel
  {
    FailureLog own;
#pragma omp for schedule(static) nowait
    for (VertexId v = 0; v < n; ++v) {
      const VertexId p = parent[v];
      if ((p < 0 && p != kUnreached) || p >= n || (p == kUnreached) == has_distance(distance[v])) {
        own.add(1, v, v, [&] {
          return concatenate("rule 1 (a parent in range exactly where a distance is): vertex ", v, " has parent ", p,
                             " and distance ", distance[v]);
        });
      }
    }
#pragma omp critical
    failures.merge(std::move(own));
  }
}

// What the edge pass learns: the TEPS numerator and which vertices have their parent edge.
struct EdgeEvidence {
  std::int64_t nedge = 0;
  Bitmap parent_edge_seen;
};

template <class ParentId>
struct Labels {
  std::span<const float> distance;
  std::span<const ParentId> parent;
  bool directed = false;  // each tuple the edge v0 -> v1 only
};

// Rules 3 and 4 for one tuple, and rule 2's evidence: `to` is confirmed when `from` is its parent
// and the weight is the difference of their distances.
template <class ParentId>
void check_edge(std::int64_t edge, VertexId from, VertexId to, float weight, const Labels<ParentId>& labels,
                EdgeEvidence& evidence, FailureLog& failures) {
  const float from_distance = labels.distance[from], to_distance = labels.distance[to];
  // Directed, an edge into the reached set from outside it is allowed: nothing leaves the unreached.
  if (labels.directed && !has_distance(from_distance)) return;
  if (has_distance(from_distance) != has_distance(to_distance)) {
    const VertexId unreached = has_distance(from_distance) ? to : from;
    failures.add(4, unreached, edge, [&] {
      return concatenate("rule 4 (reached exactly where BFS reaches): input edge ", edge, " joins vertex ", from,
                         " and vertex ", to, ", one reached and one not");
    });
    return;
  }
  if (!has_distance(from_distance)) return;
  const float through = from_distance + weight;  // in float, as the reference sums it
  if (through < to_distance) {
    failures.add(3, to, edge, [&] {
      return concatenate("rule 3 (no edge shortens a distance): input edge ", edge, " from vertex ", from,
                         " at distance ", from_distance, " with weight ", weight, " reaches vertex ", to,
                         " below its distance ", to_distance);
    });
  }
  if (labels.parent[to] == from && through == to_distance) evidence.parent_edge_seen.set_atomic(to);
}

template <class ParentId>
EdgeEvidence scan_weighted_edges(const EdgeSource& edges, const EdgeWeightSource& weight_source,
                                 const Labels<ParentId>& labels, FailureLog& failures) {
  EdgeEvidence evidence{0, Bitmap(static_cast<std::int64_t>(labels.parent.size()))};
  edges.for_each_chunk([&](std::span<const CompactEdge> chunk, std::int64_t first_index) {
    const std::span<const float> weights = weight_source.weights(first_index, static_cast<std::int64_t>(chunk.size()));
    std::int64_t nedge = 0;
#pragma omp parallel reduction(+ : nedge)
    {
      FailureLog own;
#pragma omp for schedule(static) nowait
      for (std::size_t k = 0; k < chunk.size(); ++k) {
        const VertexId u = chunk[k].v0(), v = chunk[k].v1();
        if (u == v) continue;
        const std::int64_t edge = first_index + static_cast<std::int64_t>(k);
        check_edge(edge, u, v, weights[k], labels, evidence, own);
        if (!labels.directed) check_edge(edge, v, u, weights[k], labels, evidence, own);
        if (has_distance(labels.distance[u]) && has_distance(labels.distance[v])) ++nedge;
      }
#pragma omp critical
      failures.merge(std::move(own));
    }
    evidence.nedge += nedge;
  });
  return evidence;
}

// Rule 2: every reached vertex but the root had its parent edge confirmed by the pass.
template <class ParentId>
void check_parent_edges(VertexId root, const Labels<ParentId>& labels, const Bitmap& seen, FailureLog& failures) {
  const auto n = static_cast<VertexId>(labels.parent.size());
#pragma omp parallel
  {
    FailureLog own;
#pragma omp for schedule(static) nowait
    for (VertexId v = 0; v < n; ++v) {
      if (v == root || labels.parent[v] == kUnreached || seen.test(v)) continue;
      own.add(2, v, v, [&] {
        return concatenate("rule 2 (a parent edge of weight the distance difference): no input edge joins vertex ", v,
                           " at distance ", labels.distance[v], " to its parent ",
                           static_cast<VertexId>(labels.parent[v]), " at distance ",
                           labels.distance[labels.parent[v]], " with that weight");
      });
    }
#pragma omp critical
    failures.merge(std::move(own));
  }
}

}  // namespace

SsspValidator::SsspValidator(const EdgeSource& edges, std::span<const float> weights, GraphDirection direction)
    : edges_(edges),
      owned_weights_(std::make_unique<InMemoryEdgeWeights>(weights)),
      weights_(*owned_weights_),
      direction_(direction) {
  check_weight_count();
}

SsspValidator::SsspValidator(const EdgeSource& edges, const EdgeWeightSource& weights, GraphDirection direction)
    : edges_(edges), weights_(weights), direction_(direction) {
  check_weight_count();
}

void SsspValidator::check_weight_count() const {
  if (weights_.num_edges() != edges_.num_edges()) {
    throw Error("SSSP validation: " + std::to_string(weights_.num_edges()) + " weights for " +
                std::to_string(edges_.num_edges()) + " edges");
  }
}

template <class ParentId>
ValidationReport SsspValidator::validate_any(VertexId root, std::span<const float> distance,
                                             std::span<const ParentId> parent) const {
  const std::int64_t n = edges_.num_vertices();
  if (std::ssize(distance) != n || std::ssize(parent) != n) {
    throw Error("SSSP validation: the distances and parents need one entry per vertex (" + std::to_string(n) + ")");
  }
  if (root < 0 || root >= n) throw Error("SSSP validation: root " + std::to_string(root) + " is not a vertex");
  FailureLog failures;
  ValidationReport report;
  check_labels(root, distance, parent, failures);
  if (failures.empty()) {
    const Labels<ParentId> labels{distance, parent, direction_ == GraphDirection::kDirected};
    const EdgeEvidence evidence = scan_weighted_edges(edges_, weights_, labels, failures);
    check_parent_edges(root, labels, evidence.parent_edge_seen, failures);
    report.nedge = evidence.nedge;
  }
  failures.move_into(report);
  return report;
}

ValidationReport SsspValidator::validate(VertexId root, std::span<const float> distance,
                                         std::span<const std::int32_t> parent) const {
  return validate_any(root, distance, parent);
}

ValidationReport SsspValidator::validate(VertexId root, std::span<const float> distance,
                                         std::span<const std::int64_t> parent) const {
  return validate_any(root, distance, parent);
}

std::int64_t SsspValidator::working_bytes() const {
  return Bitmap::words_for(edges_.num_vertices()) * static_cast<std::int64_t>(sizeof(Bitmap::Word)) +
         weights_.buffer_bytes();
}

}  // namespace semibfs
