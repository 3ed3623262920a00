// semibfs._core: the C++ library as Python sees it. semibfs/__init__.py builds the documented API
// over it; every call releases the GIL while the library works.
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "analytics/kernels.hpp"
#include "core/error.hpp"
#include "core/interrupt.hpp"
#include "core/machine.hpp"
#include "edges/edge_format.hpp"
#include "formats/input_format.hpp"
#include "graph/neighbor_order.hpp"
#include "graph/partition_layout.hpp"
#include "graph500/json_report.hpp"
#include "graph500/official_output.hpp"
#include "graph500_options.hpp"
#include "networkx_order.hpp"
#include "session/benchmark_run.hpp"
#include "session/edge_additions.hpp"
#include "session/kronecker_file.hpp"
#include "session/option_rules.hpp"
#include "session/program_budget.hpp"
#include "session/store_analytics.hpp"
#include "session/store_build.hpp"
#include "session/store_query_options.hpp"
#include "session/store_sssp.hpp"
#include "store_search.hpp"

namespace nb = nanobind;
using namespace nb::literals;

namespace semibfs::python {
namespace {

// A numpy array over `owned`'s memory: `owned` is deleted when the array is (an OwnedArray's
// memory then goes back to its pool).
template <typename T, typename Owner>
nb::ndarray<nb::numpy, T, nb::ndim<1>> numpy_over(Owner* owned, T* data, std::size_t size) {
  nb::capsule owner(owned, [](void* p) noexcept { delete static_cast<Owner*>(p); });
  return nb::ndarray<nb::numpy, T, nb::ndim<1>>(data, {size}, owner);
}

// The vector's own buffer, without a copy.
template <typename T>
nb::ndarray<nb::numpy, T, nb::ndim<1>> adopt(std::vector<T>&& values) {
  auto* owned = new std::vector<T>(std::move(values));
  return numpy_over(owned, owned->data(), owned->size());
}

nb::ndarray<nb::numpy, std::int64_t, nb::ndim<1>> adopt(OwnedArray&& array) {
  auto* owned = new OwnedArray(std::move(array));
  return numpy_over(owned, owned->data.get(), static_cast<std::size_t>(owned->size));
}

nb::dict search_result(SearchArrays&& arrays) {
  nb::dict result;
  result["parents"] = adopt(std::move(arrays.parents));
  if (arrays.levels.data) {
    result["levels"] = adopt(std::move(arrays.levels));
  } else {
    result["levels"] = nb::none();
  }
  result["root"] = arrays.root;
  result["seconds"] = arrays.seconds;
  result["reached"] = arrays.reached;
  result["num_levels"] = arrays.levels_count < 0 ? nb::object(nb::none()) : nb::object(nb::int_(arrays.levels_count));
  result["validated"] = arrays.validated;
  if (arrays.validated) result["nedge"] = arrays.nedge;
  return result;
}

bool on_main_thread() {
  const nb::module_ threading = nb::module_::import_("threading");
  return threading.attr("current_thread")().is(threading.attr("main_thread")());
}

// A command's work with the GIL released. On Python's main thread, which receives Ctrl-C, the
// library's handlers serve for the call: it stops at its next check and raises KeyboardInterrupt.
template <typename Call>
auto without_gil(Call call) {
  const bool main_thread = on_main_thread();
  nb::gil_scoped_release released;
  std::optional<ScopedInterruptHandlers> interruptible;
  if (main_thread) interruptible.emplace();
  return call();
}

// A kernel's figures by their JSON key (a printed-only one by its label, '_' for ' '), its values
// by store order with their file ids, its iterations and seconds.
nb::dict kernel_result(VertexValues&& values) {
  nb::dict result;
  std::vector<std::int64_t> ids(values.file_ids.begin(), values.file_ids.end());
  result["file_ids"] = adopt(std::move(ids));
  if (auto* numbers = std::get_if<std::vector<double>>(&values.output.values)) {
    result["values"] = adopt(std::move(*numbers));
  } else if (!values.vertex_file_ids.empty()) {
    result["values"] = adopt(std::vector<std::int64_t>(values.vertex_file_ids.begin(), values.vertex_file_ids.end()));
  }
  for (const SummaryFigure& figure : values.output.figures) {
    std::string key = figure.json_key.empty() ? figure.label : figure.json_key;
    std::replace(key.begin(), key.end(), ' ', '_');
    std::visit([&](const auto& value) { result[key.c_str()] = value; }, figure.value);
  }
  result["iterations"] = values.output.iterations.size();
  result["seconds"] = values.seconds;
  return result;
}

// The store's options from Python's keyword arguments, each value checked as the command line's
// option table checks it (session/option_rules.hpp), so that a bad one is the same UsageError.
StoreQueryOptions store_query_options(const std::string& store, const std::optional<std::string>& dram_budget,
                                      std::optional<std::int64_t> threads, std::optional<std::int64_t> version) {
  StoreQueryOptions options;
  options.store = store;
  if (dram_budget) options.budget.dram_budget_bytes = dram_budget_option(*dram_budget);
  if (threads) options.threads = check_thread_count(*threads);
  if (version) options.version = static_cast<int>(require_in_range("--version", *version, 0, kMaxStoreVersion));
  return options;
}

// A keyword argument as the kernel's parameter takes it (its range checked by session/).
KernelValue kernel_argument(const KernelParameter& parameter, nb::handle value) {
  switch (parameter.type) {
    case ParameterType::kInteger: return nb::cast<std::int64_t>(value);
    case ParameterType::kUnsigned: return nb::cast<std::uint64_t>(value);
    case ParameterType::kPositiveReal:
    case ParameterType::kFraction: return nb::cast<double>(value);
    case ParameterType::kFile: break;
  }
  return nb::cast<std::string>(value);
}

// Any analytics kernel as a call, `semibfs NAME` on the store: `options` are its parameters by
// their option names with '_' for '-' (None: not given).
nb::dict store_analytics(const std::string& name, const std::string& store,
                         const std::optional<std::string>& dram_budget, std::optional<std::int64_t> threads,
                         std::optional<std::int64_t> version, const nb::kwargs& options) {
  const KernelDescription* kernel = find_analytics_kernel(name);
  if (kernel == nullptr) throw UsageError("no analytics kernel named '" + name + "'");
  KernelArguments arguments(*kernel);
  for (const auto& [key, value] : options) {
    if (value.is_none()) continue;
    std::string parameter = nb::cast<std::string>(key);
    std::replace(parameter.begin(), parameter.end(), '_', '-');
    const KernelParameter* described = kernel->find_parameter(parameter);
    if (described == nullptr) throw UsageError(name + ": no option --" + parameter);
    arguments.set(parameter, kernel_argument(*described, value));
  }
  StoreQueryOptions query_options = store_query_options(store, dram_budget, threads, version);
  // Store._by_file_id puts per-vertex values in an array indexed by file id, 8 bytes an entry.
  if (!kernel->values_name.empty()) query_options.bytes_per_file_id = 8;
  return kernel_result(without_gil([&] { return kernel_values(query_options, arguments); }));
}

// Distances (infinity) and parents (-1) by file id, from the store's per-vertex arrays.
nb::dict shortest_path_arrays(const StoreShortestPaths& paths) {
  const auto length = static_cast<std::size_t>(paths.ids.file_id_end());
  std::vector<double> distances(length, std::numeric_limits<double>::infinity());
  std::vector<std::int64_t> parents(length, -1);
  const auto vertices = static_cast<std::int64_t>(paths.distance.size());
#pragma omp parallel for schedule(static)
  for (std::int64_t vertex = 0; vertex < vertices; ++vertex) {
    const auto file_id = static_cast<std::size_t>(paths.ids.to_file(vertex));
    distances[file_id] = paths.distance[static_cast<std::size_t>(vertex)];
    const VertexId parent = paths.parent[vertex];
    if (parent >= 0) parents[file_id] = static_cast<std::int64_t>(paths.ids.to_file(parent));
  }
  nb::dict result;
  result["distances"] = adopt(std::move(distances));
  result["parents"] = adopt(std::move(parents));
  return result;
}

// `semibfs sssp` as a call: one root's shortest paths (a warm-up, then the timed search), validated
// unless asked not to, with the figures the command prints.
nb::dict store_shortest_paths(const std::string& store, std::uint64_t root, std::optional<double> delta, bool validate,
                              const std::optional<std::string>& dram_budget, std::optional<std::int64_t> threads,
                              std::optional<std::int64_t> head_entries) {
  StoreSsspOptions options;
  options.store = store;
  options.root = root;
  if (delta) options.sssp.delta = *delta;
  options.search.skip_validation = !validate;
  if (dram_budget) options.search.budget.dram_budget_bytes = dram_budget_option(*dram_budget);
  if (threads) options.search.threads = check_thread_count(*threads);
  options.search.head_entries = head_entries;  // checked with the budget by StoreSsspOptions::check
  std::ostringstream log;
  const StoreShortestPaths paths = without_gil([&] { return search_store_shortest_paths(options, log); });
  nb::dict result = shortest_path_arrays(paths);
  const RootResult& search = paths.report.sssp_roots.front();
  result["root"] = root;
  result["seconds"] = search.bfs_seconds;
  result["reached"] = search.sssp->reached;
  result["bytes_read"] = search.sssp->stats.bytes_read;
  result["delta"] = paths.report.sssp->delta.value_or(0.0);  // the delta the kernel ran with
  result["validated"] = validate;
  result["nedge"] = validate ? nb::object(nb::int_(search.nedge)) : nb::object(nb::none());
  return result;
}

// `semibfs build` as a call, the keyword arguments parsed as its option table parses them; the
// summary the command prints, handed back.
std::string build_store_with(const std::string& input, const std::string& store,
                             const std::optional<std::string>& format, bool directed,
                             const std::optional<std::string>& dram_budget, std::optional<std::int64_t> partitions,
                             const std::optional<std::string>& neighbor_order, bool compress,
                             const std::optional<std::string>& vertex_order, std::optional<std::int64_t> threads,
                             bool progress) {
  return without_gil([&] {
    StoreBuildOptions build;
    build.input = input;
    build.store = store;
    ImportOptions& import_options = build.import_options;
    if (format) import_options.format = parse_option_value("--format", [&] { return parse_input_format(*format); });
    import_options.directed = directed;
    if (dram_budget) build.budget.dram_budget_bytes = dram_budget_option(*dram_budget);
    if (partitions) {
      import_options.partitions = static_cast<int>(require_in_range("--partitions", *partitions, 1, kMaxPartitions));
    }
    if (neighbor_order) {
      import_options.order =
          parse_option_value("--neighbor-order", [&] { return parse_neighbor_order(*neighbor_order); });
    }
    import_options.compressed_lists = compress;
    if (vertex_order) {
      import_options.relabel = parse_option_value("--vertex-order", [&] { return relabels_by_degree(*vertex_order); });
    }
    if (threads) build.threads = check_thread_count(*threads);
    import_options.progress = progress ? &std::cerr : nullptr;
    return build_summary(build, build_store(build));
  });
}

// `semibfs generate` as a call, the keyword arguments parsed as its option table parses them.
void generate_kronecker_file(std::int64_t scale, const std::string& output, std::int64_t edgefactor,
                             std::optional<std::uint64_t> seed1, std::optional<std::uint64_t> seed2,
                             const std::optional<std::string>& format, std::optional<std::int64_t> threads,
                             bool progress) {
  without_gil([&] {
    KroneckerFileOptions file;
    file.kronecker.scale = static_cast<int>(require_in_range("--scale", scale, 1, kMaxPackedScale));
    file.kronecker.edgefactor = edgefactor;
    if (seed1) file.kronecker.seed1 = *seed1;
    if (seed2) file.kronecker.seed2 = *seed2;
    if (format) file.format = parse_option_value("--format", [&] { return parse_written_edge_format(*format); });
    file.output = output;
    if (threads) file.threads = check_thread_count(*threads);
    file.progress = progress ? &std::cerr : nullptr;
    write_kronecker_file(file);
  });
}

// `semibfs add-edges` as a call, the keyword arguments parsed as its option table parses them; the
// lines the command prints, handed back.
std::string add_edges_to_store(const std::string& input, const std::string& store,
                               const std::optional<std::string>& format, const std::optional<std::string>& dram_budget,
                               std::optional<std::int64_t> threads) {
  return without_gil([&] {
    AddEdgesOptions options;
    options.input = input;
    options.store = store;
    if (format) options.format = parse_option_value("--format", [&] { return parse_input_format(*format); });
    if (dram_budget) options.budget.dram_budget_bytes = dram_budget_option(*dram_budget);
    if (threads) options.threads = check_thread_count(*threads);
    return add_edges_summary(options, add_edges(options));
  });
}

// `semibfs run` as a call (session/benchmark_run.hpp): the JSON report `run --json` writes and the
// official block, as text; a search that fails validation raises semibfs.Error, as the command exits 1.
nb::tuple run_graph500(std::int64_t scale, bool progress, const nb::kwargs& keywords) {
  Graph500Options options = graph500_options(scale, keywords);
  std::pair<std::string, std::string> texts = without_gil([&] {
    check_benchmark_options(options, false);
    count_program_in_budget(options.search.budget, options.search.threads);
    std::ostringstream quiet;
    const Graph500Report report = run_benchmark(options, progress ? std::cerr : quiet);
    if (!report.validation_passed) throw Error("validation failed: " + report.validation_failure);
    return std::pair(format_json_report(report, read_machine_info(), peak_rss_bytes()),
                     format_official_output(report.official));
  });
  return nb::make_tuple(texts.first, texts.second);
}

void bind_store(nb::module_& m) {
  nb::class_<StoreSearch>(m, "StoreSearch")
      .def(
          "__init__",
          [](StoreSearch* self, const std::string& directory, std::optional<std::string> dram_budget,
             std::optional<std::int64_t> threads, std::optional<std::string> policy, std::optional<std::string> io,
             std::optional<std::int64_t> head_entries, std::optional<std::int64_t> version) {
            const StoreSearchArguments arguments{std::move(dram_budget), threads,      std::move(policy),
                                                 std::move(io),          head_entries, version};
            const nb::gil_scoped_release released;
            new (self) StoreSearch(directory, arguments);
          },
          "directory"_a, nb::kw_only(), "dram_budget"_a = nb::none(), "threads"_a = nb::none(), "policy"_a = nb::none(),
          "io"_a = nb::none(), "head_entries"_a = nb::none(), "version"_a = nb::none())
      .def(
          "bfs",
          [](StoreSearch& store, std::uint64_t root, bool validate, bool levels) {
            return search_result(without_gil([&] { return store.bfs(root, validate, levels); }));
          },
          "root"_a, "validate"_a, "levels"_a)
      .def_prop_ro("index_size", &StoreSearch::index_size)
      .def_prop_ro("log", &StoreSearch::log);
}

// What the store's input was (vertices, edges as read, direction), from its description alone.
nb::dict describe_store(const std::string& directory) {
  const InputDescription input = without_gil([&] {
    const std::unique_ptr<StoreLock> lock = lock_existing_store(directory, StoreLock::Mode::kRead);
    return read_input_description(directory);
  });
  nb::dict description;
  description["num_vertices"] = input.vertices;
  description["num_edges"] = input.edges;
  description["directed"] = input.directed;
  return description;
}

void bind_networkx_order(nb::module_& m) {
  m.def(
      "networkx_order",
      [](nb::ndarray<const std::int64_t, nb::ndim<1>, nb::c_contig> offsets,
         nb::ndarray<const std::int64_t, nb::ndim<1>, nb::c_contig> neighbors,
         nb::ndarray<const std::int64_t, nb::ndim<1>, nb::c_contig> sources) {
        DiscoveryOrder order = without_gil([&] {
          return networkx_discovery_order({offsets.data(), offsets.size()}, {neighbors.data(), neighbors.size()},
                                          {sources.data(), sources.size()});
        });
        return nb::make_tuple(adopt(std::move(order.vertices)), adopt(std::move(order.parents)),
                              adopt(std::move(order.layer_starts)));
      },
      "offsets"_a, "neighbors"_a, "sources"_a);
}

}  // namespace
}  // namespace semibfs::python

