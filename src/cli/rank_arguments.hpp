// Every rank of a job runs the same command line: mpirun's MPMD form (`-np 1 semibfs ... : -np 1
// semibfs ...`) can start each with its own, and ranks with another SCALE, seed or root count would
// mix graphs or wait forever in an exchange. The ranks compare their words before any work.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace semibfs::cli {

// The first option (in the order rank 0 gives them, then the others') whose value is not the same
// on every rank, in one line naming it and two ranks that differ; none when all agree. Words are
// compared by option, in any order; --threads (each machine's cores) and --json (written by rank 0
// alone) may differ.
std::optional<std::string> ranks_disagreement(const std::vector<std::vector<std::string>>& words_by_rank);

// Under mpirun, a collective of every rank: throws UsageError (the same on every rank) naming the
// first option the ranks were given differently.
void require_same_words_on_every_rank(const std::vector<std::string>& words);

}  // namespace semibfs::cli
