// The two halves of a compressed list, read side by side (list_codec.hpp): the intervals from the
// list's interval part, the residuals from its residual offset on. Each checks every id it makes
// against the number of vertices, so a crafted list is one error, never an id out of range.
#pragma once

#include <cstdint>
#include <string>

#include "compress/corrupt_list.hpp"
#include "compress/list_codec.hpp"
#include "core/types.hpp"

namespace semibfs {

// v + zigzag delta, checked to lie in [0, n); v < 2^59 and |delta| < 2^63 cannot overflow int64
// once delta's range is checked first.
inline std::uint64_t first_id(VertexId vertex, std::uint64_t coded, std::uint64_t n, const char* what) {
  const std::int64_t delta = zigzag_decode(coded);
  if (delta < -vertex || delta >= static_cast<std::int64_t>(n) - vertex) {
    throw_corrupt_list(vertex, std::string(what) + " outside the vertex range");
  }
  return static_cast<std::uint64_t>(vertex + delta);
}

// previous + gap, checked to stay below n.
inline std::uint64_t next_id(VertexId vertex, std::uint64_t base, std::uint64_t gap, std::uint64_t n,
                             const char* what) {
  if (base >= n || gap >= n - base) throw_corrupt_list(vertex, std::string(what) + " past the last vertex");
  return base + gap;
}

template <typename Reader>
class IntervalCursor {
 public:
  IntervalCursor(Reader reader, std::uint64_t count, VertexId vertex, std::uint64_t n, std::uint64_t minimum)
      : reader_(reader), remaining_(count), vertex_(vertex), n_(n), minimum_(minimum) {}
  // Loads the next interval into [current, last]; false after the last one.
  bool advance() {
    if (remaining_ == 0) {
      if (!reader_.at_end()) throw_corrupt_list(vertex_, "the intervals do not end at the residual offset");
      return false;
    }
    const std::uint64_t coded_begin = reader_.get();
    --remaining_;
    // The first interval is coded against the vertex, later ones against the previous interval.
    const std::uint64_t begin = started_ ? next_id(vertex_, last + 2, coded_begin, n_, "an interval starts")
                                         : first_id(vertex_, coded_begin, n_, "an interval starts");
    const std::uint64_t extra = reader_.get();
    if (n_ - begin < minimum_ || extra > n_ - begin - minimum_) throw_corrupt_list(vertex_, "an interval ends past the last vertex");
    current = begin;
    last = begin + minimum_ + extra - 1;
    started_ = true;
    return true;
  }

  std::uint64_t current = 0;
  std::uint64_t last = 0;

 private:
  Reader reader_;
  std::uint64_t remaining_;
  VertexId vertex_;
  std::uint64_t n_;
  std::uint64_t minimum_;
  bool started_ = false;
};

template <typename Reader>
class ResidualCursor {
 public:
  ResidualCursor(Reader reader, VertexId vertex, std::uint64_t n) : reader_(reader), vertex_(vertex), n_(n) {}
  // Loads the next residual into `current`; false at the list's end.
  bool advance() {
    if (reader_.at_end()) return false;
    const std::uint64_t coded = reader_.get();
    if (!started_) {
      current = first_id(vertex_, coded, n_, "a residual");
      started_ = true;
      return true;
    }
    // current < n was checked, so n - (current + 1) does not wrap: one comparison an id.
    if (coded >= n_ - (current + 1)) throw_corrupt_list(vertex_, "a residual past the last vertex");
    current += coded + 1;
    return true;
  }

  std::uint64_t current = 0;

 private:
  Reader reader_;
  VertexId vertex_;
  std::uint64_t n_;
  bool started_ = false;
};

}  // namespace semibfs
