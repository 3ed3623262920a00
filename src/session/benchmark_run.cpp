#include "session/benchmark_run.hpp"

#include <filesystem>
#include <string>

#include "core/byte_size.hpp"
#include "core/error.hpp"
#include "core/file_output.hpp"
#include "core/machine.hpp"
#include "core/types.hpp"
#include "graph/partition_layout.hpp"
#include "graph500/graph500_run.hpp"
#include "graph500/semi_external_run.hpp"
#include "session/kronecker_file.hpp"
#include "session/option_rules.hpp"
#include "store/graph_store.hpp"
#include "store/store_lock.hpp"
#include "store/store_manifest.hpp"

namespace semibfs {
namespace {

void check_graph_values(const Graph500Options& options) {
  require_in_range("--scale", options.kronecker.scale, 1, kMaxScale);
  require_in_range("--edgefactor", options.kronecker.edgefactor, 1, kMaxEdgefactor);
  require_in_range("--roots", options.num_roots, 1, kMaxRoots);
  if (options.store.partitions != 0) require_in_range("--partitions", options.store.partitions, 1, kMaxPartitions);
}

// --reuse needs a store to read, and the store directory must exist; a new store must not replace
// one that is there. Under mpirun each rank checks its part, DIR/rank-K (mpi/rank_store.hpp).
void check_store_directory(const StoreOptions& store, bool under_mpirun) {
  const std::string& directory = store.directory;
  if (store.reuse && directory.empty()) throw UsageError("--reuse needs --store DIR (the store to read)");
  if (directory.empty()) return;
  if (!std::filesystem::is_directory(directory)) {
    throw UsageError("--store '" + directory + "' is not a directory (create it first)");
  }
  if (under_mpirun) return;
  if (store.reuse && !store_exists(directory)) {
    throw UsageError("--store '" + directory + "' holds no store to --reuse (run once without --reuse to build one)");
  }
  if (!store.reuse && store_exists(directory)) {
    throw UsageError("--store '" + directory + "' already holds a store (add --reuse to read it, or choose an empty directory)");
  }
  if (!store.reuse) check_writable((std::filesystem::path(directory) / kManifestName).string());
}

void check_layout_under_mpirun(const Graph500Options& options) {
  const StoreOptions& store = options.store;
  if (store.compressed_lists || store.relabel) {
    throw UsageError("--compress and --vertex-order degree are not supported under mpirun yet: a rank's part of a "
                     "store is uncompressed, in the input's ids");
  }
  if (options.search.placement == PlacementMode::kForwardOnDisk) {
    throw UsageError("--placement forward-on-disk is not supported under mpirun: a rank's part of a store holds "
                     "backward lists only");
  }
}

// SSSP runs in DRAM or under a budget, in one process or across ranks, on plain or compressed
// lists, relabelled by degree or not (one process); a store it writes under a budget keeps the
// weights, and a store it reuses under a budget must have them (read as its lists are, kernel 1's
// whole result from the store; tiered as they are). Across ranks without a budget kernel 1 makes
// them from the generated share, beside lists built or read whole (a rank's part is checked as
// it is opened: every rank's at once).
void check_sssp_options(const Graph500Options& options, bool under_mpirun) {
  if (!options.sssp) return;
  if (!under_mpirun && options.store.reuse && !read_store_manifest(options.store.directory).list_weights) {
    throw UsageError("--sssp --reuse: the store '" + options.store.directory + "' has no weights (a run without "
                     "--sssp wrote it): write it with 'run --sssp --store DIR' into an empty directory");
  }
}

void require_memory(const Graph500Options& options) {
  const std::int64_t needed = estimate_run_bytes(options);
  const std::int64_t available = read_machine_info().memory_bytes;
  if (available > 0 && needed > available) {
    throw Error("SCALE " + std::to_string(options.kronecker.scale) + " needs about " + format_bytes(needed) +
                " of memory but this machine has " + format_bytes(available) +
                ": use a smaller --scale, or --store DIR --dram-budget SIZE to keep part of the graph on disk");
  }
}

}  // namespace

void check_benchmark_options(const Graph500Options& options, bool under_mpirun) {
  check_graph_values(options);
  check_store_directory(options.store, under_mpirun);
  const StoreOptions& store = options.store;
  if (options.search.budget.is_set() && store.directory.empty()) {
    throw UsageError("--dram-budget needs --store DIR (the lists that do not fit in DRAM are read from there)");
  }
  check_search_options(options.search);
  if ((store.compressed_lists || store.relabel) && store.directory.empty()) {
    throw UsageError("--compress and --vertex-order degree need --store DIR (the graph is built there by external "
                     "construction and searched from it)");
  }
  if (under_mpirun) check_layout_under_mpirun(options);
  check_sssp_options(options, under_mpirun);
}

Graph500Report run_benchmark(const Graph500Options& options, std::ostream& log) {
  require_memory(options);
  const StoreOptions& store = options.store;
  const auto lock = store.directory.empty()
                        ? nullptr
                        : lock_existing_store(store.directory, run_writes_store(options) ? StoreLock::Mode::kWrite
                                                                                         : StoreLock::Mode::kRead);
  return run_graph500(options, log);
}

}  // namespace semibfs
