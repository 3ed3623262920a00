#include "sssp/push_pull_stepping.hpp"

#include <omp.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cmath>
#include <limits>
#include <string>
#include <utility>

#include "core/error.hpp"
#include "core/huge_pages.hpp"
#include "sssp/distance_label.hpp"
#include "sssp/search_labels.hpp"

namespace semibfs {
namespace {

constexpr std::uint32_t kNeverExpanded = UINT32_MAX;  // a NaN's bits: no distance has them
// A bucket's inner edges are relaxed a slice of it at a time, in order: a vertex lowered into a
// later slice waits for it, so fewer are expanded again at a lower distance (as a narrower bucket
// would, without the narrower bucket's pushes and pulls).
constexpr std::size_t kSlicesPerBucket = 5;
// One unsettled vertex in this many is sampled to estimate what a pull would read.
constexpr std::size_t kPullSample = 32;
// A pull reads the entries lighter than the vertex's distance less the bucket's start, widened by
// this much (relative) against the floats' rounding: a wider prefix only reads more.
constexpr double kBoundSlack = 1e-6;
// The frontier's vertices a thread takes at a time (their first reads asked for together).
constexpr std::size_t kBlockVertices = 64;
// How many pulled vertices ahead their lists' first lines are asked for.
constexpr std::size_t kAheadList = 8;

using ThreadState = PushPullThreadLists;

// Files the vertex in its slice's list (ThreadState::buckets holds a list per slice).
void file(ThreadState& thread, NeighborId vertex, std::size_t slice) {
  if (slice >= thread.buckets.size()) thread.buckets.resize(slice + 1);
  thread.buckets[slice].push_back(vertex);
}

// Appends every thread's `part` to `all` and empties them.
void gather(std::vector<ThreadState>& threads, std::vector<NeighborId> ThreadState::*part, std::vector<NeighborId>& all) {
  for (ThreadState& thread : threads) {
    all.insert(all.end(), (thread.*part).begin(), (thread.*part).end());
    (thread.*part).clear();
  }
}

// One search's state and phases over `Lists` (in DRAM or tiered); the kernel's arrays are lent to it.
template <typename Lists>
class Search {
 public:
  Search(const Lists& lists, double delta, std::vector<std::uint64_t>& labels, std::vector<std::uint32_t>& expanded,
         std::vector<NeighborId>& unsettled, std::vector<NeighborId>& frontier, std::vector<NeighborId>& settled,
         std::vector<ThreadState>& threads, std::span<float> nearest)
      : lists_(lists),
        delta_(delta),
        labels_(labels),
        expanded_(expanded),
        unsettled_(unsettled),
        frontier_(frontier),
        settled_(settled),
        threads_(threads),
        nearest_(nearest) {
    threads_.resize(static_cast<std::size_t>(omp_get_max_threads()));
    for (ThreadState& thread : threads_) {  // a search stopped by an exception may leave some
      thread.buckets.clear();
      thread.next.clear();
      thread.settled.clear();
      thread.unsettled.clear();
      thread.tail.reads = 0;
      thread.tail.bytes = 0;
    }
  }

  SsspStats run(VertexId root) {
    file(threads_[0], static_cast<NeighborId>(root), 0);  // slice 0
    SsspStats stats;
    for (std::size_t bucket = next_bucket(0); bucket != kNoBucket; bucket = next_bucket(bucket + 1)) {
      SsspBucketPhase& phase = stats.phases.emplace_back();
      phase.bucket = static_cast<std::int64_t>(bucket);
      do {  // again when a float sum rounded down filed a vertex in the bucket after it was emptied
        empty_bucket(bucket, phase);
        relax_outer_edges(bucket, phase);
      } while (next_bucket(bucket) == bucket);
      count_tail_reads(phase);
      stats.rounds += phase.rounds;
      add_phase_counts(relaxation_totals_, phase);
    }
    stats.buckets = std::ssize(stats.phases);
    stats.edges_relaxed = relaxation_totals_.edges_relaxed;
    stats.light_edges = relaxation_totals_.light_edges;
    stats.distance_updates = relaxation_totals_.distance_updates;
    stats.bytes_read = relaxation_totals_.bytes_read;
    stats.read_requests = relaxation_totals_.read_requests;
    lists_.rethrow_failure();
    return stats;
  }

