// `semibfs generate`: the Kronecker edge list to a file or stdout, in chunks so that memory
// stays small whatever the SCALE (gen/kronecker_edge_file.hpp).
#include <omp.h>

#include <cstdio>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/kronecker_options.hpp"
#include "core/error.hpp"
#include "core/file_output.hpp"
#include "edges/edge_file_writer.hpp"
#include "edges/edge_format.hpp"
#include "gen/kronecker_edge_file.hpp"

namespace semibfs::cli {
namespace {

constexpr int kMaxPackedScale = 48;  // the packed edge holds 48-bit ids
// The chunk and its encoded copy: 4 Mi edges in g500-int64, 2.4 Mi in el.
constexpr std::int64_t kChunkBudgetBytes = std::int64_t{128} << 20;

struct GenerateRequest {
  GraphChoice graph;
  EdgeFormat format = EdgeFormat::kG500Int64;
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
      request.format = parse_written_edge_format(arguments.take_value(option));
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

// Through the writer every edge file uses: a path appears whole or not at all.
void write_all_edges(const GenerateRequest& request, EdgeFileWriter& out) {
  write_kronecker_edges(request.graph.kronecker, out, kChunkBudgetBytes, &std::cerr, "semibfs generate");
}

void write_to_file(const GenerateRequest& request) {
  EdgeFileWriter out(request.output, request.format);
  write_all_edges(request, out);
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
    EdgeFileWriter out(stdout, "stdout", request.format);
    write_all_edges(request, out);
  } else {
    write_to_file(request);
  }
  return 0;
}

}  // namespace semibfs::cli
