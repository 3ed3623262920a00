// Distributed Graph500 validation (mpi/distributed_validator.hpp) of a batch of trees, in three
// collective stages, a tree leaving the batch once an earlier stage failed it, as
// validate/validator.cpp skips rules 2 to 5 when rule 1 fails: the rule 1 checks of each own parent;
// the tree depths, one parent level per round of requests to the parents' owners (every tree still
// waiting asks in the same round); one pass over each rank's tuples in rounds
// (mpi/tuple_rounds.hpp), with the endpoints' (parent, depth) in every tree fetched from their
// owners (rules 3, 4 and 5, and nedge). Each tree's failures are tallied apart and its stages are
// the ones it would take alone, so its result is the one a batch of one gives it.
//
// Rule 2 (tree edges span one level) holds by construction: a vertex's depth is its parent's plus
// one. As validator.cpp argues, rules 1, 3, 4 and 5 together make these depths the true BFS
// depths, so rule 2 holds in the Graph500 sense whenever the others do. Unlike the single-process
// validator this one computes no true depths after a failure, so it never names a rule 2 failure:
// a vertex at the wrong level shows up as the rule 3 (or 5) failure that gives it away.
#include "mpi/distributed_validator.hpp"

#include <algorithm>
#include <array>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "mpi/every_rank.hpp"
#include "mpi/tuple_rounds.hpp"
#include "mpi/validation_rounds.hpp"

