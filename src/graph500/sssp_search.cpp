#include "graph500/sssp_search.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "core/byte_size.hpp"
#include "core/huge_pages.hpp"
#include "core/timer.hpp"
#include "sssp/shortest_path_kernel.hpp"
#include "store/graph_store.hpp"
#include "store/stored_weights.hpp"
#include "validate/sssp_validator.hpp"

namespace semibfs {

SsspFigures figures_of(const SsspStats& stats, std::span<const float> distance) {
  SsspFigures figures;
  figures.stats = stats;
  std::int64_t reached = 0;
  double sum = 0;
  float maximum = 0;
#pragma omp parallel for schedule(static) reduction(+ : reached, sum) reduction(max : maximum)
  for (std::size_t v = 0; v < distance.size(); ++v) {
    if (std::isinf(distance[v])) continue;
    ++reached;
    sum += distance[v];
    maximum = std::max(maximum, distance[v]);
  }
  figures.reached = reached;
  figures.distance_sum = sum;
  figures.max_distance = maximum;
  return figures;
}

namespace {

// The kernel into the driver's parents and its own distances, both in the input's ids: on a
// relabelled store the kernel searches in the store's ids into arrays of its own, mapped back as
// part of the search (as BFS maps its parents).
class SsspSearcher final : public RootSearcher {
 public:
  SsspSearcher(ShortestPathKernel& kernel, const StoredRelabel* relabel, std::vector<float>& distance)
      : kernel_(kernel), relabel_(relabel), distance_(distance) {
    if (relabel_ == nullptr) return;
    store_parent_.assign(std::ssize(distance_));
    store_distance_.assign(distance_.size(), 0.0F);
  }

  std::vector<LevelStats> search(VertexId root, ParentArray& parent) override {
    if (relabel_ == nullptr) {
      last_ = parent.visit([&](auto entries) { return kernel_.run(root, distance_, entries); });
      return {};
    }
    last_ = relabel_->search_in_store_ids(root, store_parent_, parent, [&](VertexId store_root, ParentArray& store_parent) {
      return store_parent.visit([&](auto entries) { return kernel_.run(store_root, store_distance_, entries); });
    });
    distances_in_input_ids(relabel_->old_of(), store_distance_, distance_);
    return {};
  }
  void add_figures(RootResult& result, const IoStats& io) override {
    RootSearcher::add_figures(result, io);
    result.sssp = figures_of(last_, distance_);
  }
  // The store's parents and distances (a relabelled store only).
  std::int64_t store_bytes() const {
    return store_parent_.bytes() + static_cast<std::int64_t>(store_distance_.size() * sizeof(float));
  }

 private:
  ShortestPathKernel& kernel_;
  const StoredRelabel* relabel_;
  std::vector<float>& distance_;
  ParentArray store_parent_;
  std::vector<float> store_distance_;
  SsspStats last_;
};

// The TEPS count as for BFS (the reference counts both the same way) and the SSSP rules.
class SsspChecker final : public OneSearchChecker {
 public:
  SsspChecker(const WeightedSearchInputs& inputs, const std::vector<float>& distance)
      : counter_(*inputs.edges, inputs.direction, false),
        validator_(*inputs.edges, *inputs.edge_weights, inputs.direction),
        distance_(distance) {}

  std::int64_t count_edges(const ParentArray& parent) override { return counter_.count_edges(parent); }
  std::optional<ValidationFailure> validate(VertexId root, const ParentArray& parent, std::int64_t nedge) override {
    const ValidationReport report =
        parent.visit([&](auto entries) { return validator_.validate(root, distance_, entries); });
    if (!report.ok()) return report.failures.front();
    return check_teps_count(nedge, report.nedge);
  }
  std::int64_t working_bytes() const override { return validator_.working_bytes(); }

