#include "analytics/components.hpp"

#include <algorithm>
#include <atomic>
#include <numeric>
#include <utility>

#include "core/bitmap.hpp"

namespace semibfs {
namespace {

class ComponentsKernel {
 public:
  ComponentsKernel(const StreamingGraph& graph, const ComponentsOptions& options)
      : vertices_(graph.num_vertices()),
        job_queue_below_(std::max<std::int64_t>(1, vertices_ / std::max<std::int64_t>(1, options.job_queue_divisor))),
        label_(static_cast<std::size_t>(vertices_)),
        active_(vertices_),
        next_active_(vertices_) {
    std::iota(label_.begin(), label_.end(), NeighborId{0});
    for (VertexId v = 0; v < vertices_; ++v) active_.set(v);
    active_count_ = vertices_;
  }

  // The active vertices listed in a job queue once they are few.
  void prepare(int) {
    next_active_.clear();
    jobs_.clear();
    if (active_count_ < job_queue_below_) {
      active_.for_each_set_in_words(0, active_.num_words(), [this](std::int64_t v) { jobs_.push_back(v); });
    }
  }
  StreamingQuery query() const {
    StreamingQuery query;
    query.side = ListSide::kBoth;
    if (jobs_.empty()) {
      query.vertex_filter = &active_;
    } else {
      query.kind = QueryKind::kJobQueue;
      query.jobs = jobs_;
    }
    return query;
  }
  std::int64_t work_size() const { return active_count_; }
  void body(VertexId vertex, std::span<const NeighborId> neighbours) {
    const NeighborId mine =
        std::atomic_ref<NeighborId>(label_[static_cast<std::size_t>(vertex)]).load(std::memory_order_relaxed);
    for (const NeighborId w : neighbours) {
      if (lower(w, mine)) next_active_.set_atomic(w);
    }
  }
  bool end() {
    std::swap(active_, next_active_);
    active_count_ = 0;
#pragma omp parallel for schedule(static) reduction(+ : active_count_)
    for (std::int64_t word = 0; word < active_.num_words(); ++word) active_count_ += std::popcount(active_.word(word));
    ++iterations_;
    return active_count_ == 0;
  }

  ComponentsResult result() && {
    std::int64_t components = 0;
    for (VertexId v = 0; v < vertices_; ++v) components += label_[static_cast<std::size_t>(v)] == v ? 1 : 0;
    return {std::move(label_), components, iterations_, {}};
  }

 private:
  // Lowers w's label to `label`; true when it fell.
  bool lower(NeighborId w, NeighborId label) {
    std::atomic_ref<NeighborId> slot(label_[w]);
    NeighborId current = slot.load(std::memory_order_relaxed);
    while (label < current) {
      if (slot.compare_exchange_weak(current, label, std::memory_order_relaxed)) return true;
    }
    return false;
  }

  std::int64_t vertices_;
  std::int64_t job_queue_below_;
  std::vector<NeighborId> label_;
  Bitmap active_, next_active_;
  std::int64_t active_count_ = 0;
  std::vector<VertexId> jobs_;
  int iterations_ = 0;
};

}  // namespace

ComponentsResult connected_components(StreamingGraph& graph, const ComponentsOptions& options,
                                      const IterationObserver& observe) {
  if (graph.num_vertices() == 0) return {};
  ComponentsKernel kernel(graph, options);
  return run_kernel_for_result(graph, kernel, observe);
}

ComponentNames name_components(std::vector<NeighborId>&& label, const KernelStore& store) {
  ComponentNames names;
  {
    std::vector<std::uint32_t> members(label.size(), 0);
    for (const NeighborId l : label) names.largest = std::max<std::int64_t>(names.largest, ++members[l]);
  }
  if (store.relabelled()) {
    std::vector<NeighborId> smallest_by_label(label.size(), UINT32_MAX);
    for (std::size_t v = 0; v < label.size(); ++v) {
      NeighborId& smallest = smallest_by_label[label[v]];
      smallest = std::min(smallest, static_cast<NeighborId>(store.input_id(static_cast<VertexId>(v))));
    }
    for (NeighborId& l : label) l = smallest_by_label[l];
  }
  names.smallest_input = std::move(label);
  return names;
}

namespace {

KernelOutput run_components(KernelStore& store, const KernelArguments&, const IterationObserver& observe) {
  ComponentsResult result = connected_components(store.graph(), ComponentsOptions{}, observe);
  store.release_graph();  // naming takes 4 bytes a vertex, in the room of the lists and their index
  ComponentNames names = name_components(std::move(result.label), store);
  KernelOutput output;
  output.figures = {{"vertices", "", store.vertices()},
                    {"components", "components", result.components},
                    {"largest component", "largest_component", names.largest, "%.6f", " vertices"},
                    {"iterations", "", std::int64_t{result.iterations}}};
  output.values = std::move(names.smallest_input);
  output.iterations = std::move(result.figures);
  return output;
}

}  // namespace

const KernelDescription& components_kernel() {
  static const KernelDescription kernel{
      .name = "cc",
      .summary = "connected components of a store's graph (weakly, when directed)",
      .description =
          "Connected components by label propagation over streaming queries (Lee et al., ExtraV): "
          "sequential queries filtered by the active vertices, job-queue queries once few are active. A "
          "directed store's weakly connected components. Each component is named by its smallest file id.",
      .parameters = {},
      .values_name = "component",
      .bytes_per_vertex = kComponentsBytesPerVertex,
      .run = run_components,
  };
  return kernel;
}

}  // namespace semibfs