 private:
  float distance(NeighborId vertex) const {
    return distance_of(std::atomic_ref(labels_[vertex]).load(std::memory_order_relaxed));
  }
  std::size_t bucket_of(float distance) const { return semibfs::bucket_of(distance, delta_); }
  // The slice of a (finite) distance: its bucket's, and the part of the bucket it lies in.
  std::size_t slice_of(float distance) const {
    const std::size_t bucket = bucket_of(distance);
    const double within = (distance - static_cast<double>(bucket) * delta_) * kSlicesPerBucket / delta_;
    return bucket * kSlicesPerBucket + std::min(kSlicesPerBucket - 1, static_cast<std::size_t>(std::max(0.0, within)));
  }
  // The threads' tail reads since the last phase, into `phase`.
  void count_tail_reads(SsspBucketPhase& phase) {
    for (ThreadState& thread : threads_) {
      phase.read_requests += std::exchange(thread.tail.reads, 0);
      phase.bytes_read += std::exchange(thread.tail.bytes, 0);
    }
  }
  // The calling thread's lists, inside a parallel region.
  ThreadState& own_lists() { return threads_[static_cast<std::size_t>(omp_get_thread_num())]; }
  // Distances below this land in the bucket (or, rounded, the next: each is filed by bucket_of).
  float high_of(std::size_t bucket) const { return static_cast<float>(static_cast<double>(bucket + 1) * delta_); }

  // Lowers the vertex's label through `parent` (the distance hint read first, as in DeltaStepping).
  bool lower(NeighborId vertex, float distance, NeighborId parent) {
    return lower_label_with_hint(labels_[vertex], nearest_[vertex], distance, parent);
  }

  // The least bucket from `from` on that a thread filed a vertex in, kNoBucket when none.
  std::size_t next_bucket(std::size_t from) const {
    std::size_t least = kNoBucket;
    for (const ThreadState& thread : threads_) {
      for (std::size_t s = from * kSlicesPerBucket; s < std::min(least, thread.buckets.size()); ++s) {
        if (thread.buckets[s].empty()) continue;
        least = s;
        break;
      }
    }
    return least == kNoBucket ? kNoBucket : least / kSlicesPerBucket;
  }

  // Rounds through the inner edges, a slice at a time, until no distance in the bucket falls;
  // settled_ then holds the bucket's vertices, their distances final.
  void empty_bucket(std::size_t bucket, SsspBucketPhase& phase) {
    for (std::size_t slice = bucket * kSlicesPerBucket; slice < (bucket + 1) * kSlicesPerBucket; ++slice) {
      frontier_.clear();
      for (ThreadState& thread : threads_) {
        if (slice >= thread.buckets.size()) continue;
        frontier_.insert(frontier_.end(), thread.buckets[slice].begin(), thread.buckets[slice].end());
        // Its room freed, not kept: kept, slice by slice the largest of every search so far added
        // up to more than one search holds (16 MiB more after 32 searches at SCALE 20).
        std::vector<NeighborId>().swap(thread.buckets[slice]);
      }
      while (!frontier_.empty()) {
        ++phase.rounds;
        expand_frontier(slice, high_of(bucket), phase);
        frontier_.clear();
        gather(threads_, &ThreadState::next, frontier_);
      }
    }
    settled_.clear();
    gather(threads_, &ThreadState::settled, settled_);
  }

  // One round over the frontier of `slice`; `high` is the end of its bucket. The claimed vertices
  // are those of the frontier in the slice not yet expanded at their distance.
  void expand_frontier(std::size_t slice, float high, SsspBucketPhase& phase) {
    const std::size_t size = frontier_.size();
    const std::size_t blocks = (size + kBlockVertices - 1) / kBlockVertices;
    std::int64_t relaxed = 0;
    std::int64_t updates = 0;
#pragma omp parallel reduction(+ : relaxed, updates)
    {
      ThreadState& own = own_lists();
#pragma omp for schedule(dynamic, 1) nowait
      for (std::size_t b = 0; b < blocks; ++b) {
        const std::size_t first = b * kBlockVertices;
        const std::span<const NeighborId> block(frontier_.data() + first, std::min(kBlockVertices, size - first));
        // A frontier is in no order and holds vertices listed at an older distance: each vertex's
        // label and mark start with a miss, asked for together for the block; then the offsets
        // and list starts of the vertices claimed alone.
        for (const NeighborId vertex : block) {
          __builtin_prefetch(&labels_[vertex]);
          __builtin_prefetch(&expanded_[vertex], 1);
        }
        std::array<Claimed, kBlockVertices> claimed;
        std::size_t count = 0;
        for (const NeighborId vertex : block) {
          const float base = distance(vertex);
          if (!claim(vertex, base, slice, own)) continue;
          lists_.prefetch_offsets(vertex);
          claimed[count++] = {vertex, base};
        }
        for (std::size_t k = 0; k < count; ++k) lists_.prefetch_list(claimed[k].vertex);
        for (std::size_t k = 0; k < count; ++k) expand_inner(claimed[k], slice, high, own, relaxed, updates);
      }
    }
    phase.edges_relaxed += relaxed;
    phase.light_edges += relaxed;  // an inner edge is lighter than delta
    phase.distance_updates += updates;
  }

