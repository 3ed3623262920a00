// Compresses the neighbour lists of a CSR into CompressedLists (list_codec.hpp gives the format).
#pragma once

#include <cstdint>
#include <span>

#include "compress/compressed_lists.hpp"
#include "compress/list_codec.hpp"

namespace semibfs {

// offsets: n + 1 entries, non-decreasing from 0 to neighbors.size(); each list ascending without
// duplicates, ids below n. Throws semibfs::Error naming the first vertex whose list is not so.
// Two OpenMP passes over the vertices: every list's size, then every list written in place.
CompressedLists encode_lists(std::span<const std::int64_t> offsets, std::span<const std::uint32_t> neighbors,
                             ListCodec codec = default_list_codec());
CompressedLists encode_lists(std::span<const std::int64_t> offsets, std::span<const std::uint64_t> neighbors,
                             ListCodec codec = default_list_codec());

// The lists of rows only: list r is vertex first_vertex + r's, ids below num_vertices (one rank's
// rows; ids near 2^48 without an offsets array that long).
CompressedLists encode_row_lists(std::int64_t first_vertex, std::int64_t num_vertices,
                                 std::span<const std::int64_t> offsets, std::span<const std::uint64_t> neighbors,
                                 ListCodec codec = default_list_codec());

// One list alone in the byte code (a store writes its lists one by one): its size, then the list
// written at `out`, which must have that many bytes. `list` ascending and unique, below n; an
// empty list takes no bytes.
std::uint64_t byte_list_size(std::uint64_t vertex, std::span<const std::uint32_t> list, int min_interval_length);
void write_byte_list(std::uint64_t vertex, std::span<const std::uint32_t> list, int min_interval_length,
                     std::uint8_t* out);

}  // namespace semibfs
