// A kept search's lane in the records of a SearchBatch, and the per-lane tests both batch passes
// make (batch_edge_pass.cpp over the tuples, batch_list_pass.cpp over the validator's lists). The
// lane loops have a fixed width, the stride being a template parameter, so that the compiler turns
// each into a few vector instructions over a record's bytes.
#pragma once

#include <immintrin.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <span>

#include "core/graph_direction.hpp"
#include "core/types.hpp"
#include "validate/batch_edge_pass.hpp"

namespace semibfs {

// A batch's record width for `capacity` searches: 4, 8, 16, 32 or 64 lanes. Throws past 64.
int lane_stride_for(int capacity);
// Throws semibfs::Error when a full batch is given a search, or parents of another graph.
void check_room_to_keep(bool full, int capacity, std::int64_t parents, std::int64_t num_vertices);

// How a lane's level lies in a vertex's record of levels: a byte each (levels 0 to
// kDeepestByteLevel), or, for a batch of shallow trees, a nibble each, two lanes a byte (lane c in
// byte c / 2, the low nibble for even c; levels 0 to kDeepest, 0xF unreached). Either way an
// unreached level is at least two above any reached one.
struct ByteLevels {
  static constexpr int kLanesPerByte = 1;
  static constexpr std::uint8_t kUnreached = kUnreachedByte;
  static constexpr std::uint8_t kDeepest = kDeepestByteLevel;
  static std::uint8_t level(const std::uint8_t* record, int lane) { return record[lane]; }
  static void set_level(std::uint8_t* record, int lane, std::uint8_t level) { record[lane] = level; }
};

struct NibbleLevels {
  static constexpr int kLanesPerByte = 2;
  static constexpr std::uint8_t kUnreached = 0x0F;
  static constexpr std::uint8_t kDeepest = 0x0D;
  static std::uint8_t level(const std::uint8_t* record, int lane) {
    return static_cast<std::uint8_t>(record[lane / 2] >> (lane % 2 * 4)) & 0x0F;
  }
  // Sets lane's nibble of `record`; the other lane of its byte keeps its level.
  static void set_level(std::uint8_t* record, int lane, std::uint8_t level) {
    const int shift = lane % 2 * 4;
    std::uint8_t& byte = record[lane / 2];
    byte = static_cast<std::uint8_t>((byte & ~(0x0F << shift)) | (level << shift));
  }
};

template <int kStride, class ParentId, class Code = ByteLevels>
struct Lanes {
  static constexpr int kRecordBytes = kStride / Code::kLanesPerByte;
  const std::uint8_t* levels;
  const ParentId* parents;
  std::uint64_t* seen;

  const std::uint8_t* levels_of(VertexId v) const { return levels + v * kRecordBytes; }
  const ParentId* parents_of(VertexId v) const { return parents + v * kStride; }
};

// Undirected, an unreached level (0xFF) is at least two above any reached one, so one test covers
// rule 3 and a tuple leaving the reached set. Directed (source level first), the source's next
// level must not be exceeded by the target's, an unreached target included; an unreached source
// binds nothing.
template <GraphDirection kDirection, class Code = ByteLevels>
bool lane_fails(std::uint8_t level0, std::uint8_t level1) {
  if constexpr (kDirection == GraphDirection::kUndirected) {
    return static_cast<std::uint8_t>(std::max(level0, level1) - std::min(level0, level1)) > 1;
  } else {
    return (level0 != Code::kUnreached) & (level1 > static_cast<std::uint8_t>(level0 + 1));
  }
}

// 16 bytes of a record from `offset`: all of them when the record holds them, else its last
// kBytes - offset (4, 8 or 12), the rest zero.
template <int kBytes>
__m128i record_chunk(const std::uint8_t* record, int offset) {
  if constexpr (kBytes % 16 == 0) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(record + offset));
  } else {
    __m128i chunk = _mm_setzero_si128();
    const int size = std::min(16, kBytes - offset);
    std::memcpy(&chunk, record + offset, static_cast<std::size_t>(size));
    return chunk;
  }
}

// Per byte of a and b (levels, or the low nibbles' levels): |a - b| - 1, saturating: nonzero
// exactly where the levels differ by more than one.
inline __m128i levels_apart(__m128i a, __m128i b) {
  const __m128i distance = _mm_or_si128(_mm_subs_epu8(a, b), _mm_subs_epu8(b, a));
  return _mm_subs_epu8(distance, _mm_set1_epi8(1));
}

// Whether lane_fails holds in any of the kStride lanes, undirected: 16 bytes a vector compare (a
// byte loop stayed scalar, and was the list passes' hottest code). Nibbles are compared as the
// bytes of their low and high halves; the zero bytes past a short record agree.
template <int kStride, class Code = ByteLevels>
bool any_lane_fails_undirected(const std::uint8_t* levels0, const std::uint8_t* levels1) {
  constexpr int kBytes = kStride / Code::kLanesPerByte;
  __m128i fails = _mm_setzero_si128();
  for (int offset = 0; offset < kBytes; offset += 16) {
    const __m128i a = record_chunk<kBytes>(levels0, offset);
    const __m128i b = record_chunk<kBytes>(levels1, offset);
    if constexpr (Code::kLanesPerByte == 1) {
      fails = _mm_or_si128(fails, levels_apart(a, b));
    } else {
      const __m128i low = _mm_set1_epi8(0x0F);
      fails = _mm_or_si128(fails, levels_apart(_mm_and_si128(a, low), _mm_and_si128(b, low)));
      fails = _mm_or_si128(fails, levels_apart(_mm_and_si128(_mm_srli_epi16(a, 4), low),
                                               _mm_and_si128(_mm_srli_epi16(b, 4), low)));
    }
  }
#ifdef __SSE4_1__
  return _mm_testz_si128(fails, fails) == 0;
#else  // the sanitizer builds target the x86-64 baseline (SSE2): any byte not zero
  return _mm_movemask_epi8(_mm_cmpeq_epi8(fails, _mm_setzero_si128())) != 0xFFFF;
#endif
}

