// `semibfs generate`: the Kronecker edge list to a file or stdout (session/kronecker_file.hpp).
#include <cstdio>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/option_groups.hpp"
#include "core/error.hpp"
#include "edges/edge_format.hpp"
#include "session/kronecker_file.hpp"

namespace semibfs::cli {
namespace {

struct GenerateRequest {
  KroneckerFileOptions file;  // the graph, the format, the output and the threads
  bool scale_given = false;
  bool help = false;
  bool quiet = false;
};

OptionTable generate_options(GenerateRequest& request) {
  OptionTable table({"generate --scale S [OPTIONS] -o FILE"},
                    "Writes the Graph500 Kronecker edge list, bit-identical to the reference v3.0.0 generator.");
  add_kronecker_options(table, request.file.kronecker, kMaxPackedScale, request.scale_given);
  table.value("--format", "F",
              "g500-int64 (two little-endian int64 per edge, default), g500-packed (the reference's 12-byte "
              "edge) or el ('v0 v1' per line): the names 'build --format' reads",
              [&request](const std::string& value) { request.file.format = parse_written_edge_format(value); });
  add_threads_option(table, request.file.threads);
  table.value("--output", "FILE", "output file, '-' for stdout; written to a temporary name, then renamed",
              [&request](const std::string& value) { request.file.output = value; }, "-o");
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
  // Python's generate takes the scale as a required argument; only the command line can leave it out.
  if (!request.scale_given) throw UsageError("--scale is required");
  request.file.check();
  return request;
}

}  // namespace

int generate_command(Arguments& arguments) {
  const GenerateRequest request = parse_generate(arguments);
  if (request.help) {
    std::fputs(generate_help().c_str(), stdout);
    return 0;
  }
  KroneckerFileOptions file = request.file;
  file.progress = request.quiet ? nullptr : &std::cerr;
  write_kronecker_file(file);
  return 0;
}

}  // namespace semibfs::cli
