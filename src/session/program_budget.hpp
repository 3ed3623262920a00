// A DRAM budget that covers the whole process: its value checked against this machine, and the
// program's own footprint counted in it before any work, for every front end alike.
#pragma once

#include <cstdint>
#include <string>

#include "graph500/dram_budget.hpp"

namespace semibfs {

// The bytes of a budget such as "512MiB" (core/byte_size.hpp); throws UsageError for 0 bytes and
// for more than this machine's memory.
std::int64_t parse_dram_budget(const std::string& text);

// With a budget, before any work: the thread count applied (`threads` > 0), the allocator set to
// return freed blocks, and the program's own footprint measured into budget.program_bytes, so
// that the budget covers the whole process. Without one, only the thread count.
void count_program_in_budget(DramBudget& budget, int threads);

}  // namespace semibfs