NB_MODULE(_core, m) {
  using namespace semibfs::python;
  m.doc() = "The semibfs C++ library; use the semibfs package, which documents the API.";
  // Translators are tried newest first: the subclass after its base.
  const nb::exception<semibfs::Error> error(m, "Error", PyExc_RuntimeError);
  nb::exception<semibfs::UsageError>(m, "UsageError", error);
  nb::register_exception_translator([](const std::exception_ptr& thrown, void*) {
    try {
      std::rethrow_exception(thrown);
    } catch (const semibfs::Interrupted& interrupted) {
      PyErr_SetString(PyExc_KeyboardInterrupt, interrupted.what());
    }
  });
  bind_store(m);
  bind_networkx_order(m);
  m.def("build", &build_store_with, "input"_a, "store"_a, nb::kw_only(), "format"_a = nb::none(), "directed"_a = false,
        "dram_budget"_a = nb::none(), "partitions"_a = nb::none(), "neighbor_order"_a = nb::none(),
        "compress"_a = false, "vertex_order"_a = nb::none(), "threads"_a = nb::none(), "progress"_a = false);
  m.def("add_edges", &add_edges_to_store, "input"_a, "store"_a, nb::kw_only(), "format"_a = nb::none(),
        "dram_budget"_a = nb::none(), "threads"_a = nb::none());
  m.def("generate", &generate_kronecker_file, "scale"_a, "output"_a, nb::kw_only(), "edgefactor"_a = 16,
        "seed1"_a = nb::none(), "seed2"_a = nb::none(), "format"_a = nb::none(), "threads"_a = nb::none(),
        "progress"_a = false);
  m.def("analytics", &store_analytics, "name"_a, "store"_a, nb::kw_only(), "dram_budget"_a = nb::none(),
        "threads"_a = nb::none(), "version"_a = nb::none(), "options"_a);
  m.def("run_graph500", &run_graph500, "scale"_a, nb::kw_only(), "progress"_a = false, "options"_a);
  m.def("describe_store", &describe_store, "directory"_a);
  m.def("sssp", &store_shortest_paths, "store"_a, "root"_a, nb::kw_only(), "delta"_a = nb::none(), "validate"_a = true,
        "dram_budget"_a = nb::none(), "threads"_a = nb::none(), "head_entries"_a = nb::none());
}
