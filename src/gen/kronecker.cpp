// Kronecker edges as the Graph500 reference v3.0.0 makes them (generator/graph_generator.c).
// Edge i uses the MRG stream skipped by i * 2^64 steps. The reference re-derives that state with a
// full skip per edge; here each thread skips once to its first edge and then steps with the one
// precomputed transition A^(2^64), which gives the same states far cheaper.
#include "gen/kronecker.hpp"

#include <algorithm>
#include <cstring>
#include <omp.h>

#include "core/error.hpp"
#include "gen/mrg.hpp"

namespace semibfs {
namespace {

// The smallest chunk generate_kronecker makes for an observer: smaller ones would spend their
// time starting the threads.
constexpr std::int64_t kMinObservedChunk = std::int64_t{1} << 16;

// Initiator A = 0.57, B = C = 0.19 as fractions of 10000 (the reference's INITIATOR_* macros).
constexpr std::uint32_t kInitiatorA = 5700;
constexpr std::uint32_t kInitiatorBC = 1900;
constexpr std::uint32_t kInitiatorDenominator = 10000;

std::uint64_t reverse_bits(std::uint64_t x) {
  x = __builtin_bswap64(x);
  x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
  x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
  x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
  return x;
}

// The reference's vertex scramble: a cheap bijection on [0, 2^scale) instead of a random permutation.
class VertexScramble {
 public:
  VertexScramble(int scale, std::uint64_t value0, std::uint64_t value1)
      : shift_(64 - scale),
        offset_(value0 + value1),
        multiplier0_(value0 | 0x4519840211493211ULL),
        multiplier1_(value1 | 0x3050852102C843A5ULL) {}

  VertexId operator()(VertexId vertex) const {
    std::uint64_t v = static_cast<std::uint64_t>(vertex) + offset_;
    v = reverse_bits(v * multiplier0_) >> shift_;
    v = reverse_bits(v * multiplier1_) >> shift_;
    return static_cast<VertexId>(v);
  }

 private:
  int shift_;
  std::uint64_t offset_, multiplier0_, multiplier1_;
};

VertexScramble make_scramble(const KroneckerParams& params, const MrgState& seed_state) {
  MrgState state = MrgTransition::skip(50, 7, 0).apply(seed_state);
  std::uint64_t value0 = state.next_uint();
  value0 = value0 * 0xFFFFFFFFULL + state.next_uint();
  std::uint64_t value1 = state.next_uint();
  value1 = value1 * 0xFFFFFFFFULL + state.next_uint();
  return VertexScramble(params.scale, value0, value1);
}

// One level of the recursive Kronecker product: the draw v (mod 10000) picks quadrant B (0,1)
// below 1900, C (1,0) below 3800, A (0,0) below 9500, else D (1,1); decided without branches
// since the quadrants are random.
inline void descend_one_level(std::uint32_t draw, int level, VertexId& source, VertexId& target) {
  const std::uint32_t value = draw % kInitiatorDenominator;
  const VertexId in_d = value >= 2 * kInitiatorBC + kInitiatorA;
  const VertexId source_bit = ((value >= kInitiatorBC) & (value < 2 * kInitiatorBC)) | in_d;
  const VertexId target_bit = (value < kInitiatorBC) | in_d;
  // Clip-and-flip: on the diagonal keep the edge in the upper triangle (undirected graph).
  const VertexId flip = (source == target) & source_bit & (target_bit ^ 1);
  source |= (source_bit ^ flip) << level;
  target |= (target_bit ^ flip) << level;
}

// Draws below this are rejected and redrawn, which removes the modulo bias.
constexpr std::uint32_t kRejectBelow = 0x7FFFFFFFu % kInitiatorDenominator;

// The reference's path for one edge, rejections included; its state ends after the weight draw.
template <class Edge>
Edge make_edge_exactly(int scale, MrgState& state, const VertexScramble& scramble) {
  VertexId source = 0, target = 0;
  for (int level = scale - 1; level >= 0; --level) {
    std::uint32_t draw = state.next_uint();
    while (draw < kRejectBelow) draw = state.next_uint();
    descend_one_level(draw, level, source, target);
  }
  return Edge::make(scramble(source), scramble(target));
}

// Edges first, first + kLanes, ... share a lane; the lanes run in lock-step so that the serial
// MRG recurrence of one edge overlaps with the others' (and vectorizes). A lane whose draws hit a
// rejection (about 1 edge in 10^4 at SCALE 22) is redone on the exact scalar path.
constexpr int kLanes = 8;
constexpr int kMaxDraws = 48 + 1;  // SCALE levels plus the weight

struct LaneBatch {
  // draws[4 + t][lane]: the t-th output of the lane's stream; rows 0..4 hold the seed state z5..z1.
  alignas(64) std::uint64_t draws[kMaxDraws + 5][kLanes];

