// The ranks of a distributed run and the exchanges between them, over MPI. Every size and count is
// 64-bit: an exchange larger than one MPI call can carry (an `int` count of bytes) goes in pieces
// of at most message_limit() bytes. Each exchange is counted by kind for the report.
#pragma once

#include <mpi.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <vector>

namespace semibfs {

// What an exchange carries, as the report counts it (Cui et al. Fig. 1: the frontier bitmap and its
// summary in bottom-up steps; (parent, child) pairs in top-down steps), and the requests to a remote
// vertex cache held outside the rank (Cicotti and Carrington: a cache server rank, memcached), and
// the (vertex, distance, parent) updates of SSSP's bucket phases (mpi/distributed_sssp.hpp).
enum class TrafficKind { kBitmap, kSummary, kPairs, kConstruction, kValidation, kControl, kCache, kDistances };
inline constexpr int kTrafficKinds = 8;
std::string to_string(TrafficKind kind);

// This rank's share of one kind: bytes it sent to other ranks, the messages that carried them
// (one per destination and piece), and the seconds it spent in those exchanges.
struct Traffic {
  std::int64_t bytes = 0;
  std::int64_t messages = 0;
  double seconds = 0;
  void add(const Traffic& other) {
    bytes += other.bytes;
    messages += other.messages;
    seconds += other.seconds;
  }
};
using TrafficByKind = std::array<Traffic, kTrafficKinds>;

// The most bytes one MPI call moves by default: the largest `int` count.
inline constexpr std::int64_t kMaxMessageBytes = 2147483647;

class Communicator {
 public:
  // Works over `comm` (not owned); MPI must be initialized.
  explicit Communicator(MPI_Comm comm = MPI_COMM_WORLD);
  // A communicator of some of `parent`'s ranks (a node, its leaders) whose traffic counts as
  // parent's, with parent's message limit; `comm` is owned and freed with it.
  Communicator(MPI_Comm comm, Communicator& parent);
  ~Communicator();
  Communicator(const Communicator&) = delete;
  Communicator& operator=(const Communicator&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  MPI_Comm comm() const { return comm_; }

  // Exchanges larger than this many bytes per call go in pieces (tests force a tiny limit).
  void set_message_limit(std::int64_t bytes);
  std::int64_t message_limit() const { return message_limit_; }

  void barrier();
  std::int64_t sum(std::int64_t value);
  std::int64_t max(std::int64_t value);
  std::int64_t min(std::int64_t value);
  double max(double value);
  // Element-wise sums over the ranks, in place.
  void sum(std::span<std::int64_t> values);
  void sum(std::span<double> values);
  // The lowest rank for which `flag` is true, or -1.
  int first_rank_with(bool flag);
  // `text` as `from` has it, on every rank.
  std::string broadcast(const std::string& text, int from);

  // Every rank's `mine` concatenated in rank order into `all`; `counts` holds each rank's element
  // count (the same on every rank) and all.size() their sum.
  template <typename T>
  void allgather(std::span<const T> mine, std::span<T> all, std::span<const std::int64_t> counts, TrafficKind kind) {
    std::vector<std::int64_t> bytes(counts.begin(), counts.end());
    for (std::int64_t& count : bytes) count *= static_cast<std::int64_t>(sizeof(T));
    allgather_bytes(mine.data(), all.data(), bytes, kind);
  }

  // All to all (an alltoallv, sent as point-to-point pieces): outgoing[d] goes to rank d; returns
  // what every rank sent here, in rank order, and each source's element count in
  // `received_counts` when given.
  template <typename T>
  std::vector<T> exchange(const std::vector<std::vector<T>>& outgoing, TrafficKind kind,
                          std::vector<std::int64_t>* received_counts = nullptr) {
    std::vector<T> incoming;
    exchange_into(outgoing, kind, incoming, received_counts);
    return incoming;
  }
  // As exchange(), into `incoming`, whose capacity is kept: a caller exchanging round after round
  // reuses the pages of its last round instead of faulting fresh ones in.
  template <typename T>
  void exchange_into(const std::vector<std::vector<T>>& outgoing, TrafficKind kind, std::vector<T>& incoming,
                     std::vector<std::int64_t>* received_counts = nullptr) {
    std::vector<const void*> pieces(outgoing.size());
    std::vector<std::int64_t> send_bytes(outgoing.size());
    for (std::size_t d = 0; d < outgoing.size(); ++d) {
      pieces[d] = outgoing[d].data();
      send_bytes[d] = static_cast<std::int64_t>(outgoing[d].size() * sizeof(T));
    }
    std::vector<std::int64_t> receive_bytes = exchange_counts(send_bytes);
    std::int64_t total = 0;
    for (const std::int64_t count : receive_bytes) total += count;
    incoming.resize(static_cast<std::size_t>(total) / sizeof(T));
    exchange_bytes(pieces, send_bytes, incoming.data(), receive_bytes, kind);
    if (received_counts != nullptr) {
      received_counts->assign(receive_bytes.begin(), receive_bytes.end());
      for (std::int64_t& count : *received_counts) count /= static_cast<std::int64_t>(sizeof(T));
    }
  }

  // Every rank's block of 64-bit words, already in place in `words` at word offsets
  // `displacements`, to every rank (MPI_IN_PLACE): no staging copy, pieces of at most
  // message_limit() bytes.
  void allgather_in_place(std::uint64_t* words, const std::vector<std::int64_t>& counts,
                          const std::vector<std::int64_t>& displacements, TrafficKind kind);

  // Every rank's `counts[r]` words from `mine` into rank 0's `all` at word offset
  // `displacements[r]` (MPI_Gatherv; blocks below 2^31 words).
  void gather_to_first(const std::uint64_t* mine, std::uint64_t* all, const std::vector<std::int64_t>& counts,
                       const std::vector<std::int64_t>& displacements, TrafficKind kind);

  // Adds traffic that went around MPI (a memcached server's requests) to this rank's counters.
  void count(TrafficKind kind, const Traffic& traffic) { counter(kind).add(traffic); }

  const TrafficByKind& traffic() const { return *traffic_; }
  const Traffic& traffic(TrafficKind kind) const { return (*traffic_)[static_cast<int>(kind)]; }
  // This rank's traffic since the last call; resets it.
  TrafficByKind take_traffic();

 private:
  void allgather_bytes(const void* mine, void* all, const std::vector<std::int64_t>& counts, TrafficKind kind);
  void allgather_in_pieces(const void* mine, void* all, const std::vector<std::int64_t>& counts,
                           const std::vector<std::int64_t>& displacements);
  std::vector<std::int64_t> exchange_counts(const std::vector<std::int64_t>& send_bytes);
  void exchange_bytes(const std::vector<const void*>& pieces, const std::vector<std::int64_t>& send_bytes,
                      void* incoming, const std::vector<std::int64_t>& receive_bytes, TrafficKind kind);
  Traffic& counter(TrafficKind kind) { return (*traffic_)[static_cast<int>(kind)]; }

  MPI_Comm comm_;
  int rank_ = 0;
  int size_ = 1;
  std::int64_t message_limit_ = kMaxMessageBytes;
  bool owns_comm_ = false;
  TrafficByKind own_traffic_{};
  TrafficByKind* traffic_ = &own_traffic_;  // the parent's for a sub-communicator
};

// What was counted between two readings of Communicator::traffic().
TrafficByKind traffic_between(const TrafficByKind& before, const TrafficByKind& after);

// Throws semibfs::Error when an MPI call did not succeed (with MPI_ERRORS_RETURN set).
void check_mpi(int status, const char* call);

}  // namespace semibfs
