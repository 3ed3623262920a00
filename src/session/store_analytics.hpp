// The analytics over a store's streaming queries (Lee et al., ExtraV, PVLDB 2017) as library calls,
// for any kernel its description (analytics/kernel_description.hpp) states: its arguments checked,
// the store opened under typed options and a budget counting the kernel's bytes per vertex, the
// kernel run, its values handed back by the store's vertex order with their file ids. The command
// line prints what these return; Python hands it to numpy.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "analytics/kernel_description.hpp"
#include "session/query_store.hpp"
#include "session/store_query_options.hpp"

namespace semibfs {

// Throws UsageError, worded as the command line's, for an argument out of its parameter's range or
// the kernel's own rules across them broken.
void check_kernel_arguments(const KernelArguments& arguments);

// `options.store` opened for an algorithm holding `bytes_per_vertex` per vertex: the options
// checked, the threads applied and the program counted in the budget first. `whole_scans`: every
// query reads every list (QueryStoreOptions::whole_scans).
std::unique_ptr<QueryStore> open_for_queries(StoreQueryOptions options, std::int64_t bytes_per_vertex,
                                             bool whole_scans = false);

// `options.store` opened for the kernel the arguments are for, after they are checked.
std::unique_ptr<QueryStore> open_for_kernel(const StoreQueryOptions& options, const KernelArguments& arguments);

// The kernel run on an open store; the store may have given its graph back afterwards.
KernelOutput run_kernel_on(QueryStore& store, const KernelArguments& arguments, const IterationObserver& observe = {});

// Per vertex of a store, in its order: the file id and the kernel's output.
struct VertexValues {
  std::vector<std::uint64_t> file_ids;
  KernelOutput output;                         // its vertex values (input ids) moved to vertex_file_ids
  std::vector<std::uint64_t> vertex_file_ids;  // a kernel's value naming a vertex, as its file id
  double seconds = 0;                          // the iterations' time, the store's open not included
};

// The kernel on `options.store`, as its `semibfs` subcommand computes it.
VertexValues kernel_values(const StoreQueryOptions& options, const KernelArguments& arguments);

}  // namespace semibfs
