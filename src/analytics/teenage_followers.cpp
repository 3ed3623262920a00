#include "analytics/teenage_followers.hpp"

#include <atomic>
#include <string>
#include <utility>

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

namespace {

constexpr std::uint64_t kDefaultAgeSeed = 1;

void check_age_source(const KernelArguments& arguments) {
  if (arguments.given("seed") && arguments.given("ages")) throw UsageError("give either --seed or --ages, not both");
}

KernelOutput run_teenage_followers(KernelStore& store, const KernelArguments& arguments, const IterationObserver&) {
  const int older_than = static_cast<int>(arguments.integer("older-than"));
  KernelOutput output;
  output.figures.push_back({"", "older_than", arguments.integer("older-than")});
  std::vector<std::uint8_t> ages;
  if (arguments.given("ages")) {
    VertexBytes read = store.read_vertex_bytes(arguments.text("ages"), kUnknownAge);
    ages = std::move(read.values);
    output.figures.push_back({"", "ages_file", arguments.text("ages")});
    output.figures.push_back({"vertices without an age", "vertices_without_age", read.without_value});
  } else {
    const std::uint64_t seed = arguments.unsigned_integer("seed");
    ages = seeded_ages(store.vertices(), seed);
    output.figures.push_back({"", "age_seed", seed});
  }
  TeenageFollowersResult result = average_teenage_followers(store.graph(), ages, older_than);
  output.figures.push_back(
      {"vertices older than " + std::to_string(older_than), "counted_vertices", result.counted_vertices});
  output.figures.push_back({"teenage followers", "teenage_followers", result.teenage_followers});
  output.figures.push_back({"average", "average", result.average});
  output.iterations = std::move(result.figures);
  return output;
}

}  // namespace

const KernelDescription& teenage_followers_kernel() {
  static const KernelDescription kernel{
      .name = "at",
      .summary = "average teenage followers of a store's graph (ExtraV's AT)",
      .description =
          "Average teenage followers (Lee et al., ExtraV Sec. 6): over the vertices older than an age, "
          "the mean number of followers (in-neighbours; neighbours when undirected) aged 13 to 19, in one "
          "sequential streaming query filtered on the storage side. Ages are drawn from a seed, uniform in "
          "[10, 80), or read from a file.",
      .parameters = {{"older-than", "K", "count the vertices older than K years (default 20)", ParameterType::kInteger,
                      std::int64_t{20}, 0, 255},
                     {"seed", "S", "the seed of the ages (default 1)", ParameterType::kUnsigned, kDefaultAgeSeed},
                     {"ages", "FILE",
                      "the ages from FILE instead: 'VERTEX AGE' lines in the edge file's ids, ages 0 to 254; a vertex "
                      "without a line is counted in neither count ('#' lines skipped; gzip or not)",
                      ParameterType::kFile, std::nullopt, 0, 0, kAgesByInputIdBytesPerVertex}},
      .values_name = {},  // a figure, no per-vertex values: no --output
      .bytes_per_vertex = kTeenageFollowersBytesPerVertex,
      .check = check_age_source,
      .run = run_teenage_followers,
  };
  return kernel;
}

}  // namespace semibfs
