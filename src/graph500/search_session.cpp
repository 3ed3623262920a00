#include "graph500/search_session.hpp"

#include <omp.h>

#include <algorithm>
#include <cstdio>
#include <limits>
#include <optional>
#include <sstream>

#include "core/byte_size.hpp"
#include "core/error.hpp"
#include "core/interrupt.hpp"
#include "core/machine.hpp"
#include "core/timer.hpp"
#include "graph500/list_stream_checker.hpp"
#include "graph500/search_dram_needs.hpp"
#include "graph500/teps_edge_count.hpp"
#include "store/edge_file_check.hpp"
#include "validate/tuple_degrees.hpp"
#include "tiered/tiered_graph.hpp"

namespace semibfs {
namespace {

constexpr const char* kSearchesLabel = "searches";

std::string format_memory(const MemoryFootprint& memory) {
  return "memory: edge list " + format_bytes(memory.edge_list_bytes) + ", forward graph " +
         format_bytes(memory.graph.forward) + ", backward graph " + format_bytes(memory.graph.backward) +
         ", first neighbours " + format_bytes(memory.graph.first_neighbors) + ", BFS status " +
         format_bytes(memory.bfs_status_bytes) + ", validator " + format_bytes(memory.validator_bytes) +
         (memory.io_buffer_bytes > 0 ? ", I/O buffers " + format_bytes(memory.io_buffer_bytes) : "");
}

// What the edge file's check compared, for the log line.
const char* edge_file_checks(const EdgeFileCheck& check) {
  if (check.pair_digest_checked) return "SHA-256 and pair digest as the manifest records them";
  if (check.checksum_checked) {
    return "SHA-256 as the manifest records it (no edge-pairs line, an older store: the edges are not checked "
           "against the lists; a store built again records it)";
  }
  return "size only (the manifest records no checksum; a store built again records one)";
}

}  // namespace

std::optional<ValidationFailure> check_teps_count(std::int64_t nedge, std::int64_t validated) {
  if (nedge == validated) return std::nullopt;
  return ValidationFailure{0, kUnreached, "TEPS edge count " + std::to_string(nedge) + " differs from the validator's " +
                                              std::to_string(validated)};
}

std::optional<ValidationFailure> check_search(const Validator& validator, VertexId root,
                                              std::span<const VertexId> parent, std::int64_t nedge) {
  const ValidationReport validation = validator.validate(root, parent);
  if (!validation.ok()) return validation.failures.front();
  return check_teps_count(nedge, validation.nedge);
}

std::optional<ValidationFailure> check_search(const Validator& validator, VertexId root, const ParentArray& parent,
                                              std::int64_t nedge) {
  return parent.visit([&](auto entries) {
    const ValidationReport validation = validator.validate(root, entries);
    if (!validation.ok()) return std::optional(validation.failures.front());
    return check_teps_count(nedge, validation.nedge);
  });
}

std::unique_ptr<PackedFileEdgeSource> open_store_edges(const std::string& directory, std::int64_t num_vertices,
                                                       const SearchOptions& options) {
  PackedFileOptions source;
  source.io = options.io;
  source.chunk_edges = options.budget.edge_chunk_edges();
  return std::make_unique<PackedFileEdgeSource>(store_path(directory, kEdgeFileName), num_vertices, source);
}

std::int64_t edge_check_buffer_bytes(const EdgeSource& edges, const std::optional<PlacementPlan>& plan) {
  if (!plan) return edges.buffer_bytes();
  return std::min(edges.buffer_bytes(), std::max<std::int64_t>(plan->read_buffer_bytes, 8192));
}

SearchSession::SearchSession(const SearchOptions& options, std::string graph, int partitions, std::ostream& log)
    : log_(log) {
  if (options.threads > 0) omp_set_num_threads(options.threads);
  report_.search = options;
  report_.graph = std::move(graph);
  report_.threads = omp_get_max_threads();
  report_.partitions = partitions;
}

// Validation streams the edge file: it is checked (its size, and its checksum where the manifest
// has one) before the first search trusts it.
void SearchSession::check_edge_file(const std::string& directory, std::int64_t records, std::int64_t buffer_bytes) {
  check_edge_file(directory, records, buffer_bytes, {});
}

void SearchSession::check_edge_file(const std::string& directory, std::int64_t records, std::int64_t buffer_bytes,
                                    const EdgeFileBytesVisitor& also_visit) {
  const EdgeFileCheck check = check_store_edge_file(directory, read_store_manifest(directory), records,
                                                    static_cast<std::uint64_t>(buffer_bytes), &log_, also_visit);
  log_ << "checked the edge file: " << check.records << " edges, " << edge_file_checks(check) << ", in "
       << format_seconds(check.seconds) << std::endl;
  report_.edge_file_check_seconds = check.seconds;
}

// During the check the budget holds only the plan's reserve (program, buffers) and the index read
// for the plan: the count borrows the room of what the open takes later, then waits in a file, so
// that the searches keep their DRAM.
bool SearchSession::counts_degrees_at_open(const std::string& directory, const EdgeSource& edges) const {
  if (!report_.plan || report_.search.skip_validation || !read_store_manifest(directory).edge_file) return false;
  const PlacementPlan& plan = *report_.plan;
  const std::int64_t held = plan.structure("reserved").dram_bytes + plan.structure("offsets").dram_bytes;
  return plan.dram_budget_bytes - held >= TupleDegreeCounter::working_bytes_for(edges.num_vertices()) &&
         lists_may_validate(directory, edges);
}

void SearchSession::check_edge_file_at_open(const std::string& directory, const EdgeSource& edges,
                                            std::int64_t records) {
  const std::int64_t buffer_bytes = edge_check_buffer_bytes(edges, report_.plan);
  const bool count = counts_degrees_at_open(directory, edges);
  if (!count) {
    check_edge_file(directory, records, buffer_bytes);
    return;
  }
  TupleDegreeCounter counter(edges.num_vertices());
  check_edge_file(directory, records, buffer_bytes, [&](std::span<const std::byte> bytes) { counter.add_packed_bytes(bytes); });
  const std::vector<std::uint32_t> degrees = counter.finish(records);
  try {
    kept_degrees_.emplace(directory, degrees);
  } catch (const Error& error) {  // a directory without room for them: validation counts them itself
    log_ << "the validator's tuple degrees are not kept (" << error.what() << "); validation counts them" << std::endl;
    return;
  }
  log_ << "counted the validator's tuple degrees as the edge file was checked; kept in '" << kept_degrees_->file_path()
       << "' until the validation (removed at the end)" << std::endl;
}

SearchInputs SearchSession::open_store(const std::string& directory, const StoreRequest& request,
                                       std::int64_t num_vertices, std::int64_t edge_records, std::int64_t caller_bytes) {
  const SearchOptions& options = report_.search;
  store_directory_ = directory;
  caller_bytes_ = caller_bytes;
  SearchInputs graph;
  graph.edges = open_store_edges(directory, num_vertices, options);
  Stopwatch open_time;
  std::optional<StoreIndex> store;
  if (options.budget.is_set()) {
    // The offsets read for the plan are the ones the tiered open keeps: read once.
    store.emplace(read_store_index(directory, request));
    if (options.placement == PlacementMode::kForwardOnDisk) make_forward_separate(*store);
    const SearchDramNeeds needs = search_dram_needs(num_vertices, options, report_.threads,
                                                    graph.edges->buffer_bytes(), caller_bytes, request.relabelled);
    report_.plan =
        plan_search_placement(profile_of_store(*store, needs.bfs_status_bytes_per_vertex), options, needs);
    print_plan(log_, *report_.plan);
  }
  // After the plan accepted the budget, before any list is read.
  check_edge_file_at_open(directory, *graph.edges, edge_records);
  if (report_.plan && !report_.plan->fits_in_memory) {
    graph.tiered.emplace(open_tiered_graph(std::move(*store), *report_.plan));
    report_.lists_on_disk = graph.tiered->has_tails();
  } else if (request.compressed_lists) {
    // Compressed lists are searched where they lie, here all of them in DRAM.
    PlacementPlan everything;
    everything.fits_in_memory = true;
    graph.tiered.emplace(open_tiered_graph(store ? std::move(*store) : read_store_index(directory, request), everything));
  }
  if (!graph.tiered) {
    store.reset();  // its offsets would be held twice
    graph.in_memory = read_store(directory, request);
  }
  if (request.relabelled) graph.relabel = read_store_relabel(directory, read_store_manifest(directory));
  log_ << "opened the store in " << format_seconds(open_time.seconds()) << "; peak RSS so far "
       << format_bytes(peak_rss_bytes()) << std::endl;
  return graph;
}

void SearchSession::record_memory(const SearchInputs& graph, const BfsEngine& engine, std::int64_t validator_bytes,
                                  const ParentArray& parent) {
  MemoryFootprint& memory = report_.memory;
  memory.graph = graph.in_memory ? graph.in_memory->bytes() : GraphBytes{0, graph.tiered->owned_bytes(), 0};
  memory.bfs_status_bytes = parent.bytes() + engine.status_bytes();
  // A relabelled store: its old ids and the parents in its ids.
  if (graph.relabel) memory.bfs_status_bytes += store_parent_.bytes() + graph.relabel->bytes();
  memory.validator_bytes = validator_bytes;
  memory.io_buffer_bytes = engine.io_buffer_bytes();
  log_ << format_memory(memory) << std::endl;
}

namespace {

// One search from `root` with its parents, both in the input's ids: on a relabelled store the
// engine searches in the store's ids and the parents are mapped back, as part of the search.
class EngineSearcher final : public RootSearcher {
 public:
  EngineSearcher(BfsEngine& engine, const StoredRelabel* relabel, ParentArray& store_parent)
      : engine_(engine), relabel_(relabel), store_parent_(store_parent) {}

