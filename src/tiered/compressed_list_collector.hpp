// The one pass over a compressed store's lists file (pK.G.lists) when the store is opened
// (tiered_graph.hpp): every list is decoded as the file streams past, so that the store is checked
// whole before it is trusted (ids in range, each list's length as its offsets say, the pairs into
// the symmetry digest, the bytes against the manifest's SHA-256; each backward list's first neighbour, read
// from the store, is one of its entries), and the lists chosen to stay in DRAM are copied as they
// are. The rows wholly inside a piece of the file are decoded in parallel; a list that spans
// pieces is gathered first.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/sha256.hpp"
#include "graph/partition_layout.hpp"
#include "store/array_checks.hpp"
#include "tiered/tiered_csr.hpp"

namespace semibfs {

class CompressedListCollector {
 public:
  // `rows` holds the row index with the residency set (its resident bytes sized to it);
  // `first_neighbors` is empty or has one entry per row, to be checked; ids must lie in `allowed`.
  CompressedListCollector(CompressedRows& rows, std::span<const NeighborId> first_neighbors, VertexRange allowed, std::string path,
                          PairDigest& digest);

  // The next piece of the file, at byte `offset`.
  void consume(std::span<const std::byte> bytes, std::uint64_t offset);
  // Checks that every row was seen; returns the file's SHA-256.
  std::string finish_hex();

 private:
  std::int64_t num_rows() const { return rows_.index.num_rows(); }
  // Decodes and checks row `row`'s list, whose bytes are `list`; its pairs go into `digest`.
  void collect(std::int64_t row, std::span<const std::uint8_t> list, PairDigest& digest) const;
  // Rows [first, end), all inside the piece that starts at byte `offset`, in parallel.
  void collect_rows(std::int64_t first, std::int64_t end, const std::uint8_t* piece, std::uint64_t offset);

  CompressedRows& rows_;
  std::span<const NeighborId> first_neighbors_;
  VertexRange allowed_;
  std::string path_;
  PairDigest& digest_;
  Sha256 sha_;
  std::int64_t next_row_ = 0;
  std::uint64_t consumed_bytes_ = 0;  // where the pieces read so far end
  std::vector<std::uint8_t> spanning_;  // the gathered bytes of a list that spans pieces
};

}  // namespace semibfs
