// Every vertex's neighbour list compressed (list_codec.hpp), with random access by vertex.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "compress/list_codec.hpp"

namespace semibfs {

// The lists of the rows [first_vertex, first_vertex + num_rows()) of a graph of num_vertices
// vertices (all of them, or one rank's share).
struct CompressedLists {
  std::int64_t first_vertex = 0;
  std::int64_t num_vertices = 0;
  std::int64_t num_entries = 0;  // neighbours over all lists
  ListCodec codec;
  // Row r's list (vertex first_vertex + r) is units [positions[r], positions[r + 1]) of the stream;
  // a unit is a byte for the byte code and a bit for the bit code. One entry more than rows.
  std::vector<std::uint64_t> positions{0};
  // The stream in whole 64-bit words (the bit code writes words); zero past positions[n].
  std::vector<std::uint64_t> words;

  std::int64_t num_rows() const { return static_cast<std::int64_t>(positions.size()) - 1; }
  std::span<const std::uint8_t> stream() const {
    return {reinterpret_cast<const std::uint8_t*>(words.data()), words.size() * sizeof(std::uint64_t)};
  }
  std::uint64_t stream_bits() const {
    return codec.code == IntegerCode::kByte ? positions.back() * 8 : positions.back();
  }
  // The stream's bytes as used (not the padding to a word), and with the positions array.
  std::uint64_t stream_bytes() const { return (stream_bits() + 7) / 8; }
  std::uint64_t total_bytes() const { return stream_bytes() + positions.size() * sizeof(std::uint64_t); }
};

}  // namespace semibfs
