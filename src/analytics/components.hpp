// Connected components by label propagation (ExtraV Sec. 6, Fig. 10): every vertex starts with its
// own id as its label; an active vertex pushes its label to its neighbours, which keep the
// smallest, and a vertex whose label fell is active in the next iteration. Iterations are
// sequential queries filtered by the active set while it is large, job-queue queries listing the
// active vertices once it is small (Sec. 6: "changes to the usage of job-queue query"). It runs
// until no label changes, so each label is the smallest id of its component. On a directed graph
// both lists of each vertex: the weakly connected components.
#pragma once

#include <cstdint>
#include <vector>

#include "analytics/kernel_description.hpp"
#include "query/kernel.hpp"

namespace semibfs {

struct ComponentsOptions {
  // Job-queue queries once fewer than num_vertices / this are active.
  std::int64_t job_queue_divisor = 64;
};

struct ComponentsResult {
  std::vector<NeighborId> label;  // the smallest vertex id of each vertex's component
  std::int64_t components = 0;
  int iterations = 0;
  std::vector<IterationFigures> figures;
};

ComponentsResult connected_components(StreamingGraph& graph, const ComponentsOptions& options = {},
                                      const IterationObserver& observe = {});

// DRAM per vertex: the label, two bitmaps and a job queue of at most n / 64 ids (under 1 byte).
// Naming the components afterwards (`semibfs cc`: a count, or the smallest input id when
// relabelled, 4 bytes a label) takes the room of the graph's lists and index, freed by then
// (QueryStore::release_graph): at least 6.5 bytes a vertex.
inline constexpr std::int64_t kComponentsBytesPerVertex = 4 + 1;

// Each component by its smallest input id (in place of the labels, 4 bytes a vertex, plus as many
// while relabelled), and the largest's size. A label is the smallest store id of its component, the
// smallest input id too unless the store is relabelled (the id map keeps the file's order).
struct ComponentNames {
  std::vector<NeighborId> smallest_input;  // per vertex
  std::int64_t largest = 0;
};
ComponentNames name_components(std::vector<NeighborId>&& label, const KernelStore& store);

// `semibfs cc` and Python's Store.connected_components: "vertex component" lines, each component
// named by its smallest file id.
const KernelDescription& components_kernel();

}  // namespace semibfs
