#include "compress/list_encoder.hpp"

#include <omp.h>

#include <algorithm>
#include <string>
#include <vector>

#include "compress/bit_code.hpp"
#include "compress/byte_code.hpp"
#include "compress/id_runs.hpp"
#include "core/error.hpp"

namespace semibfs {
namespace {

// Ids below 2^59 keep every zigzag delta below the bit code's 2^61.
constexpr std::uint64_t kMaxEncodableVertices = std::uint64_t{1} << 59;

// The interval part: (delta_begin, length - minimum) per run of at least `minimum` ids.
template <typename Id, typename Put>
std::uint64_t put_intervals(std::uint64_t vertex, std::span<const Id> list, std::uint64_t minimum, Put&& put) {
  std::uint64_t count = 0;
  std::uint64_t previous_end = 0;
  for_each_run(list, [&](std::uint64_t begin, std::uint64_t length) {
    if (length < minimum) return;
    put(count == 0 ? zigzag_encode(static_cast<std::int64_t>(begin - vertex)) : begin - (previous_end + 2));
    put(length - minimum);
    previous_end = begin + length - 1;
    ++count;
  });
  return count;
}

// The residual part: the ids of runs shorter than `minimum`, as gaps.
template <typename Id, typename Put>
void put_residuals(std::uint64_t vertex, std::span<const Id> list, std::uint64_t minimum, Put&& put) {
  bool first = true;
  std::uint64_t previous = 0;
  for_each_run(list, [&](std::uint64_t begin, std::uint64_t length) {
    if (length >= minimum) return;
    for (std::uint64_t id = begin; id < begin + length; ++id) {
      put(first ? zigzag_encode(static_cast<std::int64_t>(id - vertex)) : id - (previous + 1));
      previous = id;
      first = false;
    }
  });
}

// The number of intervals and the units (bytes or bits, by the code's `size`) of the interval part.
struct IntervalPart {
  std::uint64_t count = 0;
  std::uint64_t units = 0;
};

template <typename Id, typename Size>
IntervalPart interval_part(std::uint64_t vertex, std::span<const Id> list, std::uint64_t minimum, Size size) {
  IntervalPart part;
  part.count = put_intervals(vertex, list, minimum, [&](std::uint64_t value) { part.units += size(value); });
  return part;
}

// Units of one list in the code whose size function is `size`.
template <typename Id, typename Size>
std::uint64_t list_units(std::uint64_t vertex, std::span<const Id> list, std::uint64_t minimum, Size size) {
  if (list.empty()) return 0;
  const IntervalPart intervals = interval_part(vertex, list, minimum, size);
  std::uint64_t residual_units = 0;
  put_residuals(vertex, list, minimum, [&](std::uint64_t value) { residual_units += size(value); });
  return size(intervals.count) + size(intervals.units) + intervals.units + residual_units;
}

// Writes one list: header, intervals, residuals (list_codec.hpp).
template <typename Id, typename Writer, typename Size>
void write_list(Writer& writer, std::uint64_t vertex, std::span<const Id> list, std::uint64_t minimum, Size size) {
  if (list.empty()) return;
  const IntervalPart intervals = interval_part(vertex, list, minimum, size);
  writer.put(intervals.count);
  writer.put(intervals.units);
  put_intervals(vertex, list, minimum, [&](std::uint64_t value) { writer.put(value); });
  put_residuals(vertex, list, minimum, [&](std::uint64_t value) { writer.put(value); });
}

// The first vertex whose list is not ascending, unique and below n, or n when all are.
template <typename Id>
std::int64_t first_bad_list(std::span<const std::int64_t> offsets, std::span<const Id> neighbors, std::int64_t n) {
  const std::int64_t rows = static_cast<std::int64_t>(offsets.size()) - 1;
  std::int64_t first_bad = rows;
#pragma omp parallel for schedule(dynamic, 1024) reduction(min : first_bad)
  for (std::int64_t v = 0; v < rows; ++v) {
    const std::int64_t begin = offsets[v];
    const std::int64_t end = offsets[v + 1];
    if (begin > end || end > static_cast<std::int64_t>(neighbors.size())) {
      first_bad = std::min(first_bad, v);
      continue;
    }
    for (std::int64_t i = begin; i < end; ++i) {
      const auto id = static_cast<std::uint64_t>(neighbors[i]);
      if (id >= static_cast<std::uint64_t>(n) || (i > begin && id <= static_cast<std::uint64_t>(neighbors[i - 1]))) {
        first_bad = std::min(first_bad, v);
        break;
      }
    }
  }
  return first_bad;
}

void check_shape(std::int64_t first_vertex, std::int64_t num_vertices, std::span<const std::int64_t> offsets,
                 std::size_t num_neighbors, const ListCodec& codec) {
  if (offsets.empty() || offsets.front() != 0 || offsets.back() != static_cast<std::int64_t>(num_neighbors)) {
    throw Error("encode_lists: the offsets must run from 0 to the number of neighbours");
  }
  if (num_vertices < 0 || static_cast<std::uint64_t>(num_vertices) > kMaxEncodableVertices) {
    throw Error("encode_lists: " + std::to_string(num_vertices) + " vertices (at most 2^59)");
  }
  if (first_vertex < 0 || static_cast<std::int64_t>(offsets.size()) - 1 > num_vertices - first_vertex) {
    throw Error("encode_lists: the rows run past the last vertex");
  }
  if (codec.min_interval_length < 1) throw Error("encode_lists: the minimum interval length must be at least 1");
}

template <typename Id>
CompressedLists encode(std::int64_t first_vertex, std::int64_t num_vertices, std::span<const std::int64_t> offsets,
                       std::span<const Id> neighbors, ListCodec codec) {
  check_shape(first_vertex, num_vertices, offsets, neighbors.size(), codec);
  const std::int64_t n = static_cast<std::int64_t>(offsets.size()) - 1;  // rows
  if (const std::int64_t bad = first_bad_list(offsets, neighbors, num_vertices); bad < n) {
    throw Error("encode_lists: the list of vertex " + std::to_string(first_vertex + bad) +
                " is not ascending, unique and below the number of vertices");
  }
  CompressedLists lists;
  lists.first_vertex = first_vertex;
  lists.num_vertices = num_vertices;
  lists.num_entries = static_cast<std::int64_t>(neighbors.size());
  lists.codec = codec;
  lists.positions.assign(static_cast<std::size_t>(n) + 1, 0);
  const auto minimum = static_cast<std::uint64_t>(codec.min_interval_length);
  const bool bytes = codec.code == IntegerCode::kByte;
  const auto list_of = [&](std::int64_t v) { return neighbors.subspan(offsets[v], offsets[v + 1] - offsets[v]); };
#pragma omp parallel for schedule(dynamic, 1024)
  for (std::int64_t v = 0; v < n; ++v) {
    const auto vertex = static_cast<std::uint64_t>(first_vertex + v);
    lists.positions[v + 1] = bytes ? list_units(vertex, list_of(v), minimum, byte_code_size)
                                   : list_units(vertex, list_of(v), minimum, bit_code_size);
  }
  for (std::int64_t v = 0; v < n; ++v) lists.positions[v + 1] += lists.positions[v];
  const std::uint64_t stream_bits = bytes ? lists.positions.back() * 8 : lists.positions.back();
  lists.words.assign((stream_bits + 63) / 64, 0);
  auto* stream_bytes = reinterpret_cast<std::uint8_t*>(lists.words.data());
#pragma omp parallel for schedule(dynamic, 1024)
  for (std::int64_t v = 0; v < n; ++v) {
    const auto vertex = static_cast<std::uint64_t>(first_vertex + v);
    if (bytes) {
      ByteCodeWriter writer(stream_bytes, lists.positions[v]);
      write_list(writer, vertex, list_of(v), minimum, byte_code_size);
    } else {
      BitCodeWriter writer(lists.words.data(), lists.positions[v]);
      write_list(writer, vertex, list_of(v), minimum, bit_code_size);
      writer.finish();
    }
  }
  return lists;
}

}  // namespace

CompressedLists encode_lists(std::span<const std::int64_t> offsets, std::span<const std::uint32_t> neighbors,
                             ListCodec codec) {
  const auto n = static_cast<std::int64_t>(offsets.size()) - 1;
  return encode(0, n, offsets, neighbors, codec);
}

CompressedLists encode_lists(std::span<const std::int64_t> offsets, std::span<const std::uint64_t> neighbors,
                             ListCodec codec) {
  const auto n = static_cast<std::int64_t>(offsets.size()) - 1;
  return encode(0, n, offsets, neighbors, codec);
}

std::uint64_t byte_list_size(std::uint64_t vertex, std::span<const std::uint32_t> list, int min_interval_length) {
  return list_units(vertex, list, static_cast<std::uint64_t>(min_interval_length), byte_code_size);
}

void write_byte_list(std::uint64_t vertex, std::span<const std::uint32_t> list, int min_interval_length,
                     std::uint8_t* out) {
  ByteCodeWriter writer(out, 0);
  write_list(writer, vertex, list, static_cast<std::uint64_t>(min_interval_length), byte_code_size);
}

CompressedLists encode_row_lists(std::int64_t first_vertex, std::int64_t num_vertices,
                                 std::span<const std::int64_t> offsets, std::span<const std::uint64_t> neighbors,
                                 ListCodec codec) {
  return encode(first_vertex, num_vertices, offsets, neighbors, codec);
}

}  // namespace semibfs
