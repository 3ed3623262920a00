// The processes a command runs as: one, or the ranks that mpirun (or another MPI launcher)
// started. MPI is initialized only under a launcher, so a lone `semibfs` never touches it.
#pragma once

#include <string>
#include <vector>

namespace semibfs::cli {

class ProcessGroup {
 public:
  // Initializes MPI when a launcher started this process (and MPI was built in).
  ProcessGroup(int& argc, char**& argv);
  ~ProcessGroup();
  ProcessGroup(const ProcessGroup&) = delete;
  ProcessGroup& operator=(const ProcessGroup&) = delete;

  // Under a launcher (even with one rank): commands then run across the ranks.
  static bool distributed();
  static int rank();
  static int size();
  // After a failure on this rank, when others may be waiting for it in an exchange: ends every
  // rank of the job with `status` (MPI_Abort); returns only when the job is this process alone.
  static void end_all_ranks(int status);
  // A collective: every rank's `words`, by rank (this process's alone when not distributed).
  static std::vector<std::vector<std::string>> words_of_every_rank(const std::vector<std::string>& words);
};

// True when the environment shows an MPI launcher started this process.
bool started_by_mpi_launcher();

}  // namespace semibfs::cli
