// semibfs_compress_probe: the compressed list format (src/compress/, ExtraV (Lee et al.) Sec. 4.4 Table 2) on
// the Graph500 Kronecker graph or a graph file: bits per edge with and without the offsets array,
// the share of entries in intervals, and single-thread decode speed (all lists in order; lists of
// random vertices) for each integer code and minimum interval length, beside the plain 32-bit CSR.
//
//   semibfs_compress_probe SCALE [plain|relabel] [RANDOM_LISTS]
//   semibfs_compress_probe --graph FILE.el [plain|relabel] [RANDOM_LISTS]
//   (relabel: ids by descending degree, hubs first, each list re-sorted; default plain, 2^20
//   random lists. FILE.el: 0-based "u v" per line, symmetrized, self-loops and duplicates dropped,
//   ids 0..max id kept as they are.) Prints a table, then one JSON line.
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "compress/id_runs.hpp"
#include "compress/list_check.hpp"
#include "compress/list_decoder.hpp"
#include "compress/list_encoder.hpp"
#include "core/error.hpp"
#include "core/timer.hpp"
#include "driver_support.hpp"
#include "formats/edge_file_reader.hpp"
#include "gen/kronecker.hpp"
#include "graph/csr_graph.hpp"

namespace semibfs {
namespace {

// New id of each vertex: descending degree, ties by old id (hubs get the smallest ids).
CsrGraph relabel_by_degree(const CsrGraph& graph) {
  const std::int64_t n = graph.num_vertices();
  std::vector<std::int64_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::int64_t a, std::int64_t b) { return graph.degree(a) > graph.degree(b); });
  std::vector<NeighborId> new_id(n);
  for (std::int64_t i = 0; i < n; ++i) new_id[order[i]] = static_cast<NeighborId>(i);
  std::vector<std::int64_t> offsets(n + 1, 0);
  for (std::int64_t i = 0; i < n; ++i) offsets[i + 1] = offsets[i] + graph.degree(order[i]);
  std::vector<NeighborId> neighbors(graph.all_neighbors().size());
#pragma omp parallel for schedule(dynamic, 1024)
  for (std::int64_t i = 0; i < n; ++i) {
    NeighborId* out = neighbors.data() + offsets[i];
    for (const NeighborId old : graph.neighbors(order[i])) *out++ = new_id[old];
    std::sort(neighbors.data() + offsets[i], out);
  }
  return CsrGraph(n, std::move(offsets), std::move(neighbors));
}

// A 0-based edge-list file as the in-memory edge list build_csr takes (it symmetrizes and drops
// self-loops and duplicates); vertices are 0..max id, so the ids stay those of the file.
EdgeList read_edge_list_file(const std::string& path) {
  EdgeList edge_list;
  const auto reader = open_edge_file(path, InputFormat::kEl);
  std::vector<RawEdge> chunk;
  VertexId max_id = 0;
  while (reader->next_chunk(chunk)) {
    for (const RawEdge& edge : chunk) {
      const auto source = static_cast<VertexId>(edge.source);
      const auto target = static_cast<VertexId>(edge.target);
      edge_list.edges.push_back(CompactEdge::make_checked(source, target));
      max_id = std::max({max_id, source, target});
    }
  }
  edge_list.num_vertices = max_id + 1;
  return edge_list;
}

// Entries in runs of at least `minimum` consecutive ids (the intervals of the format).
std::int64_t interval_entries(const CsrGraph& graph, int minimum) {
  std::int64_t entries = 0;
#pragma omp parallel for schedule(dynamic, 1024) reduction(+ : entries)
  for (std::int64_t v = 0; v < graph.num_vertices(); ++v) {
    for_each_run(graph.neighbors(v), [&](std::uint64_t, std::uint64_t length) {
      if (length >= static_cast<std::uint64_t>(minimum)) entries += static_cast<std::int64_t>(length);
    });
  }
  return entries;
}

struct Row {
  std::string name;
  double bits_per_edge = 0;       // the stream alone
  double bits_with_offsets = 0;   // and 64 bits per vertex of offsets
  double interval_share = 0;
  double encode_seconds = 0;
  double sequential_edges_per_second = 0;
  double random_edges_per_second = 0;
};

// Best of three single-thread passes of `pass`, which returns the edges it decoded.
template <typename Pass>
double edges_per_second(Pass pass) {
  double best = 0;
  for (int round = 0; round < 3; ++round) {
    const Stopwatch watch;
    const std::int64_t edges = pass();
    best = std::max(best, static_cast<double>(edges) / watch.seconds());
  }
  return best;
}

// Sum of ids keeps the decode from being optimized away; printed once so it is used.
std::uint64_t checksum = 0;

// Decodes every list in vertex order, then the lists of `random_vertices`, timing each.
template <typename Decode>
void time_decodes(Row& row, const CsrGraph& graph, const std::vector<VertexId>& random_vertices, Decode decode) {
  row.sequential_edges_per_second = edges_per_second([&] {
    std::int64_t count = 0;
    for (VertexId v = 0; v < graph.num_vertices(); ++v) decode(v, count);
    return count;
  });
  row.random_edges_per_second = edges_per_second([&] {
    std::int64_t count = 0;
    for (const VertexId v : random_vertices) decode(v, count);
    return count;
  });
}

