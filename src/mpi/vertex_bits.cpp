#include "mpi/vertex_bits.hpp"

#include <vector>

namespace semibfs {

Bitmap gather_vertex_bits(Communicator& comm, const PartitionLayout& ranks, const Bitmap& own_bits, TrafficKind kind) {
  Bitmap all(ranks.num_vertices());
  std::vector<std::int64_t> counts(comm.size());
  for (int r = 0; r < comm.size(); ++r) counts[r] = ranks.end_word(r) - ranks.first_word(r);
  comm.allgather<Bitmap::Word>({own_bits.data(), static_cast<std::size_t>(own_bits.num_words())},
                               {all.data(), static_cast<std::size_t>(all.num_words())}, counts, kind);
  return all;
}

}  // namespace semibfs