  std::vector<LevelStats> search(VertexId root, ParentArray& parent) override {
    if (relabel_ == nullptr) return parent.visit([&](auto entries) { return engine_.run(root, entries); });
    return relabel_->search_in_store_ids(root, store_parent_, parent, [&](VertexId store_root, ParentArray& store_parent) {
      return store_parent.visit([&](auto entries) { return engine_.run(store_root, entries); });
    });
  }
  IoStats take_io_stats() override { return engine_.take_io_stats(); }
  std::string io_backend() const override { return engine_.io_backend(); }

 private:
  BfsEngine& engine_;
  const StoredRelabel* relabel_;
  ParentArray& store_parent_;
};

}  // namespace

EdgeListChecker::EdgeListChecker(const EdgeSource& edges, GraphDirection direction, bool validate) : edges_(edges) {
  if (validate) validator_.emplace(edges, direction);
}

std::int64_t EdgeListChecker::count_edges(const ParentArray& parent) {
  return parent.visit([&](auto entries) {
    return count_traversed_edges(edges_, std::span<const typename decltype(entries)::element_type>(entries));
  });
}

std::optional<ValidationFailure> EdgeListChecker::validate(VertexId root, const ParentArray& parent,
                                                           std::int64_t nedge) {
  if (!validator_) throw Error("a search checked by a checker made without validation");
  return check_search(*validator_, root, parent, nedge);
}

BatchEdgeListChecker::BatchEdgeListChecker(const EdgeSource& edges, GraphDirection direction, bool validate,
                                           int batch_size, bool own_lists) {
  if (validate) validator_.emplace(edges, direction);
  batch_.emplace(edges, direction, validator_ ? &*validator_ : nullptr, batch_size, own_lists);
}

// The batch's count is the validator's nedge, which the reference also takes as the TEPS count
// (validate.c counts nedge_traversed in its edge pass).
std::vector<SearchCheck> BatchEdgeListChecker::check_kept(bool validate) {
  if (validate && !validator_) throw Error("searches checked by a checker made without validation");
  std::vector<SearchCheck> checks;
  for (BatchOutcome& outcome : batch_->check()) {
    SearchCheck check;
    check.nedge = outcome.report.nedge;
    check.validate_seconds = outcome.seconds;
    if (validate && !outcome.report.ok()) check.failure = outcome.report.failures.front();
    checks.push_back(std::move(check));
  }
  return checks;
}

std::unique_ptr<SearchChecker> make_edge_list_checker(const EdgeSource& edges, GraphDirection direction,
                                                      bool validate, std::int64_t roots, std::int64_t room_bytes) {
  std::int64_t room = room_bytes - edges.buffer_bytes();
  // The validator's own lists make each pass several times cheaper, when they fit beside a batch.
  const bool own_lists = validate && roots >= 8 && SearchBatch::lists_fit(edges, direction, room);
  if (own_lists) room -= ValidationLists::bytes_for(edges, direction);
  const int capacity = SearchBatch::capacity_for(edges.num_vertices(), room, validate);
  if (capacity < 2 || roots < 2) return std::make_unique<EdgeListChecker>(edges, direction, validate);
  return std::make_unique<BatchEdgeListChecker>(edges, direction, validate,
                                                static_cast<int>(std::min<std::int64_t>(capacity, roots)), own_lists);
}

std::int64_t validation_room_without_budget(std::int64_t num_vertices) {
  const std::int64_t alone = Validator::working_bytes_for(num_vertices);
  std::int64_t room = read_machine_info().memory_bytes / 4;
  // Half of what is still free once the graph is in DRAM: a run that fits must keep fitting.
  const std::int64_t available = available_memory_bytes();
  if (available > 0) room = std::min(room, available / 2);
  return std::max(alone, room);
}

void SearchSession::search(SearchInputs& graph, std::span<const VertexId> roots, bool warm_up, ParentArray& parent,
                           GraphAfterSearches after) {
  const SearchOptions& options = report_.search;
  if (options.budget.is_set()) {
    search_under_budget(graph, roots, warm_up, parent, after);
    return;
  }
  const bool validate = !options.skip_validation;
  const std::int64_t vertices = graph.edges->num_vertices();
  const std::unique_ptr<SearchChecker> checker = make_edge_list_checker(
      *graph.edges, graph.direction(), validate, std::ssize(roots), validation_room_without_budget(vertices));
  std::optional<BfsEngine> engine;
  start_engine(graph, engine, checker->working_bytes(), parent);
  EngineSearcher searcher(*engine, graph.relabel ? &*graph.relabel : nullptr, store_parent_);
  search_with(searcher, *checker, roots, warm_up, parent);
}

void SearchSession::start_engine(const SearchInputs& graph, std::optional<BfsEngine>& engine,
                                           std::int64_t validator_bytes, ParentArray& parent) {
  const SearchOptions& options = report_.search;
  TailFetchOptions fetch;
  fetch.io = options.io;
  if (graph.tiered) {
    engine.emplace(*graph.tiered, options.bfs, fetch);
  } else {
    engine.emplace(*graph.in_memory, options.bfs);
  }
  parent.assign(graph.edges->num_vertices());
  if (graph.relabel) store_parent_.assign(parent.size());
  record_memory(graph, *engine, validator_bytes, parent);
}

namespace {

// The kept trees' room in DRAM during the searches: what the plan leaves of the budget.
std::int64_t kept_dram_room(const std::optional<PlacementPlan>& plan) {
  return plan ? plan->dram_budget_bytes - plan->dram_bytes() : 0;
}

std::int64_t graph_dram_bytes(const SearchInputs& graph) {
  if (graph.tiered) return graph.tiered->owned_bytes();
  return graph.in_memory ? graph.in_memory->bytes().total() : 0;
}

}  // namespace

std::int64_t SearchSession::room_after_searches(const SearchInputs& graph, const KeptSearches& kept,
                                                const ParentArray& parent) const {
  const DramBudget& budget = report_.search.budget;
  const std::int64_t held = budget.program_bytes + caller_bytes_ + parent.bytes() + kept.dram_bytes() +
                            (graph.relabel ? graph.relabel->bytes() : 0) + graph_dram_bytes(graph);
  return budget.dram_budget_bytes - held;
}

// The searches run with the placement they would have without validation; the engine, the graph
// (unless kept) and a relabelled store's parents go before the validation takes their DRAM.
void SearchSession::search_under_budget(SearchInputs& graph, std::span<const VertexId> roots, bool warm_up,
                                        ParentArray& parent, GraphAfterSearches after) {
  const std::int64_t vertices = graph.edges->num_vertices();
  KeptSearches kept(vertices, std::ssize(roots), kept_dram_room(report_.plan), store_directory_);
  std::optional<BfsEngine> engine;
  start_engine(graph, engine, 0, parent);
  EngineSearcher searcher(*engine, graph.relabel ? &*graph.relabel : nullptr, store_parent_);
  const KeptValidation validation{kept, *graph.edges, graph.direction(), [&] {
                                    engine.reset();
                                    store_parent_ = ParentArray();
                                    if (after == GraphAfterSearches::kReleased) {
                                      graph.tiered.reset();
                                      graph.in_memory.reset();
                                    }
                                    return room_after_searches(graph, kept, parent);
                                  }};
  search_then_validate(searcher, validation, roots, warm_up, parent);
}

namespace {

// Keeps every search for the validation after the last one: its batch is all of them.
class KeepingChecker final : public SearchChecker {
 public:
  explicit KeepingChecker(KeptSearches& kept) : kept_(kept) {}
  int batch_size() const override { return std::numeric_limits<int>::max(); }
  void keep(VertexId root, const ParentArray& parent) override { kept_.keep(root, parent); }
  std::vector<SearchCheck> check_kept(bool) override { throw Error("kept searches are validated after the last one"); }

