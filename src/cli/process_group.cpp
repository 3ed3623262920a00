#include "cli/process_group.hpp"

#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <string_view>

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

namespace {

// The words, each ended by a NUL (no word of a command line holds one), and back.
std::string joined(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& word : words) text += word + '\0';
  return text;
}

std::vector<std::string> split(std::string_view text) {
  std::vector<std::string> words;
  for (std::size_t end = text.find('\0'); end != std::string_view::npos; end = text.find('\0')) {
    words.emplace_back(text.substr(0, end));
    text.remove_prefix(end + 1);
  }
  return words;
}

}  // namespace

std::vector<std::vector<std::string>> ProcessGroup::words_of_every_rank(const std::vector<std::string>& words) {
  const std::string mine = joined(words);
  std::vector<std::string> texts(1, mine);
#ifdef SEMIBFS_HAVE_MPI
  if (g_distributed) {
    const int length = static_cast<int>(mine.size());
    std::vector<int> lengths(static_cast<std::size_t>(g_size)), starts(static_cast<std::size_t>(g_size));
    MPI_Allgather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, MPI_COMM_WORLD);
    std::exclusive_scan(lengths.begin(), lengths.end(), starts.begin(), 0);
    std::string all(static_cast<std::size_t>(starts.back() + lengths.back()), '\0');
    MPI_Allgatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), starts.data(), MPI_CHAR, MPI_COMM_WORLD);
    texts.clear();
    for (int r = 0; r < g_size; ++r) texts.push_back(all.substr(static_cast<std::size_t>(starts[r]), static_cast<std::size_t>(lengths[r])));
  }
#endif
  std::vector<std::vector<std::string>> by_rank;
  for (const std::string& text : texts) by_rank.push_back(split(text));
  return by_rank;
}

}  // namespace semibfs::cli
