// Decoding one compressed list (list_codec.hpp): its header, then its intervals and residuals read
// side by side and handed out in ascending order, stopping where the visitor asks. Shared by the
// random access of list_decoder.hpp and by lists held one by one (a store's lists in DRAM or read
// from disk, tiered/tiered_csr.hpp).
#pragma once

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <span>
#include <string>

#include "compress/byte_code.hpp"
#include "compress/corrupt_list.hpp"
#include "compress/list_cursors.hpp"
#include "core/types.hpp"

namespace semibfs {

// A visitor that takes a run of consecutive ids at once: visit.run(first, last) returns true to
// stop (a bottom-up step probes the frontier bitmap a word at a time over an interval).
template <typename Visit>
concept RunVisitor = requires(Visit& visit, std::uint64_t id) { { visit.run(id, id) } -> std::convertible_to<bool>; };

// A list's header, checked: its interval count and where its intervals and residuals begin.
struct ListParts {
  std::uint64_t count = 0;
  std::uint64_t intervals_begin = 0;
  std::uint64_t residuals_begin = 0;
};

template <typename Reader, typename MakeReader>
ListParts read_list_parts(VertexId v, std::uint64_t begin, std::uint64_t end, MakeReader& make_reader) {
  Reader header = make_reader(begin, end);
  ListParts parts;
  parts.count = header.get();
  const std::uint64_t interval_units = header.get();
  parts.intervals_begin = header.position();
  if (interval_units > end - parts.intervals_begin)
    throw_corrupt_list(v, "the residual offset points past the list's end");
  if (parts.count > interval_units / (2 * Reader::kMinimumIntegerUnits)) {
    throw_corrupt_list(
        v, std::to_string(parts.count) + " intervals cannot fit in " + std::to_string(interval_units) + " units");
  }
  parts.residuals_begin = parts.intervals_begin + interval_units;
  if (parts.count == 0 && interval_units != 0) throw_corrupt_list(v, "the intervals do not end at the residual offset");
  return parts;
}

// The same list with its intervals first, then its residuals, each ascending but not merged: for
// visitors that take the ids in any order (a sum, a minimum), no comparison between the two.
// visit.run(first, last) takes each interval whole; returns true when the visitor stopped it.
template <typename Reader, typename Visit, typename MakeReader>
bool walk_list_parts_any_order(VertexId v, std::uint64_t begin, std::uint64_t end, std::uint64_t n,
                               std::uint64_t minimum, Visit& visit, MakeReader make_reader) {
  const ListParts parts = read_list_parts<Reader>(v, begin, end, make_reader);
  if (parts.count > 0) {
    IntervalCursor<Reader> intervals(make_reader(parts.intervals_begin, parts.residuals_begin), parts.count, v, n,
                                     minimum);
    while (intervals.advance()) {
      if (visit.run(intervals.current, intervals.last)) return true;
    }
  }
  ResidualCursor<Reader> residuals(make_reader(parts.residuals_begin, end), v, n);
  while (residuals.advance()) {
    if (visit(residuals.current)) return true;
  }
  return false;
}

// Units [begin, end) of a stream hold vertex v's list, ids below n, intervals of at least
// `minimum`; visit(id) returns true to stop (or, for a RunVisitor, visit.run over each stretch of
// an interval). Returns true when the visitor stopped it.
template <typename Reader, typename Visit, typename MakeReader>
bool walk_list_parts(VertexId v, std::uint64_t begin, std::uint64_t end, std::uint64_t n, std::uint64_t minimum,
                     Visit& visit, MakeReader make_reader) {
  const ListParts parts = read_list_parts<Reader>(v, begin, end, make_reader);
  const std::uint64_t count = parts.count;
  const std::uint64_t intervals_begin = parts.intervals_begin;
  const std::uint64_t residuals_begin = parts.residuals_begin;
  if (count == 0) {  // most lists in random ids: no merge with intervals
    ResidualCursor<Reader> residuals(make_reader(residuals_begin, end), v, n);
    while (residuals.advance()) {
      if (visit(residuals.current)) return true;
    }
    return false;
  }
  IntervalCursor<Reader> intervals(make_reader(intervals_begin, residuals_begin), count, v, n, minimum);
  ResidualCursor<Reader> residuals(make_reader(residuals_begin, end), v, n);
  bool has_interval = intervals.advance();
  bool has_residual = residuals.advance();
  while (has_interval || has_residual) {
    if (has_interval && (!has_residual || intervals.current < residuals.current)) {
      const std::uint64_t stop = has_residual ? std::min(intervals.last, residuals.current - 1) : intervals.last;
      if constexpr (RunVisitor<Visit>) {
        if (visit.run(intervals.current, stop)) return true;
      } else {
        for (std::uint64_t id = intervals.current; id <= stop; ++id) {
          if (visit(id)) return true;
        }
      }
      if (stop == intervals.last) {
        has_interval = intervals.advance();
      } else {
        intervals.current = stop + 1;
      }
    } else if (has_interval && intervals.current == residuals.current) {
      throw_corrupt_list(v, "a residual repeats an interval's id " + std::to_string(residuals.current));
    } else {
      if (visit(residuals.current)) return true;
      has_residual = residuals.advance();
    }
  }
  return false;
}

// One list in the byte code, in any order (walk_list_parts_any_order).
template <typename Visit>
bool walk_byte_list_any_order(VertexId v, std::span<const std::uint8_t> bytes, std::uint64_t n, std::uint64_t minimum,
                              Visit&& visit) {
  if (bytes.empty()) return false;
  return walk_list_parts_any_order<ByteCodeReader>(
      v, 0, bytes.size(), n, minimum, visit,
      [&](std::uint64_t from, std::uint64_t to) { return ByteCodeReader(bytes.data(), from, to, v); });
}

// One list in the byte code, the whole of `bytes` (empty: no neighbours).
template <typename Visit>
bool walk_byte_list(VertexId v, std::span<const std::uint8_t> bytes, std::uint64_t n, std::uint64_t minimum,
                    Visit&& visit) {
  if (bytes.empty()) return false;
  return walk_list_parts<ByteCodeReader>(v, 0, bytes.size(), n, minimum, visit,
                                         [&](std::uint64_t from, std::uint64_t to) {
                                           return ByteCodeReader(bytes.data(), from, to, v);
                                         });
}

}  // namespace semibfs
