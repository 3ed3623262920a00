#include "mpi/distributed_sssp.hpp"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <optional>
#include <type_traits>
#include <cmath>
#include <string>
#include <utility>

#include "core/error.hpp"
#include "core/parallel_errors.hpp"
#include "mpi/every_rank.hpp"
#include "sssp/distance_label.hpp"

namespace semibfs {
namespace {

// The bucket allreduce carries kNoBucket as the largest int64, and a rank's failed read as -1 (the
// least: every rank learns of it from the allreduce it runs anyway).
constexpr std::int64_t kNoBucketCount = INT64_MAX;
constexpr std::int64_t kFailedCount = -1;

std::int64_t as_count(std::size_t bucket) {
  return bucket == kNoBucket ? kNoBucketCount : static_cast<std::int64_t>(bucket);
}
std::size_t as_bucket(std::int64_t count) {
  return count == kNoBucketCount ? kNoBucket : static_cast<std::size_t>(count);
}

void append(std::vector<std::uint32_t>& into, const std::vector<std::uint32_t>& rows) {
  into.insert(into.end(), rows.begin(), rows.end());
}

}  // namespace

DistributedDeltaStepping::DistributedDeltaStepping(Communicator& comm, const RankGraph& graph,
                                                   std::span<const float> weights, SsspOptions options)
    : comm_(comm), graph_(graph), dram_{&graph.lists, weights}, options_(with_default_delta(options, kDefaultDelta)) {
  check_delta_option(options_, "delta-stepping across ranks");
  if (std::ssize(weights) != graph.lists.num_adjacencies()) {
    throw Error("delta-stepping across ranks: " + std::to_string(weights.size()) + " weights for " +
                std::to_string(graph.lists.num_adjacencies()) + " list entries (the lists must be in DRAM)");
  }
  labels_.resize(static_cast<std::size_t>(graph.own.size()));
  outgoing_.resize(static_cast<std::size_t>(comm.size()));
}

DistributedDeltaStepping::DistributedDeltaStepping(Communicator& comm, const RankGraph& graph,
                                                   const TieredWeightedLists& tiered, SsspOptions options)
    : comm_(comm), graph_(graph), dram_{&graph.lists, {}}, tiered_(&tiered),
      options_(with_default_delta(options, kDefaultDelta)) {
  check_delta_option(options_, "delta-stepping across ranks");
  if (tiered.num_vertices() != graph.own.size()) {
    throw Error("delta-stepping across ranks: tiered lists of " + std::to_string(tiered.num_vertices()) + " rows for " +
                std::to_string(graph.own.size()) + " own vertices");
  }
  labels_.resize(static_cast<std::size_t>(graph.own.size()));
  outgoing_.resize(static_cast<std::size_t>(comm.size()));
}

// Lowers an own vertex's label to `distance` through `parent` when that is shorter; any thread.
bool DistributedDeltaStepping::lower(std::uint32_t row, float distance, std::uint32_t parent) {
  return lower_label(labels_[row], distance, parent);
}

// Offers each neighbour the row's distance plus the entry's weight: an own neighbour's label is
// lowered here, another rank's neighbour gets an update for its owner.
template <typename Reader>
void DistributedDeltaStepping::relax(Reader& reader, std::uint32_t row, std::vector<std::uint32_t>& lowered,
                                     std::vector<std::vector<Update>>& sends, SsspStats& stats) {
  const float base = distance_of(std::atomic_ref(labels_[row]).load(std::memory_order_relaxed));
  const auto vertex = static_cast<std::uint32_t>(graph_.own.begin + row);
  const auto delta = static_cast<float>(*options_.delta);
  std::int64_t light = 0;
  stats.edges_relaxed += reader.for_each(row, [&](NeighborId neighbor, float weight) {
    light += weight < delta ? 1 : 0;
    const float distance = base + weight;
    if (graph_.own.contains(neighbor)) {
      const auto own_row = static_cast<std::uint32_t>(neighbor - graph_.own.begin);
      if (lower(own_row, distance, vertex)) {
        lowered.push_back(own_row);
        ++stats.distance_updates;
      }
    } else {
      sends[static_cast<std::size_t>(graph_.ranks.partition_of(neighbor))].push_back({neighbor, distance, vertex});
    }
  });
  stats.light_edges += light;
}

// Each lowered row into the bucket of its distance now (a row lowered twice is filed twice; the
// stale copy is skipped when its bucket comes).
void DistributedDeltaStepping::file_lowered(const std::vector<std::uint32_t>& rows) {
  for (const std::uint32_t row : rows) {
    const std::size_t bucket = bucket_of(distance_of(labels_[row]), *options_.delta);
    if (bucket >= buckets_.size()) buckets_.resize(bucket + 1);
    buckets_[bucket].push_back(row);
  }
}

// The updates other ranks sent this one: each owner keeps the least.
void DistributedDeltaStepping::apply(const std::vector<Update>& updates, SsspStats& stats) {
  std::vector<std::uint32_t> lowered;
  std::int64_t lowered_count = 0;
#pragma omp parallel reduction(+ : lowered_count)
  {
    std::vector<std::uint32_t> own;
#pragma omp for schedule(static) nowait
    for (std::size_t k = 0; k < updates.size(); ++k) {
      const auto row = static_cast<std::uint32_t>(updates[k].vertex - graph_.own.begin);
      if (lower(row, updates[k].distance, updates[k].parent)) own.push_back(row);
    }
    lowered_count += static_cast<std::int64_t>(own.size());
#pragma omp critical(semibfs_distributed_sssp_merge)
    append(lowered, own);
  }
  stats.distance_updates += lowered_count;
  file_lowered(lowered);
}

// Relaxes the frontier's rows still in `bucket` (in parallel, a block of rows a thread at a time,
// each block's tails read together), into `lowered`, outgoing_ and `relaxed`.
template <typename Lists>
void DistributedDeltaStepping::relax_frontier(const Lists& lists, std::span<const std::uint32_t> frontier,
                                              std::size_t bucket, std::vector<std::uint32_t>& lowered,
                                              SsspStats& relaxed) {
  using Reader = typename Lists::Reader;
  const std::size_t blocks = (frontier.size() + Reader::kBlockVertices - 1) / Reader::kBlockVertices;
  if constexpr (std::is_same_v<Lists, TieredWeightedLists>) {
    if (tiered_readers_.empty()) tiered_readers_.resize(static_cast<std::size_t>(omp_get_max_threads()));
  }
  ParallelErrors errors;  // a failed read: no exception may leave the threads (rethrown after them)
#pragma omp parallel
  {
    // A tiered reader (its arenas and its files open) lives from phase to phase, a thread's own.
    std::optional<Reader> local;
    Reader* reader = nullptr;
    if constexpr (std::is_same_v<Lists, TieredWeightedLists>) {
      std::unique_ptr<Reader>& kept = tiered_readers_[static_cast<std::size_t>(omp_get_thread_num())];
      errors.capture([&] {
        if (!kept) kept = std::make_unique<Reader>(lists);
        reader = kept.get();
      });
    } else {
      reader = &local.emplace(lists);
    }
    std::vector<std::uint32_t> own;
    std::vector<std::vector<Update>> sends(outgoing_.size());
    std::vector<NeighborId> block;
    SsspStats mine;
    const std::int64_t bytes_before = reader != nullptr ? reader->bytes_read() : 0;  // a kept reader counts from its first phase
    const std::int64_t requests_before = reader != nullptr ? reader->read_requests() : 0;
#pragma omp for schedule(dynamic, 1) nowait
    for (std::size_t b = 0; b < blocks; ++b) {
      if (reader == nullptr) continue;
      block.clear();
      for (std::size_t i = b * Reader::kBlockVertices; i < std::min(frontier.size(), (b + 1) * Reader::kBlockVertices); ++i) {
        // A row filed again after a shorter path put it in an earlier bucket was relaxed there.
        const float distance = distance_of(std::atomic_ref(labels_[frontier[i]]).load(std::memory_order_relaxed));
        if (bucket_of(distance, *options_.delta) >= bucket) block.push_back(frontier[i]);
      }
      const auto relax_block = [&] {
        reader->prepare(block);  // may reorder the block
        for (const NeighborId row : block) relax(*reader, row, own, sends, mine);
      };
      // Only tiered lists read files; around lists in DRAM the capture cost 7% (2 ranks, SCALE 18).
      if constexpr (std::is_same_v<Lists, TieredWeightedLists>) {
        errors.capture(relax_block);
      } else {
        relax_block();
      }
    }
#pragma omp critical(semibfs_distributed_sssp_merge)
    if (reader != nullptr) {
      append(lowered, own);
      for (std::size_t d = 0; d < sends.size(); ++d) outgoing_[d].insert(outgoing_[d].end(), sends[d].begin(), sends[d].end());
      relaxed.edges_relaxed += mine.edges_relaxed;
      relaxed.light_edges += mine.light_edges;
      relaxed.distance_updates += mine.distance_updates;
      relaxed.bytes_read += reader->bytes_read() - bytes_before;
      relaxed.read_requests += reader->read_requests() - requests_before;
    }
  }
  try {
    errors.rethrow_first();
  } catch (...) {
    tiered_readers_.clear();  // a stream left mid-block: the next search makes new readers
    throw;
  }
}

// Where the frontier's pieces end: each holds at most max_piece_updates_ list entries (whole rows).
std::vector<std::size_t> DistributedDeltaStepping::piece_ends(std::span<const std::uint32_t> frontier) const {
  std::vector<std::size_t> ends;
  std::int64_t entries = 0;
  for (std::size_t i = 0; i < frontier.size(); ++i) {
    const std::int64_t degree = graph_.degree(graph_.own.begin + frontier[i]);
    if (i > 0 && max_piece_updates_ > 0 && entries + degree > max_piece_updates_) {
      ends.push_back(i);
      entries = 0;
    }
    entries += degree;
  }
  ends.push_back(frontier.size());
  return ends;
}

// Empties the current bucket once: its rows relaxed (in parallel, in pieces under a limit), the
// updates exchanged and applied after each piece.
void DistributedDeltaStepping::phase(std::size_t bucket, SsspStats& stats) {
  std::vector<std::uint32_t> frontier;
  if (bucket < buckets_.size()) frontier.swap(buckets_[bucket]);
  std::sort(frontier.begin(), frontier.end());
  frontier.erase(std::unique(frontier.begin(), frontier.end()), frontier.end());
  const std::vector<std::size_t> ends = piece_ends(frontier);
  const std::int64_t exchanges = comm_.max(static_cast<std::int64_t>(ends.size()));
  std::size_t begin = 0;
  for (std::int64_t piece = 0; piece < exchanges; ++piece) {
    const std::size_t end = static_cast<std::size_t>(piece) < ends.size() ? ends[static_cast<std::size_t>(piece)] : begin;
    relax_and_exchange(std::span<const std::uint32_t>(frontier).subspan(begin, end - begin), bucket, stats);
    begin = end;
  }
}

void DistributedDeltaStepping::relax_and_exchange(std::span<const std::uint32_t> rows, std::size_t bucket,
                                                  SsspStats& stats) {
  for (std::vector<Update>& to_rank : outgoing_) to_rank.clear();
  std::vector<std::uint32_t> lowered;
  SsspStats relaxed;
  // A failed read: this rank relaxes nothing more but keeps to the exchanges, and the next bucket
  // allreduce ends the search on every rank (run).
  if (!failure_) {
    try {
      if (tiered_ != nullptr) {
        relax_frontier(*tiered_, rows, bucket, lowered, relaxed);
      } else {
        relax_frontier(dram_, rows, bucket, lowered, relaxed);
      }
    } catch (const Error&) {
      failure_ = std::current_exception();
      lowered.clear();
      for (std::vector<Update>& to_rank : outgoing_) to_rank.clear();
    }
  }
  stats.edges_relaxed += relaxed.edges_relaxed;
  stats.light_edges += relaxed.light_edges;
  stats.distance_updates += relaxed.distance_updates;
  stats.bytes_read += relaxed.bytes_read;
  stats.read_requests += relaxed.read_requests;
  file_lowered(lowered);
  for (const std::vector<Update>& to_rank : outgoing_) updates_sent_ += static_cast<std::int64_t>(to_rank.size());
  comm_.exchange_into(outgoing_, TrafficKind::kDistances, incoming_);
  apply(incoming_, stats);
}

// The least bucket any rank holds a row in from `bucket` on, or kNoBucket; where a rank's read
// failed, its error on every rank.
std::size_t DistributedDeltaStepping::next_bucket_everywhere(std::size_t bucket) {
  const std::int64_t least = comm_.min(failure_ ? kFailedCount : as_count(least_bucket_from(bucket)));
  if (least != kFailedCount) return as_bucket(least);
  std::string problem;
  try {
    if (failure_) std::rethrow_exception(failure_);
  } catch (const Error& error) {
    problem = error.what();
  }
  throw_on_every_rank(comm_, problem, failure_);
  throw Error("delta-stepping across ranks: a rank's read failed");  // not reached: some rank has a problem
}

// The least non-empty bucket from `bucket` on, or kNoBucket.
std::size_t DistributedDeltaStepping::least_bucket_from(std::size_t bucket) const {
  for (std::size_t b = bucket; b < buckets_.size(); ++b) {
    if (!buckets_[b].empty()) return b;
  }
  return kNoBucket;
}

DistributedSsspStats DistributedDeltaStepping::run(VertexId root, std::span<float> own_distance,
                                                   std::span<VertexId> own_parent) {
  if (root < 0 || root >= graph_.ranks.num_vertices()) {
    throw Error("delta-stepping across ranks: root " + std::to_string(root) + " is not a vertex");
  }
  if (std::ssize(own_distance) != graph_.own.size() || std::ssize(own_parent) != graph_.own.size()) {
    throw Error("delta-stepping across ranks: the distances and parents need one entry per own vertex");
  }
  std::fill(labels_.begin(), labels_.end(), kUnreachedLabel);
  buckets_.assign(1, {});
  if (graph_.own.contains(root)) {
    const auto row = static_cast<std::uint32_t>(root - graph_.own.begin);
    labels_[row] = pack_label(0.0F, static_cast<std::uint32_t>(root));
    buckets_[0].push_back(row);
  }
  const TrafficByKind before = comm_.traffic();
  updates_sent_ = 0;
  DistributedSsspStats result;
  SsspStats& stats = result.search;
  std::size_t previous = kNoBucket;
  failure_ = nullptr;
  for (std::size_t bucket = 0; (bucket = next_bucket_everywhere(bucket)) != kNoBucket;) {
    if (bucket != previous) {
      ++stats.buckets;
      stats.phases.emplace_back().bucket = static_cast<std::int64_t>(bucket);
    }
    previous = bucket;
    ++stats.rounds;
    counted_phase(bucket, stats);
  }
  for (std::size_t row = 0; row < labels_.size(); ++row) {
    own_distance[row] = distance_of(labels_[row]);
    own_parent[row] = std::isinf(own_distance[row]) ? kUnreached : static_cast<VertexId>(parent_of(labels_[row]));
  }
  result.traffic = traffic_between(before, comm_.traffic())[static_cast<int>(TrafficKind::kDistances)];
  std::int64_t totals[8] = {stats.edges_relaxed, stats.light_edges,  stats.distance_updates,  updates_sent_,
                            result.traffic.bytes, result.traffic.messages, stats.bytes_read, stats.read_requests};
  comm_.sum(totals);
  stats.edges_relaxed = totals[0];
  stats.light_edges = totals[1];
  stats.distance_updates = totals[2];
  result.updates_sent = totals[3];
  result.traffic.bytes = totals[4];
  result.traffic.messages = totals[5];
  stats.bytes_read = totals[6];
  stats.read_requests = totals[7];
  sum_phases_across(stats.phases);
  return result;
}

// One round of `bucket` (phase), its counts added to the bucket's phase, the last of stats.phases.
void DistributedDeltaStepping::counted_phase(std::size_t bucket, SsspStats& stats) {
  const SsspBucketPhase before = relaxation_counts(stats);
  const std::int64_t sent_before = updates_sent_;
  const TrafficByKind traffic_before = comm_.traffic();
  phase(bucket, stats);
  const Traffic traffic = traffic_between(traffic_before, comm_.traffic())[static_cast<int>(TrafficKind::kDistances)];
  SsspBucketPhase& counts = stats.phases.back();
  ++counts.rounds;
  add_counts_between(counts, before, relaxation_counts(stats));
  counts.updates_sent += updates_sent_ - sent_before;
  counts.exchange_bytes += traffic.bytes;
  counts.exchange_messages += traffic.messages;
}

// Each phase's counts summed over the ranks (every rank emptied the same buckets, in one order).
void DistributedDeltaStepping::sum_phases_across(std::vector<SsspBucketPhase>& phases) {
  constexpr std::size_t kCounts = 8;
  std::vector<std::int64_t> counts;
  counts.reserve(phases.size() * kCounts);
  for (const SsspBucketPhase& p : phases) {
    counts.insert(counts.end(), {p.edges_relaxed, p.light_edges, p.distance_updates, p.updates_sent,
                                 p.exchange_bytes, p.exchange_messages, p.bytes_read, p.read_requests});
  }
  comm_.sum(counts);
  for (std::size_t i = 0; i < phases.size(); ++i) {
    const std::int64_t* c = counts.data() + i * kCounts;
    phases[i].edges_relaxed = c[0];
    phases[i].light_edges = c[1];
    phases[i].distance_updates = c[2];
    phases[i].updates_sent = c[3];
    phases[i].exchange_bytes = c[4];
    phases[i].exchange_messages = c[5];
    phases[i].bytes_read = c[6];
    phases[i].read_requests = c[7];
  }
}

}  // namespace semibfs