  void load(const std::uint64_t (&state)[5][kLanes]) {
    for (int lane = 0; lane < kLanes; ++lane) {
      draws[0][lane] = state[4][lane];
      draws[1][lane] = state[3][lane];
      draws[2][lane] = state[2][lane];
      draws[3][lane] = state[1][lane];
      draws[4][lane] = state[0][lane];
    }
  }
  // u_t = x u_(t-1) + y u_(t-5) mod 2^31 - 1, the MRG recurrence on its outputs.
  void run(int count) {
    for (int t = 5; t < count + 5; ++t) {
      for (int lane = 0; lane < kLanes; ++lane) {
        const std::uint64_t previous = static_cast<std::uint32_t>(draws[t - 1][lane]);
        const std::uint64_t older = static_cast<std::uint32_t>(draws[t - 5][lane]);
        draws[t][lane] = mrg_reduce(107374182 * previous + 104480 * older);
      }
    }
  }
  // Unscrambled endpoints of every lane's edge, assuming no draw was rejected; says which lanes
  // did see a rejected draw.
  void descend(int scale, VertexId (&source)[kLanes], VertexId (&target)[kLanes],
               bool (&rejected)[kLanes]) const {
    for (int lane = 0; lane < kLanes; ++lane) source[lane] = target[lane] = rejected[lane] = 0;
    for (int level = scale - 1, t = 5; level >= 0; --level, ++t) {
      for (int lane = 0; lane < kLanes; ++lane) {
        const auto draw = static_cast<std::uint32_t>(draws[t][lane]);
        rejected[lane] |= draw < kRejectBelow;
        descend_one_level(draw, level, source[lane], target[lane]);
      }
    }
  }
};

// state[k][lane] <- (transition applied to lane's state)[k], for all lanes at once.
void advance_lanes(const std::uint64_t (&matrix)[5][5], std::uint64_t (&state)[5][kLanes]) {
  std::uint64_t next[5][kLanes];
  for (int row = 0; row < 5; ++row) {
    for (int lane = 0; lane < kLanes; ++lane) {
      std::uint64_t partial = 0;  // four products of two 31-bit values fit in 64 bits
      for (int k = 0; k < 4; ++k) partial += matrix[row][k] * static_cast<std::uint32_t>(state[k][lane]);
      next[row][lane] = mrg_reduce(mrg_reduce(partial) + matrix[row][4] * static_cast<std::uint32_t>(state[4][lane]));
    }
  }
  std::memcpy(state, next, sizeof(next));
}

template <class Edge>
void generate_serially(const KroneckerParams& params, const MrgState& seed_state,
                       const VertexScramble& scramble, std::int64_t first, std::int64_t last,
                       std::int64_t begin, Edge* edges, float* weights) {
  const MrgTransition edge_step = MrgTransition::power_of_two_steps(64);
  MrgState edge_state = edge_step.power(static_cast<std::uint64_t>(first)).apply(seed_state);
  for (std::int64_t edge = first; edge < last; ++edge) {
    MrgState state = edge_state;
    edges[edge - begin] = make_edge_exactly<Edge>(params.scale, state, scramble);
    if (weights != nullptr) weights[edge - begin] = state.next_float();
    edge_state = edge_step.apply(edge_state);
  }
}

MrgState lane_state(const std::uint64_t (&state)[5][kLanes], int lane) {
  return MrgState{state[0][lane], state[1][lane], state[2][lane], state[3][lane], state[4][lane]};
}

template <class Edge>
void generate_in_lanes(const KroneckerParams& params, const MrgState& seed_state,
                       const VertexScramble& scramble, std::int64_t first, std::int64_t last,
                       std::int64_t begin, Edge* edges, float* weights) {
  const MrgTransition edge_step = MrgTransition::power_of_two_steps(64);
  std::uint64_t state[5][kLanes];
  for (int lane = 0; lane < kLanes; ++lane) {
    const MrgState s = edge_step.power(static_cast<std::uint64_t>(first + lane)).apply(seed_state);
    state[0][lane] = s.z1; state[1][lane] = s.z2; state[2][lane] = s.z3;
    state[3][lane] = s.z4; state[4][lane] = s.z5;
  }
  std::uint64_t lane_step[5][5];
  edge_step.power(kLanes).copy_to(lane_step);
  const int scale = params.scale;
  LaneBatch batch;
  for (std::int64_t round = first; round + kLanes <= last; round += kLanes) {
    batch.load(state);
    batch.run(scale + 1);
    VertexId source[kLanes], target[kLanes];
    bool rejected[kLanes];
    batch.descend(scale, source, target, rejected);
    for (int lane = 0; lane < kLanes; ++lane) {
      const std::int64_t edge = round + lane;
      if (rejected[lane]) {
        MrgState exact = lane_state(state, lane);
        edges[edge - begin] = make_edge_exactly<Edge>(scale, exact, scramble);
        if (weights != nullptr) weights[edge - begin] = exact.next_float();
      } else {
        edges[edge - begin] = Edge::make(scramble(source[lane]), scramble(target[lane]));
        const auto weight_draw = static_cast<std::uint32_t>(batch.draws[5 + scale][lane]);
        if (weights != nullptr) weights[edge - begin] = MrgState::mrg_float_of(weight_draw);
      }
    }
    advance_lanes(lane_step, state);
  }
  const std::int64_t done = first + (last - first) / kLanes * kLanes;
  generate_serially(params, seed_state, scramble, done, last, begin, edges, weights);
}

void check_range(const KroneckerParams& params, std::int64_t begin, std::int64_t end) {
  if (params.scale < 1 || params.scale > 48 || begin < 0 || end < begin || end > params.num_edges()) {
    throw Error("generate_kronecker_range: bad range [" + std::to_string(begin) + ", " +
                std::to_string(end) + ") for SCALE " + std::to_string(params.scale));
  }
}

// The same edges whatever the layout: only Edge::make differs, after the endpoints are drawn.
template <class Edge>
void generate_range(const KroneckerParams& params, std::int64_t begin, std::int64_t end, Edge* edges,
                    float* weights) {
  const MrgState seed_state = make_mrg_state(params.seed1, params.seed2);
  const VertexScramble scramble = make_scramble(params, seed_state);

#pragma omp parallel
  {
    const std::int64_t threads = omp_get_num_threads();
    const std::int64_t thread = omp_get_thread_num();
    const std::int64_t count = end - begin;
    generate_in_lanes(params, seed_state, scramble, begin + count * thread / threads,
                      begin + count * (thread + 1) / threads, begin, edges, weights);
  }
}

}  // namespace

void generate_kronecker_range(const KroneckerParams& params, std::int64_t begin, std::int64_t end,
                              PackedEdge* edges, float* weights) {
  check_range(params, begin, end);
  generate_range(params, begin, end, edges, weights);
}

void generate_kronecker_range(const KroneckerParams& params, std::int64_t begin, std::int64_t end,
                              CompactEdge* edges, float* weights) {
  check_range(params, begin, end);
  check_compact_vertex_count(params.num_vertices());
  generate_range(params, begin, end, edges, weights);
}

EdgeList generate_kronecker(const KroneckerParams& params, bool with_weights) {
  return generate_kronecker(params, with_weights, {});
}

EdgeList generate_kronecker(const KroneckerParams& params, bool with_weights,
                            const std::function<void(std::int64_t)>& after_chunk) {
  check_range(params, 0, 0);
  check_compact_vertex_count(params.num_vertices());  // before allocating anything
  EdgeList list;
  list.num_vertices = params.num_vertices();
  list.edges.resize(static_cast<std::size_t>(params.num_edges()));
  if (with_weights) list.weights.resize(list.edges.size());
  const std::int64_t edges = params.num_edges();
  // Without an observer, one range: the list exactly as before.
  const std::int64_t chunk = after_chunk ? std::max<std::int64_t>(edges / 100, kMinObservedChunk) : edges;
  for (std::int64_t begin = 0; begin < edges; begin += chunk) {
    const std::int64_t end = std::min(begin + chunk, edges);
    generate_kronecker_range(params, begin, end, list.edges.data() + begin,
                             with_weights ? list.weights.data() + begin : nullptr);
    if (after_chunk) after_chunk(end);
  }
  return list;
}

}  // namespace semibfs