Row measure_codec(const CsrGraph& graph, const ListCodec& codec, const std::vector<VertexId>& random_vertices) {
  Row row;
  row.name = to_string(codec);
  const Stopwatch watch;
  const CompressedLists lists = encode_lists(graph.offsets(), graph.all_neighbors(), codec);
  row.encode_seconds = watch.seconds();
  check_compressed_lists(lists);
  const double edges = static_cast<double>(graph.num_adjacencies());
  row.bits_per_edge = static_cast<double>(lists.stream_bits()) / edges;
  row.bits_with_offsets = static_cast<double>(lists.stream_bits() + 64 * lists.positions.size()) / edges;
  row.interval_share = static_cast<double>(interval_entries(graph, codec.min_interval_length)) / edges;
  const ListDecoder decoder(lists);
  const auto decode = [&](VertexId v, std::int64_t& count) {
    decoder.for_each_neighbor(v, [&](VertexId id) {
      checksum += static_cast<std::uint64_t>(id);
      ++count;
    });
  };
  time_decodes(row, graph, random_vertices, decode);
  return row;
}

Row measure_plain(const CsrGraph& graph, const std::vector<VertexId>& random_vertices) {
  Row row;
  row.name = "csr32";
  const double edges = static_cast<double>(graph.num_adjacencies());
  row.bits_per_edge = 32;
  row.bits_with_offsets = 32 + 64.0 * static_cast<double>(graph.num_vertices() + 1) / edges;
  const auto decode = [&](VertexId v, std::int64_t& count) {
    for (const NeighborId id : graph.neighbors(v)) checksum += id;
    count += graph.degree(v);
  };
  time_decodes(row, graph, random_vertices, decode);
  return row;
}

// `graph_name` is "" for the Kronecker graph of `scale`, else the file read (scale then 0).
void print(int scale, const std::string& graph_name, bool relabel, const CsrGraph& graph, const std::vector<Row>& rows) {
  const std::string source = graph_name.empty() ? "SCALE " + std::to_string(scale) : graph_name;
  std::printf("%s, %s ids, %lld vertices, %lld list entries, 1 thread decoding\n", source.c_str(),
              relabel ? "degree-relabelled" : graph_name.empty() ? "Kronecker" : "file",
              static_cast<long long>(graph.num_vertices()), static_cast<long long>(graph.num_adjacencies()));
  std::printf("%-8s %10s %14s %14s %10s %16s %16s\n", "code", "bits/edge", "+offsets", "in intervals", "encode s",
              "seq edges/s", "random edges/s");
  for (const Row& row : rows) {
    std::printf("%-8s %10.2f %14.2f %13.1f%% %10.3f %16.3e %16.3e\n", row.name.c_str(), row.bits_per_edge,
                row.bits_with_offsets, 100 * row.interval_share, row.encode_seconds, row.sequential_edges_per_second,
                row.random_edges_per_second);
  }
  std::printf("{\"probe\":\"compress\",\"scale\":%d,\"graph\":\"%s\",\"relabel\":%s,\"vertices\":%lld,"
              "\"entries\":%lld,\"codes\":[",
              scale, graph_name.empty() ? "kronecker" : graph_name.c_str(), relabel ? "true" : "false",
              static_cast<long long>(graph.num_vertices()), static_cast<long long>(graph.num_adjacencies()));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row& row = rows[i];
    std::printf("%s{\"code\":\"%s\",\"bits_per_edge\":%.4f,\"bits_per_edge_with_offsets\":%.4f,"
                "\"interval_share\":%.4f,\"sequential_edges_per_second\":%.4e,\"random_edges_per_second\":%.4e}",
                i ? "," : "", row.name.c_str(), row.bits_per_edge, row.bits_with_offsets, row.interval_share,
                row.sequential_edges_per_second, row.random_edges_per_second);
  }
  std::printf("]}\n(checksum %llu)\n", static_cast<unsigned long long>(checksum % 1000));
}

int run(int argc, char** argv) {
  std::vector<std::string> arguments(argv + 1, argv + argc);
  std::string graph_file;
  if (!arguments.empty() && arguments[0] == "--graph") {
    if (arguments.size() < 2) throw UsageError("--graph needs a file");
    graph_file = arguments[1];
    arguments.erase(arguments.begin());
    arguments[0] = "0";  // no SCALE: the file's graph
  }
  if (arguments.empty() || arguments.size() > 3) {
    throw UsageError("usage: semibfs_compress_probe (SCALE | --graph FILE.el) [plain|relabel] [RANDOM_LISTS]");
  }
  const int scale = graph_file.empty() ? static_cast<int>(bench_driver::parse_positive_count("SCALE", arguments[0])) : 0;
  const std::string order = arguments.size() > 1 ? arguments[1] : "plain";
  if (order != "plain" && order != "relabel") throw UsageError("the order is plain or relabel, not '" + order + "'");
  const std::uint64_t random_lists =
      arguments.size() > 2 ? bench_driver::parse_positive_count("RANDOM_LISTS", arguments[2]) : 1 << 20;
  KroneckerParams params;
  params.scale = scale;
  CsrGraph graph = build_csr(graph_file.empty() ? generate_kronecker(params, false) : read_edge_list_file(graph_file));
  if (order == "relabel") graph = relabel_by_degree(graph);
  std::mt19937_64 random(42);
  std::vector<VertexId> random_vertices(random_lists);
  for (VertexId& v : random_vertices) v = static_cast<VertexId>(random() % static_cast<std::uint64_t>(graph.num_vertices()));
  std::vector<Row> rows{measure_plain(graph, random_vertices)};
  for (const IntegerCode code : {IntegerCode::kByte, IntegerCode::kBit}) {
    for (const int minimum : {2, 3, 4}) rows.push_back(measure_codec(graph, {code, minimum}, random_vertices));
  }
  print(scale, graph_file, order == "relabel", graph, rows);
  return 0;
}

}  // namespace
}  // namespace semibfs

int main(int argc, char** argv) {
  return semibfs::bench_driver::run_main("semibfs_compress_probe", [&] { return semibfs::run(argc, argv); });
}
