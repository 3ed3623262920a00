// What a store records of its edge file, taken as a build or an open reads the file: its SHA-256
// and its pair digest, which binds it to the lists (issue 42, case 8). The digest sums the pair
// hash of each record as the lists hold it (PairDigest: self-loops dropped, an undirected edge
// both ways round), repeats included, in the file's ids: a record rewritten and the SHA-256
// resealed still changes it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "core/graph_direction.hpp"
#include "core/sha256.hpp"
#include "edges/packed_edge.hpp"
#include "edges/packed_record_pieces.hpp"
#include "store/array_checks.hpp"
#include "store/store_manifest.hpp"

namespace semibfs {

class EdgeFileSeal {
 public:
  explicit EdgeFileSeal(GraphDirection direction) : undirected_(direction == GraphDirection::kUndirected) {}

  // The file's next bytes, cut anywhere (a record split between two calls is joined).
  void update(std::span<const std::byte> bytes);
  // The two halves of update, which touch nothing in common and so may run at once on two threads:
  // the bytes into the SHA-256, and their records (a split one joined) into the pair digest.
  void update_sha256(std::span<const std::byte> bytes) { sha_.update(bytes.data(), bytes.size()); }
  void update_pair_digest(std::span<const std::byte> bytes);
  // The file's next records; OpenMP-parallel.
  void update(std::span<const PackedEdge> edges);
  // The same in two parts that may run at once, so that a caller can hash on one thread while its
  // others visit the records: the records' bytes into the SHA-256 (no record split before them),
  // and the sum of their record_digest()s.
  void update_checksum(std::span<const PackedEdge> edges);
  void add_to_pair_digest(std::uint64_t record_digests) { pair_digest_ += record_digests; }
  // One record's share of the pair digest.
  std::uint64_t record_digest(const PackedEdge& edge) const {
    const auto source = static_cast<std::uint64_t>(edge.v0());
    const auto target = static_cast<std::uint64_t>(edge.v1());
    if (source == target) return 0;
    // A directed edge is in its target's in-list: its hash is that pair's reversed one.
    return PairDigest::pair_hash(source, target) + (undirected_ ? PairDigest::pair_hash(target, source) : 0);
  }

  std::uint64_t pair_digest() const { return pair_digest_; }
  // The manifest's entry of the edge file of `bytes` bytes read so far; once, at the end.
  StoreArray finish(std::int64_t bytes);

 private:
  void add_records(const std::byte* records, std::int64_t count);

  bool undirected_;
  Sha256 sha_;
  std::uint64_t pair_digest_ = 0;
  PackedRecordPieces pieces_;
};

}  // namespace semibfs