namespace semibfs {

namespace {

using namespace rank_validation;

constexpr std::int64_t kUnreachedDepth = -1;
constexpr std::int64_t kUnknownDepth = -2;
constexpr const char* kRule1 = "rule 1 (tree rooted at the root): ";
// Tuples times trees per round of the edge pass at most: a round's records (16 bytes per tree and
// endpoint) stay near what a round of kDefaultTuplesPerRound tuples holds for 16 trees.
constexpr std::int64_t kTreeTuplesPerRound = std::int64_t{1} << 20;

std::string text(std::int64_t value) { return std::to_string(value); }

// One tree of the batch on this rank: what it is, its failures, its depths once walked.
struct Lane {
  VertexId root = kUnreached;
  std::span<const VertexId> own_parent;
  FailureTally failures;
  std::vector<std::int64_t> depths;  // per own vertex, kUnreachedDepth where unreached
  std::vector<VertexId> waiting;     // own vertices whose depth is not known yet
  std::int64_t previous_left = -1;   // vertices waiting on all ranks before the last depth round
  std::int64_t nedge = 0;
};

// The checks that need no tuple; the tuples are checked as the edge pass reads them.
std::string argument_problem(const Communicator& comm, const PartitionLayout& ranks, VertexId root,
                             std::span<const VertexId> own_parent) {
  const std::int64_t num_vertices = ranks.num_vertices();
  if (ranks.count() != comm.size()) {
    return "distributed validation: the layout has " + text(ranks.count()) + " vertex ranges for " +
           text(comm.size()) + " ranks";
  }
  if (root < 0 || root >= num_vertices) {
    return "distributed validation: root " + text(root) + " is not a vertex id in [0, " + text(num_vertices) + ")";
  }
  if (static_cast<std::int64_t>(own_parent.size()) != ranks.range(comm.rank()).size()) {
    return "distributed validation: rank " + text(comm.rank()) + " has " +
           text(static_cast<std::int64_t>(own_parent.size())) + " parents for its " +
           text(ranks.range(comm.rank()).size()) + " vertices";
  }
  return {};
}

void check_arguments(Communicator& comm, const PartitionLayout& ranks, std::span<const OwnTree> trees,
                     std::int64_t tuples_per_round) {
  std::string problem;
  if (trees.empty() || std::ssize(trees) > kMaxTreesPerPass) {
    problem = "distributed validation: " + text(std::ssize(trees)) + " trees in one pass, not 1 to " +
              text(kMaxTreesPerPass);
  }
  for (std::size_t i = 0; i < trees.size() && problem.empty(); ++i)
    problem = argument_problem(comm, ranks, trees[i].root, trees[i].own_parent);
  throw_on_every_rank(comm, problem);
  if (tuples_per_round < 1) throw Error("distributed validation: rounds of " + text(tuples_per_round) + " tuples");
}

// Rule 1 for each own parent alone: in range, and the root its own parent.
void check_parent_pointers(VertexRange mine, std::int64_t num_vertices, Lane& lane) {
  const VertexId root = lane.root;
#pragma omp parallel
  {
    FailureTally found;
#pragma omp for schedule(static) nowait
    for (VertexId v = mine.begin; v < mine.end; ++v) {
      const VertexId p = lane.own_parent[local(mine, v)];
      if (v == root && p != root) {
        found.add(1, -1, [&] {
          return kRule1 + std::string("root ") + text(root) + " has parent " + text(p) +
                 ", but the root must be its own parent";
        });
      } else if (v != root && p != kUnreached && (p < 0 || p >= num_vertices)) {
        found.add(1, v, [&] {
          return kRule1 + std::string("vertex ") + text(v) + " has parent " + text(p) +
                 ", which is neither -1 (unreached) nor a vertex id in [0, " + text(num_vertices) + ")";
        });
      }
    }
#pragma omp critical(semibfs_dist_validate_merge)
    lane.failures.merge(std::move(found));
  }
}

// The lanes of `playing` without a failure on any rank: those that go on to the next stage.
std::vector<std::size_t> lanes_without_failures(Communicator& comm, const std::vector<Lane>& lanes,
                                                const std::vector<std::size_t>& playing) {
  if (playing.empty()) return {};  // the same on every rank
  std::vector<std::int64_t> counts;
  for (const std::size_t i : playing) counts.push_back(lanes[i].failures.count());
  comm.sum(std::span<std::int64_t>(counts));
  std::vector<std::size_t> going;
  for (std::size_t j = 0; j < playing.size(); ++j)
    if (counts[j] == 0) going.push_back(playing[j]);
  return going;
}

void start_depths(VertexRange mine, Lane& lane) {
  lane.depths.resize(lane.own_parent.size());
  for (std::size_t i = 0; i < lane.own_parent.size(); ++i)
    lane.depths[i] = lane.own_parent[i] == kUnreached ? kUnreachedDepth : kUnknownDepth;
  if (mine.contains(lane.root)) lane.depths[local(mine, lane.root)] = 0;
  lane.waiting.clear();
  for (VertexId v = mine.begin; v < mine.end; ++v)
    if (lane.depths[local(mine, v)] == kUnknownDepth) lane.waiting.push_back(v);
}

// A waiting vertex's question to its parent's owner: the parent and the lane in one id, and the
// vertex and the lane in another (8 bytes each, as one tree's questions take).
struct DepthQuestions {
  std::vector<std::vector<VertexId>> keys;      // parent * lanes + lane, per owner
  std::vector<std::vector<VertexId>> children;  // vertex * lanes + lane, per owner
};

// Records one depth round's answer for `v` of `lane`: its depth, a rule 1 failure when its parent
// is unreached (only the first round can meet one: later rounds ask about parents that it found
// reached), or another wait.
void settle(VertexRange mine, VertexId v, VertexId p, std::int64_t parent_depth, Lane& lane,
            std::vector<VertexId>& still_waiting) {
  if (parent_depth >= 0) {
    lane.depths[local(mine, v)] = parent_depth + 1;
  } else if (parent_depth == kUnreachedDepth) {
    lane.failures.add(1, v, [&] {
      return kRule1 + std::string("vertex ") + text(v) + " has parent " + text(p) + ", but vertex " + text(p) +
             " is unreached (its parent is -1)";
    });
  } else {
    still_waiting.push_back(v);
  }
}

// One round for the lanes of `asking`: each waiting vertex asks its parent's owner for the
// parent's depth in its tree.
void depth_round(Communicator& comm, const PartitionLayout& ranks, std::vector<Lane>& lanes,
                 const std::vector<std::size_t>& asking) {
  const VertexRange mine = ranks.range(comm.rank());
  const auto width = static_cast<VertexId>(lanes.size());
  DepthQuestions questions{std::vector<std::vector<VertexId>>(static_cast<std::size_t>(comm.size())), {}};
  questions.children.resize(questions.keys.size());
  for (const std::size_t i : asking) {
    for (const VertexId v : lanes[i].waiting) {
      const VertexId p = lanes[i].own_parent[local(mine, v)];
      const auto owner = static_cast<std::size_t>(ranks.partition_of(p));
      questions.keys[owner].push_back(p * width + static_cast<VertexId>(i));
      questions.children[owner].push_back(v * width + static_cast<VertexId>(i));
    }
  }
  OwnerQueries<std::int64_t> queries;
  const std::vector<std::int64_t>& parent_depths = queries.ask(comm, questions.keys, [&](VertexId key) {
    return lanes[static_cast<std::size_t>(key % width)].depths[local(mine, key / width)];
  });
  std::vector<std::vector<VertexId>> still_waiting(lanes.size());
  std::size_t next = 0;
  for (std::size_t owner = 0; owner < questions.children.size(); ++owner) {
    for (std::size_t k = 0; k < questions.children[owner].size(); ++k) {
      const VertexId child = questions.children[owner][k];
      const auto i = static_cast<std::size_t>(child % width);
      settle(mine, child / width, questions.keys[owner][k] / width, parent_depths[next++], lanes[i], still_waiting[i]);
    }
  }
  for (const std::size_t i : asking) lanes[i].waiting = std::move(still_waiting[i]);
}

// A round that settled no vertex of a tree on any rank leaves vertices whose parents lead into a
// cycle: the lowest of them (on the lowest rank with any, as ranges ascend with the rank) is named.
void report_cycle(Communicator& comm, Lane& lane) {
  if (comm.first_rank_with(!lane.waiting.empty()) != comm.rank()) return;
  const VertexId lowest = *std::min_element(lane.waiting.begin(), lane.waiting.end());
  lane.failures.add(1, lowest, [&] {
    return kRule1 + std::string("the parents of vertex ") + text(lowest) + " never reach the root " +
           text(lane.root) + ": they lead into a cycle";
  });
}

// The lanes of `walking` that need another depth round; a lane that is done, has failed, or made no
// progress in its last round (a cycle, reported here) leaves.
std::vector<std::size_t> lanes_still_walking(Communicator& comm, std::vector<Lane>& lanes,
                                             const std::vector<std::size_t>& walking) {
  std::vector<std::int64_t> totals;
  for (const std::size_t i : walking) totals.insert(totals.end(), {std::ssize(lanes[i].waiting), lanes[i].failures.count()});
  comm.sum(std::span<std::int64_t>(totals));
  std::vector<std::size_t> going;
  for (std::size_t j = 0; j < walking.size(); ++j) {
    Lane& lane = lanes[walking[j]];
    const std::int64_t left = totals[2 * j];
    if (left == 0 || totals[2 * j + 1] > 0) continue;
    if (left == lane.previous_left) {
      report_cycle(comm, lane);
      continue;
    }
    lane.previous_left = left;
    going.push_back(walking[j]);
  }
  return going;
}

// Depths of the own vertices of the lanes of `playing`; rule 1 failures when a parent is unreached
// or the parents run in a cycle.
void tree_depths(Communicator& comm, const PartitionLayout& ranks, std::vector<Lane>& lanes,
                 const std::vector<std::size_t>& playing) {
  for (const std::size_t i : playing) start_depths(ranks.range(comm.rank()), lanes[i]);
  for (std::vector<std::size_t> walking = playing; !walking.empty();) {
    walking = lanes_still_walking(comm, lanes, walking);
    if (walking.empty()) break;
    depth_round(comm, ranks, lanes, walking);
  }
  for (const std::size_t i : playing) lanes[i].waiting = {};
}

struct EndpointRecord {
  VertexId parent;
  std::int64_t depth;  // kUnreachedDepth when unreached
};

// Per tuple and lane of a round, what its owners must be told.
enum TupleFlags : std::uint8_t {
  kTreeEdgeOf0 = 1,     // parent[v0] == v1
  kTreeEdgeOf1 = 2,     // parent[v1] == v0
  kUnreachedNext0 = 4,  // v0 unreached, v1 reached: v0 fails rule 4
  kUnreachedNext1 = 8,
};

enum MarkKind : std::uint32_t { kTreeEdgeSeen = 0, kNextToReached = 1 };

struct Mark {
  std::uint32_t vertex;  // in-memory tuples hold 32-bit ids
  std::uint32_t lane_and_kind;  // column * 2 + MarkKind
};

// What the edge pass learns about the own vertices: bit c of a word for the pass's column c.
struct EdgeEvidence {
  std::vector<std::uint64_t> tree_edge_seen;   // an input tuple joins the vertex and its parent
  std::vector<std::uint64_t> next_to_reached;  // an input tuple joins the vertex to a reached one
};

// Out of line: the rare failure path stays out of the tuple loop.
[[gnu::noinline, gnu::cold]] void report_level_gap(VertexId v0, std::int64_t depth0, VertexId v1, std::int64_t depth1,
                                                   FailureTally& failures) {
  failures.add(3, depth0 > depth1 ? v0 : v1, [&] {
    return "rule 3 (edges span at most one level): an input edge joins vertex " + text(v0) + " at level " +
           text(depth0) + " and vertex " + text(v1) + " at level " + text(depth1);
  });
}

// One tuple in one tree: rule 3, whether it counts in nedge, and its flags for the owners.
inline std::uint8_t check_tuple(VertexId v0, VertexId v1, const EndpointRecord& r0, const EndpointRecord& r1,
                                std::int64_t& both_reached, FailureTally& found) {
  const bool reached0 = r0.depth >= 0;
  const bool reached1 = r1.depth >= 0;
  if (reached0 != reached1) return reached0 ? kUnreachedNext1 : kUnreachedNext0;
  if (!reached0) return 0;
  ++both_reached;
  if (r0.depth - r1.depth > 1 || r1.depth - r0.depth > 1) report_level_gap(v0, r0.depth, v1, r1.depth, found);
  return static_cast<std::uint8_t>((r0.parent == v1 ? kTreeEdgeOf0 : 0) | (r1.parent == v0 ? kTreeEdgeOf1 : 0));
}

// The marks of a round, sent and received, kept from round to round as OwnerQueries are.
struct MarkBuffers {
  std::vector<std::vector<Mark>> sent;
  std::vector<Mark> received;
};

// What a round of the edge pass works in, kept from round to round.
struct RoundBuffers {
  std::vector<std::vector<VertexId>> requests;
  std::vector<std::int64_t> slots;
  OwnerQueries<EndpointRecord> records;
  std::vector<std::uint8_t> flags;  // [tuple][column]
  MarkBuffers marks;
};

// What one rank's edge pass works with and learns, round after round: column c of a vertex's
// records is lane columns[c]'s.
struct EdgePass {
  Communicator& comm;
  const PartitionLayout& ranks;
  std::vector<Lane>& lanes;
  std::vector<std::size_t> columns;
  std::vector<EndpointRecord> own_records;  // [own vertex][column]
  EdgeEvidence evidence;
  RoundBuffers buffers;

