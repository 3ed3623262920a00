// How a neighbour list is compressed (ExtraV (Lee et al.) Sec. 4.4, Table 2), and the byte layout.
//
// A vertex v's list (ascending, no duplicates) is cut into maximal runs of consecutive ids; runs of
// at least min_interval_length ids are intervals, every other id is a residual. The list is, as
// variable-length integers of the chosen code:
//   num_intervals, residual_offset,
//   (delta_begin, length - min_interval_length) per interval,
//   residual gaps until the list's end,
// residual_offset being the size of the interval part (bytes or bits, the code's unit), so that
// a decoder can read intervals and residuals side by side and merge them in ascending order. The
// first interval's delta_begin is zigzag(begin - v), later ones begin - (previous end + 2) (two
// intervals are never adjacent; the seed stores begin - previous end). The first residual is
// zigzag(r - v), later ones r - (previous residual + 1). An empty list takes no space; no count of
// residuals is stored: the offsets array (one position per vertex, n + 1 entries) gives the end.
#pragma once

#include <cstdint>
#include <string>

namespace semibfs {

enum class IntegerCode {
  kByte,  // LEB128: 7 bits a byte, the high bit says another byte follows (byte_code.hpp)
  kBit,   // ExtraV (Lee et al.) Table 2: a 6-bit length, then the number's bits (bit_code.hpp)
};

struct ListCodec {
  // Byte, by bench/compress_probe.cpp on Kronecker SCALE 18 and 20: as small as the bit code
  // (within 0.6%, smaller once relabelled by degree) and 1.2-1.9x faster to decode on one core.
  IntegerCode code = IntegerCode::kByte;
  // 3 (WebGraph uses 4, Boldi and Vigna 2004): smallest relabelled (SCALE 20: 12.12 bits an entry
  // against 12.20 at 2 and 12.15 at 4); runs of 2 cost more as an interval than as two residuals.
  int min_interval_length = 3;
};

ListCodec default_list_codec();

std::string to_string(IntegerCode code);
// Parses "byte" or "bit"; throws UsageError otherwise.
IntegerCode parse_integer_code(const std::string& text);
// "byte/2", for reports.
std::string to_string(const ListCodec& codec);

// Signed first deltas (a neighbour below v) as unsigned: 0, -1, 1, -2, ... map to 0, 1, 2, 3, ...
constexpr std::uint64_t zigzag_encode(std::int64_t value) {
  return (static_cast<std::uint64_t>(value) << 1) ^ static_cast<std::uint64_t>(value >> 63);
}
constexpr std::int64_t zigzag_decode(std::uint64_t value) {
  return static_cast<std::int64_t>(value >> 1) ^ -static_cast<std::int64_t>(value & 1);
}

}  // namespace semibfs
