// Tree levels by walking parent pointers with memoisation; cycles found by Brent's algorithm
// (R. P. Brent, "An improved Monte Carlo factorization algorithm", BIT 20, 1980). Every reached
// vertex's parent is stepped to by some walk, so the walks also notice any parent that is out of
// range or unreached; only then is the separate check of every parent pointer run, for its exact
// report. A pass of its own, a random read a vertex, cost half as much as the walks.
#include "validate/tree_levels.hpp"

#include <algorithm>
#include <atomic>
#include <string>
#include <utility>

#include "core/error.hpp"

namespace semibfs {

namespace {

constexpr TreeLevel kUnknownLevel = 0xFFFFFFFE;
constexpr TreeLevel kCyclicLevel = 0xFFFFFFFD;  // on a cycle of parents, or leading into one
static_assert(kDeepestLevel < kCyclicLevel && kCyclicLevel < kUnknownLevel && kUnknownLevel < kUnreachedLevel);

constexpr const char* kRule = "rule 1 (tree rooted at the root): ";

// Levels are shared by all walking threads; every writer of a vertex writes the same value.
TreeLevel load_level(std::vector<TreeLevel>& levels, VertexId v) {
  return std::atomic_ref<TreeLevel>(levels[static_cast<std::size_t>(v)]).load(std::memory_order_relaxed);
}

void store_level(std::vector<TreeLevel>& levels, VertexId v, TreeLevel level) {
  std::atomic_ref<TreeLevel>(levels[static_cast<std::size_t>(v)]).store(level, std::memory_order_relaxed);
}

template <class ParentId>
VertexId parent_of(std::span<const ParentId> parent, VertexId v) {
  return static_cast<VertexId>(parent[static_cast<std::size_t>(v)]);
}

template <class ParentId>
void check_parent_pointer(VertexId v, VertexId root, std::span<const ParentId> parent, FailureLog& failures) {
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

// Rule 1's report on the parent pointers, once the walks have met a bad one.
template <class ParentId>
void check_parent_pointers(VertexId root, std::span<const ParentId> parent, FailureLog& failures) {
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

enum class WalkEnd { kKnownLevel, kFoundCycle, kJoinedCycle, kBadParent };

struct Walk {
  VertexId end = 0;        // first vertex of known level, or a vertex on the cycle found
  std::int64_t steps = 0;  // parent steps from the start to `end`
  WalkEnd kind = WalkEnd::kKnownLevel;
};

// Follows parents up to a vertex of known level; the checkpoint that moves at powers of two (Brent)
// finds a cycle within a small multiple of the path and cycle lengths. Stops at a parent that is
// not a vertex id or is unreached (kBadParent): the walks leave rule 1's report to
// check_parent_pointers.
template <class ParentId>
Walk walk_up(VertexId start, std::span<const ParentId> parent, std::vector<TreeLevel>& levels) {
  const auto num_vertices = static_cast<VertexId>(parent.size());
  VertexId current = start;
  VertexId checkpoint = start;
  std::int64_t steps = 0;
  std::int64_t next_checkpoint_step = 1;
  TreeLevel level = load_level(levels, current);
  while (level == kUnknownLevel) {
    current = parent_of(parent, current);
    ++steps;
    if (current < 0 || current >= num_vertices) return Walk{current, steps, WalkEnd::kBadParent};
    if (current == checkpoint) return Walk{current, steps, WalkEnd::kFoundCycle};
    if (steps == next_checkpoint_step) {
      checkpoint = current;
      next_checkpoint_step *= 2;
    }
    level = load_level(levels, current);
  }
  if (level == kUnreachedLevel) return Walk{current, steps, WalkEnd::kBadParent};
  return Walk{current, steps, level == kCyclicLevel ? WalkEnd::kJoinedCycle : WalkEnd::kKnownLevel};
}

// False when the start lies deeper than kDeepestLevel: the levels past it are clamped there, which
// keeps the walks memoised until tree_levels throws.
template <class ParentId>
bool assign_levels_along(VertexId start, const Walk& walk, std::span<const ParentId> parent,
                         std::vector<TreeLevel>& levels) {
  const std::int64_t end_level = load_level(levels, walk.end);
  VertexId current = start;
  for (std::int64_t steps_left = walk.steps; steps_left > 0; --steps_left) {
    store_level(levels, current, static_cast<TreeLevel>(std::min<std::int64_t>(end_level + steps_left, kDeepestLevel)));
    current = parent_of(parent, current);
  }
  return end_level + walk.steps <= kDeepestLevel;
}

// Marks the path into the cycle and the cycle itself, so later walks stop as soon as they meet them.
template <class ParentId>
void mark_cyclic_along(VertexId start, std::span<const ParentId> parent, std::vector<TreeLevel>& levels) {
  for (VertexId current = start; load_level(levels, current) != kCyclicLevel;
       current = parent_of(parent, current)) {
    store_level(levels, current, kCyclicLevel);
  }
}

struct Cycle {
  VertexId smallest = 0;
  std::int64_t length = 0;
};

template <class ParentId>
Cycle describe_cycle(VertexId on_cycle, std::span<const ParentId> parent) {
  Cycle cycle{on_cycle, 1};
  for (VertexId v = parent_of(parent, on_cycle); v != on_cycle; v = parent_of(parent, v)) {
    cycle.smallest = std::min(cycle.smallest, v);
    ++cycle.length;
  }
  return cycle;
}

template <class ParentId>
void initial_levels(VertexId root, std::span<const ParentId> parent, std::vector<TreeLevel>& levels) {
  const auto num_vertices = static_cast<VertexId>(parent.size());
  levels.resize(parent.size());
#pragma omp parallel for schedule(static)
  for (VertexId v = 0; v < num_vertices; ++v) {
    levels[static_cast<std::size_t>(v)] =
        parent_of(parent, v) == kUnreached ? kUnreachedLevel : kUnknownLevel;
  }
  levels[static_cast<std::size_t>(root)] = 0;
}

struct WalkResults {
  std::vector<Cycle> cycles;  // maybe some twice
  bool too_deep = false;      // a level past kDeepestLevel
  bool bad_parent = false;    // a parent out of range or unreached: the levels mean nothing
};

// Parents this many vertices ahead have their levels asked for: they are read at random.
constexpr VertexId kPrefetchDistance = 16;

template <class ParentId>
void prefetch_parent_level(std::span<const ParentId> parent, const std::vector<TreeLevel>& levels, VertexId v) {
  const auto p = static_cast<std::uint64_t>(parent_of(parent, v));
  if (p >= parent.size()) return;
  __builtin_prefetch(levels.data() + p);
  __builtin_prefetch(parent.data() + p);  // where the walk goes on when the parent's level is unknown
}

// Walks up from every vertex of unknown level in parallel.
template <class ParentId>
WalkResults walk_all(std::span<const ParentId> parent, std::vector<TreeLevel>& levels) {
  const auto num_vertices = static_cast<VertexId>(parent.size());
  WalkResults results;
  bool too_deep = false;
  bool bad_parent = false;
#pragma omp parallel reduction(|| : too_deep, bad_parent)
  {
    std::vector<Cycle> local;
#pragma omp for schedule(dynamic, 1024) nowait
    for (VertexId v = 0; v < num_vertices; ++v) {
      if (v + kPrefetchDistance < num_vertices) prefetch_parent_level(parent, levels, v + kPrefetchDistance);
      if (bad_parent || load_level(levels, v) != kUnknownLevel) continue;
      const Walk walk = walk_up(v, parent, levels);
      if (walk.kind == WalkEnd::kBadParent) {
        bad_parent = true;
      } else if (walk.kind == WalkEnd::kKnownLevel) {
        too_deep = !assign_levels_along(v, walk, parent, levels) || too_deep;
      } else {
        if (walk.kind == WalkEnd::kFoundCycle) local.push_back(describe_cycle(walk.end, parent));
        mark_cyclic_along(v, parent, levels);
      }
    }
#pragma omp critical(semibfs_validate_merge)
    results.cycles.insert(results.cycles.end(), local.begin(), local.end());
  }
  results.too_deep = too_deep;
  results.bad_parent = bad_parent;
  return results;
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

template <class ParentId>
std::vector<TreeLevel> tree_levels(VertexId root, std::span<const ParentId> parent, FailureLog& failures) {
  std::vector<TreeLevel> levels;
  tree_levels(root, parent, failures, levels);
  return levels;
}

template <class ParentId>
void tree_levels(VertexId root, std::span<const ParentId> parent, FailureLog& failures, std::vector<TreeLevel>& levels) {
  WalkResults walks;
  if (parent_of(parent, root) == root) {
    initial_levels(root, parent, levels);
    walks = walk_all(parent, levels);
  }
  if (parent_of(parent, root) != root || walks.bad_parent) {
    check_parent_pointers(root, parent, failures);
    levels.clear();
    return;
  }
  if (walks.too_deep) {
    throw Error("validation: the tree is deeper than " + std::to_string(kDeepestLevel) +
                " levels, the most that 32-bit levels hold");
  }
  report_cycles(root, std::move(walks.cycles), failures);
}

template std::vector<TreeLevel> tree_levels(VertexId, std::span<const std::int64_t>, FailureLog&);
template std::vector<TreeLevel> tree_levels(VertexId, std::span<const std::int32_t>, FailureLog&);
template void tree_levels(VertexId, std::span<const std::int64_t>, FailureLog&, std::vector<TreeLevel>&);
template void tree_levels(VertexId, std::span<const std::int32_t>, FailureLog&, std::vector<TreeLevel>&);

}  // namespace semibfs