 private:
  KeptSearches& kept_;
};

std::string where_kept(const KeptSearches& kept) {
  return kept.in_file() ? "'" + kept.file_path() + "' (" + format_bytes(kept.bytes()) + ", removed at the end)"
                        : "DRAM (" + format_bytes(kept.bytes()) + ")";
}

}  // namespace

void SearchSession::search_then_validate(RootSearcher& searcher, const KeptValidation& validation,
                                         std::span<const VertexId> roots, bool warm_up, ParentArray& parent) {
  log_ << "keeping the searches' trees in " << (validation.kept.in_file() ? "a file" : "DRAM")
       << " until their validation after the last search" << std::endl;
  KeepingChecker keeping(validation.kept);
  std::vector<RootResult> searched = search_roots(searcher, keeping, roots, warm_up, parent, SearchKernel::kBfs);
  report_.io_backend = searcher.io_backend();
  try {
    validate_kept(validation, validation.release(), roots, searched, parent);
  } catch (...) {  // the bar's last line ends before the message
    bar_.reset();
    throw;
  }
  bar_.reset();
}

void SearchSession::validate_kept(const KeptValidation& validation, std::int64_t room_bytes,
                                  std::span<const VertexId> roots, std::vector<RootResult>& searched,
                                  ParentArray& parent) {
  const bool validate = !report_.search.skip_validation;
  std::unique_ptr<ListStreamChecker> from_lists =
      validate ? make_list_stream_checker(store_directory_, validation.edges, validation.kept, std::ssize(searched),
                                          room_bytes, lane_levels_for(searched),
                                          kept_degrees_ ? &*kept_degrees_ : nullptr)
               : nullptr;
  const ListStreamChecker* lists_checker = from_lists.get();
  const std::unique_ptr<SearchChecker> checker =
      from_lists ? std::move(from_lists)
                 : make_edge_list_checker(validation.edges, validation.direction, validate, std::ssize(searched),
                                          room_bytes);
  report_.memory.validator_bytes = validate ? checker->working_bytes() : 0;
  if (lists_checker != nullptr) report_.validation_source = "store lists";
  log_ << "kept " << searched.size() << " searches' trees in " << where_kept(validation.kept) << "; "
       << (validate ? "validating" : "counting") << " them"
       << (lists_checker != nullptr ? " from the store's lists (fewer bytes than its edge file)" : "")
       << " in batches of up to " << checker->batch_size()
       << (lists_checker != nullptr && lists_checker->lane_levels() == LaneLevels::kNibbles ? " (levels in 4 bits)"
                                                                                            : "")
       << (lists_checker != nullptr && lists_checker->staged_lanes() > 1
               ? ", their levels written " + std::to_string(lists_checker->staged_lanes()) + " searches at a time"
               : "")
       << " within " << format_bytes(std::max<std::int64_t>(room_bytes, 0)) << " of DRAM once the searches' is released"
       << std::endl;
  const std::int64_t batch = checker->batch_size();
  TreeReads tree_reads;  // whole, for their levels
  for (std::int64_t first = 0; first < std::ssize(searched); first += batch) {
    const std::int64_t count = std::min(batch, std::ssize(searched) - first);
    std::vector<double> read_seconds;
    for (std::int64_t index = first; index < first + count; ++index) {
      const Stopwatch read_time;
      validation.kept.read(index, parent);
      read_seconds.push_back(read_time.seconds());
      tree_reads.seconds += read_seconds.back();
      tree_reads.bytes += validation.kept.in_file() ? parent.bytes() : 0;
      checker->keep(validation.kept.root(index), parent);
    }
    std::vector<RootResult> pending(searched.begin() + first, searched.begin() + first + count);
    if (!check_searches([](double seconds) { return seconds; }, *checker,
                        roots.subspan(static_cast<std::size_t>(first), static_cast<std::size_t>(count)), pending,
                        SearchKernel::kBfs, read_seconds)) {
      report_.validation_passed = false;
      return;
    }
  }
  if (lists_checker != nullptr) note_list_validation(*lists_checker, tree_reads);
}

// The bytes read and the seconds of each part of a validation from the store's lists.
void SearchSession::note_list_validation(const ListStreamChecker& checker, const TreeReads& tree_reads) {
  report_.validation_bytes_read = checker.bytes_read() + tree_reads.bytes;
  const ListStreamBatch::Seconds& seconds = checker.seconds();
  log_ << "validation read " << format_bytes(report_.validation_bytes_read)
       << " (the store's lists, the kept trees whole and again beside the lists, "
       << (checker.degrees_counted_at_open() ? "the tuple degrees counted at the open" : "the tuples once for their degrees")
       << ");"
       << " tuple degrees " << format_seconds(seconds.degrees) << ", reading the trees "
       << format_seconds(tree_reads.seconds) << ", tree levels " << format_seconds(seconds.levels)
       << ", passes over the lists " << format_seconds(seconds.passes) << std::endl;
}

void SearchSession::search_with(const EdgeSource& edges, GraphDirection direction, RootSearcher& searcher,
                                std::span<const VertexId> roots, bool warm_up, ParentArray& parent) {
  EdgeListChecker checker(edges, direction, !report_.search.skip_validation);
  parent.assign(edges.num_vertices());
  report_.memory.bfs_status_bytes += parent.bytes();
  report_.memory.validator_bytes = checker.working_bytes();
  log_ << format_memory(report_.memory) << std::endl;
  search_with(searcher, checker, roots, warm_up, parent);
}

void SearchSession::search_with(RootSearcher& searcher, SearchChecker& checker, std::span<const VertexId> roots,
                                bool warm_up, ParentArray& parent, SearchKernel kernel) {
  std::vector<RootResult> pending = search_roots(searcher, checker, roots, warm_up, parent, kernel);
  const auto slowest = [&searcher](double seconds) { return searcher.slowest(seconds); };
  if (!pending.empty() && !check_searches(slowest, checker, roots.last(pending.size()), pending, kernel)) {
    report_.validation_passed = false;
  }
  bar_.reset();  // its final line: the searches done and their time
  report_.io_backend = searcher.io_backend();
}

std::vector<RootResult> SearchSession::search_roots(RootSearcher& searcher, SearchChecker& checker,
                                                    std::span<const VertexId> roots, bool warm_up, ParentArray& parent,
                                                    SearchKernel kernel) {
  if (kernel == SearchKernel::kBfs) note_fewer_roots(std::ssize(roots));  // SSSP searches the same roots
  bar_ = progress_bar_for(&log_);
  if (bar_) bar_->begin(warm_up ? "warm-up search" : kSearchesLabel, ProgressUnit::kSearches, std::ssize(roots));
  if (warm_up && !roots.empty()) {
    searcher.search(roots.front(), parent);  // warm-up search, untimed, as the reference does
    searcher.take_io_stats();
    if (bar_) bar_->relabel(kSearchesLabel);
  }
  const auto slowest = [&searcher](double seconds) { return searcher.slowest(seconds); };
  std::vector<RootResult> pending;  // searched, kept by the checker, not yet checked
  for (std::size_t index = 0; index < roots.size(); ++index) {
    throw_if_interrupted();  // between searches
    pending.push_back(search_root(searcher, roots[index], parent));
    checker.keep(roots[index], parent);
    if (std::ssize(pending) < checker.batch_size()) continue;
    if (!check_searches(slowest, checker, roots.subspan(index + 1 - pending.size(), pending.size()), pending, kernel)) {
      report_.validation_passed = false;
      return {};
    }
    pending.clear();
  }
  return pending;
}

// The reference draws among vertices with an edge; a small graph may have fewer than asked for.
void SearchSession::note_fewer_roots(std::int64_t drawn) {
  if (drawn >= report_.draw.num_roots) return;
  report_.roots_note = "searching " + std::to_string(drawn) + " roots, not the " +
                       std::to_string(report_.draw.num_roots) +
                       " asked for: the draw found no more distinct vertices with an edge";
  log_ << report_.roots_note << std::endl;
}


namespace {

// What a root's log line says of the search beyond its time and TEPS.
void describe_search(std::ostringstream& line, const RootResult& result) {
  if (!result.sssp) {
    line << ", " << result.levels.size() << " levels";
    return;
  }
  const SsspFigures& sssp = *result.sssp;
  line << ", " << sssp.reached << " reached, max distance " << sssp.max_distance << ", " << sssp.stats.buckets
       << " buckets in " << sssp.stats.rounds << " rounds, " << sssp.stats.distance_updates << " updates";
}

}  // namespace

RootResult SearchSession::search_root(RootSearcher& searcher, VertexId root, ParentArray& parent) {
  RootResult result;
  result.root = file_id_(root);
  searcher.start_together();
  Stopwatch search_time;
  result.levels = searcher.search(root, parent);
  result.bfs_seconds = searcher.slowest(search_time.seconds());
  const IoStats io = searcher.take_io_stats();
  searcher.add_figures(result, io);
  report_.io.merge(io);
  return result;
}

bool SearchSession::check_searches(const std::function<double(double)>& slowest, SearchChecker& checker,
                                   std::span<const VertexId> pending_roots, std::vector<RootResult>& pending,
                                   SearchKernel kernel, std::span<const double> added_seconds) {
  std::vector<RootResult>& results = kernel == SearchKernel::kBfs ? report_.roots : report_.sssp_roots;
  const std::size_t first = results.size();
  const bool validate = !report_.search.skip_validation;
  throw_if_interrupted();  // between the searches and their validation
  if (bar_ && validate) {
    bar_->relabel(std::string("validating ") + kernel_name(kernel) + " " + std::to_string(first) +
                  (pending.size() > 1 ? " to " + std::to_string(first + pending.size() - 1) : ""));
  }
  std::vector<SearchCheck> checks;
  try {
    checks = checker.check_kept(validate);
    for (std::size_t k = 0; k < checks.size() && k < added_seconds.size(); ++k) checks[k].validate_seconds += added_seconds[k];
  } catch (...) {  // an error or an interrupt while checking: the bar's last line ends before the message
    bar_.reset();
    throw;
  }
  if (validate && checks.size() > 1) note_validation_pass(kernel, first, checks);
  for (std::size_t k = 0; k < checks.size(); ++k) {
    RootResult& result = pending[k];
    const std::size_t index = first + k;
    result.nedge = checks[k].nedge;
    result.teps = static_cast<double>(result.nedge) / result.bfs_seconds;
    std::ostringstream line;
    line << kernel_name(kernel) << " " << index << ": root " << result.root << ", " << format_seconds(result.bfs_seconds)
         << ", nedge " << result.nedge << ", " << format_rate(result.teps) << " TEPS";
    describe_search(line, result);
    if (result.io.requests > 0)
      line << ", " << result.io.requests << " reads of " << format_bytes(static_cast<std::int64_t>(result.io.bytes));
    if (validate) {
      result.validate_seconds = slowest(checks[k].validate_seconds);
      line << ", validation " << (checks[k].failure ? "FAILED" : "passed") << " in "
           << format_seconds(result.validate_seconds) << (checks.size() > 1 ? " (its share of the pass)" : "");
    }
    end_root_line(line, index + 1);
    results.push_back(std::move(result));
    if (checks[k].failure) {
      report_.validation_failure = describe_failure(kernel, index, pending_roots[k], *checks[k].failure);
      return false;
    }
  }
  return true;
}

void SearchSession::note_validation_pass(SearchKernel kernel, std::size_t first, const std::vector<SearchCheck>& checks) {
  ValidationPass pass{kernel_name(kernel), static_cast<std::int64_t>(first), std::ssize(checks), 0};
  for (const SearchCheck& check : checks) pass.seconds += check.validate_seconds;
  std::ostringstream line;
  line << "validated " << kernel_name(kernel) << " " << first << " to " << first + checks.size() - 1
       << " in one pass over the edges: " << format_seconds(pass.seconds);
  end_root_line(line, first);
  report_.validation_passes.push_back(pass);
}

void SearchSession::end_root_line(const std::ostringstream& line, std::size_t searched) {
  if (!bar_) {
    log_ << line.str() + "\n" << std::flush;
    return;
  }
  bar_->relabel(kSearchesLabel);
  bar_->print_above(line.str(), static_cast<std::int64_t>(searched));
}

// The validator numbers vertices as the store does (0..n-1); a renumbered file's reader gets the
// failing vertex in its own ids too.
std::string SearchSession::describe_failure(SearchKernel kernel, std::size_t index, VertexId root,
                                            const ValidationFailure& failure) const {
  std::string text = std::string(kernel_name(kernel)) + ' ' + std::to_string(index) + " from root " +
                     std::to_string(file_id_(root)) + ": " + failure.message;
  if (failure.vertex != kUnreached && file_id_(failure.vertex) != static_cast<std::uint64_t>(failure.vertex)) {
    text += " (vertices numbered 0..n-1 as in the store; vertex " + std::to_string(failure.vertex) + " is " +
            std::to_string(file_id_(failure.vertex)) + " in the file's ids)";
  }
  return text;
}

Graph500Report SearchSession::finish(int scale, std::int64_t edgefactor) {
  Graph500Results& official = report_.official;
  official.scale = scale;
  official.edgefactor = edgefactor;
  for (const RootResult& root : report_.roots) {
    official.bfs_seconds.push_back(root.bfs_seconds);
    official.nedge.push_back(static_cast<double>(root.nedge));
    official.validate_seconds.push_back(root.validate_seconds);
  }
  for (const RootResult& root : report_.sssp_roots) {
    official.sssp_seconds.push_back(root.bfs_seconds);
    official.sssp_nedge.push_back(static_cast<double>(root.nedge));
    official.sssp_validate_seconds.push_back(root.validate_seconds);
  }
  return std::move(report_);
}

}  // namespace semibfs
