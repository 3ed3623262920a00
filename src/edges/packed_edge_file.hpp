// Reading a file of the reference's packed 12-byte edges (edges/packed_edge.hpp, the packed48
// format) in chunks of the caller's size: plain buffered reads, with the kernel told that they
// are sequential so that its read-ahead overlaps them with the caller's work.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>

#include "core/error.hpp"
#include "core/interrupt.hpp"
#include "edges/packed_edge.hpp"

namespace semibfs {

class PackedEdgeFile {
 public:
  // Throws semibfs::Error when the file cannot be opened or its size is not a multiple of 12.
  explicit PackedEdgeFile(std::string path);
  PackedEdgeFile(const PackedEdgeFile&) = delete;
  PackedEdgeFile& operator=(const PackedEdgeFile&) = delete;
  ~PackedEdgeFile();

  const std::string& path() const { return path_; }
  std::int64_t num_edges() const { return num_edges_; }

  // Edges [first, first + into.size()); throws semibfs::Error when they cannot all be read.
  void read(std::int64_t first, std::span<PackedEdge> into) const;

  // Calls visit(first_edge, edges) for consecutive chunks of every edge, read into `buffer`.
  template <typename Visit>
  void for_each_chunk(std::span<PackedEdge> buffer, Visit&& visit) const {
    const auto chunk = static_cast<std::int64_t>(buffer.size());
    if (chunk == 0 && num_edges_ > 0) throw Error("reading edge file '" + path_ + "' through an empty buffer");
    for (std::int64_t first = 0; first < num_edges_; first += chunk) {
      throw_if_interrupted();  // every pass of the construction and the renumbering reads here
      const std::span<PackedEdge> edges = buffer.first(static_cast<std::size_t>(std::min(chunk, num_edges_ - first)));
      read(first, edges);
      visit(first, std::span<const PackedEdge>(edges));
    }
  }

 private:
  std::string path_;
  int descriptor_ = -1;
  std::int64_t num_edges_ = 0;
};

}  // namespace semibfs
