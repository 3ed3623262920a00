#include "mpi/node_group.hpp"

#include <exception>

#include "core/error.hpp"

namespace semibfs {
namespace {

MPI_Comm split(MPI_Comm comm, int color, int key) {
  MPI_Comm result = MPI_COMM_NULL;
  check_mpi(MPI_Comm_split(comm, color, key, &result), "MPI_Comm_split");
  return result;
}

MPI_Comm ranks_sharing_memory(MPI_Comm world, int key) {
  MPI_Comm result = MPI_COMM_NULL;
  check_mpi(MPI_Comm_split_type(world, MPI_COMM_TYPE_SHARED, key, MPI_INFO_NULL, &result), "MPI_Comm_split_type");
  return result;
}

}  // namespace

NodeGroup::NodeGroup(Communicator& world, int node_size) {
  {
    Communicator machine(ranks_sharing_memory(world.comm(), world.rank()), world);
    const int color = node_size > 0 ? machine.rank() / node_size : 0;
    node_ = std::make_unique<Communicator>(split(machine.comm(), color, world.rank()), world);
  }
  // Every rank learns every rank's leader (its node's local rank 0, as a world rank).
  std::int64_t leader = node_->rank() == 0 ? world.rank() : 0;
  check_mpi(MPI_Bcast(&leader, 1, MPI_INT64_T, 0, node_->comm()), "MPI_Bcast");
  std::vector<std::int64_t> leader_of(static_cast<std::size_t>(world.size()));
  world.allgather<std::int64_t>(std::span<const std::int64_t>(&leader, 1), leader_of,
                                std::vector<std::int64_t>(static_cast<std::size_t>(world.size()), 1),
                                TrafficKind::kControl);
  for (int r = 0; r < world.size(); ++r) {
    if (r == 0 || leader_of[r] != leader_of[r - 1]) {
      if (leader_of[r] != r) {
        throw UsageError("the ranks of each node must be consecutive for node-shared queues (launch with "
                         "--map-by core, slot or socket), or use --shared-queues none");
      }
      first_rank_.push_back(r);
    }
    if (r == world.rank()) node_index_ = static_cast<int>(first_rank_.size()) - 1;
  }
  first_rank_.push_back(world.size());
  for (int n = 1; n < node_count(); ++n) uniform_ &= first_rank(n + 1) - first_rank(n) == first_rank(1) - first_rank(0);
  const MPI_Comm leaders = split(world.comm(), node_->rank() == 0 ? 0 : MPI_UNDEFINED, world.rank());
  if (leaders != MPI_COMM_NULL) leaders_ = std::make_unique<Communicator>(leaders, world);
  subgroup_ = std::make_unique<Communicator>(split(world.comm(), node_->rank(), world.rank()), world);
}

SharedWords::SharedWords(Communicator& node, std::int64_t words) {
  const MPI_Aint bytes = node.rank() == 0 ? static_cast<MPI_Aint>(words * 8) : 0;
  void* base = nullptr;
  check_mpi(MPI_Win_allocate_shared(bytes, 8, MPI_INFO_NULL, node.comm(), &base, &window_),
            "MPI_Win_allocate_shared");
  MPI_Aint size = 0;
  int unit = 0;
  check_mpi(MPI_Win_shared_query(window_, 0, &size, &unit, &base), "MPI_Win_shared_query");
  data_ = static_cast<std::uint64_t*>(base);
  check_mpi(MPI_Win_lock_all(MPI_MODE_NOCHECK, window_), "MPI_Win_lock_all");
  if (node.rank() == 0) std::fill(data_, data_ + words, 0);
  synchronize(node);
}

// MPI_Win_free waits for the node's other ranks: while a failure unwinds this rank they may never
// come, and the job is about to end every rank (cli/process_group.hpp), so the window is left.
SharedWords::~SharedWords() {
  if (std::uncaught_exceptions() > 0) return;
  MPI_Win_unlock_all(window_);
  MPI_Win_free(&window_);
}

void SharedWords::synchronize(Communicator& node) {
  check_mpi(MPI_Win_sync(window_), "MPI_Win_sync");
  node.barrier();
  check_mpi(MPI_Win_sync(window_), "MPI_Win_sync");
}

}  // namespace semibfs
