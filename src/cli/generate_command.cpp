// `semibfs generate`: the Kronecker edge list to a file or stdout, in chunks so that memory
// stays small whatever the SCALE.
#include <omp.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include "cli/commands.hpp"
#include "cli/kronecker_options.hpp"
#include "core/error.hpp"
#include "core/file_output.hpp"
#include "core/timer.hpp"
#include "edges/edge_format.hpp"

namespace semibfs::cli {
namespace {

constexpr int kMaxPackedScale = 48;  // the packed edge holds 48-bit ids
constexpr std::int64_t kChunkEdges = std::int64_t{1} << 22;

struct GenerateRequest {
  GraphChoice graph;
  EdgeFormat format = EdgeFormat::kInt64;
  std::string output;
  bool help = false;
};

GenerateRequest parse_generate(Arguments& arguments) {
  GenerateRequest request;
  while (!arguments.done()) {
    const std::string option = arguments.take();
    if (take_graph_option(option, arguments, kMaxPackedScale, request.graph)) continue;
    if (option == "-h" || option == "--help") {
      request.help = true;
      return request;
    } else if (option == "--format") {
      request.format = parse_edge_format(arguments.take_value(option));
    } else if (option == "-o" || option == "--output") {
      request.output = arguments.take_value(option);
    } else {
      throw UsageError("unknown option '" + option + "'");
    }
  }
  require_scale(request.graph);
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
    std::fputs(kGenerateHelp, stdout);
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
