// One series of searches, shared by `run` (a Kronecker graph), `bfs` (a store built from a file)
// and `run` across MPI ranks: the threads, the store opened under the DRAM budget, and the one
// driver that searches each root (timed), counts its TEPS edges and validates it (untimed), and
// the report that gathers it all.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "core/parent_array.hpp"
#include "core/progress_bar.hpp"
#include "edges/packed_file_edge_source.hpp"
#include "graph500/graph500_report.hpp"
#include "graph500/kept_searches.hpp"
#include "graph500/kept_tuple_degrees.hpp"
#include "graph500/root_searcher.hpp"
#include "graph500/run_options.hpp"
#include "graph500/search_inputs.hpp"
#include "store/edge_file_check.hpp"
#include "store/graph_store.hpp"
#include "validate/search_batch.hpp"
#include "validate/validator.hpp"

namespace semibfs {

class ListStreamChecker;

// How the input file names a vertex, for reports and log lines (identity for Kronecker graphs).
using FileIdOf = std::function<std::uint64_t(VertexId)>;

// The TEPS edge count `nedge` checked against the validator's `validated`: a failure of rule 0
// and no vertex when they differ, as the reference reports it.
std::optional<ValidationFailure> check_teps_count(std::int64_t nedge, std::int64_t validated);

// Validates one search and checks its TEPS edge count against the validator's, as the reference
// does; returns the first failure (its rule, vertex and message; rule 0 and no vertex for a wrong
// TEPS count), or nothing.
std::optional<ValidationFailure> check_search(const Validator& validator, VertexId root,
                                              std::span<const VertexId> parent, std::int64_t nedge);
std::optional<ValidationFailure> check_search(const Validator& validator, VertexId root, const ParentArray& parent,
                                              std::int64_t nedge);

// The packed edge file beside a store, read in chunks sized by the budget, as validation streams it.
std::unique_ptr<PackedFileEdgeSource> open_store_edges(const std::string& directory, std::int64_t num_vertices,
                                                       const SearchOptions& options);

// The buffers the check of a store's edge file reads through: the edge source's, and under a plan
// no more than the room the plan lends to reading (at least 8 KiB), as the pass that reads the
// resident lists does.
std::int64_t edge_check_buffer_bytes(const EdgeSource& edges, const std::optional<PlacementPlan>& plan);

// One process's checker of one search at a time: the TEPS count over `edges` (a graph of
// `direction`), and the validator over them unless `validate` is false.
class EdgeListChecker final : public OneSearchChecker {
 public:
  EdgeListChecker(const EdgeSource& edges, GraphDirection direction, bool validate);
  std::int64_t count_edges(const ParentArray& parent) override;
  std::int64_t working_bytes() const override { return validator_ ? validator_->working_bytes() : 0; }

 protected:
  std::optional<ValidationFailure> validate(VertexId root, const ParentArray& parent, std::int64_t nedge) override;

 private:
  const EdgeSource& edges_;
  std::optional<Validator> validator_;
};

// One process's checker of up to `batch_size` searches together, in one pass over `edges`
// (validate/search_batch.hpp): their TEPS counts, and unless `validate` is false their validation,
// over the validator's own lists of the edges with `own_lists`.
class BatchEdgeListChecker final : public SearchChecker {
 public:
  BatchEdgeListChecker(const EdgeSource& edges, GraphDirection direction, bool validate, int batch_size,
                       bool own_lists);
  int batch_size() const override { return batch_->capacity(); }
  void keep(VertexId root, const ParentArray& parent) override { batch_->keep(root, parent); }
  std::vector<SearchCheck> check_kept(bool validate) override;
  std::int64_t working_bytes() const override { return batch_->working_bytes(); }