  std::int64_t width() const { return std::ssize(columns); }
};

// Rule 3 and nedge per tuple and tree, and the flags for the owners.
void check_tuples(EdgePass& pass, std::span<const CompactEdge> chunk, const std::vector<EndpointRecord>& records) {
  const std::int64_t width = pass.width();
  const std::vector<std::int64_t>& slots = pass.buffers.slots;
  std::vector<std::uint8_t>& flags = pass.buffers.flags;
  const auto count = static_cast<std::int64_t>(chunk.size());
  flags.assign(chunk.size() * static_cast<std::size_t>(width), 0);
#pragma omp parallel
  {
    std::vector<FailureTally> found(static_cast<std::size_t>(width));
    std::vector<std::int64_t> both_reached(static_cast<std::size_t>(width), 0);
#pragma omp for schedule(static) nowait
    for (std::int64_t e = 0; e < count; ++e) {
      const auto index = static_cast<std::size_t>(e);
      if (slots[2 * index] < 0) continue;
      const EndpointRecord* r0 = records.data() + slots[2 * index] * width;
      const EndpointRecord* r1 = records.data() + slots[2 * index + 1] * width;
      for (std::int64_t c = 0; c < width; ++c) {
        flags[static_cast<std::size_t>(e * width + c)] = check_tuple(chunk[index].v0(), chunk[index].v1(), r0[c], r1[c],
                                                                     both_reached[static_cast<std::size_t>(c)],
                                                                     found[static_cast<std::size_t>(c)]);
      }
    }
#pragma omp critical(semibfs_dist_validate_merge)
    for (std::size_t c = 0; c < pass.columns.size(); ++c) {
      Lane& lane = pass.lanes[pass.columns[c]];
      lane.failures.merge(std::move(found[c]));
      lane.nedge += both_reached[c];
    }
  }
}

// Tells each flagged endpoint's owner what the tuple showed in which tree, and records what others
// tell this rank.
void send_marks(EdgePass& pass, std::span<const CompactEdge> chunk) {
  std::vector<std::vector<Mark>>& marks = pass.buffers.marks.sent;
  marks.resize(static_cast<std::size_t>(pass.comm.size()));
  for (std::vector<Mark>& to_owner : marks) to_owner.clear();
  const auto mark = [&](VertexId v, std::int64_t column, MarkKind kind) {
    marks[static_cast<std::size_t>(pass.ranks.partition_of(v))].push_back(
        Mark{static_cast<std::uint32_t>(v), static_cast<std::uint32_t>(column * 2 + kind)});
  };
  const std::int64_t width = pass.width();
  const std::uint8_t* flags = pass.buffers.flags.data();
  for (std::size_t e = 0; e < chunk.size(); ++e) {
    for (std::int64_t c = 0; c < width; ++c) {
      const std::uint8_t f = flags[static_cast<std::int64_t>(e) * width + c];
      if (f == 0) continue;
      if ((f & kTreeEdgeOf0) != 0) mark(chunk[e].v0(), c, kTreeEdgeSeen);
      if ((f & kTreeEdgeOf1) != 0) mark(chunk[e].v1(), c, kTreeEdgeSeen);
      if ((f & kUnreachedNext0) != 0) mark(chunk[e].v0(), c, kNextToReached);
      if ((f & kUnreachedNext1) != 0) mark(chunk[e].v1(), c, kNextToReached);
    }
  }
  const VertexRange mine = pass.ranks.range(pass.comm.rank());
  pass.comm.exchange_into(marks, TrafficKind::kValidation, pass.buffers.marks.received);
  for (const Mark& m : pass.buffers.marks.received) {
    std::vector<std::uint64_t>& seen =
        m.lane_and_kind % 2 == kTreeEdgeSeen ? pass.evidence.tree_edge_seen : pass.evidence.next_to_reached;
    seen[local(mine, static_cast<VertexId>(m.vertex))] |= std::uint64_t{1} << (m.lane_and_kind / 2);
  }
}

// One collective round over `piece` (empty once this rank's pass has ended): the endpoints'
// records in every tree fetched, rule 3 and nedge, and the owners told what the tuples showed.
void tuple_round(EdgePass& pass, std::span<const CompactEdge> piece) {
  const VertexRange mine = pass.ranks.range(pass.comm.rank());
  RoundBuffers& buffers = pass.buffers;
  const std::int64_t width = pass.width();
  endpoint_requests(piece, pass.ranks, buffers.requests, buffers.slots);
  const std::vector<EndpointRecord>& records =
      buffers.records.ask_each(pass.comm, buffers.requests, width, [&](VertexId v, EndpointRecord* out) {
        const EndpointRecord* own = pass.own_records.data() + static_cast<std::int64_t>(local(mine, v)) * width;
        std::copy(own, own + width, out);
      });
  check_tuples(pass, piece, records);
  send_marks(pass, piece);
}

// Each own vertex's records, a column per lane of the pass, side by side; the lanes' depths go.
std::vector<EndpointRecord> own_records(std::vector<Lane>& lanes, const std::vector<std::size_t>& columns,
                                        std::int64_t own_vertices) {
  const auto width = static_cast<std::int64_t>(columns.size());
  std::vector<EndpointRecord> records(static_cast<std::size_t>(own_vertices * width));
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < own_vertices; ++i) {
    for (std::int64_t c = 0; c < width; ++c) {
      const Lane& lane = lanes[columns[static_cast<std::size_t>(c)]];
      records[static_cast<std::size_t>(i * width + c)] = {lane.own_parent[static_cast<std::size_t>(i)],
                                                          lane.depths[static_cast<std::size_t>(i)]};
    }
  }
  for (const std::size_t i : columns) lanes[i].depths = {};
  return records;
}

// Rule 4 (an unreached vertex next to a reached one) and rule 5 (no tuple joins a reached vertex
// and its parent) for the own vertices in the tree of column `column`.
void check_own_vertices(const EdgePass& pass, std::int64_t column) {
  const VertexRange mine = pass.ranks.range(pass.comm.rank());
  Lane& lane = pass.lanes[pass.columns[static_cast<std::size_t>(column)]];
  const std::uint64_t bit = std::uint64_t{1} << column;
  const std::int64_t width = pass.width();
#pragma omp parallel
  {
    FailureTally found;
#pragma omp for schedule(static) nowait
    for (VertexId v = mine.begin; v < mine.end; ++v) {
      const std::size_t i = local(mine, v);
      const std::int64_t depth = pass.own_records[static_cast<std::size_t>(static_cast<std::int64_t>(i) * width + column)].depth;
      if (depth >= 0 && v != lane.root && (pass.evidence.tree_edge_seen[i] & bit) == 0) {
        found.add(5, v, [&] {
          return "rule 5 (parent is a neighbour): vertex " + text(v) + " has parent " + text(lane.own_parent[i]) +
                 ", but no input edge joins them";
        });
      } else if (depth == kUnreachedDepth && (pass.evidence.next_to_reached[i] & bit) != 0) {
        found.add(4, v, [&] {
          return "rule 4 (tree spans the component): vertex " + text(v) +
                 " is unreached (parent -1), but an input edge joins it to a reached vertex, so it is in the "
                 "root's connected component";
        });
      }
    }
#pragma omp critical(semibfs_dist_validate_merge)
    lane.failures.merge(std::move(found));
  }
}

// The edge pass for the lanes of `columns` (none: the tuples are only checked), then rules 4 and 5.
void scan_own_tuples(Communicator& comm, const PartitionLayout& ranks, const EdgeSource& edges,
                     std::vector<Lane>& lanes, const std::vector<std::size_t>& columns,
                     std::int64_t tuples_per_round) {
  if (columns.empty()) {
    check_tuples_in_range(comm, edges, ranks.num_vertices());
    return;
  }
  const std::int64_t own = ranks.range(comm.rank()).size();
  EdgePass pass{comm, ranks, lanes, columns, own_records(lanes, columns, own), {}, {}};
  pass.evidence.tree_edge_seen.assign(static_cast<std::size_t>(own), 0);
  pass.evidence.next_to_reached.assign(static_cast<std::size_t>(own), 0);
  const std::int64_t round = std::max<std::int64_t>(1, std::min(tuples_per_round, kTreeTuplesPerRound / pass.width()));
  pass_in_rounds(comm, edges, ranks.num_vertices(), round,
                 [&](std::span<const CompactEdge> piece) { tuple_round(pass, piece); });
  for (std::int64_t c = 0; c < pass.width(); ++c) check_own_vertices(pass, c);
}

}  // namespace

