#include "mpi/communicator.hpp"

#include <algorithm>
#include <climits>
#include <exception>
#include <numeric>

#include "core/error.hpp"
#include "core/timer.hpp"

namespace semibfs {
namespace {

int as_int(std::int64_t value) { return static_cast<int>(value); }

bool fits_int(std::int64_t value) { return value <= INT_MAX; }

std::vector<std::int64_t> prefix_offsets(const std::vector<std::int64_t>& counts) {
  std::vector<std::int64_t> offsets(counts.size() + 1, 0);
  std::partial_sum(counts.begin(), counts.end(), offsets.begin() + 1);
  return offsets;
}

}  // namespace

std::string to_string(TrafficKind kind) {
  switch (kind) {
    case TrafficKind::kBitmap: return "bitmap";
    case TrafficKind::kSummary: return "summary";
    case TrafficKind::kPairs: return "pairs";
    case TrafficKind::kConstruction: return "construction";
    case TrafficKind::kValidation: return "validation";
    case TrafficKind::kControl: return "control";
    case TrafficKind::kCache: return "cache";
    case TrafficKind::kDistances: return "distances";
  }
  return "unknown";
}

TrafficByKind traffic_between(const TrafficByKind& before, const TrafficByKind& after) {
  TrafficByKind between{};
  for (int kind = 0; kind < kTrafficKinds; ++kind) {
    between[kind] = {after[kind].bytes - before[kind].bytes, after[kind].messages - before[kind].messages,
                     after[kind].seconds - before[kind].seconds};
  }
  return between;
}

void check_mpi(int status, const char* call) {
  if (status == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(status, text, &length);
  throw Error(std::string(call) + " failed: " + std::string(text, static_cast<std::size_t>(length)));
}

Communicator::Communicator(MPI_Comm comm) : comm_(comm) {
  MPI_Comm_rank(comm_, &rank_);
  MPI_Comm_size(comm_, &size_);
}

Communicator::Communicator(MPI_Comm comm, Communicator& parent)
    : comm_(comm), message_limit_(parent.message_limit_), owns_comm_(true), traffic_(parent.traffic_) {
  MPI_Comm_rank(comm_, &rank_);
  MPI_Comm_size(comm_, &size_);
}

// Freeing may wait for the other ranks; not while a failure unwinds (see SharedWords).
Communicator::~Communicator() {
  if (owns_comm_ && std::uncaught_exceptions() == 0) MPI_Comm_free(&comm_);
}

void Communicator::set_message_limit(std::int64_t bytes) {
  if (bytes < 1 || bytes > kMaxMessageBytes) {
    throw Error("MPI message limit " + std::to_string(bytes) + " is outside [1, " + std::to_string(kMaxMessageBytes) + "]");
  }
  message_limit_ = bytes;
}

void Communicator::barrier() { check_mpi(MPI_Barrier(comm_), "MPI_Barrier"); }

std::int64_t Communicator::sum(std::int64_t value) {
  std::int64_t result = 0;
  check_mpi(MPI_Allreduce(&value, &result, 1, MPI_INT64_T, MPI_SUM, comm_), "MPI_Allreduce");
  return result;
}

std::int64_t Communicator::max(std::int64_t value) {
  std::int64_t result = 0;
  check_mpi(MPI_Allreduce(&value, &result, 1, MPI_INT64_T, MPI_MAX, comm_), "MPI_Allreduce");
  return result;
}

std::int64_t Communicator::min(std::int64_t value) {
  std::int64_t result = 0;
  check_mpi(MPI_Allreduce(&value, &result, 1, MPI_INT64_T, MPI_MIN, comm_), "MPI_Allreduce");
  return result;
}

double Communicator::max(double value) {
  double result = 0;
  check_mpi(MPI_Allreduce(&value, &result, 1, MPI_DOUBLE, MPI_MAX, comm_), "MPI_Allreduce");
  return result;
}

void Communicator::sum(std::span<std::int64_t> values) {
  const Stopwatch stopwatch;
  // A handful of counters per call: never near an int count.
  const auto count = static_cast<std::int64_t>(values.size());
  check_mpi(MPI_Allreduce(MPI_IN_PLACE, values.data(), as_int(count), MPI_INT64_T, MPI_SUM, comm_), "MPI_Allreduce");
  Traffic& control = counter(TrafficKind::kControl);
  control.messages += size_ - 1;
  control.bytes += count * 8 * (size_ - 1);
  control.seconds += stopwatch.seconds();
}

void Communicator::sum(std::span<double> values) {
  check_mpi(MPI_Allreduce(MPI_IN_PLACE, values.data(), as_int(static_cast<std::int64_t>(values.size())), MPI_DOUBLE,
                          MPI_SUM, comm_),
            "MPI_Allreduce");
}

int Communicator::first_rank_with(bool flag) {
  const int mine = flag ? rank_ : size_;
  int first = size_;
  check_mpi(MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, comm_), "MPI_Allreduce");
  return first == size_ ? -1 : first;
}

std::string Communicator::broadcast(const std::string& text, int from) {
  std::int64_t length = static_cast<std::int64_t>(text.size());
  check_mpi(MPI_Bcast(&length, 1, MPI_INT64_T, from, comm_), "MPI_Bcast");
  std::string result = rank_ == from ? text : std::string(static_cast<std::size_t>(length), '\0');
  // Messages are short; a longer one is cut rather than sent in pieces.
  const int bytes = as_int(std::min<std::int64_t>(length, INT_MAX));
  check_mpi(MPI_Bcast(result.data(), bytes, MPI_CHAR, from, comm_), "MPI_Bcast");
  return result;
}

TrafficByKind Communicator::take_traffic() {
  const TrafficByKind taken = *traffic_;
  *traffic_ = TrafficByKind{};
  return taken;
}

void Communicator::gather_to_first(const std::uint64_t* mine, std::uint64_t* all, const std::vector<std::int64_t>& counts,
                                   const std::vector<std::int64_t>& displacements, TrafficKind kind) {
  const Stopwatch stopwatch;
  std::vector<int> int_counts(counts.size()), int_displacements(counts.size());
  for (std::size_t r = 0; r < counts.size(); ++r) {
    int_counts[r] = as_int(counts[r]);
    int_displacements[r] = as_int(displacements[r]);
  }
  check_mpi(MPI_Gatherv(mine, int_counts[rank_], MPI_UINT64_T, all, int_counts.data(), int_displacements.data(),
                        MPI_UINT64_T, 0, comm_),
            "MPI_Gatherv");
  if (rank_ != 0) {
    counter(kind).bytes += counts[rank_] * 8;
    counter(kind).messages += 1;
  }
  counter(kind).seconds += stopwatch.seconds();
}

// Round t moves words [t * piece, (t + 1) * piece) of every block; word displacements fit an int
// for any graph here (2^32 vertices are 2^26 words).
void Communicator::allgather_in_place(std::uint64_t* words, const std::vector<std::int64_t>& counts,
                                      const std::vector<std::int64_t>& displacements, TrafficKind kind) {
  const Stopwatch stopwatch;
  const std::int64_t piece = std::max<std::int64_t>(1, message_limit_ / 8);
  const std::int64_t largest = *std::max_element(counts.begin(), counts.end());
  std::vector<int> round_counts(size_), round_displacements(size_);
  std::int64_t rounds = 0;
  for (std::int64_t start = 0; start < largest || (start == 0 && largest == 0); start += piece, ++rounds) {
    for (int r = 0; r < size_; ++r) {
      round_counts[r] = as_int(std::clamp<std::int64_t>(counts[r] - start, 0, piece));
      round_displacements[r] = as_int(displacements[r] + std::min(start, counts[r]));
    }
    check_mpi(MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, words, round_counts.data(),
                             round_displacements.data(), MPI_UINT64_T, comm_),
              "MPI_Allgatherv");
    if (largest == 0) break;
  }
  counter(kind).bytes += counts[rank_] * 8 * (size_ - 1);
  counter(kind).messages += (size_ - 1) * rounds;
  counter(kind).seconds += stopwatch.seconds();
}