  // Whether the vertex, at distance `base`, is to be expanded: it is in the slice and no thread
  // expanded it at its distance yet (each lowering lists it once more). The first time, it joins
  // the bucket's settled vertices.
  bool claim(NeighborId vertex, float base, std::size_t slice, ThreadState& own) {
    if (slice_of(base) != slice) return false;  // expanded in an earlier slice
    const auto bits = std::bit_cast<std::uint32_t>(base);
    // A load and a store, not an exchange: two threads that expand a vertex at once at one distance
    // both relax its inner edges (the second lowers nothing), which costs less than a locked
    // instruction per vertex.
    std::atomic_ref mark(expanded_[vertex]);
    const std::uint32_t was = mark.load(std::memory_order_relaxed);
    if (was == bits) return false;
    mark.store(bits, std::memory_order_relaxed);
    if (was == kNeverExpanded) own.settled.push_back(vertex);
    return true;
  }

  // A claimed vertex and the distance it was claimed at.
  struct Claimed {
    NeighborId vertex;
    float base;
  };
  // Relaxes the claimed vertex's edges that land in its bucket (below `high`).
  void expand_inner(Claimed claimed, std::size_t slice, float high, ThreadState& own, std::int64_t& relaxed,
                    std::int64_t& updates) {
    const NeighborId vertex = claimed.vertex;  // not a structured binding: clang 14 refuses one captured by a lambda
    const float base = claimed.base;
    // The rest land in later buckets.
    const auto inner = [&](float weight) { return base + weight < high; };
    lists_.walk(vertex, own.tail, inner, [&](const WeightedEntry& entry) {
      const float reached = base + entry.weight;
      ++relaxed;
      if (!lower(entry.neighbor, reached, vertex)) return;
      ++updates;
      const std::size_t at = slice_of(reached);
      if (at == slice) {
        own.next.push_back(entry.neighbor);
      } else {
        file(own, entry.neighbor, at);
      }
    });
  }

  // The bucket's settled vertices' other edges, pushed or pulled (whichever costs less: the entries
  // read, and with tiered lists, the tails' reads).
  void relax_outer_edges(std::size_t bucket, SsspBucketPhase& phase) {
    std::int64_t push_cost = 0;
#pragma omp parallel for schedule(static) reduction(+ : push_cost)
    for (std::size_t i = 0; i < settled_.size(); ++i) push_cost += lists_.push_cost(settled_[i]);
    if (pull_pays(bucket, push_cost)) {
      phase.pulled = true;
      pull(bucket, phase);
    } else {
      push(bucket, phase);
    }
  }

  // How many vertices a pull visits: those the last pull found unsettled, or at first every vertex.
  std::size_t pull_candidates() const {
    return listed_ ? unsettled_.size() : static_cast<std::size_t>(lists_.num_vertices());
  }
  NeighborId pull_candidate(std::size_t i) const { return listed_ ? unsettled_[i] : static_cast<NeighborId>(i); }
  // Whether a pull reads the vertex's list: it has one and is not settled.
  bool pulls(NeighborId vertex, std::size_t bucket) const {
    return lists_.has_list(vertex) && bucket_of(distance(vertex)) > bucket;  // unreached: kNoBucket
  }

