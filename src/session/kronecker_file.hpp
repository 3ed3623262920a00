// The Graph500 Kronecker edge list written to a file or stdout in chunks, so that memory stays
// small whatever the SCALE (gen/kronecker_edge_file.hpp): `semibfs generate` fills these from its
// option table, Python's semibfs.generate from keyword arguments, and both call
// write_kronecker_file.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "edges/edge_format.hpp"
#include "gen/kronecker.hpp"

namespace semibfs {

inline constexpr int kMaxPackedScale = 48;  // the packed edge holds 48-bit ids
inline constexpr std::int64_t kMaxEdgefactor = std::int64_t{1} << 20;

struct KroneckerFileOptions {
  KroneckerParams kronecker;  // scale, edgefactor, seeds
  EdgeFormat format = EdgeFormat::kG500Int64;
  std::string output;  // '-' for stdout
  int threads = 0;     // 0: all cores
  std::ostream* progress = nullptr;

  // Throws UsageError, worded as the command line's, for a scale or edgefactor out of range, no
  // output or one that cannot be written, and threads out of range.
  void check() const;
};

// Checks the options, then writes the file: a path appears whole or not at all.
void write_kronecker_file(const KroneckerFileOptions& options);

}  // namespace semibfs
