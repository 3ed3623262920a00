// What the one search driver (SearchSession::search_with) is handed, as gapbs's BenchmarkKernel is
// handed a kernel and its verifier: a RootSearcher that searches one root, and a SearchChecker that
// counts and validates its tree. One process hands the engine and the validator over the edge
// list; the ranks of a distributed run hand the search across ranks and the validation across
// ranks (mpi/distributed_run.cpp). The driver owns the loop: the roots, the timing, the log line,
// the report.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bfs/bfs.hpp"
#include "core/parent_array.hpp"
#include "core/types.hpp"
#include "graph500/graph500_report.hpp"
#include "io/io_stats.hpp"
#include "validate/validator.hpp"

namespace semibfs {

// The timed kernel a series of searches runs: Graph500's kernel 2 or kernel 3. It names the
// searches in the log ("BFS 3", "SSSP 3") and the list of the report they go to.
enum class SearchKernel { kBfs, kSssp };
inline const char* kernel_name(SearchKernel kernel) { return kernel == SearchKernel::kBfs ? "BFS" : "SSSP"; }

// What searches one root into parents: the engine (SearchSession::search), the streaming queries
// (`bfs` on a store's later version), or the ranks together.
class RootSearcher {
 public:
  virtual ~RootSearcher() = default;
  virtual std::vector<LevelStats> search(VertexId root, ParentArray& parent) = 0;
  // The reads of the searches since the last call; resets them.
  virtual IoStats take_io_stats() { return {}; }
  // "io_uring" or "pread" once lists were read from disk; empty otherwise.
  virtual std::string io_backend() const { return {}; }

  // Processes that search together: they meet before the clock starts, and a search (or a
  // validation) takes the slowest one's seconds. One process has nothing to wait for.
  virtual void start_together() {}
  virtual double slowest(double seconds) { return seconds; }
  // The last search's figures beyond its levels: its reads (`io`, this process's), and across
  // ranks the reads of all ranks and the communication of each level.
  virtual void add_figures(RootResult& result, const IoStats& io) { result.io = io.summary(); }
};

// What the driver learns of a kept search once it is checked.
struct SearchCheck {
  std::int64_t nedge = 0;                    // the TEPS numerator (the reference's nedge_traversed)
  std::optional<ValidationFailure> failure;  // the first one, when validated (rule 0: a wrong TEPS count)
  double validate_seconds = 0;               // this search's share of the validation's time
};

// What counts and checks the searches' trees: the TEPS numerator, counted with or without
// validation, and the Graph500 rules. It may keep several searches and check them together in one
// pass over the edges (validate/search_batch.hpp), or check each as it comes.
class SearchChecker {
 public:
  virtual ~SearchChecker() = default;
  // How many searches it keeps before check_kept (1: each is checked before the next search).
  virtual int batch_size() const { return 1; }
  // Keeps what it needs of the search from `root`; the next search overwrites `parent`.
  virtual void keep(VertexId root, const ParentArray& parent) = 0;
  // Counts and (with `validate`) validates every kept search, in the order kept, then forgets them.
  virtual std::vector<SearchCheck> check_kept(bool validate) = 0;
  // Bytes the validation works in (0 when it does not validate).
  virtual std::int64_t working_bytes() const { return 0; }
};

// A checker of one search at a time, right after it (the distributed and SSSP checkers): the TEPS
// count and the rules with that count checked against the validator's, as the reference does.
class OneSearchChecker : public SearchChecker {
 public:
  void keep(VertexId root, const ParentArray& parent) final {
    root_ = root;
    parent_ = &parent;
  }
  std::vector<SearchCheck> check_kept(bool validate) final;

 protected:
  virtual std::int64_t count_edges(const ParentArray& parent) = 0;
  // The first failure (rule 0 and no vertex for a wrong TEPS count), or nothing.
  virtual std::optional<ValidationFailure> validate(VertexId root, const ParentArray& parent, std::int64_t nedge) = 0;

 private:
  VertexId root_ = kUnreached;
  const ParentArray* parent_ = nullptr;
};

}  // namespace semibfs