// Out of line: the rare failure path must not cost the hot loops registers.
template <int kStride, GraphDirection kDirection, class Code = ByteLevels>
[[gnu::noinline, gnu::cold]] std::uint64_t failing_lanes(const std::uint8_t* levels0, const std::uint8_t* levels1) {
  std::uint64_t lanes = 0;
  for (int c = 0; c < kStride; ++c) {
    if (lane_fails<kDirection, Code>(Code::level(levels0, c), Code::level(levels1, c))) lanes |= std::uint64_t{1} << c;
  }
  return lanes;
}

// The failing lanes of a vertex's list (entries are sources of edges into it when directed).
template <int kStride, GraphDirection kDirection, class ParentId, class Code>
[[gnu::noinline, gnu::cold]] std::uint64_t failing_lanes_of_list(const std::uint8_t* own,
                                                                 std::span<const std::uint32_t> list,
                                                                 const Lanes<kStride, ParentId, Code>& lanes) {
  std::uint64_t failed = 0;
  for (const std::uint32_t u : list) {
    failed |= kDirection == GraphDirection::kUndirected
                  ? failing_lanes<kStride, kDirection, Code>(own, lanes.levels_of(u))
                  : failing_lanes<kStride, kDirection, Code>(lanes.levels_of(u), own);
  }
  return failed;
}

// The lanes in which `parents` (one vertex's record) name `other`. Compilers leave the bit-by-bit
// loop scalar, and it ran on every list entry: with AVX-512 one compare gives 16 (or 8) lanes' bits.
template <int kStride, class ParentId>
std::uint64_t lanes_with_parent(const ParentId* parents, VertexId other) {
#ifdef __AVX512F__
  constexpr int kPerVector = 64 / static_cast<int>(sizeof(ParentId));
  if constexpr (kStride % kPerVector == 0) {
    std::uint64_t matches = 0;
    for (int c = 0; c < kStride; c += kPerVector) {
      const __m512i lanes = _mm512_loadu_si512(parents + c);
      const std::uint64_t bits =
          sizeof(ParentId) == 4 ? _mm512_cmpeq_epi32_mask(lanes, _mm512_set1_epi32(static_cast<std::int32_t>(other)))
                                : _mm512_cmpeq_epi64_mask(lanes, _mm512_set1_epi64(other));
      matches |= bits << c;
    }
    return matches;
  }
#endif
  std::uint64_t matches = 0;
  for (int c = 0; c < kStride; ++c) matches |= std::uint64_t{parents[c] == static_cast<ParentId>(other)} << c;
  return matches;
}

template <int kStride, class Code = ByteLevels>
std::uint64_t reached_lanes(const std::uint8_t* levels) {
  std::uint64_t reached = 0;
  for (int c = 0; c < kStride; ++c) reached |= std::uint64_t{Code::level(levels, c) != Code::kUnreached} << c;
  return reached;
}

// One vertex's list against the vertex's lanes (`own` levels, `parents`): the lanes it fails, a
// neighbour more than a level away (rule 3, and a pair leaving the reached set: rule 4) or a reached
// lane with no neighbour its parent (rule 5; `seen` holds the lanes that need none). Directed, the
// list holds the sources of the vertex's in-edges. With kCountBoth, adds per lane the entries with
// both ends reached to both_reached.
template <int kStride, GraphDirection kDirection, bool kCountBoth, class ParentId, class Code = ByteLevels>
std::uint64_t check_vertex_list(const Lanes<kStride, ParentId, Code>& lanes, const std::uint8_t* own,
                                const ParentId* parents, std::span<const std::uint32_t> list, std::uint64_t seen,
                                std::int64_t* both_reached) {
  constexpr std::int64_t kPrefetchDistance = 16;  // list entries ahead, as in the tuple pass
  std::uint32_t both[kStride] = {};
  std::uint8_t any_fails = 0;
  const auto size = static_cast<std::int64_t>(list.size());
  for (std::int64_t i = 0; i < size; ++i) {
    if (i + kPrefetchDistance < size) __builtin_prefetch(lanes.levels_of(list[i + kPrefetchDistance]));
    const VertexId u = list[i];
    const std::uint8_t* other = lanes.levels_of(u);
    if constexpr (kCountBoth) {
      for (int c = 0; c < kStride; ++c) {
        both[c] += (Code::level(own, c) != Code::kUnreached) & (Code::level(other, c) != Code::kUnreached);
      }
    }
    if constexpr (kDirection == GraphDirection::kUndirected) {
      any_fails |= static_cast<std::uint8_t>(any_lane_fails_undirected<kStride, Code>(own, other));
    } else {
      for (int c = 0; c < kStride; ++c) {
        any_fails |= lane_fails<kDirection, Code>(Code::level(other, c), Code::level(own, c));
      }
    }
    seen |= lanes_with_parent<kStride>(parents, u);
  }
  if constexpr (kCountBoth) {
    for (int c = 0; c < kStride; ++c) both_reached[c] += both[c];
  }
  std::uint64_t failed = reached_lanes<kStride, Code>(own) & ~seen;
  if (any_fails != 0) failed |= failing_lanes_of_list<kStride, kDirection>(own, list, lanes);
  return failed;
}

}  // namespace semibfs