  // Whether pulling would cost less than `push_cost`: a pull visits every candidate, and a sample of
  // them is pulled without writing (each costs 1, the entries it reads and its tails' reads).
  bool pull_pays(std::size_t bucket, std::int64_t push_cost) {
    const std::size_t candidates = pull_candidates();
    if (push_cost <= static_cast<std::int64_t>(candidates)) return false;
    const TailCounts before = tail_counts();
    settle_hints();
    const double low = static_cast<double>(bucket) * delta_;
    const float high = high_of(bucket);
    std::int64_t sampled = 0;
#pragma omp parallel for schedule(static) reduction(+ : sampled)
    for (std::size_t i = 0; i < candidates; i += kPullSample) {
      const NeighborId vertex = pull_candidate(i);
      sampled += 1 + (pulls(vertex, bucket) ? pull_one(vertex, low, high, own_lists().tail).read : 0);
    }
    const TailCounts after = tail_counts();
    sampled += tail_read_cost((after.bytes - before.bytes) / static_cast<std::int64_t>(sizeof(WeightedEntry)),
                              after.reads - before.reads);
    return sampled * static_cast<std::int64_t>(kPullSample) < push_cost;
  }
  struct TailCounts {
    std::int64_t reads = 0;
    std::int64_t bytes = 0;
  };
  TailCounts tail_counts() const {
    TailCounts counts;
    for (const ThreadState& thread : threads_) {
      counts.reads += thread.tail.reads;
      counts.bytes += thread.tail.bytes;
    }
    return counts;
  }

  // The hints of the bucket's settled vertices made their distances, which a pull reads.
  void settle_hints() {
#pragma omp parallel for schedule(static)
    for (std::size_t i = 0; i < settled_.size(); ++i) {
      std::atomic_ref(nearest_[settled_[i]]).store(distance(settled_[i]), std::memory_order_relaxed);
    }
  }

  void push(std::size_t bucket, SsspBucketPhase& phase) {
    const float high = high_of(bucket);
    std::int64_t relaxed = 0;
    std::int64_t updates = 0;
#pragma omp parallel reduction(+ : relaxed, updates)
    {
      ThreadState& own = own_lists();
#pragma omp for schedule(dynamic, 64) nowait
      for (std::size_t i = 0; i < settled_.size(); ++i) {
        const NeighborId vertex = settled_[i];
        const float base = distance(vertex);
        lists_.walk(
            vertex, own.tail, [](float) { return true; },
            [&](const WeightedEntry& entry) {
              const float reached = base + entry.weight;
              if (reached < high) return;  // relaxed as an inner edge
              ++relaxed;
              if (!lower(entry.neighbor, reached, vertex)) return;
              ++updates;
              file(own, entry.neighbor, slice_of(reached));
            });
      }
    }
    phase.edges_relaxed += relaxed;
    phase.distance_updates += updates;
  }

  // Each unsettled vertex takes its best distance through a neighbour settled in the bucket; the
  // settled ones leave the candidates. A vertex's label is written only by the thread that pulls it.
  void pull(std::size_t bucket, SsspBucketPhase& phase) {
    const double low = static_cast<double>(bucket) * delta_;
    const float high = high_of(bucket);
    const std::size_t candidates = pull_candidates();
    std::int64_t relaxed = 0;
    std::int64_t updates = 0;
#pragma omp parallel reduction(+ : relaxed, updates)
    {
      ThreadState& own = own_lists();
#pragma omp for schedule(dynamic, 1024) nowait
      for (std::size_t i = 0; i < candidates; ++i) {
        // Each reads a short prefix at its own place: the next lists' first lines asked for ahead.
        if (i + kAheadList < candidates) lists_.prefetch_list(pull_candidate(i + kAheadList));
        const NeighborId vertex = pull_candidate(i);
        if (!pulls(vertex, bucket)) continue;
        own.unsettled.push_back(vertex);
        const Pulled pulled = pull_one(vertex, low, high, own.tail);
        relaxed += pulled.read;
        if (!pulled.lowered) continue;
        std::atomic_ref(labels_[vertex]).store(pack_label(pulled.best, pulled.parent), std::memory_order_relaxed);
        std::atomic_ref(nearest_[vertex]).store(pulled.best, std::memory_order_relaxed);
        ++updates;
        file(own, vertex, slice_of(pulled.best));
      }
    }
    unsettled_.clear();  // each thread's part in id order
    gather(threads_, &ThreadState::unsettled, unsettled_);
    listed_ = true;
    phase.edges_relaxed += relaxed;
    phase.distance_updates += updates;
  }