 private:
  EdgeListChecker counter_;
  SsspValidator validator_;
  const std::vector<float>& distance_;
};

std::unique_ptr<ShortestPathKernel> kernel_for(const WeightedSearchInputs& inputs, const SsspOptions& options,
                                               IoKind io) {
  if (const WeightOrderedStoreCopy* copy = inputs.store_copy) {
    return std::make_unique<ShortestPathKernel>(copy->partitions, copy->num_vertices, copy->resident_bytes,
                                                copy->directory, options);
  }
  if (inputs.tiered) return std::make_unique<ShortestPathKernel>(*inputs.tiered, *inputs.tiered_weights, options, io);
  return std::make_unique<ShortestPathKernel>(*inputs.graph, *inputs.weights, inputs.direction, options);
}

// Which kernel runs, in the log; the lists' copy ordered by weight is made as kernel 1 makes the
// weights beside the lists, so its time counts in construction_time.
void note_kernel(SearchSession& session, const ShortestPathKernel& kernel) {
  if (!kernel.pruned()) {
    session.log() << "SSSP by delta-stepping over the lists as they are: " << kernel.why_not_pruned() << std::endl;
    return;
  }
  session.report().official.construction_seconds += kernel.ordering_seconds();
  if (const TieredWeightOrderedLists* copy = kernel.tiered_copy()) {
    const ResidentShare& share = copy->share();
    session.log() << "SSSP by delta-stepping with push-pull pruning over the store's lists copied in weight order ("
                  << format_bytes(kernel.ordered_list_bytes()) << " in DRAM: lists up to degree " << share.whole_degree
                  << " whole, of longer ones the lightest " << share.fraction << " but at least " << share.whole_degree
                  << " entries, " << copy->resident_entries() << " entries; the other " << copy->tail_entries()
                  << " in '" << copy->tail_path() << "', removed at the end"
                  << (kernel.ordered_lists_renamed() ? "; its vertices by degree" : "") << "; made in "
                  << format_seconds(kernel.ordering_seconds()) << ", counted in construction_time)" << std::endl;
    return;
  }
  session.log() << "SSSP by delta-stepping with push-pull pruning over the lists ordered by weight ("
                << format_bytes(kernel.ordered_list_bytes())
                << (kernel.ordered_lists_renamed() ? ", its vertices by degree" : ", in the graph's ids, already by degree")
                << ", made in " << format_seconds(kernel.ordering_seconds()) << ", counted in construction_time)"
                << std::endl;
}

}  // namespace

void follow_out_lists(SearchInputs& graph) {
  if (graph.direction() != GraphDirection::kDirected) return;
  if (graph.tiered) {
    graph.tiered = std::move(*graph.tiered).take_out_lists();
  } else {
    graph.in_memory = std::move(*graph.in_memory).take_out_lists();
  }
}

StoredWeights open_stored_weights(const std::string& directory, const SearchInputs& graph,
                                  const SearchOptions& options, const std::optional<PlacementPlan>& plan) {
  const StoreManifest manifest = read_store_manifest(directory);
  StoredWeights weights;
  weights.direction = manifest.direction;
  const std::int64_t records = graph.edges->num_edges();
  if (graph.tiered) {
    weights.tiered = TieredWeights::open(directory, manifest, *graph.tiered, plan ? *plan : PlacementPlan{});
  } else if (graph.in_memory) {
    weights.lists = read_list_weights(directory, manifest, *graph.in_memory);
  }
  if (!options.budget.is_set()) {
    weights.edge_values = read_edge_weights(directory, manifest, records);
    weights.edges = std::make_unique<InMemoryEdgeWeights>(weights.edge_values);
    return weights;
  }
  const std::int64_t chunk_edges = options.budget.edge_chunk_edges();
  const std::string path =
      check_edge_weights(directory, manifest, records, static_cast<std::uint64_t>(chunk_edges) * sizeof(float));
  weights.edges = std::make_unique<FileEdgeWeights>(path, records, chunk_edges);
  return weights;
}

WeightedSearchInputs stored_weighted_inputs(const SearchInputs& graph, const StoredWeights& weights,
                                            const WeightOrderedStoreCopy* copy) {
  WeightedSearchInputs inputs;
  inputs.store_copy = copy;
  if (graph.tiered) {
    inputs.tiered = &*graph.tiered;
    inputs.tiered_weights = &*weights.tiered;
  } else if (graph.in_memory) {
    inputs.graph = &*graph.in_memory;
    inputs.weights = view_of(*graph.in_memory, weights.lists);
  }
  inputs.edges = graph.edges.get();
  inputs.edge_weights = weights.edges.get();
  inputs.relabel = graph.relabel ? &*graph.relabel : nullptr;
  inputs.direction = weights.direction;
  return inputs;
}

void search_shortest_paths(SearchSession& session, const WeightedSearchInputs& inputs,
                           std::span<const VertexId> roots, const SsspOptions& options, ParentArray& parent,
                           std::vector<float>& distance) {
  Graph500Report& report = session.report();
  const std::unique_ptr<ShortestPathKernel> owned_kernel = kernel_for(inputs, options, report.search.io);
  ShortestPathKernel& kernel = *owned_kernel;
  note_kernel(session, kernel);
  report.sssp = kernel.options();  // with the delta it runs with
  report.sssp_pruned = kernel.pruned();
  assign_in_huge_pages(distance, static_cast<std::size_t>(inputs.num_vertices()));  // read at random
  SsspChecker checker(inputs, distance);
  SsspSearcher searcher(kernel, inputs.relabel, distance);
  parent.assign(inputs.num_vertices());
  session.log() << "SSSP by delta-stepping, delta " << *kernel.options().delta << ": ";
  if (!inputs.store_copy) {  // the copy holds its weights beside its entries (logged with it)
    session.log() << "list weights " << format_bytes(inputs.weight_bytes())
                  << (inputs.tiered && inputs.tiered->has_tails() ? " in DRAM (tails' weights on disk)" : "") << ", ";
  }
  session.log() << "distances and labels "
                << format_bytes(kernel.status_bytes() + static_cast<std::int64_t>(distance.size() * sizeof(float)) +
                                searcher.store_bytes())
                << ", validator " << format_bytes(report.search.skip_validation ? 0 : checker.working_bytes())
                << std::endl;
  if (kernel.packed_tail_bytes() > 0) {
    session.log() << "SSSP reads the lists' tails from packed copies beside the store ("
                  << format_bytes(kernel.packed_tail_bytes()) << ", removed at the end)" << std::endl;
  }
  session.search_with(searcher, checker, roots, true, parent, SearchKernel::kSssp);
}

}  // namespace semibfs