 private:
  std::optional<Validator> validator_;
  std::optional<SearchBatch> batch_;
};

// The checker over one process's edges: batches of as many searches as `room_bytes` hold (at
// least two; `roots` at most), over the validator's own lists when they fit too, else one search
// at a time.
std::unique_ptr<SearchChecker> make_edge_list_checker(const EdgeSource& edges, GraphDirection direction,
                                                      bool validate, std::int64_t roots, std::int64_t room_bytes);

// Bytes the validation of a run in DRAM may work in: a quarter of the machine's memory and at most
// half of what is still available, never less than one search at a time needs.
std::int64_t validation_room_without_budget(std::int64_t num_vertices);

// Whether the caller uses the graph once search() is done (an SSSP series after the BFS one): under
// a budget, a released graph's DRAM goes to the validation after the last search.
enum class GraphAfterSearches { kReleased, kKept };

// What the validation after the last search is handed: the kept trees, the edges to validate them
// against, and what releases the searches' DRAM and returns the bytes the validation may then use.
struct KeptValidation {
  KeptSearches& kept;
  const EdgeSource& edges;
  GraphDirection direction;
  std::function<std::int64_t()> release;
};

class SearchSession {
 public:
  // Applies options.threads and starts the report: what is searched, threads and partitions.
  SearchSession(const SearchOptions& options, std::string graph, int partitions, std::ostream& log);

  Graph500Report& report() { return report_; }
  std::ostream& log() { return log_; }
  // Roots in the report and the log are then named as the file names them.
  void use_file_ids(FileIdOf file_id) { file_id_ = std::move(file_id); }

  // The store and its edge file for the searches: the edge file checked against `edge_records`
  // and the manifest; with a budget, the placement planned after search_dram_needs (the caller's
  // bytes included), printed and kept in the report, and the store opened as it says; without
  // one, the store read whole into DRAM. Every array's checksum and structure is checked.
  SearchInputs open_store(const std::string& directory, const StoreRequest& request, std::int64_t num_vertices,
                          std::int64_t edge_records, std::int64_t caller_bytes);

  // The store's edge file checked against `records` and the manifest, through `buffer_bytes` of
  // reads, before the first search trusts it; the time goes into the report.
  void check_edge_file(const std::string& directory, std::int64_t records, std::int64_t buffer_bytes);

  // With `warm_up`, an untimed search from the first root; then each root searched, counted and
  // validated unless validation is skipped; stops at the first failed validation. `parent` ends
  // with the last search's tree. Under a budget, the trees are kept and validated after the last
  // search (search_then_validate), `graph` released first unless `after` keeps it.
  void search(SearchInputs& graph, std::span<const VertexId> roots, bool warm_up, ParentArray& parent,
              GraphAfterSearches after = GraphAfterSearches::kReleased);
  // The same through `searcher`, validated against `edges` (a graph of `direction`); the report's
  // memory is the caller's to fill but for the parents and the validator.
  void search_with(const EdgeSource& edges, GraphDirection direction, RootSearcher& searcher,
                   std::span<const VertexId> roots, bool warm_up, ParentArray& parent);
  // The one driver under both: with `warm_up`, an untimed search from the first root; then each
  // root searched by `searcher` (timed alone), its line logged, its tree counted and (unless
  // validation is skipped) validated by `checker`, its result kept for the report; stops at the
  // first failed validation. `parent` is what `searcher` fills and `checker` reads. The ranks of a
  // distributed run call it together, each with its own parents. `kernel` names the searches and
  // chooses the report's list of them (report().roots or report().sssp_roots).
  void search_with(RootSearcher& searcher, SearchChecker& checker, std::span<const VertexId> roots, bool warm_up,
                   ParentArray& parent, SearchKernel kernel = SearchKernel::kBfs);

  // Each root searched by `searcher` (timed alone, as search_with does) and its tree kept in
  // `validation.kept`; after the last one, `validation.release()` and the kept trees counted and
  // validated in batches within the bytes it returns, read back into `parent` (which ends with the
  // last search's tree); the report and the log as search_with gives them.
  void search_then_validate(RootSearcher& searcher, const KeptValidation& validation, std::span<const VertexId> roots,
                            bool warm_up, ParentArray& parent);

  // The official block's SCALE and edgefactor and its per-search figures; returns the report.
  Graph500Report finish(int scale, std::int64_t edgefactor);

