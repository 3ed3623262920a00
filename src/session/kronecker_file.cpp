#include "session/kronecker_file.hpp"

#include <omp.h>

#include "core/error.hpp"
#include "core/file_output.hpp"
#include "edges/edge_file_writer.hpp"
#include "gen/kronecker_edge_file.hpp"
#include "session/option_rules.hpp"

namespace semibfs {
namespace {

// The chunk and its encoded copy: 4 Mi edges in g500-int64, 2.4 Mi in el.
constexpr std::int64_t kChunkBudgetBytes = std::int64_t{128} << 20;

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
  if (options.threads > 0) omp_set_num_threads(options.threads);
  EdgeFileWriter out(options.output, options.format);
  write_kronecker_edges(options.kronecker, out, kChunkBudgetBytes, options.progress, "semibfs generate");
}

}  // namespace semibfs
