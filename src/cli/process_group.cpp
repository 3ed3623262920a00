#include "cli/process_group.hpp"

#include <cstdio>
#include <cstdlib>

#ifdef SEMIBFS_HAVE_MPI
#include <mpi.h>
#endif

#include "core/error.hpp"

namespace semibfs::cli {
namespace {

bool g_distributed = false;
int g_rank = 0;
int g_size = 1;

}  // namespace

bool started_by_mpi_launcher() {
  // Open MPI's mpirun, and the PMI / PMIx launchers of MPICH, Slurm and others.
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"}) {
    if (std::getenv(name) != nullptr) return true;
  }
  return false;
}

ProcessGroup::ProcessGroup(int& argc, char**& argv) {
  if (!started_by_mpi_launcher()) return;
#ifdef SEMIBFS_HAVE_MPI
  int provided = 0;
  // MPI calls come only from the main thread, outside OpenMP regions.
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &g_size);
  g_distributed = true;
#else
  (void)argc;
  (void)argv;
  std::fputs("semibfs: started by an MPI launcher, but this semibfs was built without MPI: install "
             "libopenmpi-dev and openmpi-bin and build again (`make`), or run semibfs alone\n",
             stderr);
  std::exit(1);
#endif
}

ProcessGroup::~ProcessGroup() {
#ifdef SEMIBFS_HAVE_MPI
  if (g_distributed) MPI_Finalize();
#endif
}

bool ProcessGroup::distributed() { return g_distributed; }
int ProcessGroup::rank() { return g_rank; }
int ProcessGroup::size() { return g_size; }

void ProcessGroup::end_all_ranks(int status) {
#ifdef SEMIBFS_HAVE_MPI
  if (g_distributed && g_size > 1) {
    std::fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, status);
  }
#endif
  (void)status;
}

}  // namespace semibfs::cli
