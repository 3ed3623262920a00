// `semibfs generate`: the Kronecker edge list to a file or stdout, in chunks so that memory
// stays small whatever the SCALE.
#include <omp.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include "cli/commands.hpp"
#include "cli/option_groups.hpp"
#include "core/error.hpp"
#include "core/file_output.hpp"
#include "core/timer.hpp"
#include "edges/edge_format.hpp"

namespace semibfs::cli {
namespace {

constexpr int kMaxPackedScale = 48;  // the packed edge holds 48-bit ids
constexpr std::int64_t kChunkEdges = std::int64_t{1} << 22;

// Which Kronecker graph to write, and the threads that generate it.
struct GraphChoice {
  KroneckerParams kronecker;
  bool scale_given = false;
  int threads = 0;  // 0 = OpenMP default
};

struct GenerateRequest {
  GraphChoice graph;
  EdgeFormat format = EdgeFormat::kInt64;
  std::string output;
  bool help = false;
};

OptionTable generate_options(GenerateRequest& request) {
  OptionTable table({"generate --scale S [OPTIONS] -o FILE"},
                    "Writes the Graph500 Kronecker edge list, bit-identical to the reference v3.0.0 generator.");
  add_kronecker_options(table, request.graph.kronecker, kMaxPackedScale, request.graph.scale_given);
  table.value("--format", "F",
              "int64 (two little-endian int64 per edge, default), packed48 (the reference's 12-byte edge) or text "
              "('v0 v1' per line)",
              [&request](const std::string& value) { request.format = parse_edge_format(value); });
  add_threads_option(table, request.graph.threads);
  table.value("--output", "FILE", "output file, '-' for stdout; written to a temporary name, then renamed",
              [&request](const std::string& value) { request.output = value; }, "-o");
  return table;
}

std::string generate_help() {
  GenerateRequest request;
  return generate_options(request).help();
}

GenerateRequest parse_generate(Arguments& arguments) {
  GenerateRequest request;
  if (!generate_options(request).parse(arguments)) {
    request.help = true;
    return request;
  }
  if (!request.graph.scale_given) throw UsageError("--scale is required");
  if (request.output.empty()) throw UsageError("-o FILE is required ('-' for stdout)");
  if (request.output != "-") check_writable(request.output);
  return request;
}

void write_all_edges(const GenerateRequest& request, std::FILE* file, const std::string& name) {
  const KroneckerParams& params = request.graph.kronecker;
  std::vector<PackedEdge> chunk(static_cast<std::size_t>(std::min(kChunkEdges, params.num_edges())));
  Stopwatch elapsed;
  double last_report = 0;
  for (std::int64_t begin = 0; begin < params.num_edges(); begin += kChunkEdges) {
    const std::int64_t end = std::min(begin + kChunkEdges, params.num_edges());
    generate_kronecker_range(params, begin, end, chunk.data(), nullptr);
    write_edges(file, name, request.format, {chunk.data(), static_cast<std::size_t>(end - begin)});
    if (elapsed.seconds() - last_report > 2) {
      last_report = elapsed.seconds();
      std::fprintf(stderr, "semibfs generate: %lld of %lld edges (%.0f%%), %.1f s\n", static_cast<long long>(end),
                   static_cast<long long>(params.num_edges()), 100.0 * end / params.num_edges(), last_report);
    }
  }
}

void write_to_file(const GenerateRequest& request) {
  const std::string temporary = request.output + ".tmp." + std::to_string(getpid());
  std::FILE* file = std::fopen(temporary.c_str(), "wb");
  if (file == nullptr) {
    throw Error("cannot create " + temporary + ": " + std::strerror(errno) + " (check the directory)");
  }
  try {
    write_all_edges(request, file, request.output);
    if (std::fflush(file) != 0 || fsync(fileno(file)) != 0) {
      throw Error("cannot write " + request.output + ": " + std::strerror(errno) + " (check free space)");
    }
  } catch (...) {
    std::fclose(file);
    std::remove(temporary.c_str());
    throw;
  }
  if (std::fclose(file) != 0 || std::rename(temporary.c_str(), request.output.c_str()) != 0) {
    std::remove(temporary.c_str());
    throw Error("cannot finish " + request.output + ": " + std::strerror(errno));
  }
}

}  // namespace

int generate_command(Arguments& arguments) {
  const GenerateRequest request = parse_generate(arguments);
  if (request.help) {
    std::fputs(generate_help().c_str(), stdout);
    return 0;
  }
  if (request.graph.threads > 0) omp_set_num_threads(request.graph.threads);
  if (request.output == "-") {
    write_all_edges(request, stdout, "stdout");
    if (std::fflush(stdout) != 0) throw Error(std::string("cannot write to stdout: ") + std::strerror(errno));
  } else {
    write_to_file(request);
  }
  return 0;
}

}  // namespace semibfs::cli
