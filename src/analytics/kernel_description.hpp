// An analytics kernel described once for every front end (gapbs's one driver, Beamer et al. 2015):
// its name, help, parameters, the DRAM it holds per vertex and a run function over a store's
// streaming queries. The command line builds its subcommand (options, help, output file, printed
// lines, JSON) and Python its call from this description alone; session/ opens the store for it.
#pragma once

#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "query/kernel.hpp"

namespace semibfs {

// A parameter's or a summary figure's value.
using KernelValue = std::variant<std::int64_t, std::uint64_t, double, std::string>;

enum class ParameterType {
  kInteger,       // std::int64_t in [minimum, maximum]
  kUnsigned,      // std::uint64_t (a seed)
  kPositiveReal,  // a finite double above 0
  kFraction,      // a double above 0 and below 1 (a damping factor)
  kFile,          // a path (std::string)
};

struct KernelParameter {
  std::string name;        // the option without "--" ("older-than"); Python's keyword has '_' for '-'
  std::string value_name;  // "K" in "--older-than K"
  std::string help;        // the --help text, its default named there
  ParameterType type = ParameterType::kInteger;
  std::optional<KernelValue> default_value;  // none: absent unless given
  std::int64_t minimum = 0;                  // kInteger's range
  std::int64_t maximum = std::numeric_limits<std::int64_t>::max();
  std::int64_t bytes_per_vertex_when_given = 0;  // DRAM the kernel holds more when it is given
};

struct KernelDescription;

// The parameters' values: those given, else their defaults.
class KernelArguments {
 public:
  explicit KernelArguments(const KernelDescription& kernel) : kernel_(&kernel) {}
  // Throws UsageError for a name the kernel lacks; the value's type is the caller's to match.
  void set(const std::string& name, KernelValue value);
  bool given(const std::string& name) const { return given_.contains(name); }
  bool has(const std::string& name) const;  // given or defaulted
  std::int64_t integer(const std::string& name) const { return std::get<std::int64_t>(value(name)); }
  std::uint64_t unsigned_integer(const std::string& name) const { return std::get<std::uint64_t>(value(name)); }
  double real(const std::string& name) const { return std::get<double>(value(name)); }
  const std::string& text(const std::string& name) const { return std::get<std::string>(value(name)); }
  const KernelValue& value(const std::string& name) const;
  const KernelDescription& kernel() const { return *kernel_; }

 private:
  const KernelDescription* kernel_;
  std::map<std::string, KernelValue> given_;
};

// Per-vertex bytes read from a "VERTEX VALUE" file in the edge file's ids, put in the store's order.
struct VertexBytes {
  std::vector<std::uint8_t> values;  // `missing` for the vertices without a line
  std::int64_t without_value = 0;
};

// What a kernel may ask of the store it runs on beyond its queries; session/ implements it over a
// QueryStore (analytics/ cannot include session/).
class KernelStore {
 public:
  virtual ~KernelStore() = default;
  virtual StreamingGraph& graph() = 0;
  virtual std::int64_t vertices() const = 0;
  virtual bool relabelled() const = 0;
  virtual VertexId input_id(VertexId vertex) const = 0;  // the vertex's id before relabelling
  virtual std::uint64_t file_id_of_input(VertexId input) const = 0;
  std::uint64_t file_id(VertexId vertex) const { return file_id_of_input(input_id(vertex)); }
  // Gives back the lists and their index: what follows has their room; graph() is an error after.
  virtual void release_graph() = 0;
  // Values 0 to `missing` - 1 from `path` (the per-vertex input a kFile parameter names).
  virtual VertexBytes read_vertex_bytes(const std::string& path, std::uint8_t missing) = 0;
};

// A named figure of the run: printed as "label: value" (when `label` is set) and written as the
// JSON field `json_key` (when set).
struct SummaryFigure {
  SummaryFigure(std::string label_, std::string json_key_, KernelValue value_, const char* format_ = "%.6f",
                std::string unit_ = "")
      : label(std::move(label_)),
        json_key(std::move(json_key_)),
        value(std::move(value_)),
        format(format_),
        unit(std::move(unit_)) {}
  std::string label;
  std::string json_key;
  KernelValue value;
  const char* format = "%.6f";  // a double's printed form
  std::string unit;             // printed after the value (" vertices")
};

struct KernelOutput {
  // Per vertex in the store's order: a number each, or a vertex each by its input id (the front
  // ends write its file id: 4 bytes a vertex here, not 8); monostate when none.
  std::variant<std::monostate, std::vector<double>, std::vector<NeighborId>> values;
  std::vector<SummaryFigure> figures;
  std::vector<IterationFigures> iterations;
};

struct KernelDescription {
  std::string name;         // the subcommand and Python's name for it: "at"
  std::string summary;      // its line in `semibfs --help`
  std::string description;  // the --help paragraph, citing the paper
  std::vector<KernelParameter> parameters;
  std::string values_name;            // "vertex <values_name>" lines in the --output file; empty: no file
  std::int64_t bytes_per_vertex = 0;  // DRAM the kernel holds per vertex
  bool whole_scans = false;           // every query reads every list (QueryStoreOptions::whole_scans)
  // Rules across parameters, checked before the store is opened (may be null).
  void (*check)(const KernelArguments& arguments) = nullptr;
  KernelOutput (*run)(KernelStore& store, const KernelArguments& arguments, const IterationObserver& observe) = nullptr;

  const KernelParameter* find_parameter(const std::string& parameter) const;
  // bytes_per_vertex and those of the parameters given.
  std::int64_t dram_bytes_per_vertex(const KernelArguments& arguments) const;
};

// The sum of the iterations' seconds: the run's time, the store's open not included.
double total_seconds(const std::vector<IterationFigures>& iterations);

}  // namespace semibfs