 private:
  // A search timed alone, its figures but for its TEPS count, which its check gives.
  RootResult search_root(RootSearcher& searcher, VertexId root, ParentArray& parent);
  // The searches of search_with, each kept by `checker` and every full batch checked; returns the
  // searched but not yet checked (none after a failed validation).
  std::vector<RootResult> search_roots(RootSearcher& searcher, SearchChecker& checker, std::span<const VertexId> roots,
                                       bool warm_up, ParentArray& parent, SearchKernel kernel);
  // Checks the kept searches `pending`, logs and keeps their results; false when one failed
  // validation (the results after it are dropped, as the run stops there). `slowest` gives a
  // validation's time across processes; `added_seconds`, when given, is added to each search's.
  bool check_searches(const std::function<double(double)>& slowest, SearchChecker& checker,
                      std::span<const VertexId> pending_roots, std::vector<RootResult>& pending, SearchKernel kernel,
                      std::span<const double> added_seconds = {});
  // The kept trees validated in batches within `room_bytes`, after the searches `searched`.
  void validate_kept(const KeptValidation& validation, std::int64_t room_bytes, std::span<const VertexId> roots,
                     std::vector<RootResult>& searched, ParentArray& parent);
  struct TreeReads {
    std::int64_t bytes = 0;  // from the kept trees' file (none in DRAM)
    double seconds = 0;
  };
  void note_list_validation(const ListStreamChecker& checker, const TreeReads& tree_reads);
  // The edge file's check at the open, counting the validator's tuple degrees from its bytes and
  // keeping them (kept_degrees_) when a validation from the store's lists may use them and the
  // room the searches' status takes later holds the count meanwhile.
  void check_edge_file_at_open(const std::string& directory, const EdgeSource& edges, std::int64_t records);
  bool counts_degrees_at_open(const std::string& directory, const EdgeSource& edges) const;
  void check_edge_file(const std::string& directory, std::int64_t records, std::int64_t buffer_bytes,
                       const EdgeFileBytesVisitor& also_visit);
  // The engine over `graph`, the parents sized for it, and the memory line logged.
  void start_engine(const SearchInputs& graph, std::optional<BfsEngine>& engine, std::int64_t validator_bytes,
                    ParentArray& parent);
  void search_under_budget(SearchInputs& graph, std::span<const VertexId> roots, bool warm_up, ParentArray& parent,
                           GraphAfterSearches after);
  // The DRAM the validation may use once the searches' is released: the budget less what stays held.
  std::int64_t room_after_searches(const SearchInputs& graph, const KeptSearches& kept, const ParentArray& parent) const;
  // Logs a pass that validated several searches and keeps it for the report.
  void note_validation_pass(SearchKernel kernel, std::size_t first, const std::vector<SearchCheck>& checks);
  // Says on the log and in the report when fewer roots were drawn than asked for.
  void note_fewer_roots(std::int64_t drawn);
  void record_memory(const SearchInputs& graph, const BfsEngine& engine, std::int64_t validator_bytes,
                     const ParentArray& parent);
  // Ends a root's line, written whole (ranks' lines must not interleave with another rank's
  // error): on the log, or above the bar, which then counts `searched` roots.
  void end_root_line(const std::ostringstream& line, std::size_t searched);

  Graph500Report report_;
  std::ostream& log_;
  ParentArray store_parent_;          // a relabelled store's parents, in its ids
  std::string store_directory_;       // the store open_store opened, where kept searches may go
  std::int64_t caller_bytes_ = 0;     // what open_store's caller holds besides (bfs: the id map)
  std::optional<KeptTupleDegrees> kept_degrees_;  // counted as open_store checked the edge file
  std::unique_ptr<ProgressBar> bar_;  // the searches' bar on a terminal, while search() runs
  std::string describe_failure(SearchKernel kernel, std::size_t index, VertexId root,
                               const ValidationFailure& failure) const;

  FileIdOf file_id_ = [](VertexId vertex) { return static_cast<std::uint64_t>(vertex); };
};

}  // namespace semibfs
