#include "compress/list_decoder.hpp"

#include <string>

#include "core/error.hpp"

namespace semibfs {

ListDecoder::ListDecoder(const CompressedLists& lists)
    : lists_(lists),
      n_(static_cast<std::uint64_t>(std::max<std::int64_t>(lists.num_vertices, 0))),
      minimum_(static_cast<std::uint64_t>(std::max(lists.codec.min_interval_length, 0))),
      stream_(lists.stream().data()),
      stream_bytes_(lists.stream().size()),
      stream_units_(lists.codec.code == IntegerCode::kByte ? stream_bytes_ : stream_bytes_ * 8) {
  if (lists.positions.empty() || lists.first_vertex < 0 || lists.num_vertices < 0 ||
      lists.num_rows() > lists.num_vertices - lists.first_vertex) {
    throw Error("corrupt compressed lists: " + std::to_string(lists.positions.size()) + " offsets from vertex " +
                std::to_string(lists.first_vertex) + " do not fit " + std::to_string(lists.num_vertices) + " vertices");
  }
  // Ids below 2^59 keep the decoder's id arithmetic within 64 bits (list_cursors.hpp).
  if (lists.num_vertices > (std::int64_t{1} << 59)) {
    throw Error("corrupt compressed lists: " + std::to_string(lists.num_vertices) + " vertices (at most 2^59)");
  }
  if (lists.codec.min_interval_length < 1) {
    throw Error("corrupt compressed lists: minimum interval length " + std::to_string(lists.codec.min_interval_length));
  }
  if (lists.positions.front() != 0 || lists.positions.back() > stream_units_) {
    throw Error("corrupt compressed lists: the offsets do not start at 0 or run past the stream's end");
  }
}

}  // namespace semibfs
