// semibfs_validation_probe: one root's Graph500 validation, TEPS edge count and (failure path) edge
// sweeps over the Kronecker edge list in memory, whole and cut into chunks, and over the same edges
// read from a packed file in chunks (issue 4, semi-external memory). Prints the minimum and median
// seconds of each over a few rounds, and how much of the file was in the page cache.
//
//   semibfs_validation_probe SCALE DIR [CHUNK_EDGES [direct|buffered [ROUNDS]]]
//   (writes DIR/semibfs-validation-probe.packed48 and removes it at the end; defaults 2^21
//   edges a chunk, O_DIRECT, 5 rounds)
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "driver_support.hpp"
#include "graph500/teps_edge_count.hpp"
#include "bfs/bfs.hpp"
#include "core/error.hpp"
#include "core/timer.hpp"
#include "edges/edge_file_writer.hpp"
#include "gen/kronecker.hpp"
#include "gen/roots.hpp"
#include "graph/csr_graph.hpp"
#include "graph/partitioned_graph.hpp"
#include "edges/packed_file_edge_source.hpp"
#include "validate/edge_sweep_depths.hpp"
#include "validate/validator.hpp"

namespace semibfs {
namespace {

void write_packed(const std::string& path, const EdgeList& edge_list) {
  std::vector<PackedEdge> packed(edge_list.edges.size());
#pragma omp parallel for schedule(static)
  for (std::size_t i = 0; i < packed.size(); ++i) packed[i] = PackedEdge::make(edge_list.edges[i].v0(), edge_list.edges[i].v1());
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "wb"), &std::fclose);
  if (!file) throw Error("cannot create " + path);
  write_edges(file.get(), path, EdgeFormat::kG500Packed, packed);
  if (std::fflush(file.get()) != 0 || ::fsync(::fileno(file.get())) != 0) throw Error("cannot write " + path);
}

// Removes the probe's file however the run ends.
struct RemoveOnExit {
  std::string path;
  ~RemoveOnExit() {
    std::error_code ignored;
    std::filesystem::remove(path, ignored);
  }
};

// Share of the file's pages in the page cache (mincore over a read-only mapping).
double cached_share(const std::string& path) {
  const int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (descriptor < 0) return -1;
  const auto bytes = static_cast<std::size_t>(::lseek(descriptor, 0, SEEK_END));
  void* mapping = ::mmap(nullptr, bytes, PROT_READ, MAP_SHARED, descriptor, 0);
  ::close(descriptor);
  if (mapping == MAP_FAILED) return -1;
  const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  std::vector<unsigned char> resident((bytes + page - 1) / page);
  const bool known = ::mincore(mapping, bytes, resident.data()) == 0;
  ::munmap(mapping, bytes);
  if (!known || resident.empty()) return -1;
  std::size_t in_cache = 0;
  for (unsigned char flags : resident) in_cache += flags & 1;
  return static_cast<double>(in_cache) / static_cast<double>(resident.size());
}

template <class Work>
double timed(Work&& work) {
  const Stopwatch stopwatch;
  work();
  return stopwatch.seconds();
}

// The sources a measurement runs over, in turn within each round, so that a busy machine slows
// them alike: the list in memory whole, the list in memory cut into the file's chunks, the file.
struct Sources {
  InMemoryEdgeSource whole;
  InMemoryEdgeSource chunked;
  const PackedFileEdgeSource& file;

  const EdgeSource& operator[](int index) const {
    const EdgeSource* const in_turn[] = {&whole, &chunked, &file};
    return *in_turn[index];
  }
};
constexpr int kSourceCount = 3;

// Minimum and median seconds of measure(index, source) for each source over `rounds` rounds.
template <class Measure>
void compare(const char* what, int rounds, const Sources& sources, Measure&& measure) {
  std::vector<double> seconds[kSourceCount];
  for (int round = 0; round < rounds; ++round) {
    for (int index = 0; index < kSourceCount; ++index) {
      seconds[index].push_back(timed([&] { measure(index, sources[index]); }));
    }
  }
  std::printf("%-26s", what);
  for (std::vector<double>& times : seconds) {
    std::sort(times.begin(), times.end());
    std::printf(" | min %7.3f median %7.3f", times.front(), times[times.size() / 2]);
  }
  std::printf("\n");
}

