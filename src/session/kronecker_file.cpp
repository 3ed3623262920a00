#include "session/kronecker_file.hpp"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <string>

#include "core/error.hpp"
#include "core/file_output.hpp"
#include "edges/edge_file_writer.hpp"
#include "gen/kronecker_edge_file.hpp"
#include "session/option_rules.hpp"

namespace semibfs {
namespace {

// The chunk and its encoded copy: 4 Mi edges in g500-int64, 2.4 Mi in el.
constexpr std::int64_t kChunkBudgetBytes = std::int64_t{128} << 20;

// The least the file takes: exact for the binary layouts; for el, ids of one digit fewer than the
// largest (the scrambled ids spread over [0, 2^SCALE), so under 1% of them are shorter still).
double least_file_bytes(const KroneckerFileOptions& options) {
  const double edges = std::ldexp(static_cast<double>(options.kronecker.edgefactor), options.kronecker.scale);
  if (options.format != EdgeFormat::kEl) return edges * static_cast<double>(max_bytes_per_edge(options.format));
  const auto largest_id_digits = static_cast<int>(std::to_string(options.kronecker.num_vertices() - 1).size());
  return edges * (2.0 * std::max(1, largest_id_digits - 1) + 2);
}

// Refused before writing when the disk cannot hold the file (stdout and the null device take anything).
void check_free_space(const KroneckerFileOptions& options) {
  if (is_stdout(options.output) || is_null_device(options.output)) return;
  const double bytes = least_file_bytes(options);
  const std::string directory = std::filesystem::path(resolved_output_path(options.output)).parent_path().string();
  const auto clamped = bytes >= 9.2e18 ? std::numeric_limits<std::int64_t>::max() : static_cast<std::int64_t>(bytes);
  require_free_space(directory, clamped,
                     "the edge list of SCALE " + std::to_string(options.kronecker.scale) + " (" +
                         to_string(options.format) + (options.format == EdgeFormat::kEl ? ", at least)" : ")"));
}

}  // namespace

void KroneckerFileOptions::check() const {
  require_in_range("--scale", kronecker.scale, 1, kMaxPackedScale);
  require_in_range("--edgefactor", kronecker.edgefactor, 1, kMaxEdgefactor);
  if (threads != 0) check_thread_count(threads);
  if (output.empty()) throw UsageError("-o FILE is required ('-' for stdout)");
  check_writable(output);
}

void write_kronecker_file(const KroneckerFileOptions& options) {
  options.check();
  check_free_space(options);
  if (options.threads > 0) omp_set_num_threads(options.threads);
  EdgeFileWriter out(options.output, options.format);
  write_kronecker_edges(options.kronecker, out, kChunkBudgetBytes, options.progress, "semibfs generate");
}

}  // namespace semibfs
