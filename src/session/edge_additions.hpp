// Edges of a graph file added to a store as a new version (Lee et al., ExtraV, ISCA 2017, Sec. 4.5;
// store/store_versions.hpp): only the edges new to the latest version are written, found by a
// job-queue streaming query of their sources' lists. `semibfs add-edges` and Python's
// Store.add_edges fill AddEdgesOptions and call add_edges.
#pragma once

#include <cstdint>
#include <string>

#include "formats/input_format.hpp"
#include "formats/limited_source.hpp"
#include "graph500/dram_budget.hpp"

namespace semibfs {

struct AddEdgesOptions {
  std::string input;  // the graph file of the added edges, in the store's file ids
  std::string store;  // a directory made by `semibfs build`
  InputFormat format = InputFormat::kAuto;
  DramBudget budget;  // unset: every list in DRAM
  int threads = 0;    // 0: all cores
  // The most read from an input that is not a regular file (a pipe, a device), as for build.
  std::uint64_t max_input_bytes = kDefaultMaxInputBytes;

  // Throws UsageError, worded as the command line's, for no input, no store and threads out of range.
  void check() const;
};

struct AddedEdges {
  std::int64_t distinct = 0;  // the file's edges without self-loops and repeats
  std::int64_t present = 0;   // of those, already in the latest version
  int read_version = 0;       // the latest version when the file was read
  int written_version = -1;   // the version written; -1 when no edge was new
};

// The options checked, the program counted in the budget, the new edges written as a version.
// Under a budget, a regular file's edges are counted first, so that the store is opened (and a
// budget below the one minimum refused) with their room reserved before any is held; a pipe's are
// counted against the budget as they arrive.
AddedEdges add_edges(AddEdgesOptions options);

// What `semibfs add-edges` prints: a line a figure.
std::string add_edges_summary(const AddEdgesOptions& options, const AddedEdges& added);

}  // namespace semibfs
