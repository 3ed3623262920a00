// Tree levels by walking parent pointers with memoisation; cycles found by Brent's algorithm
// (R. P. Brent, "An improved Monte Carlo factorization algorithm", BIT 20, 1980).
#include "validate/tree_levels.hpp"

#include <algorithm>
#include <atomic>
#include <utility>

namespace semibfs {

namespace {

constexpr std::int64_t kUnreachedLevel = -1;
constexpr std::int64_t kUnknownLevel = -2;
constexpr std::int64_t kCyclicLevel = -3;  // on a cycle of parents, or leading into one

constexpr const char* kRule = "rule 1 (tree rooted at the root): ";

// Levels are shared by all walking threads; every writer of a vertex writes the same value.
std::int64_t load_level(std::vector<std::int64_t>& levels, VertexId v) {
  return std::atomic_ref<std::int64_t>(levels[static_cast<std::size_t>(v)]).load(std::memory_order_relaxed);
}

void store_level(std::vector<std::int64_t>& levels, VertexId v, std::int64_t level) {
  std::atomic_ref<std::int64_t>(levels[static_cast<std::size_t>(v)]).store(level, std::memory_order_relaxed);
}

VertexId parent_of(std::span<const VertexId> parent, VertexId v) {
  return parent[static_cast<std::size_t>(v)];
}

void check_parent_pointer(VertexId v, VertexId root, std::span<const VertexId> parent, FailureLog& failures) {
  const auto num_vertices = static_cast<VertexId>(parent.size());
  const VertexId p = parent_of(parent, v);
  if (v == root) {
    // Order -1 puts the root's failure first, ahead of its children's.
    if (p == root) return;
    failures.add(1, v, -1, [&] {
      return concatenate(kRule, "root ", root, " has parent ", p, ", but the root must be its own parent");
    });
    return;
  }
  if (p == kUnreached) return;
  if (p < 0 || p >= num_vertices) {
    failures.add(1, v, v, [&] {
      return concatenate(kRule, "vertex ", v, " has parent ", p,
                         ", which is neither -1 (unreached) nor a vertex id in [0, ", num_vertices, ")");
    });
  } else if (parent_of(parent, p) == kUnreached) {
    failures.add(1, v, v, [&] {
      return concatenate(kRule, "vertex ", v, " has parent ", p, ", but vertex ", p,
                         " is unreached (its parent is -1)");
    });
  }
}

// Once this passes, every walk up from a reached vertex stays among reached vertices.
void check_parent_pointers(VertexId root, std::span<const VertexId> parent, FailureLog& failures) {
  const auto num_vertices = static_cast<VertexId>(parent.size());
#pragma omp parallel
  {
    FailureLog local;
#pragma omp for schedule(static) nowait
    for (VertexId v = 0; v < num_vertices; ++v) check_parent_pointer(v, root, parent, local);
#pragma omp critical(semibfs_validate_merge)
    failures.merge(std::move(local));
  }
}

enum class WalkEnd { kKnownLevel, kFoundCycle, kJoinedCycle };

struct Walk {
  VertexId end = 0;        // first vertex of known level, or a vertex on the cycle found
  std::int64_t steps = 0;  // parent steps from the start to `end`
  WalkEnd kind = WalkEnd::kKnownLevel;
};

// Follows parents up to a vertex of known level; the checkpoint that moves at powers of two (Brent)
// finds a cycle within a small multiple of the path and cycle lengths.
Walk walk_up(VertexId start, std::span<const VertexId> parent, std::vector<std::int64_t>& levels) {
  VertexId current = start;
  VertexId checkpoint = start;
  std::int64_t steps = 0;
  std::int64_t next_checkpoint_step = 1;
  while (load_level(levels, current) == kUnknownLevel) {
    current = parent_of(parent, current);
    ++steps;
    if (current == checkpoint) return Walk{current, steps, WalkEnd::kFoundCycle};
    if (steps == next_checkpoint_step) {
      checkpoint = current;
      next_checkpoint_step *= 2;
    }
  }
  const bool cyclic = load_level(levels, current) == kCyclicLevel;
  return Walk{current, steps, cyclic ? WalkEnd::kJoinedCycle : WalkEnd::kKnownLevel};
}

void assign_levels_along(VertexId start, const Walk& walk, std::span<const VertexId> parent,
                         std::vector<std::int64_t>& levels) {
  const std::int64_t end_level = load_level(levels, walk.end);
  VertexId current = start;
  for (std::int64_t steps_left = walk.steps; steps_left > 0; --steps_left) {
    store_level(levels, current, end_level + steps_left);
    current = parent_of(parent, current);
  }
}

// Marks the path into the cycle and the cycle itself, so later walks stop as soon as they meet them.
void mark_cyclic_along(VertexId start, std::span<const VertexId> parent, std::vector<std::int64_t>& levels) {
  for (VertexId current = start; load_level(levels, current) != kCyclicLevel;
       current = parent_of(parent, current)) {
    store_level(levels, current, kCyclicLevel);
  }
}

struct Cycle {
  VertexId smallest = 0;
  std::int64_t length = 0;
};

Cycle describe_cycle(VertexId on_cycle, std::span<const VertexId> parent) {
  Cycle cycle{on_cycle, 1};
  for (VertexId v = parent_of(parent, on_cycle); v != on_cycle; v = parent_of(parent, v)) {
    cycle.smallest = std::min(cycle.smallest, v);
    ++cycle.length;
  }
  return cycle;
}

std::vector<std::int64_t> initial_levels(VertexId root, std::span<const VertexId> parent) {
  const auto num_vertices = static_cast<VertexId>(parent.size());
  std::vector<std::int64_t> levels(parent.size());
#pragma omp parallel for schedule(static)
  for (VertexId v = 0; v < num_vertices; ++v) {
    levels[static_cast<std::size_t>(v)] =
        parent_of(parent, v) == kUnreached ? kUnreachedLevel : kUnknownLevel;
  }
  levels[static_cast<std::size_t>(root)] = 0;
  return levels;
}

// Walks up from every vertex of unknown level in parallel; returns the cycles found (maybe twice).
std::vector<Cycle> walk_all(std::span<const VertexId> parent, std::vector<std::int64_t>& levels) {
  const auto num_vertices = static_cast<VertexId>(parent.size());
  std::vector<Cycle> cycles;
#pragma omp parallel
  {
    std::vector<Cycle> local;
#pragma omp for schedule(dynamic, 1024) nowait
    for (VertexId v = 0; v < num_vertices; ++v) {
      if (load_level(levels, v) != kUnknownLevel) continue;
      const Walk walk = walk_up(v, parent, levels);
      if (walk.kind == WalkEnd::kKnownLevel) {
        assign_levels_along(v, walk, parent, levels);
        continue;
      }
      if (walk.kind == WalkEnd::kFoundCycle) local.push_back(describe_cycle(walk.end, parent));
      mark_cyclic_along(v, parent, levels);
    }
#pragma omp critical(semibfs_validate_merge)
    cycles.insert(cycles.end(), local.begin(), local.end());
  }
  return cycles;
}

void report_cycles(VertexId root, std::vector<Cycle> cycles, FailureLog& failures) {
  std::sort(cycles.begin(), cycles.end(),
            [](const Cycle& a, const Cycle& b) { return a.smallest < b.smallest; });
  const auto same = [](const Cycle& a, const Cycle& b) { return a.smallest == b.smallest; };
  cycles.erase(std::unique(cycles.begin(), cycles.end(), same), cycles.end());
  for (const Cycle& cycle : cycles) {
    failures.add(1, cycle.smallest, cycle.smallest, [&] {
      return concatenate(kRule, "the parents of vertex ", cycle.smallest, " form a cycle of ", cycle.length,
                         " vertices that never reaches the root ", root);
    });
  }
}

}  // namespace

std::vector<std::int64_t> tree_levels(VertexId root, std::span<const VertexId> parent, FailureLog& failures) {
  check_parent_pointers(root, parent, failures);
  if (!failures.empty()) return {};
  std::vector<std::int64_t> levels = initial_levels(root, parent);
  report_cycles(root, walk_all(parent, levels), failures);
  return levels;
}

}  // namespace semibfs
