// Python's run_graph500 keyword arguments as the session's Graph500Options: each keyword is one of
// `semibfs run`'s options spelled with '_' for '-', its value typed (an int, a bool for a flag, a
// str or path for a choice, a size or a directory) and checked as the command line checks it.
#pragma once

#include <cstdint>

#include <nanobind/nanobind.h>

#include "graph500/run_options.hpp"

namespace semibfs::python {

// Throws semibfs::UsageError naming the option for an unknown keyword or a bad value; the
// combinations are checked by session/benchmark_run.hpp.
Graph500Options graph500_options(std::int64_t scale, const nanobind::kwargs& keywords);

}  // namespace semibfs::python
