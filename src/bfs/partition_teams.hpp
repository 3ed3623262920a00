// Which partitions a thread of a parallel region serves (Iwabuchi et al. Sec. V-B and V-C: threads are
// bound to a partition and write only its status). With T threads and P partitions, thread t serves
// partition t mod P in a team of about T/P threads when T >= P, and partitions t, t + T, ...
// alone when T < P. A team shares out its partition's work through its own counter, so the only
// atomics are between threads of one partition.
#pragma once

#include <omp.h>

#include <atomic>
#include <cstdint>
#include <memory>

#include "core/numa_placement.hpp"
#include "graph/partition_layout.hpp"

namespace semibfs {

struct TeamSeat {
  int partition = 0;
  int member = 0;  // this thread's place in the partition's team ("rank" is only an MPI rank)
  int size = 1;  // threads in the team
  bool shared() const { return size > 1; }
  // This seat's share [begin, end) of `count` items split evenly across the team.
  std::int64_t share_begin(std::int64_t count) const { return count * member / size; }
  std::int64_t share_end(std::int64_t count) const { return count * (member + 1) / size; }
};

// The seat's share [begin, end) of its partition's words of a per-vertex bitmap.
struct WordRange {
  std::int64_t begin = 0;
  std::int64_t end = 0;
};
inline WordRange seat_words(const PartitionLayout& layout, const TeamSeat& seat) {
  const std::int64_t first = layout.first_word(seat.partition);
  const std::int64_t words = layout.end_word(seat.partition) - first;
  return {first + seat.share_begin(words), first + seat.share_end(words)};
}

// Calls seat_work(seat) for every partition the calling thread serves; inside a parallel region.
template <typename SeatWork>
void for_each_seat(int partitions, SeatWork&& seat_work) {
  const int thread = omp_get_thread_num();
  const int threads = omp_get_num_threads();
  if (threads >= partitions) {
    const int partition = thread % partitions;
    seat_work(TeamSeat{partition, thread / partitions, (threads - partition + partitions - 1) / partitions});
    return;
  }
  for (int partition = thread; partition < partitions; partition += threads) seat_work(TeamSeat{partition, 0, 1});
}

// Each thread of the pool runs on the NUMA node of the (first) partition it serves; outside
// parallel regions, once, before the searches.
inline void pin_team_threads(int partitions) {
  if (numa_node_count() < 2) return;
#pragma omp parallel
  {
    bool pinned = false;
    for_each_seat(partitions, [&](const TeamSeat& seat) {
      if (!pinned) run_on_numa_node(numa_node_of_partition(seat.partition));
      pinned = true;
    });
  }
}

// One counter per partition, each on its own cache line: a team takes chunks of work from it.
class TeamCounters {
 public:
  explicit TeamCounters(int partitions) : counters_(std::make_unique<Counter[]>(partitions)), count_(partitions) {}

  // Outside parallel regions, before each step.
  void reset() {
    for (int k = 0; k < count_; ++k) counters_[k].next.store(0, std::memory_order_relaxed);
  }
  // The first item of the next chunk of `chunk` items for the partition's team.
  std::int64_t take(int partition, std::int64_t chunk) {
    return counters_[partition].next.fetch_add(chunk, std::memory_order_relaxed);
  }

 private:
  struct alignas(64) Counter {
    std::atomic<std::int64_t> next{0};
  };
  std::unique_ptr<Counter[]> counters_;
  int count_;
};

}  // namespace semibfs