  struct Pulled {
    float best;
    NeighborId parent;
    bool lowered;
    std::int64_t read;  // list entries
  };
  // The vertex's best distance through a neighbour settled in the bucket starting at `low`: its
  // list's prefix lighter than its distance less `low` read (all of it while unreached), the bound
  // narrowing as the distance falls. Writes nothing but the reader's buffer.
  Pulled pull_one(NeighborId vertex, double low, float high, TailReader& reader) const {
    Pulled pulled{distance(vertex), 0, false, 0};
    double bound = pulled.best - low + kBoundSlack * (1.0 + pulled.best);
    std::int64_t read = 0;
    lists_.walk(
        vertex, reader, [&bound](float weight) { return weight < bound; },
        [&](const WeightedEntry& entry) {
          ++read;
          const float through = std::atomic_ref(nearest_[entry.neighbor]).load(std::memory_order_relaxed);
          if (!(through < high)) return;  // not settled
          const float reached = through + entry.weight;
          if (!(reached < pulled.best)) return;
          pulled = {reached, entry.neighbor, true, 0};
          bound = reached - low + kBoundSlack * (1.0 + reached);
        });
    pulled.read = read;
    return pulled;
  }

  const Lists& lists_;
  double delta_;
  std::vector<std::uint64_t>& labels_;
  std::vector<std::uint32_t>& expanded_;
  std::vector<NeighborId>& unsettled_;
  std::vector<NeighborId>& frontier_;
  std::vector<NeighborId>& settled_;
  std::vector<ThreadState>& threads_;
  std::span<float> nearest_;
  bool listed_ = false;  // unsettled_ holds the candidates of the next pull (it may be empty)
  SsspBucketPhase relaxation_totals_;
};

}  // namespace

PushPullStepping::PushPullStepping(const WeightOrderedLists& lists, SsspOptions options)
    : in_dram_(&lists), options_(with_default_delta(options, kDefaultPrunedDelta)) {
  allocate(lists.num_vertices());
}

PushPullStepping::PushPullStepping(const TieredWeightOrderedLists& lists, SsspOptions options)
    : tiered_(&lists), options_(with_default_delta(options, kDefaultPrunedDelta)) {
  allocate(lists.num_vertices());
}

void PushPullStepping::allocate(std::int64_t vertices) {
  check_delta_option(options_, "delta-stepping");
  const auto n = static_cast<std::size_t>(vertices);
  // Read and written at random by every relaxation: in 2 MiB pages (core/huge_pages.hpp).
  assign_in_huge_pages(labels_, n);
  assign_in_huge_pages(expanded_, n);
  assign_in_huge_pages(hints_, n);
  unsettled_.reserve(n);
  frontier_.reserve(std::max<std::size_t>(n, 1));
}

std::int64_t PushPullStepping::status_bytes() const {
  std::size_t entries = unsettled_.capacity() + frontier_.capacity() + settled_.capacity();
  for (const ThreadState& thread : threads_) {
    for (const std::vector<NeighborId>& bucket : thread.buckets) entries += bucket.capacity();
    entries += thread.next.capacity() + thread.settled.capacity() + thread.unsettled.capacity();
  }
  return static_cast<std::int64_t>(labels_.size() * sizeof(std::uint64_t) + expanded_.size() * sizeof(std::uint32_t) +
                                   hints_.size() * sizeof(float) + entries * sizeof(NeighborId));
}

template <typename ParentId>
SsspStats PushPullStepping::run_into(VertexId root, std::span<float> distance, std::span<ParentId> parent) {
  const auto n = static_cast<std::int64_t>(labels_.size());
  check_search_arrays(labels_, root, distance.size(), parent.size());
#pragma omp parallel for schedule(static)
  for (std::int64_t v = 0; v < n; ++v) {
    start_label(labels_, hints_, v);
    expanded_[v] = kNeverExpanded;
  }
  const auto search = [&](const auto& lists) {
    const NeighborId start = lists.copy_id(root);
    start_root(labels_, hints_, start);
    const SsspStats stats =
        Search(lists, *options_.delta, labels_, expanded_, unsettled_, frontier_, settled_, threads_, hints_)
            .run(start);
    write_search_result<ParentId>(
        labels_, distance, parent, [&lists](std::int64_t v) { return lists.copy_id(v); },
        [&lists](std::uint32_t p) { return lists.graph_id(p); });  // the labels in the copy's ids
    return stats;
  };
  return in_dram_ != nullptr ? search(*in_dram_) : search(*tiered_);
}

SsspStats PushPullStepping::run(VertexId root, std::span<float> distance, std::span<std::int32_t> parent) {
  return run_into(root, distance, parent);
}

SsspStats PushPullStepping::run(VertexId root, std::span<float> distance, std::span<std::int64_t> parent) {
  return run_into(root, distance, parent);
}

}  // namespace semibfs
