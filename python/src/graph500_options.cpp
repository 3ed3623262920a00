#include "graph500_options.hpp"

#include <nanobind/stl/string.h>

#include <algorithm>
#include <functional>
#include <map>
#include <string>

#include "bfs/bfs.hpp"
#include "core/error.hpp"
#include "core/types.hpp"
#include "graph/partition_layout.hpp"
#include "graph/neighbor_order.hpp"
#include "io/io_kind.hpp"
#include "session/option_rules.hpp"
#include "session/store_build.hpp"

namespace nb = nanobind;

namespace semibfs::python {
namespace {

std::string python_type_of(nb::handle value) { return nb::cast<std::string>(nb::str(value.type().attr("__name__"))); }

// An int (not a bool, which Python counts as one), within int64.
std::int64_t whole(const std::string& option, nb::handle value) {
  std::int64_t number = 0;
  if (PyBool_Check(value.ptr()) || !PyLong_Check(value.ptr()) || !nb::try_cast(value, number)) {
    throw UsageError(option + ": must be an integer, got " + python_type_of(value) + " '" +
                     nb::cast<std::string>(nb::str(value)) + "'");
  }
  return number;
}

std::uint64_t seed(const std::string& option, nb::handle value) {
  std::uint64_t number = 0;
  if (PyBool_Check(value.ptr()) || !PyLong_Check(value.ptr()) || !nb::try_cast(value, number)) {
    throw UsageError(option + ": must be an integer from 0 to 2^64 - 1, got '" + nb::cast<std::string>(nb::str(value)) +
                     "'");
  }
  return number;
}

bool flag(const std::string& option, nb::handle value) {
  if (!PyBool_Check(value.ptr())) throw UsageError(option + ": must be True or False, got " + python_type_of(value));
  return value.ptr() == Py_True;
}

double positive(const std::string& option, nb::handle value) {
  double number = 0;
  if (PyBool_Check(value.ptr()) || !nb::try_cast(value, number)) {
    throw UsageError(option + ": must be a positive number, got " + python_type_of(value));
  }
  return require_positive(option, number);
}

// A str, or a path (os.fspath).
std::string text(const std::string& option, nb::handle value) {
  if (PyUnicode_Check(value.ptr())) return nb::cast<std::string>(value);
  if (PyObject_HasAttrString(value.ptr(), "__fspath__")) return nb::cast<std::string>(nb::str(value));
  throw UsageError(option + ": must be a str, got " + python_type_of(value));
}

template <typename Parse>
auto choice(const std::string& option, nb::handle value, Parse parse) {
  const std::string given = text(option, value);
  return parse_option_value(option, [&] { return parse(given); });
}

using Setter = std::function<void(Graph500Options&, const std::string&, nb::handle)>;

void add_graph_setters(std::map<std::string, Setter>& setters) {
  setters["--edgefactor"] = [](Graph500Options& o, const std::string& n, nb::handle v) {
    o.kronecker.edgefactor = whole(n, v);
  };
  setters["--seed1"] = [](Graph500Options& o, const std::string& n, nb::handle v) { o.kronecker.seed1 = seed(n, v); };
  setters["--seed2"] = [](Graph500Options& o, const std::string& n, nb::handle v) { o.kronecker.seed2 = seed(n, v); };
  setters["--roots"] = [](Graph500Options& o, const std::string& n, nb::handle v) {
    o.num_roots = static_cast<int>(require_in_range(n, whole(n, v), 1, kMaxRoots));
  };
}

void add_search_setters(std::map<std::string, Setter>& setters) {
  setters["--threads"] = [](Graph500Options& o, const std::string& n, nb::handle v) {
    o.search.threads = check_thread_count(whole(n, v));
  };
  setters["--policy"] = [](Graph500Options& o, const std::string& n, nb::handle v) {
    o.search.bfs.policy = choice(n, v, [](const std::string& t) { return parse_policy(t); });
  };
  setters["--alpha"] = [](Graph500Options& o, const std::string& n, nb::handle v) { o.search.bfs.alpha = positive(n, v); };
  setters["--beta"] = [](Graph500Options& o, const std::string& n, nb::handle v) { o.search.bfs.beta = positive(n, v); };
  setters["--summary-bits"] = [](Graph500Options& o, const std::string& n, nb::handle v) {
    const std::int64_t bits = whole(n, v);
    o.search.bfs.summary_bits = parse_option_value(n, [&] { return check_summary_bits(bits); });
  };
  setters["--io"] = [](Graph500Options& o, const std::string& n, nb::handle v) {
    o.search.io = choice(n, v, [](const std::string& t) { return parse_io_kind(t); });
  };
  setters["--dram-budget"] = [](Graph500Options& o, const std::string& n, nb::handle v) {
    o.search.budget.dram_budget_bytes = dram_budget_option(text(n, v));
  };
  setters["--head-entries"] = [](Graph500Options& o, const std::string& n, nb::handle v) {
    o.search.head_entries = whole(n, v);
  };
  setters["--placement"] = [](Graph500Options& o, const std::string& n, nb::handle v) {
    o.search.placement = choice(n, v, parse_placement_mode);
  };
  setters["--skip-validation"] = [](Graph500Options& o, const std::string& n, nb::handle v) {
    o.search.skip_validation = flag(n, v);
  };
}

void add_store_setters(std::map<std::string, Setter>& setters) {
  setters["--store"] = [](Graph500Options& o, const std::string& n, nb::handle v) { o.store.directory = text(n, v); };
  setters["--reuse"] = [](Graph500Options& o, const std::string& n, nb::handle v) { o.store.reuse = flag(n, v); };
  setters["--partitions"] = [](Graph500Options& o, const std::string& n, nb::handle v) {
    o.store.partitions = static_cast<int>(require_in_range(n, whole(n, v), 1, kMaxPartitions));
  };
  setters["--neighbor-order"] = [](Graph500Options& o, const std::string& n, nb::handle v) {
    o.store.neighbor_order = choice(n, v, [](const std::string& t) { return parse_neighbor_order(t); });
  };
  setters["--compress"] = [](Graph500Options& o, const std::string& n, nb::handle v) { o.store.compressed_lists = flag(n, v); };
  setters["--vertex-order"] = [](Graph500Options& o, const std::string& n, nb::handle v) {
    o.store.relabel = choice(n, v, relabels_by_degree);
  };
}

const std::map<std::string, Setter>& option_setters() {
  static const std::map<std::string, Setter> setters = [] {
    std::map<std::string, Setter> all;
    add_graph_setters(all);
    add_search_setters(all);
    add_store_setters(all);
    return all;
  }();
  return setters;
}

}  // namespace

Graph500Options graph500_options(std::int64_t scale, const nb::kwargs& keywords) {
  Graph500Options options;
  options.kronecker.scale = static_cast<int>(require_in_range("--scale", scale, 1, kMaxScale));
  for (const auto& [key, value] : keywords) {
    if (value.is_none()) continue;
    std::string option = "--" + nb::cast<std::string>(key);
    std::replace(option.begin(), option.end(), '_', '-');
    const auto setter = option_setters().find(option);
    if (setter == option_setters().end()) {
      throw UsageError("run_graph500: no option " + option + " (see semibfs run --help)");
    }
    setter->second(options, option, value);
  }
  return options;
}

}  // namespace semibfs::python
