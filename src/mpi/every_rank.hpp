// Failures the ranks of a run throw together, so that no rank waits alone in an exchange and the job
// ends through MPI_Finalize with one line (core/error.hpp's EveryRankError), not MPI_Abort's banner.
#pragma once

#include <exception>
#include <functional>
#include <string>

#include "mpi/communicator.hpp"

namespace semibfs {

// A collective: where any rank's `problem` is not empty, every rank throws. A rank whose `thrown` is
// an Interrupted rethrows it (its signal's exit status); every other rank throws EveryRankError with
// the lowest such rank's problem.
void throw_on_every_rank(Communicator& comm, const std::string& problem, const std::exception_ptr& thrown = nullptr);

// A collective: runs `step`; an Error it throws on any rank is thrown on every rank, as above.
void on_every_rank(Communicator& comm, const std::function<void()>& step);

}  // namespace semibfs
