// Direction-optimizing BFS: top-down over a frontier queue, bottom-up over frontier bitmaps, the
// direction of each step chosen by a DirectionPolicy (Iwabuchi et al. Sec. III; Beamer,
// Asanovic, Patterson, "Direction-optimizing BFS", SC 2012).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/types.hpp"
#include "bfs/parent_claim.hpp"
#include "bfs/step_counts.hpp"
#include "tiered/tail_fetcher.hpp"
#include "io/io_stats.hpp"
#include "graph/partitioned_graph.hpp"

namespace semibfs {

// How the direction of each step is chosen (direction_policy.hpp has the rules).
enum class PolicyKind { kAlphaBeta, kBeamer, kTopDown, kBottomUp };

std::string to_string(PolicyKind policy);
// Parses "alpha-beta", "beamer", "top-down" or "bottom-up"; throws UsageError otherwise.
PolicyKind parse_policy(const std::string& text);

// Frontier bits per summary bit in bottom-up steps, 0 for no summary (frontier_summary.hpp).
inline constexpr int kSummaryBitsChoices[] = {0, 64, 128, 256, 512, 1024};
bool is_valid_summary_bits(int summary_bits);
// "0, 64, 128, 256, 512, 1024", for messages.
std::string summary_bits_choices();
// No summary: 256 frontier bits per summary bit was the best of Cui et al. Sec. IV-E (Fig. 16),
// but here the frontier bitmap stays in cache and the extra test costs more than it saves
// (0 beat 256 by 1.22x at SCALE 20 and 1.11x at SCALE 22; docs/PERFORMANCE.md, "The engine's defaults").
constexpr int kDefaultSummaryBits = 0;

struct BfsOptions {
  PolicyKind policy = PolicyKind::kAlphaBeta;
  // Switching thresholds; unset means the policy's own default (default_alpha / default_beta).
  std::optional<double> alpha;
  std::optional<double> beta;
  // Frontier bits per summary bit in bottom-up steps, 0 for none.
  int summary_bits = kDefaultSummaryBits;
  // Entries of each frontier queue, all partitions together; unset means default_queue_entries
  // (search_state.hpp). Not a command-line option: tests set a few to force the bitmap frontiers.
  std::optional<std::int64_t> queue_entries;

  double alpha_or_default() const;
  double beta_or_default() const;
};

// alpha-beta: alpha 1e4 as in Iwabuchi et al. Sec. VI-B (Fig. 7); beta 1e3, not its 1e5: on this engine
// the sweep (docs/PERFORMANCE.md, "The engine's defaults") found returning top-down earlier faster at SCALE 20 and 22;
// beamer: 15 and 18, Beamer et al. SC'12 Sec. 4. The forced policies ignore them.
double default_alpha(PolicyKind policy);
double default_beta(PolicyKind policy);
// Whether the policy reads alpha and beta at all.
bool uses_thresholds(PolicyKind policy);

// One BFS level as the JSON report shows it.
struct LevelStats {
  int level = 0;                          // depth of the vertices this step discovered
  bool bottom_up = false;
  std::int64_t frontier_vertices = 0;     // vertices in the frontier the step expanded
  std::int64_t frontier_edges = 0;        // sum of the frontier vertices' degrees
  std::int64_t edges_examined = 0;        // adjacency entries read by the step
  std::int64_t discovered_vertices = 0;   // vertices the step added
  std::int64_t bottom_up_early_exits = 0; // vertices that found a parent before their last neighbour
  double seconds = 0.0;
  IoSummary io;                           // tails read from disk (all zero when none were)
  std::int64_t tail_entries = 0;          // entries those tails gave the step (decoded, when compressed)
};

class DirectionPolicy;
struct FrontierFacts;
class ThreadTailFetchers;
class TieredGraph;

struct SearchState;

// Holds the BFS status for one graph so that repeated searches allocate nothing.
class BfsEngine {
 public:
  BfsEngine(const PartitionedGraph& graph, BfsOptions options);
  // A graph whose lists may be partly on disk; their tails are read as `fetch` says.
  BfsEngine(const TieredGraph& graph, BfsOptions options, const TailFetchOptions& fetch = {});
  ~BfsEngine();
  BfsEngine(const BfsEngine&) = delete;
  BfsEngine& operator=(const BfsEngine&) = delete;

  // Kernel 2: fills parent (size num_vertices): parent[root] = root, unreached = kUnreached; and,
  // when `level` is not empty (size num_vertices), each vertex's depth, -1 when unreached.
  // Returns the per-level trace. OpenMP-parallel.
  std::vector<LevelStats> run(VertexId root, std::span<VertexId> parent, std::span<std::int64_t> level = {});
  // The same into 32-bit parents (ParentArray's, while the ids fit), without levels.
  std::vector<LevelStats> run(VertexId root, std::span<std::int32_t> parent);

  // Bytes of the frontier queues and bitmaps (the parent array is the caller's).
  std::int64_t status_bytes() const;
  // Bytes of the tail fetchers' arenas (0 when every list is in DRAM).
  std::int64_t io_buffer_bytes() const;
  // The reads of every search since the last call; resets them.
  IoStats take_io_stats();
  // "io_uring" or "pread" once tails were read; empty otherwise.
  std::string io_backend() const;

 private:
  StepCounts step(bool bottom_up, const FrontierFacts& facts);

  std::vector<LevelStats> search(VertexId root, ParentSlots parent);

  std::unique_ptr<TieredGraph> owned_view_;  // when made from a PartitionedGraph
  const TieredGraph& graph_;
  BfsOptions options_;
  std::unique_ptr<DirectionPolicy> policy_;
  std::unique_ptr<SearchState> state_;
  std::unique_ptr<ThreadTailFetchers> fetchers_;  // null when every list is in DRAM
  IoStats io_stats_;
};

}  // namespace semibfs