void Communicator::allgather_bytes(const void* mine, void* all, const std::vector<std::int64_t>& counts,
                                   TrafficKind kind) {
  const Stopwatch stopwatch;
  const std::vector<std::int64_t> displacements = prefix_offsets(counts);
  const std::int64_t largest = *std::max_element(counts.begin(), counts.end());
  if (largest <= message_limit_ && fits_int(displacements.back())) {
    std::vector<int> int_counts(counts.size()), int_displacements(counts.size());
    for (std::size_t r = 0; r < counts.size(); ++r) {
      int_counts[r] = as_int(counts[r]);
      int_displacements[r] = as_int(displacements[r]);
    }
    check_mpi(MPI_Allgatherv(mine, int_counts[rank_], MPI_BYTE, all, int_counts.data(), int_displacements.data(),
                             MPI_BYTE, comm_),
              "MPI_Allgatherv");
    counter(kind).messages += size_ - 1;
  } else {
    allgather_in_pieces(mine, all, counts, displacements);
    counter(kind).messages += (size_ - 1) * ((largest + message_limit_ - 1) / message_limit_);
  }
  counter(kind).bytes += counts[rank_] * (size_ - 1);
  counter(kind).seconds += stopwatch.seconds();
}

// Round t moves bytes [t * piece, (t + 1) * piece) of every rank's share through a staging buffer
// of one piece per rank, whose int displacements stay small.
void Communicator::allgather_in_pieces(const void* mine, void* all, const std::vector<std::int64_t>& counts,
                                       const std::vector<std::int64_t>& displacements) {
  const std::int64_t piece = std::max<std::int64_t>(1, std::min<std::int64_t>(message_limit_, INT_MAX / size_));
  const std::int64_t largest = *std::max_element(counts.begin(), counts.end());
  std::vector<char> staging(static_cast<std::size_t>(piece * size_));
  std::vector<int> round_counts(size_), round_displacements(size_);
  for (std::int64_t start = 0; start < largest; start += piece) {
    for (int r = 0; r < size_; ++r) {
      round_counts[r] = as_int(std::clamp<std::int64_t>(counts[r] - start, 0, piece));
      round_displacements[r] = as_int(r * piece);
    }
    const char* send = static_cast<const char*>(mine) + std::min(start, counts[rank_]);
    check_mpi(MPI_Allgatherv(send, round_counts[rank_], MPI_BYTE, staging.data(), round_counts.data(),
                             round_displacements.data(), MPI_BYTE, comm_),
              "MPI_Allgatherv");
    for (int r = 0; r < size_; ++r) {
      std::memcpy(static_cast<char*>(all) + displacements[r] + start, staging.data() + r * piece,
                  static_cast<std::size_t>(round_counts[r]));
    }
  }
}

