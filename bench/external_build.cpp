// semibfs_external_build: builds the on-disk graph of a Kronecker SCALE either externally within
// a DRAM budget (the edge file written in chunks, then construction/external_build.hpp) or in memory
// (generate_kronecker, build_csr, PartitionedGraph, write_store), so that the two can be timed
// and their peak RSS compared, e.g. under /usr/bin/time -v. Prints one line per step.
//
//   semibfs_external_build --scale S --store DIR [--dram-budget 256MiB] [--partitions P]
//                          [--order id|hub-first|degree] [--in-memory]
//   writes the store in DIR (created if missing, must hold no store) and, external only, the
//   edge file beside it (DIR/edges.packed48), as `semibfs run --dram-budget` does
#include <omp.h>

#include <cstdint>
#include <filesystem>
#include <iostream>
#include <string>

#include "driver_support.hpp"
#include "graph500/graph500_run.hpp"
#include "core/error.hpp"
#include "core/machine.hpp"
#include "core/timer.hpp"
#include "gen/kronecker.hpp"
#include "graph/partitioned_graph.hpp"
#include "core/byte_size.hpp"
#include "gen/kronecker_edge_file.hpp"
#include "construction/external_build.hpp"
#include "store/graph_store.hpp"

namespace semibfs {
namespace {

struct DriverOptions {
  KroneckerParams kronecker;
  std::string store_directory;
  std::int64_t dram_budget_bytes = std::int64_t{256} << 20;
  int partitions = 1;
  NeighborOrder order = NeighborOrder::kHubFirst;
  bool in_memory = false;
};

int parse_int(const std::string& flag, const std::string& text) {
  const std::uint64_t value = bench_driver::parse_positive_count(flag, text);
  if (value > 1024) throw UsageError(flag + " " + text + " is out of range");
  return static_cast<int>(value);
}

DriverOptions parse_options(int argc, char** argv) {
  DriverOptions options;
  for (int index = 1; index < argc; ++index) {
    const std::string flag = argv[index];
    if (flag == "--in-memory") {
      options.in_memory = true;
      continue;
    }
    if (index + 1 >= argc) throw UsageError(flag + " needs a value (see the comment atop bench/external_build.cpp)");
    const std::string value = argv[++index];
    if (flag == "--scale") {
      options.kronecker.scale = parse_int(flag, value);
    } else if (flag == "--store") {
      options.store_directory = value;
    } else if (flag == "--dram-budget") {
      options.dram_budget_bytes = bench_driver::parse_flag_value(flag, value, parse_byte_size);
    } else if (flag == "--partitions") {
      options.partitions = parse_int(flag, value);
    } else if (flag == "--order") {
      options.order = parse_neighbor_order(value);
    } else {
      throw UsageError("unknown option '" + flag + "'");
    }
  }
  if (options.store_directory.empty()) throw UsageError("--store DIR is required");
  return options;
}

void build_in_memory(const DriverOptions& options, const std::string& store) {
  Stopwatch step;
  const EdgeList edge_list = generate_kronecker(options.kronecker, false);
  std::cout << "generate_kronecker: " << step.seconds() << " s\n";
  step.restart();
  CsrGraph csr = build_csr(edge_list);
  const PartitionedGraph graph(std::move(csr), options.partitions, options.order);
  std::cout << "build_csr + PartitionedGraph: " << step.seconds() << " s\n";
  step.restart();
  write_store(store, graph, store_made_from(options.kronecker));
  std::cout << "write_store: " << step.seconds() << " s\n";
}

void build_externally(const DriverOptions& options, const std::string& store) {
  const std::string edge_file = store_path(store, kEdgeFileName);
  const EdgeFileStats edges =
      write_kronecker_edge_file(options.kronecker, edge_file, options.dram_budget_bytes, &std::cerr);
  std::cout << "write_kronecker_edge_file: " << edges.seconds << " s, " << format_bytes(edges.bytes) << ", chunks of "
            << edges.chunk_edges << " edges\n";
  ExternalBuildOptions build;
  build.dram_budget_bytes = options.dram_budget_bytes;
  build.partitions = options.partitions;
  build.order = options.order;
  build.made_from = store_made_from(options.kronecker);
  build.progress = &std::cerr;
  const ExternalBuildStats stats = build_store_from_edge_file(edge_file, options.kronecker.num_vertices(), store, build);
  std::cout << "build_store_from_edge_file: " << stats.seconds << " s, " << stats.edge_file_passes
            << " reads of the edge file, " << stats.collect_ranges << " collect ranges, " << stats.order_ranges
            << " order ranges, scratch " << format_bytes(stats.scratch_bytes) << ", peak buffers "
            << format_bytes(stats.peak_buffer_bytes) << " of a " << format_bytes(options.dram_budget_bytes)
            << " budget\n";
}

int run(int argc, char** argv) {
  const DriverOptions options = parse_options(argc, argv);
  const std::string& store = options.store_directory;
  std::filesystem::create_directories(store);
  std::cout << (options.in_memory ? "in memory" : "external") << ": SCALE " << options.kronecker.scale << ", "
            << options.partitions << " partitions, order " << to_string(options.order) << ", " << omp_get_max_threads()
            << " threads\n";
  Stopwatch total;
  if (options.in_memory) {
    build_in_memory(options, store);
  } else {
    build_externally(options, store);
  }
  std::cout << "total: " << total.seconds() << " s, peak RSS " << format_bytes(peak_rss_bytes()) << "\n";
  return 0;
}

}  // namespace
}  // namespace semibfs

int main(int argc, char** argv) {
  return semibfs::bench_driver::run_main("semibfs_external_build", [&] { return semibfs::run(argc, argv); });
}
