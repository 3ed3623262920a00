// The execution model of ExtraV (Lee et al., VLDB 2017, Sec. 4.6, Fig. 4): an algorithm is a
// kernel with prepare() between iterations, query() (the streaming query of the iteration, its
// query_type), work_size() (the replies the iteration processes), body(vertex, neighbours) on each
// reply, on the worker threads, and end() (whether to stop after the iteration). run_kernel is the
// master loop; the kernel sees neither tiers, compression nor partitions.
#pragma once

#include <concepts>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "core/interrupt.hpp"
#include "query/streaming_graph.hpp"

namespace semibfs {

template <typename Kernel>
concept StreamingKernel = requires(Kernel& kernel, int iteration, VertexId vertex, std::span<const NeighborId> list) {
  kernel.prepare(iteration);
  { kernel.query() } -> std::convertible_to<StreamingQuery>;
  { kernel.work_size() } -> std::convertible_to<std::int64_t>;
  kernel.body(vertex, list);
  { kernel.end() } -> std::convertible_to<bool>;
};

// One iteration as the JSON reports it.
struct IterationFigures {
  int iteration = 0;
  QueryKind kind = QueryKind::kSequential;
  QueryFigures query;
  double seconds = 0;  // the iteration, prepare() and end() included
};

// Called after each iteration (progress on stderr for long runs).
using IterationObserver = std::function<void(const IterationFigures&)>;

template <StreamingKernel Kernel>
std::vector<IterationFigures> run_kernel(StreamingGraph& graph, Kernel& kernel, const IterationObserver& observe = {}) {
  std::vector<IterationFigures> iterations;
  for (int iteration = 0;; ++iteration) {
    throw_if_interrupted();
    const Stopwatch stopwatch;
    kernel.prepare(iteration);
    const StreamingQuery query = kernel.query();
    const std::int64_t expected = kernel.work_size();
    IterationFigures figures{iteration, query.kind,
                             graph.stream(query, [&kernel](VertexId vertex, std::span<const NeighborId> list) {
                               kernel.body(vertex, list);
                             })};
    // The iteration ends when the work size is processed (Sec. 4.6); a mismatch is a kernel's bug.
    if (figures.query.replies != expected) {
      throw Error("kernel: iteration " + std::to_string(iteration) + " processed " +
                  std::to_string(figures.query.replies) + " vertices, its work size is " + std::to_string(expected) +
                  " (an internal error)");
    }
    const bool done = kernel.end();
    figures.seconds = stopwatch.seconds();
    iterations.push_back(figures);
    if (observe) observe(figures);
    if (done) return iterations;
  }
}

// Runs `kernel` and returns what its result() gives, with the iterations' figures in `figures`.
template <StreamingKernel Kernel>
auto run_kernel_for_result(StreamingGraph& graph, Kernel& kernel, const IterationObserver& observe) {
  std::vector<IterationFigures> figures = run_kernel(graph, kernel, observe);
  auto result = std::move(kernel).result();
  result.figures = std::move(figures);
  return result;
}

}  // namespace semibfs
