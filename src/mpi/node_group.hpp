// The ranks of one node (Cui et al. Sec. III): they share memory, so they can share
// the frontier bitmaps (node-shared queues), and one leader per node, or one rank per local rank
// index of every node (parallel allgather), moves the bitmap between nodes.
#pragma once

#include <memory>
#include <vector>

#include "mpi/communicator.hpp"

namespace semibfs {

class NodeGroup {
 public:
  // Collective over `world`. node_size 0 groups the ranks that share memory
  // (MPI_COMM_TYPE_SHARED); N > 0 splits those into groups of N consecutive ranks, so that tests
  // on one machine see several "nodes". Throws UsageError, alike on every rank, when the ranks of
  // a node are not consecutive world ranks.
  NodeGroup(Communicator& world, int node_size);

  Communicator& node() { return *node_; }
  // Local rank 0 of every node; null on the other ranks.
  Communicator* leaders() { return leaders_.get(); }
  // Local rank `local_rank()` of every node (the subgroups of the parallel allgather).
  Communicator& subgroup() { return *subgroup_; }
  int local_rank() const { return node_->rank(); }
  int local_size() const { return node_->size(); }
  int node_count() const { return static_cast<int>(first_rank_.size()) - 1; }
  int node_index() const { return node_index_; }
  // World ranks of node n: [first_rank(n), first_rank(n + 1)).
  int first_rank(int node) const { return first_rank_[node]; }
  // Every node has the same number of ranks (the parallel allgather needs it).
  bool uniform() const { return uniform_; }

 private:
  std::unique_ptr<Communicator> node_;
  std::unique_ptr<Communicator> leaders_;
  std::unique_ptr<Communicator> subgroup_;
  std::vector<int> first_rank_;
  int node_index_ = 0;
  bool uniform_ = true;
};

// 64-bit words that the ranks of a node share (an MPI-3 shared-memory window, allocated by local
// rank 0): every rank reads and writes them in place.
class SharedWords {
 public:
  SharedWords(Communicator& node, std::int64_t words);
  ~SharedWords();
  SharedWords(const SharedWords&) = delete;
  SharedWords& operator=(const SharedWords&) = delete;

  std::uint64_t* data() const { return data_; }
  // After it, every rank of the node sees what any of them wrote before it (MPI_Win_sync around
  // a barrier, the unified memory model's synchronization).
  void synchronize(Communicator& node);

 private:
  MPI_Win window_ = MPI_WIN_NULL;
  std::uint64_t* data_ = nullptr;
};

}  // namespace semibfs
