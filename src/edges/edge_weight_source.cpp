#include "edges/edge_weight_source.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace semibfs {
namespace {

void check_range(const std::string& name, std::int64_t first, std::int64_t count, std::int64_t edges) {
  if (first < 0 || count < 0 || first + count > edges) {
    throw Error("edge weights " + name + ": edges [" + std::to_string(first) + ", " + std::to_string(first + count) +
                ") are outside its " + std::to_string(edges) + " edges");
  }
}

}  // namespace

std::span<const float> InMemoryEdgeWeights::weights(std::int64_t first, std::int64_t count) const {
  check_range("in memory", first, count, num_edges());
  return weights_.subspan(static_cast<std::size_t>(first), static_cast<std::size_t>(count));
}

FileEdgeWeights::FileEdgeWeights(const std::string& path, std::int64_t edges, std::int64_t chunk_edges)
    : file_(path),
      edges_(edges),
      buffer_(static_cast<std::uint64_t>(std::max<std::int64_t>(chunk_edges, 1)) * sizeof(float) + 2 * kBlockBytes) {
  if (file_.size() != static_cast<std::uint64_t>(edges) * sizeof(float)) {
    throw Error("edge weights '" + path + "': " + std::to_string(file_.size()) + " bytes for " + std::to_string(edges) +
                " edges (4 bytes each): the store is damaged; build it again");
  }
}

std::span<const float> FileEdgeWeights::weights(std::int64_t first, std::int64_t count) const {
  check_range("'" + file_.path() + "'", first, count, edges_);
  const std::span<const std::byte> bytes = read_range(file_, buffer_, static_cast<std::uint64_t>(first) * sizeof(float),
                                                      static_cast<std::uint64_t>(count) * sizeof(float));
  return {reinterpret_cast<const float*>(bytes.data()), static_cast<std::size_t>(count)};
}

}  // namespace semibfs
