#include "sssp/delta_stepping.hpp"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

#include "core/error.hpp"
#include "core/huge_pages.hpp"
#include "core/parallel_errors.hpp"
#include "sssp/distance_label.hpp"
#include "sssp/search_labels.hpp"

namespace semibfs {
namespace {

constexpr std::uint32_t kNeverExpanded = UINT32_MAX;  // a NaN's bits: no distance has them
// A thread's own current bucket below this size is emptied at once, without a round (gapbs's
// bucket fusion, kBinSizeThreshold).
constexpr std::size_t kFusionLimit = 1000;

// What the threads share between rounds. The proposals and the sizes of the next frontier are
// double-buffered by round parity, so that a round needs three barriers: one after proposing the
// next bucket, one after reserving places in the frontier, one after filling it; a round resets
// the slots of the other parity, which no thread reads or writes until the next round.
struct Rounds {
  std::size_t bucket = 0;  // the bucket the frontier holds
  std::size_t frontier_size = 1;
  std::atomic<std::size_t> next_bucket[2] = {kNoBucket, kNoBucket};  // the least non-empty bucket of any thread
  std::atomic<std::size_t> next_frontier_size[2] = {0, 0};
  // The least non-empty bucket after a finished bucket's deferred heavy edges were relaxed.
  std::atomic<std::size_t> next_after_deferred[2] = {kNoBucket, kNoBucket};
};

void propose_next_bucket(const std::vector<std::vector<NeighborId>>& buckets, std::size_t from,
                         std::atomic<std::size_t>& next_bucket) {
  for (std::size_t b = from; b < buckets.size(); ++b) {
    if (buckets[b].empty()) continue;
    std::size_t current = next_bucket.load(std::memory_order_relaxed);
    while (b < current && !next_bucket.compare_exchange_weak(current, b)) {
    }
    return;
  }
}

// A thread's share of each bucket's phase: what it counted since the phase began.
class ThreadPhases {
 public:
  void count_round() { ++rounds_; }
  // The phase of `bucket` ends: its counts are those of `own` and the reader's since the last end.
  template <typename Reader>
  void end_phase(std::size_t bucket, const SsspStats& own, const Reader& reader) {
    SsspBucketPhase now = relaxation_counts(own);  // the reader's reads: own's are set when the search ends
    now.bytes_read = reader.bytes_read();
    now.read_requests = reader.read_requests();
    SsspBucketPhase& phase = phases_.emplace_back();
    phase.bucket = static_cast<std::int64_t>(bucket);
    phase.rounds = rounds_;
    add_counts_between(phase, start_, now);
    start_ = now;
    rounds_ = 0;
  }
  // Adds this thread's phases to the search's; every thread saw the same buckets in the same order.
  void add_to(std::vector<SsspBucketPhase>& total) const {
    if (total.empty()) {
      total = phases_;
      return;
    }
    for (std::size_t i = 0; i < phases_.size(); ++i) add_phase_counts(total[i], phases_[i]);
  }