int run(int argc, char** argv) {
  if (argc < 3 || argc > 6) {
    throw UsageError("usage: semibfs_validation_probe SCALE DIR [CHUNK_EDGES [direct|buffered [ROUNDS]]]");
  }
  KroneckerParams params;
  params.scale = std::stoi(argv[1]);
  const std::string path = (std::filesystem::path(argv[2]) / "semibfs-validation-probe.packed48").string();
  PackedFileOptions options;
  if (argc >= 4) options.chunk_edges = std::stoll(argv[3]);
  options.allow_direct = argc < 5 || std::string(argv[4]) != "buffered";
  const int rounds = argc >= 6 ? std::stoi(argv[5]) : 5;

  const EdgeList edge_list = generate_kronecker(params, false);
  const PartitionedGraph graph(build_csr(edge_list), 1);
  const VertexId root = pick_bfs_roots(params.seed1, params.seed2, params.num_vertices(), 1,
                                       [&graph](VertexId v) { return graph.degree(v) > 0; })
                            .front();
  std::vector<VertexId> parent(static_cast<std::size_t>(params.num_vertices()));
  BfsEngine(graph, BfsOptions{}).run(root, parent);
  const RemoveOnExit remove_file{path};
  write_packed(path, edge_list);
  const PackedFileEdgeSource packed_edges(path, edge_list.num_vertices, options);
  std::printf("SCALE %d, %lld edges, root %lld, %d threads; file %s, %.0f MiB, %.0f%% in the page cache\n",
              params.scale, static_cast<long long>(edge_list.num_edges()), static_cast<long long>(root),
              omp_get_max_threads(), path.c_str(), static_cast<double>(std::filesystem::file_size(path)) / (1 << 20),
              cached_share(path) * 100);
  std::printf("file read %s by %s, %lld edges a chunk, %.0f MiB of buffers\n",
              packed_edges.direct() ? "with O_DIRECT" : "buffered", std::string(packed_edges.reader_name()).c_str(),
              static_cast<long long>(options.chunk_edges), static_cast<double>(packed_edges.buffer_bytes()) / (1 << 20));
  std::printf("%-26s | %-28s | %-28s | %-28s\n", "seconds", "memory, whole", "memory, in chunks", "packed file");

  const Sources sources{InMemoryEdgeSource(edge_list), InMemoryEdgeSource(edge_list, options.chunk_edges), packed_edges};
  compare("a pass that does nothing", rounds, sources, [](int, const EdgeSource& edges) {
    edges.for_each_chunk([](std::span<const CompactEdge>, std::int64_t) {});
  });
  compare("validator construction", rounds, sources, [](int, const EdgeSource& edges) { Validator{edges}; });
  std::vector<Validator> validators;
  for (int index = 0; index < kSourceCount; ++index) validators.emplace_back(sources[index]);
  const std::int64_t nedge = count_traversed_edges(edge_list, parent);
  compare("validate", rounds, sources, [&](int index, const EdgeSource&) {
    if (validators[index].validate(root, parent).nedge != nedge) throw Error("the validator's nedge differs");
  });
  compare("count_traversed_edges", rounds, sources, [&](int, const EdgeSource& edges) {
    if (count_traversed_edges(edges, parent) != nedge) throw Error("the edge count differs");
  });
  compare("depths_by_edge_sweeps", 1, sources,
          [&](int, const EdgeSource& edges) { depths_by_edge_sweeps(edges, root); });
  std::printf("after the passes %.0f%% of the file is in the page cache\n", cached_share(path) * 100);
  return 0;
}

}  // namespace
}  // namespace semibfs

int main(int argc, char** argv) {
  return semibfs::bench_driver::run_main("semibfs_validation_probe", [&] { return semibfs::run(argc, argv); });
}
