// semibfs_parse_probe: parse throughput of the graph file readers (src/formats/) on one core, from
// memory so that the disk does not count: random edges with ids below 2^26 (about SCALE 26) written
// as SNAP text, el, Matrix Market and both Graph500 binary layouts; or one existing file, e.g. a
// .gz (page cache and disk included). Prints one line per case: MB/s and Medges/s.
//
//   semibfs_parse_probe [--edges N]                 (default 10000000)
//   semibfs_parse_probe --file PATH [--format F]    (F as parse_input_format, default auto)
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "core/error.hpp"
#include "driver_support.hpp"
#include "core/timer.hpp"
#include "formats/edge_file_reader.hpp"
#include "edges/packed_edge.hpp"

namespace semibfs {
namespace {

// Reads everything and prints the rate; `bytes` is the input size (compressed where it is).
void report(const std::string& label, std::uint64_t bytes, EdgeFileReader& reader) {
  Stopwatch stopwatch;
  std::vector<RawEdge> chunk;
  std::uint64_t checksum = 0;  // keeps the compiler from dropping the work
  while (reader.next_chunk(chunk)) {
    for (const RawEdge& edge : chunk) checksum += edge.source ^ edge.target;
  }
  const double seconds = stopwatch.seconds();
  std::printf("%-12s %8.1f MB in %6.3f s: %7.1f MB/s, %6.1f Medges/s (checksum %llu)\n", label.c_str(),
              static_cast<double>(bytes) / 1e6, seconds, static_cast<double>(bytes) / 1e6 / seconds,
              static_cast<double>(reader.edges_read()) / 1e6 / seconds, static_cast<unsigned long long>(checksum));
}

struct Inputs {
  std::string snap, el, mtx, packed, int64;
};

Inputs make_inputs(std::uint64_t edges) {
  std::mt19937_64 random(1);
  Inputs inputs;
  inputs.snap = "# Directed graph\n# FromNodeId\tToNodeId\n";
  inputs.mtx = "%%MatrixMarket matrix coordinate pattern general\n67108864 67108864 " + std::to_string(edges) + "\n";
  for (std::uint64_t i = 0; i < edges; ++i) {
    const std::uint64_t source = random() >> 38;
    const std::uint64_t target = random() >> 38;
    const std::string pair = std::to_string(source) + "\t" + std::to_string(target) + "\n";
    inputs.snap += pair;
    inputs.el += pair;
    inputs.mtx += std::to_string(source + 1) + " " + std::to_string(target + 1) + "\n";
    const PackedEdge packed = PackedEdge::make(static_cast<VertexId>(source), static_cast<VertexId>(target));
    inputs.packed.append(reinterpret_cast<const char*>(&packed), sizeof packed);
    const std::int64_t int64[2] = {static_cast<std::int64_t>(source), static_cast<std::int64_t>(target)};
    inputs.int64.append(reinterpret_cast<const char*>(int64), sizeof int64);
  }
  return inputs;
}

int run(int argc, char** argv) {
  std::uint64_t edges = 10'000'000;
  std::string file;
  InputFormat format = InputFormat::kAuto;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string option = argv[i];
    if (option == "--edges") edges = std::stoull(argv[i + 1]);
    else if (option == "--file") file = argv[i + 1];
    else if (option == "--format") format = parse_input_format(argv[i + 1]);
    else throw UsageError("unknown option " + option + " (see the comment at the top of bench/parse_probe.cpp)");
  }
  if (!file.empty()) {
    const auto reader = open_edge_file(file, format);
    report(to_string(reader->info().format), std::filesystem::file_size(file), *reader);
    return 0;
  }
  const Inputs inputs = make_inputs(edges);
  for (const auto& [label, bytes, input_format] :
       {std::tuple{"snap", &inputs.snap, InputFormat::kSnap}, {"el", &inputs.el, InputFormat::kEl},
        {"mtx", &inputs.mtx, InputFormat::kMtx}, {"g500-packed", &inputs.packed, InputFormat::kG500Packed},
        {"g500-int64", &inputs.int64, InputFormat::kG500Int64}}) {
    report(label, bytes->size(), *open_edge_memory(*bytes, input_format));
  }
  return 0;
}

}  // namespace
}  // namespace semibfs

int main(int argc, char** argv) {
  return semibfs::bench_driver::run_main("semibfs_parse_probe", [&] { return semibfs::run(argc, argv); });
}