 private:
  std::vector<SsspBucketPhase> phases_;
  SsspBucketPhase start_;  // the counts when the phase began
  std::int64_t rounds_ = 0;
};

void add_stats(SsspStats& total, const SsspStats& part, const ThreadPhases& phases) {
#pragma omp critical(semibfs_delta_stepping_stats)
  {
    total.edges_relaxed += part.edges_relaxed;
    total.light_edges += part.light_edges;
    total.distance_updates += part.distance_updates;
    total.bytes_read += part.bytes_read;
    total.read_requests += part.read_requests;
    phases.add_to(total.phases);
  }
}

// Which of a list's edges an expansion relaxes: light ones weigh less than delta (they may land in
// the bucket being emptied), heavy ones delta or more (they land in a later one).
enum class Edges { kAll, kLight, kHeavy };

// What the threads of one search share: the labels, the frontier and the bucket rule.
struct SearchContext {
  std::vector<std::uint64_t>& labels;
  std::vector<NeighborId>& frontier;
  std::vector<std::uint32_t>& expanded;  // the distance bits each vertex was last expanded at
  // Per vertex at least its label's distance (a label's distance once, and labels only fall): read
  // first, so that an entry that cannot shorten a distance, most of them, reads 4 bytes at random
  // instead of the 8 of a label.
  std::span<float> nearest;
  // Per vertex 1 while its heavy edges wait for the end of its bucket (set by the thread that lists
  // it, cleared when relaxed); empty when the lists defer none (in DRAM).
  std::vector<std::uint8_t>& deferred;
  double delta;
  // The first exception a thread's work threw, kept for after the parallel region (one must not
  // leave it); once there is one, the other threads' work stops and the search ends at the
  // round's end.
  ParallelErrors& errors;
  template <typename Reader, typename Work>
  void unless_failed(Work&& work) const {
    if constexpr (!std::is_same_v<Reader, TieredWeightedLists::Reader>) {
      work();  // lists in DRAM read no file (and the capture would cost their loops)
    } else if (!errors.failed()) {
      errors.capture(work);
    }
  }
  // The one rule that puts a distance in a bucket, for the pushes and the frontier's check alike.
  std::size_t bucket_of(float distance) const { return semibfs::bucket_of(distance, delta); }
  // Whether the vertex is to be expanded now: it is in bucket `bucket` or later (one listed again
  // after a shorter path put it in an earlier bucket was expanded there), and no thread expanded
  // it at its distance yet (each lowering pushes it once more: a second expansion at the same
  // distance relaxes nothing, but would read a tail on disk again).
  bool claim(NeighborId vertex, std::size_t bucket) const {
    const float distance = distance_of(std::atomic_ref(labels[vertex]).load(std::memory_order_relaxed));
    if (bucket_of(distance) < bucket) return false;
    const auto bits = std::bit_cast<std::uint32_t>(distance);
    return std::atomic_ref(expanded[vertex]).exchange(bits, std::memory_order_relaxed) != bits;
  }
};

using Buckets = std::vector<std::vector<NeighborId>>;

// Lowers the labels of the vertex's neighbours through it; each lowered one goes to the bucket of
// its new distance.
template <Edges kEdges, typename Reader>
void relax(const SearchContext& context, Reader& reader, VertexId vertex, Buckets& buckets, SsspStats& stats) {
  const float base = distance_of(std::atomic_ref(context.labels[vertex]).load(std::memory_order_relaxed));
  const auto delta = static_cast<float>(context.delta);
  std::int64_t light = 0;
  const auto lower = [&](NeighborId neighbor, float weight) {
    light += weight < delta ? 1 : 0;
    if constexpr (kEdges == Edges::kHeavy) {
      if (weight < delta) return;
    }
    const float distance = base + weight;
    if (!lower_label_with_hint(context.labels[neighbor], context.nearest[neighbor], distance,
                               static_cast<std::uint32_t>(vertex))) {
      return;
    }
    const auto bucket = context.bucket_of(distance);
    if (bucket >= buckets.size()) buckets.resize(bucket + 1);
    buckets[bucket].push_back(neighbor);
    ++stats.distance_updates;
  };
  if constexpr (kEdges == Edges::kLight) {
    reader.for_each_light(vertex, [&](NeighborId neighbor, float weight) {
      ++stats.edges_relaxed;
      lower(neighbor, weight);
    });
  } else {
    stats.edges_relaxed += reader.for_each(vertex, lower);
  }
  stats.light_edges += light;
}

// Relaxes through each of `vertices`, their lists' tails read ahead together (Reader::prepare, which
// may reorder them).
template <Edges kEdges, typename Reader>
void relax_all(const SearchContext& context, Reader& reader, std::span<NeighborId> vertices, Buckets& buckets,
               SsspStats& stats) {
  reader.prepare(vertices);
  for (const NeighborId vertex : vertices) relax<kEdges>(context, reader, vertex, buckets, stats);
}

// A thread's claimed vertices of a block: those whose every edge it relaxes now, and those whose
// heavy edges wait (Reader::defers_heavy); and the vertices whose heavy edges wait for the end of
// the bucket that this thread listed.
struct ThreadBlocks {
  std::vector<NeighborId> all;
  std::vector<NeighborId> light;
  std::vector<NeighborId> deferred;
};

// The vertices of `candidates` that this thread claims (SearchContext::claim), into `blocks`. Their
// labels and expanded distances, at random places, are asked for first, all together.
template <typename Reader>
void claim_block(const SearchContext& context, const Reader& reader, std::span<const NeighborId> candidates,
                 std::size_t bucket, ThreadBlocks& blocks) {
  for (const NeighborId vertex : candidates) {
    __builtin_prefetch(&context.labels[vertex]);
    __builtin_prefetch(&context.expanded[vertex], 1);
  }
  blocks.all.clear();
  blocks.light.clear();
  for (const NeighborId vertex : candidates) {
    if (!context.claim(vertex, bucket)) continue;
    if constexpr (Reader::kMayDeferHeavy) {
      if (reader.defers_heavy(vertex)) {
        blocks.light.push_back(vertex);
        continue;
      }
    }
    blocks.all.push_back(vertex);
  }
}

// Expands the claimed vertices of `candidates`: most relax every edge; one whose light edges are all
// in DRAM (a hub with a tail on disk) relaxes those alone, each time it is lowered in its bucket,
// and is listed for its heavy edges at the end of the bucket, when its distance is final: its tail
// is then read once a search, not once a lowering.
template <typename Reader>
void expand_block(const SearchContext& context, Reader& reader, std::span<const NeighborId> candidates,
                  std::size_t bucket, ThreadBlocks& blocks, Buckets& buckets, SsspStats& stats) {
  claim_block(context, reader, candidates, bucket, blocks);
  relax_all<Edges::kAll>(context, reader, blocks.all, buckets, stats);
  if constexpr (Reader::kMayDeferHeavy) {
    for (const NeighborId vertex : blocks.light) {
      relax<Edges::kLight>(context, reader, vertex, buckets, stats);
      if (std::atomic_ref(context.deferred[vertex]).exchange(1, std::memory_order_relaxed) == 0) {
        blocks.deferred.push_back(vertex);
      }
    }
  }
}

// Relaxes the heavy edges of the vertices every thread listed as deferred in the bucket just
// emptied, their distances now final, a block at a time shared out among the threads. The
// relaxations land in later buckets (a float sum rounded down may land one in this bucket, which
// the caller's next proposal then finds). The vertices are taken in id order, the order of their
// tails in the store's files, so that a block's tails lie together and its reads merge into few long
// ones (in the order listed, every block's tails were spread over the whole file and each tail took
// a request of its own). Every thread calls it; ends with a barrier.
template <typename Reader>
void relax_deferred(const SearchContext& context, Reader& reader, const std::vector<ThreadBlocks*>& threads,
                    std::vector<NeighborId>& in_order, Buckets& buckets, SsspStats& stats) {
#pragma omp single
  {
    in_order.clear();
    for (const ThreadBlocks* thread : threads) in_order.insert(in_order.end(), thread->deferred.begin(), thread->deferred.end());
    std::sort(in_order.begin(), in_order.end());
  }
  // At least a block a thread, all of a size: a bucket's last hubs are often fewer than a block.
  const std::size_t blocks = std::max((in_order.size() + Reader::kBlockVertices - 1) / Reader::kBlockVertices,
                                      static_cast<std::size_t>(omp_get_num_threads()));
  const std::size_t block_vertices = (in_order.size() + blocks - 1) / blocks;
#pragma omp for schedule(dynamic, 1)
  for (std::size_t b = 0; b < blocks; ++b) {
    // Blocks are disjoint pieces of the shared list, so each thread may use its own in place.
    const std::size_t first = std::min(in_order.size(), b * block_vertices);
    const std::span<NeighborId> block =
        std::span(in_order).subspan(first, std::min(block_vertices, in_order.size() - first));
    for (const NeighborId vertex : block) std::atomic_ref(context.deferred[vertex]).store(0, std::memory_order_relaxed);
    context.unless_failed<Reader>([&] { relax_all<Edges::kHeavy>(context, reader, block, buckets, stats); });
  }
}

// The frontier's vertices a block takes: the reader's block (over tiered lists a block's tails are
// read together), or less, down to 64, so that a small frontier still gives each thread several.
template <typename Reader>
std::size_t frontier_block_vertices(std::size_t frontier_size) {
  constexpr std::size_t kBlocksPerThread = 4;
  constexpr std::size_t kLeast = std::min<std::size_t>(64, Reader::kBlockVertices);
  const std::size_t parts = kBlocksPerThread * static_cast<std::size_t>(omp_get_num_threads());
  return std::clamp((frontier_size + parts - 1) / parts, kLeast, Reader::kBlockVertices);
}

// Empties the current bucket: the shared frontier's vertices, a block at a time, then (bucket
// fusion) the thread's own small current bucket again and again.
template <typename Reader>
void empty_bucket(const SearchContext& context, Reader& reader, std::size_t bucket, std::size_t frontier_size,
                  ThreadBlocks& own, Buckets& buckets, SsspStats& stats) {
  const std::size_t block_vertices = frontier_block_vertices<Reader>(frontier_size);
  const std::size_t blocks = (frontier_size + block_vertices - 1) / block_vertices;
#pragma omp for nowait schedule(dynamic, 1)
  for (std::size_t b = 0; b < blocks; ++b) {
    const std::size_t first = b * block_vertices;
    context.unless_failed<Reader>([&] {
      expand_block(context, reader,
                   std::span(context.frontier).subspan(first, std::min(block_vertices, frontier_size - first)),
                   bucket, own, buckets, stats);
    });
  }
  constexpr std::size_t kBlockVertices = Reader::kBlockVertices;
  while (bucket < buckets.size() && !buckets[bucket].empty() && buckets[bucket].size() < kFusionLimit) {
    const std::vector<NeighborId> fused = std::move(buckets[bucket]);
    buckets[bucket].clear();
    for (std::size_t first = 0; first < fused.size(); first += kBlockVertices) {
      context.unless_failed<Reader>([&] {
        expand_block(context, reader, std::span(fused).subspan(first, std::min(kBlockVertices, fused.size() - first)),
                     bucket, own, buckets, stats);
      });
    }
  }
}

bool any_deferred(const std::vector<ThreadBlocks*>& threads) {
  return std::any_of(threads.begin(), threads.end(), [](const ThreadBlocks* t) { return !t->deferred.empty(); });
}

// The rounds of one search from `root`, each thread with its own reader of the lists (made before
// the threads start: a reader that cannot be made throws here, outside them). A thread's failed
// read ends the search with its error (SearchContext::unless_failed).
template <typename Lists>
void search(const SearchContext& context, const Lists& lists, VertexId root, SsspStats& stats) {
  Rounds rounds;
  std::vector<NeighborId>& frontier = context.frontier;
  frontier[0] = static_cast<NeighborId>(root);
  std::vector<ThreadBlocks*> threads;
  std::vector<NeighborId> deferred_in_order;  // a bucket's deferred vertices, of every thread
  std::vector<std::optional<typename Lists::Reader>> readers(static_cast<std::size_t>(omp_get_max_threads()));
  for (auto& reader : readers) reader.emplace(lists);
#pragma omp parallel num_threads(static_cast<int>(readers.size()))
  {
    typename Lists::Reader& reader = *readers[static_cast<std::size_t>(omp_get_thread_num())];
    Buckets buckets;
    SsspStats own;
    ThreadPhases phases;
    ThreadBlocks blocks;
#pragma omp single
    threads.assign(static_cast<std::size_t>(omp_get_num_threads()), nullptr);
    threads[static_cast<std::size_t>(omp_get_thread_num())] = &blocks;
#pragma omp barrier
    for (int parity = 0; rounds.bucket != kNoBucket; parity ^= 1) {
      const std::size_t bucket = rounds.bucket;
      empty_bucket(context, reader, bucket, rounds.frontier_size, blocks, buckets, own);
      propose_next_bucket(buckets, bucket, rounds.next_bucket[parity]);
#pragma omp barrier
      std::size_t next = rounds.next_bucket[parity];
      // The bucket is empty: its distances are final.
      if (Lists::Reader::kMayDeferHeavy && next != bucket && any_deferred(threads)) {
        relax_deferred(context, reader, threads, deferred_in_order, buckets, own);
        blocks.deferred.clear();
        propose_next_bucket(buckets, bucket, rounds.next_after_deferred[parity]);
#pragma omp barrier
        next = rounds.next_after_deferred[parity];
      }
      phases.count_round();
      if (next != bucket) phases.end_phase(bucket, own, reader);
      const std::size_t count = next < buckets.size() ? buckets[next].size() : 0;
      const std::size_t offset = rounds.next_frontier_size[parity].fetch_add(count);
      const std::size_t capacity = frontier.size();  // read by all before any thread may resize it
#pragma omp barrier
      const std::size_t size = rounds.next_frontier_size[parity];
      if (size > capacity) {  // the same on every thread
#pragma omp single
        frontier.resize(size);
      }
      if (count > 0) {
        std::copy(buckets[next].begin(), buckets[next].end(), frontier.begin() + offset);
        std::vector<NeighborId>().swap(buckets[next]);  // its room freed: buckets hold only what waits
      }
#pragma omp master
      {
        ++stats.rounds;
        if (next != bucket) ++stats.buckets;
        rounds.bucket = context.errors.failed() ? kNoBucket : next;
        rounds.frontier_size = size;
        // The other parity's slots: every thread read them last round, before this round's barriers.
        rounds.next_bucket[parity ^ 1] = kNoBucket;
        rounds.next_frontier_size[parity ^ 1] = 0;
        rounds.next_after_deferred[parity ^ 1] = kNoBucket;
      }
#pragma omp barrier
    }
    own.bytes_read = reader.bytes_read();
    own.read_requests = reader.read_requests();
    add_stats(stats, own, phases);
  }
  context.errors.rethrow_first();
}

}  // namespace

SsspBucketPhase relaxation_counts(const SsspStats& stats) {
  SsspBucketPhase counts;
  counts.edges_relaxed = stats.edges_relaxed;
  counts.light_edges = stats.light_edges;
  counts.distance_updates = stats.distance_updates;
  counts.bytes_read = stats.bytes_read;
  counts.read_requests = stats.read_requests;
  return counts;
}

void add_counts_between(SsspBucketPhase& phase, const SsspBucketPhase& before, const SsspBucketPhase& after) {
  phase.edges_relaxed += after.edges_relaxed - before.edges_relaxed;
  phase.light_edges += after.light_edges - before.light_edges;
  phase.distance_updates += after.distance_updates - before.distance_updates;
  phase.bytes_read += after.bytes_read - before.bytes_read;
  phase.read_requests += after.read_requests - before.read_requests;
}

void add_phase_counts(SsspBucketPhase& total, const SsspBucketPhase& part) {
  total.edges_relaxed += part.edges_relaxed;
  total.light_edges += part.light_edges;
  total.distance_updates += part.distance_updates;
  total.bytes_read += part.bytes_read;
  total.read_requests += part.read_requests;
  total.updates_sent += part.updates_sent;
  total.exchange_bytes += part.exchange_bytes;
  total.exchange_messages += part.exchange_messages;
}

DeltaStepping::DeltaStepping(std::variant<DramWeightedLists, TieredWeightedLists> lists, std::int64_t num_vertices,
                             SsspOptions options)
    : lists_(std::move(lists)), options_(with_default_delta(options, kDefaultDelta)) {
  check_delta_option(options_, "delta-stepping");
  // Read and written at random by every relaxation: in 2 MiB pages (core/huge_pages.hpp).
  assign_in_huge_pages(labels_, static_cast<std::size_t>(num_vertices));
  assign_in_huge_pages(expanded_, static_cast<std::size_t>(num_vertices));
  if (std::visit([](const auto& lists) { return std::decay_t<decltype(lists)>::Reader::kMayDeferHeavy; }, lists_)) {
    deferred_.resize(static_cast<std::size_t>(num_vertices));
  }
  frontier_.resize(static_cast<std::size_t>(std::max<std::int64_t>(num_vertices, 1)));
}

DeltaStepping::DeltaStepping(const PartitionedGraph& graph, ListWeightsView weights, SsspOptions options)
    : DeltaStepping(DramWeightedLists(graph, std::move(weights)), graph.num_vertices(), options) {}

DeltaStepping::DeltaStepping(const TieredGraph& graph, const TieredWeights& weights, SsspOptions options, IoKind io,
                             bool pack_tails)
    : DeltaStepping(TieredWeightedLists(graph, weights, io), graph.num_vertices(), options) {
  std::get<TieredWeightedLists>(lists_).cover_light_tails(static_cast<float>(*options_.delta),
                                                          kLightTailBytesPerVertex * graph.num_vertices(), pack_tails);
}

std::int64_t DeltaStepping::packed_tail_bytes() const {
  const auto* tiered = std::get_if<TieredWeightedLists>(&lists_);
  return tiered != nullptr && tiered->tails_packed() ? tiered->packed_bytes() : 0;
}

std::int64_t DeltaStepping::status_bytes() const {
  return static_cast<std::int64_t>(labels_.size() * sizeof(std::uint64_t) + expanded_.size() * sizeof(std::uint32_t) +
                                   deferred_.size() + frontier_.capacity() * sizeof(NeighborId));
}

template <typename ParentId>
SsspStats DeltaStepping::run_into(VertexId root, std::span<float> distance, std::span<ParentId> parent) {
  const auto n = static_cast<std::int64_t>(labels_.size());
  check_search_arrays(labels_, root, distance.size(), parent.size());
#pragma omp parallel for schedule(static)
  for (std::int64_t v = 0; v < n; ++v) {
    start_label(labels_, distance, v);  // the distance is the search's `nearest`, then the result
    expanded_[v] = kNeverExpanded;
    if (!deferred_.empty()) deferred_[v] = 0;  // a search stopped by an exception may leave some set
  }
  start_root(labels_, distance, root);
  SsspStats stats;
  ParallelErrors errors;
  const SearchContext context{labels_, frontier_, expanded_, distance, deferred_, *options_.delta, errors};
  std::visit([&](const auto& lists) { search(context, lists, root, stats); }, lists_);
  write_search_result<ParentId>(labels_, distance, parent);
  return stats;
}

SsspStats DeltaStepping::run(VertexId root, std::span<float> distance, std::span<std::int32_t> parent) {
  return run_into(root, distance, parent);
}

SsspStats DeltaStepping::run(VertexId root, std::span<float> distance, std::span<std::int64_t> parent) {
  return run_into(root, distance, parent);
}

}  // namespace semibfs
