// What a run across MPI ranks (src/mpi/) reports about its exchanges, as plain figures: per
// level the traffic by kind summed over the ranks and each rank's split of the level's time
// between exchanges and the rest; per rank its share of the graph and its traffic.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace semibfs {

// One kind of exchange ("bitmap", "summary", "pairs", "construction", "validation", "control",
// "cache").
struct TrafficFigure {
  std::string kind;
  std::int64_t bytes = 0;     // sent to other ranks
  std::int64_t messages = 0;  // one per destination and piece
  double seconds = 0;         // in the exchange calls (summed over the ranks where summed)
};

struct LevelCommunication {
  std::vector<TrafficFigure> traffic;             // summed over the ranks
  // Top-down: the (parent, child) pairs for other ranks' children that the level's expansion
  // generated, and those dropped because the child was in the remote vertex cache (Cicotti and Carrington;
  // sent = generated - hits), summed over the ranks.
  std::int64_t pairs_generated = 0;
  std::int64_t remote_cache_hits = 0;
  std::vector<double> rank_communication_seconds;  // per rank: in exchanges
  std::vector<double> rank_computation_seconds;    // per rank: the rest of the level
};

// A remote vertex cache's effect over some levels (Cicotti and Carrington Tables 1 and 4), summed over the ranks:
// pairs generated, dropped by the cache, and sent (generated - hits); normalized messages = sent /
// generated (the paper's MPI messages carried a fixed number of pairs each; ours are coalesced per
// destination and round, so it is the pairs that shrink); the pair traffic and the requests to a
// cache outside the ranks (kind "cache").
struct CacheFigures {
  std::int64_t pairs_generated = 0;
  std::int64_t hits = 0;
  std::int64_t pair_messages = 0;
  std::int64_t pair_bytes = 0;
  std::int64_t cache_messages = 0;
  std::int64_t cache_bytes = 0;

  std::int64_t pairs_sent() const { return pairs_generated - hits; }
  double hit_rate() const { return pairs_generated > 0 ? static_cast<double>(hits) / pairs_generated : 0.0; }
  double normalized_messages() const {
    return pairs_generated > 0 ? static_cast<double>(pairs_sent()) / pairs_generated : 1.0;
  }
  void add(const LevelCommunication& level);
};

struct RankFigures {
  int rank = 0;
  std::int64_t vertices = 0;        // its vertex range
  std::int64_t adjacencies = 0;     // entries of its lists
  std::int64_t input_edges = 0;     // its share of the input tuples (generated and validated here)
  std::vector<TrafficFigure> traffic;  // over every timed search
  double communication_seconds = 0;    // of the timed searches, in exchanges
  double computation_seconds = 0;      // of the timed searches, the rest
};

struct DistributedFigures {
  int ranks = 1;
  int nodes = 1;
  std::string queue_sharing;      // none, in, all
  bool parallel_allgather = false;
  std::int64_t message_limit_bytes = 0;
  std::string remote_cache;               // none, local, node, server or memcached
  int cache_server_ranks = 0;             // server: the ranks holding a cache
  std::int64_t remote_cache_entries = 0;  // per cache (rank, node or server); 0: none
  std::string remote_cache_hash;          // low or mix
  CacheFigures remote_cache_figures;                // over the timed searches
  std::vector<TrafficFigure> construction_traffic;  // kernel 1, summed over the ranks
  // Outside the timed searches (the warm-up search, TEPS counts, validation, these figures' own
  // gathering), summed over the ranks.
  std::vector<TrafficFigure> untimed_traffic;
  std::vector<RankFigures> per_rank;
};

}  // namespace semibfs
