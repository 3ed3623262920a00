#include "session/store_analytics.hpp"

#include <string>
#include <utility>

#include "formats/vertex_ages_file.hpp"
#include "session/option_rules.hpp"
#include "session/program_budget.hpp"

namespace semibfs {

void check_kernel_arguments(const KernelArguments& arguments) {
  const KernelDescription& kernel = arguments.kernel();
  for (const KernelParameter& parameter : kernel.parameters) {
    if (!arguments.has(parameter.name)) continue;
    const std::string option = "--" + parameter.name;
    if (parameter.type == ParameterType::kInteger) {
      require_in_range(option, arguments.integer(parameter.name), parameter.minimum, parameter.maximum);
    } else if (parameter.type == ParameterType::kPositiveReal) {
      require_positive(option, arguments.real(parameter.name));
    } else if (parameter.type == ParameterType::kFraction) {
      require_fraction(option, arguments.real(parameter.name));
    }
  }
  if (kernel.check != nullptr) kernel.check(arguments);
}

std::unique_ptr<QueryStore> open_for_queries(StoreQueryOptions options, std::int64_t bytes_per_vertex,
                                             bool whole_scans) {
  options.check();
  count_program_in_budget(options.budget, options.threads);
  QueryStoreOptions opening;
  opening.budget = options.budget;
  opening.head_entries = options.head_entries;
  opening.version = options.version;
  opening.bytes_per_vertex = bytes_per_vertex;
  opening.bytes_per_file_id = options.bytes_per_file_id;
  opening.whole_scans = whole_scans;
  return std::make_unique<QueryStore>(options.store, opening);
}

std::unique_ptr<QueryStore> open_for_kernel(const StoreQueryOptions& options, const KernelArguments& arguments) {
  check_kernel_arguments(arguments);
  const KernelDescription& kernel = arguments.kernel();
  return open_for_queries(options, kernel.dram_bytes_per_vertex(arguments), kernel.whole_scans);
}

namespace {

// The store as a kernel sees it.
class QueryKernelStore final : public KernelStore {
 public:
  explicit QueryKernelStore(QueryStore& store) : store_(store) {}
  StreamingGraph& graph() override { return store_.graph(); }
  std::int64_t vertices() const override { return store_.vertices(); }
  bool relabelled() const override { return store_.relabelled(); }
  VertexId input_id(VertexId vertex) const override { return store_.input_id(vertex); }
  std::uint64_t file_id_of_input(VertexId input) const override { return store_.file_id_of_input(input); }
  void release_graph() override { store_.release_graph(); }
  // Read in the input's ids, then put in the store's order when relabelled.
  VertexBytes read_vertex_bytes(const std::string& path, std::uint8_t missing) override {
    VertexAges read = read_vertex_ages(path, store_.ids(), missing);
    VertexBytes bytes{std::move(read.ages), read.without_age};
    if (!store_.relabelled()) return bytes;
    std::vector<std::uint8_t> by_store_id(bytes.values.size());
    for (VertexId v = 0; v < static_cast<VertexId>(by_store_id.size()); ++v) {
      by_store_id[static_cast<std::size_t>(v)] = bytes.values[static_cast<std::size_t>(store_.input_id(v))];
    }
    bytes.values = std::move(by_store_id);
    return bytes;
  }

 private:
  QueryStore& store_;
};

}  // namespace

KernelOutput run_kernel_on(QueryStore& store, const KernelArguments& arguments, const IterationObserver& observe) {
  QueryKernelStore kernel_store(store);
  return arguments.kernel().run(kernel_store, arguments, observe);
}

VertexValues kernel_values(const StoreQueryOptions& options, const KernelArguments& arguments) {
  const std::unique_ptr<QueryStore> store = open_for_kernel(options, arguments);
  VertexValues values;
  values.output = run_kernel_on(*store, arguments);
  values.seconds = total_seconds(values.output.iterations);
  values.file_ids.resize(static_cast<std::size_t>(store->vertices()));
  for (VertexId v = 0; v < store->vertices(); ++v) values.file_ids[static_cast<std::size_t>(v)] = store->file_id(v);
  if (auto* vertices = std::get_if<std::vector<NeighborId>>(&values.output.values)) {
    values.vertex_file_ids.reserve(vertices->size());
    for (const NeighborId input : *vertices) values.vertex_file_ids.push_back(store->file_id_of_input(input));
    values.output.values = std::monostate{};
  }
  return values;
}

}  // namespace semibfs
