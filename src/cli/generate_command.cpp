// `semibfs generate`: the Kronecker edge list to a file or stdout, in chunks so that memory
// stays small whatever the SCALE (gen/kronecker_edge_file.hpp).
#include <omp.h>

#include <cstdio>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/option_groups.hpp"
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

// Which Kronecker graph to write, and the threads that generate it.
struct GraphChoice {
  KroneckerParams kronecker;
  bool scale_given = false;
  int threads = 0;  // 0 = OpenMP default
};

struct GenerateRequest {
  GraphChoice graph;
  EdgeFormat format = EdgeFormat::kG500Int64;
  std::string output;
  bool help = false;
  bool quiet = false;
};

OptionTable generate_options(GenerateRequest& request) {
  OptionTable table({"generate --scale S [OPTIONS] -o FILE"},
                    "Writes the Graph500 Kronecker edge list, bit-identical to the reference v3.0.0 generator.");
  add_kronecker_options(table, request.graph.kronecker, kMaxPackedScale, request.graph.scale_given);
  table.value("--format", "F",
              "g500-int64 (two little-endian int64 per edge, default), g500-packed (the reference's 12-byte "
              "edge) or el ('v0 v1' per line): the names 'build --format' reads",
              [&request](const std::string& value) { request.format = parse_written_edge_format(value); });
  add_threads_option(table, request.graph.threads);
  table.value("--output", "FILE", "output file, '-' for stdout; written to a temporary name, then renamed",
              [&request](const std::string& value) { request.output = value; }, "-o");
  table.flag("--quiet", "no progress on stderr (errors are still one line)", [&request] { request.quiet = true; });
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
  check_writable(request.output);
  return request;
}

// Through the writer every edge file uses: a path appears whole or not at all, '-' is stdout.
void write_all_edges(const GenerateRequest& request) {
  EdgeFileWriter out(request.output, request.format);
  write_kronecker_edges(request.graph.kronecker, out, kChunkBudgetBytes, request.quiet ? nullptr : &std::cerr,
                        "semibfs generate");
}

}  // namespace

int generate_command(Arguments& arguments) {
  const GenerateRequest request = parse_generate(arguments);
  if (request.help) {
    std::fputs(generate_help().c_str(), stdout);
    return 0;
  }
  if (request.graph.threads > 0) omp_set_num_threads(request.graph.threads);
  write_all_edges(request);
  return 0;
}

}  // namespace semibfs::cli
