#include "mpi/every_rank.hpp"

#include "core/error.hpp"
#include "core/interrupt.hpp"

namespace semibfs {

void throw_on_every_rank(Communicator& comm, const std::string& problem, const std::exception_ptr& thrown) {
  const int from = comm.first_rank_with(!problem.empty());
  if (from < 0) return;
  const std::string message = comm.broadcast(problem, from);
  try {
    if (thrown) std::rethrow_exception(thrown);
  } catch (const Interrupted&) {
    throw;
  } catch (...) {  // any other exception: the shared message stands for it
  }
  throw EveryRankError(message);
}

void on_every_rank(Communicator& comm, const std::function<void()>& step) {
  std::string problem;
  std::exception_ptr thrown;
  try {
    step();
  } catch (const Error& error) {
    problem = error.what();
    thrown = std::current_exception();
  }
  throw_on_every_rank(comm, problem, thrown);
}

}  // namespace semibfs