std::vector<DistributedValidation> validate_distributed_trees(Communicator& comm, const PartitionLayout& ranks,
                                                              const EdgeSource& edges, std::span<const OwnTree> trees,
                                                              std::int64_t tuples_per_round) {
  check_arguments(comm, ranks, trees, tuples_per_round);
  const VertexRange mine = ranks.range(comm.rank());
  std::vector<Lane> lanes(trees.size());
  std::vector<std::size_t> playing;
  for (std::size_t i = 0; i < trees.size(); ++i) {
    lanes[i].root = trees[i].root;
    lanes[i].own_parent = trees[i].own_parent;
    check_parent_pointers(mine, ranks.num_vertices(), lanes[i]);
    playing.push_back(i);
  }
  playing = lanes_without_failures(comm, lanes, playing);
  tree_depths(comm, ranks, lanes, playing);
  playing = lanes_without_failures(comm, lanes, playing);
  scan_own_tuples(comm, ranks, edges, lanes, playing, tuples_per_round);
  std::vector<DistributedValidation> results;
  for (const Lane& lane : lanes) results.push_back(summarize(comm, lane.failures, lane.nedge));
  return results;
}

DistributedValidation validate_distributed(Communicator& comm, const PartitionLayout& ranks, const EdgeSource& edges,
                                           VertexId root, std::span<const VertexId> own_parent,
                                           std::int64_t tuples_per_round) {
  const OwnTree tree{root, own_parent};
  return validate_distributed_trees(comm, ranks, edges, std::span<const OwnTree>(&tree, 1), tuples_per_round).front();
}

