#include "analytics/teenage_followers.hpp"

#include <atomic>
#include <string>

#include "core/bitmap.hpp"
#include "core/error.hpp"

namespace semibfs {
namespace {

bool is_teenage(std::uint8_t age) { return age >= 13 && age <= 19; }

class TeenageFollowersKernel {
 public:
  TeenageFollowersKernel(std::span<const std::uint8_t> ages, int older_than)
      : older_(static_cast<std::int64_t>(ages.size())), teenage_(static_cast<std::int64_t>(ages.size())) {
    for (std::size_t v = 0; v < ages.size(); ++v) {
      if (ages[v] > older_than && ages[v] != kUnknownAge) {
        older_.set(static_cast<std::int64_t>(v));
        ++counted_;
      }
      if (is_teenage(ages[v])) teenage_.set(static_cast<std::int64_t>(v));
    }
  }

  void prepare(int) {}
  StreamingQuery query() const {
    StreamingQuery query;
    query.side = ListSide::kIn;
    query.vertex_filter = &older_;
    query.neighbour_filter = &teenage_;
    return query;
  }
  std::int64_t work_size() const { return counted_; }
  // The storage side handed over the teenage followers alone.
  void body(VertexId, std::span<const NeighborId> teenage_followers) {
    followers_.fetch_add(static_cast<std::int64_t>(teenage_followers.size()), std::memory_order_relaxed);
  }
  bool end() { return true; }

  TeenageFollowersResult result() && {
    const std::int64_t followers = followers_.load();
    return {
        counted_, followers, counted_ > 0 ? static_cast<double>(followers) / static_cast<double>(counted_) : 0.0, {}};
  }

 private:
  Bitmap older_, teenage_;
  std::int64_t counted_ = 0;
  std::atomic<std::int64_t> followers_{0};
};

// SplitMix64's finalizer: a well-mixed 64-bit hash.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

TeenageFollowersResult average_teenage_followers(StreamingGraph& graph, std::span<const std::uint8_t> ages,
                                                 int older_than) {
  if (static_cast<std::int64_t>(ages.size()) != graph.num_vertices()) {
    throw Error("average teenage followers: " + std::to_string(ages.size()) + " ages for " +
                std::to_string(graph.num_vertices()) + " vertices");
  }
  TeenageFollowersKernel kernel(ages, older_than);
  return run_kernel_for_result(graph, kernel, {});
}

std::vector<std::uint8_t> seeded_ages(std::int64_t vertices, std::uint64_t seed) {
  std::vector<std::uint8_t> ages(static_cast<std::size_t>(vertices));
#pragma omp parallel for schedule(static)
  for (std::int64_t v = 0; v < vertices; ++v) {
    ages[static_cast<std::size_t>(v)] =
        static_cast<std::uint8_t>(10 + mix(seed ^ mix(static_cast<std::uint64_t>(v))) % 70);
  }
  return ages;
}

}  // namespace semibfs
