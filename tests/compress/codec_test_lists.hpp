// Lists as vectors for the codec tests: into a CSR, through the encoder, and back.
#pragma once

#include <cstdint>
#include <vector>

#include "compress/compressed_lists.hpp"
#include "compress/list_decoder.hpp"

namespace semibfs::testing {

using Lists = std::vector<std::vector<std::uint64_t>>;

struct Csr {
  std::vector<std::int64_t> offsets{0};
  std::vector<std::uint64_t> neighbors;
};

inline Csr to_csr(const Lists& lists) {
  Csr csr;
  for (const auto& list : lists) {
    csr.neighbors.insert(csr.neighbors.end(), list.begin(), list.end());
    csr.offsets.push_back(static_cast<std::int64_t>(csr.neighbors.size()));
  }
  return csr;
}

// Every row's list, decoded in full.
inline Lists decode_all(const CompressedLists& compressed) {
  const ListDecoder decoder(compressed);
  Lists lists(static_cast<std::size_t>(compressed.num_rows()));
  for (std::int64_t row = 0; row < compressed.num_rows(); ++row) {
    decoder.for_each_neighbor(compressed.first_vertex + row,
                              [&](VertexId id) { lists[row].push_back(static_cast<std::uint64_t>(id)); });
  }
  return lists;
}

}  // namespace semibfs::testing
