// The exchanges of mpi/communicator.hpp, whole and in pieces (a message limit of a few bytes
// forces the path that counts past 2^31 take), against what each rank can compute alone.
#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <vector>

#include "core/error.hpp"
#include "mpi/communicator.hpp"

namespace semibfs {
namespace {

// Rank r contributes r + 3 values r * 1000 + i (some ranks send more than the limit, some less).
std::vector<std::int64_t> share_of(int rank) {
  std::vector<std::int64_t> values(static_cast<std::size_t>(rank + 3));
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = rank * 1000 + static_cast<std::int64_t>(i);
  return values;
}

void expect_allgather(std::int64_t limit) {
  Communicator comm;
  comm.set_message_limit(limit);
  std::vector<std::int64_t> counts(comm.size()), expected;
  for (int r = 0; r < comm.size(); ++r) {
    const std::vector<std::int64_t> share = share_of(r);
    counts[r] = static_cast<std::int64_t>(share.size());
    expected.insert(expected.end(), share.begin(), share.end());
  }
  std::vector<std::int64_t> all(expected.size(), -1);
  const std::vector<std::int64_t> mine = share_of(comm.rank());
  comm.allgather<std::int64_t>(mine, all, counts, TrafficKind::kBitmap);
  EXPECT_EQ(all, expected);
  EXPECT_EQ(comm.traffic(TrafficKind::kBitmap).bytes, static_cast<std::int64_t>(mine.size() * 8) * (comm.size() - 1));
}

TEST(Communicator, AllgatherWhole) { expect_allgather(kMaxMessageBytes); }
TEST(Communicator, AllgatherInPiecesOfFiveBytes) { expect_allgather(5); }
TEST(Communicator, AllgatherInPiecesOfOneByte) { expect_allgather(1); }

// Rank s sends rank d the values s * 100 + d, (s + d) % 3 + 1 times.
void expect_exchange(std::int64_t limit) {
  Communicator comm;
  comm.set_message_limit(limit);
  std::vector<std::vector<std::int64_t>> outgoing(static_cast<std::size_t>(comm.size()));
  for (int d = 0; d < comm.size(); ++d) outgoing[d].assign((comm.rank() + d) % 3 + 1, comm.rank() * 100 + d);
  std::vector<std::int64_t> counts;
  const std::vector<std::int64_t> incoming = comm.exchange(outgoing, TrafficKind::kPairs, &counts);
  std::vector<std::int64_t> expected;
  for (int s = 0; s < comm.size(); ++s) {
    EXPECT_EQ(counts[s], (s + comm.rank()) % 3 + 1);
    expected.insert(expected.end(), (s + comm.rank()) % 3 + 1, s * 100 + comm.rank());
  }
  EXPECT_EQ(incoming, expected);
}

TEST(Communicator, ExchangeWhole) { expect_exchange(kMaxMessageBytes); }
TEST(Communicator, ExchangeInPiecesOfThreeBytes) { expect_exchange(3); }

TEST(Communicator, SumsAndFirstRank) {
  Communicator comm;
  EXPECT_EQ(comm.sum(std::int64_t{comm.rank()} << 40), (std::int64_t{comm.size()} * (comm.size() - 1) / 2) << 40);
  EXPECT_EQ(comm.first_rank_with(comm.rank() == comm.size() - 1), comm.size() - 1);
  EXPECT_EQ(comm.first_rank_with(false), -1);
  EXPECT_EQ(comm.broadcast(comm.rank() == 0 ? "from rank 0" : "", 0), "from rank 0");
}

TEST(Communicator, RefusesAZeroLimit) {
  Communicator comm;
  EXPECT_THROW(comm.set_message_limit(0), Error);
}

}  // namespace
}  // namespace semibfs
