#include "cli/run_across_ranks.hpp"

#include <cstdio>
#include <iostream>
#include <ostream>
#include <streambuf>

#include "cli/search_report.hpp"
#include "core/error.hpp"

#ifdef SEMIBFS_HAVE_MPI
#include "mpi/distributed_run.hpp"
#endif

namespace semibfs::cli {
namespace {


class DiscardingBuffer : public std::streambuf {
 protected:
  int overflow(int c) override { return c; }
};

}  // namespace

int run_across_ranks(const Graph500Options& options, const std::string& json_path) {
#ifdef SEMIBFS_HAVE_MPI
  Communicator comm;
  if (options.ranks.message_limit != 0) comm.set_message_limit(options.ranks.message_limit);
  DiscardingBuffer discard;
  std::ostream silent(&discard);
  const Graph500Report report = run_graph500_distributed(comm, options, comm.rank() == 0 ? std::cerr : silent);
  if (comm.rank() != 0) return report.validation_passed ? 0 : 1;
  // The failure is every rank's: rank 0 says it, and no rank needs ending.
  try {
    return print_search_report(report, json_path, "run");
  } catch (const Error& error) {
    std::fprintf(stderr, "semibfs run: %s\n", error.what());
    return 1;
  }
#else
  (void)json_path;
  throw Error("this semibfs was built without MPI: install libopenmpi-dev and openmpi-bin and build again");
#endif
}

}  // namespace semibfs::cli