std::int64_t distributed_validation_bytes(std::int64_t own_vertices, std::int64_t num_vertices, int ranks,
                                          std::int64_t tuples_per_round, int trees) {
  // Vectors filled by push_back count twice their entries' bytes (their capacity at most doubles).
  // Tree depths, per tree: the depths (8 per own vertex); the waiting vertices before and after a
  // round (16 and 16, grown); their parents and children by owner (16 and 16, grown); the parents'
  // depths (8); the requests answered here and their replies (8 and 8 per vertex of any rank that
  // waits).
  const std::int64_t depth_rounds = trees * (own_vertices * (8 + 16 + 16 + 32 + 8) + num_vertices * (8 + 8));
  // The rounds of the edge pass over at most `tuples` tuples, two endpoints each, whose buffers are
  // kept from round to round: the depths and the records (8 and 16 per own vertex and tree, both
  // while the records are made) and two evidence words (16 per own vertex); slots (16 per tuple),
  // requests (32, grown), endpoint records (32 per tree) and flags (1 per tree); the requests of
  // all ranks answered here and their replies (16, and 32 per tree, per tuple of each rank's
  // round); the marks sent (32 per tuple and tree, grown) and received (16 per tuple and tree of
  // each rank's round).
  const std::int64_t tuples =
      std::max<std::int64_t>(1, std::min(tuples_per_round, kTreeTuplesPerRound / std::max(trees, 1)));
  const std::int64_t answering = tuples * ranks * (16 + 32 * trees);
  const std::int64_t marking = tuples * trees * (32 + ranks * 16);
  const std::int64_t edge_round =
      own_vertices * (24 * trees + 16) + tuples * (16 + 32 + 33 * trees) + answering + marking;
  // Per-rank counts, offsets and MPI requests, the failure messages.
  const std::int64_t bookkeeping = (std::int64_t{1} << 20) + std::int64_t{1024} * ranks * trees;
  return std::max(depth_rounds, edge_round) + bookkeeping;
}

}  // namespace semibfs