std::vector<std::int64_t> Communicator::exchange_counts(const std::vector<std::int64_t>& send_bytes) {
  std::vector<std::int64_t> receive_bytes(size_);
  check_mpi(MPI_Alltoall(send_bytes.data(), 1, MPI_INT64_T, receive_bytes.data(), 1, MPI_INT64_T, comm_),
            "MPI_Alltoall");
  counter(TrafficKind::kControl).messages += size_ - 1;
  counter(TrafficKind::kControl).bytes += 8 * (size_ - 1);
  return receive_bytes;
}

// Straight from the callers' pieces into place, in pieces of at most message_limit() bytes: no
// packing copy, no int displacement, and the same path for every size (so nothing to agree on).
void Communicator::exchange_bytes(const std::vector<const void*>& pieces, const std::vector<std::int64_t>& send_bytes,
                                  void* incoming, const std::vector<std::int64_t>& receive_bytes, TrafficKind kind) {
  const Stopwatch stopwatch;
  const std::vector<std::int64_t> receive_offsets = prefix_offsets(receive_bytes);
  char* const into = static_cast<char*>(incoming);
  if (send_bytes[rank_] > 0) {
    std::memcpy(into + receive_offsets[rank_], pieces[rank_], static_cast<std::size_t>(send_bytes[rank_]));
  }
  std::vector<MPI_Request> requests;
  for (int r = 0; r < size_; ++r) {
    for (std::int64_t start = 0; r != rank_ && start < receive_bytes[r]; start += message_limit_) {
      requests.emplace_back();
      check_mpi(MPI_Irecv(into + receive_offsets[r] + start, as_int(std::min(message_limit_, receive_bytes[r] - start)),
                          MPI_BYTE, r, 0, comm_, &requests.back()),
                "MPI_Irecv");
    }
  }
  Traffic& traffic = counter(kind);
  for (int r = 0; r < size_; ++r) {
    for (std::int64_t start = 0; r != rank_ && start < send_bytes[r]; start += message_limit_) {
      const int bytes = as_int(std::min(message_limit_, send_bytes[r] - start));
      requests.emplace_back();
      check_mpi(MPI_Isend(static_cast<const char*>(pieces[r]) + start, bytes, MPI_BYTE, r, 0, comm_, &requests.back()),
                "MPI_Isend");
      traffic.bytes += bytes;
      ++traffic.messages;
    }
  }
  check_mpi(MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE), "MPI_Waitall");
  traffic.seconds += stopwatch.seconds();
}

}  // namespace semibfs
