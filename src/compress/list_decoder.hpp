// Random access to compressed lists by vertex: the whole list in ascending order, or only up to
// the first neighbour a predicate accepts (a bottom-up step stops at the first frontier parent,
// Iwabuchi et al. Sec. III-B). Every read is checked: a corrupt or crafted list throws semibfs::Error
// naming the vertex (corrupt_list.hpp), never reads outside the stream.
#pragma once

#include <cstdint>

#include "compress/bit_code.hpp"
#include "compress/byte_code.hpp"
#include "compress/compressed_lists.hpp"
#include "compress/corrupt_list.hpp"
#include "compress/list_walk.hpp"
#include "core/types.hpp"

namespace semibfs {

class ListDecoder {
 public:
  // Keeps a reference to `lists`; throws semibfs::Error when its arrays do not fit each other.
  explicit ListDecoder(const CompressedLists& lists);

  std::int64_t num_vertices() const { return static_cast<std::int64_t>(n_); }
  std::int64_t first_vertex() const { return lists_.first_vertex; }
  std::int64_t num_rows() const { return lists_.num_rows(); }

  // f(VertexId) for each neighbour of v (a vertex of the rows), ascending.
  template <typename F>
  void for_each_neighbor(VertexId v, F&& f) const {
    walk(v, [&](std::uint64_t id) {
      f(static_cast<VertexId>(id));
      return false;
    });
  }

  // The first neighbour of v (ascending) that `predicate` accepts, or kUnreached; decodes no
  // further than that neighbour.
  template <typename Predicate>
  VertexId find_first(VertexId v, Predicate&& predicate) const {
    VertexId found = kUnreached;
    walk(v, [&](std::uint64_t id) {
      if (!predicate(static_cast<VertexId>(id))) return false;
      found = static_cast<VertexId>(id);
      return true;
    });
    return found;
  }

 private:
  // visit(id) returns true to stop; true when it did.
  template <typename Visit>
  bool walk(VertexId v, Visit&& visit) const {
    const std::int64_t row = v - lists_.first_vertex;
    if (row < 0 || row >= lists_.num_rows()) throw_corrupt_list(v, "no such vertex among the rows");
    const std::uint64_t begin = lists_.positions[row];
    const std::uint64_t end = lists_.positions[row + 1];
    if (begin > end || end > stream_units_) throw_corrupt_list(v, "its offsets run backwards or past the stream");
    if (begin == end) return false;
    if (lists_.codec.code == IntegerCode::kByte) {
      return walk_list_parts<ByteCodeReader>(v, begin, end, n_, minimum_, visit,
                                             [&](std::uint64_t from, std::uint64_t to) {
                                               return ByteCodeReader(stream_, from, to, v);
                                             });
    }
    return walk_list_parts<BitCodeReader>(v, begin, end, n_, minimum_, visit, [&](std::uint64_t from, std::uint64_t to) {
      return BitCodeReader(stream_, stream_bytes_, from, to, v);
    });
  }

  const CompressedLists& lists_;
  std::uint64_t n_;
  std::uint64_t minimum_;
  const std::uint8_t* stream_;
  std::uint64_t stream_bytes_;
  std::uint64_t stream_units_;  // positions may not pass this
};

}  // namespace semibfs
