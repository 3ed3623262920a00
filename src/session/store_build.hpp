// A graph file built into a store (import/input_store.hpp) under typed options and a DRAM budget
// that covers the whole process: `semibfs build` fills these from its option table, Python's
// semibfs.build from keyword arguments, and both call build_store.
#pragma once

#include <cstdint>
#include <string>

#include "graph500/dram_budget.hpp"
#include "import/input_store.hpp"

namespace semibfs {

struct StoreBuildOptions {
  std::string input;  // the graph file, plain or gzip-compressed
  std::string store;  // created when missing; must hold no store
  // Format, direction and layout (one partition per NUMA node by default); its budget fields are
  // set from `budget` by build_store.
  ImportOptions import_options = default_import_options();
  DramBudget budget{std::int64_t{512} << 20};
  int threads = 0;  // 0: all cores

  static ImportOptions default_import_options();
  // Before any work: an input, a store directory that is writable (or creatable) and holds no
  // store, threads and partitions in range; UsageError otherwise.
  void check() const;
};

// "input" or "degree" (--vertex-order): whether the store numbers its vertices by descending degree.
bool relabels_by_degree(const std::string& vertex_order);

// The options checked, the program counted in the budget, a budget below what reading the file
// needs refused, then the store built. The graph's own minimum (its vertices' degrees) is known
// only once the file is read, and import_graph_file refuses it then.
ImportStats build_store(StoreBuildOptions options);

// What `semibfs build` prints once the store is built: a line a figure.
std::string build_summary(const StoreBuildOptions& options, const ImportStats& stats);

}  // namespace semibfs
