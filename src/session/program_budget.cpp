#include "session/program_budget.hpp"

#include <omp.h>

#include "core/byte_size.hpp"
#include "core/error.hpp"
#include "core/machine.hpp"

namespace semibfs {

// A budget is a real amount of this machine's DRAM: 0 would silently mean "no budget".
std::int64_t parse_dram_budget(const std::string& text) {
  const std::int64_t bytes = parse_byte_size(text);
  if (bytes == 0) throw UsageError("a DRAM budget of 0 bytes holds nothing (leave the option out for no budget)");
  const std::int64_t memory = read_machine_info().memory_bytes;
  if (memory > 0 && bytes > memory) {
    throw UsageError(format_bytes(bytes) + " is more than this machine's memory, " + format_bytes(memory) +
                     " (give at most what the machine has)");
  }
  return bytes;
}

void count_program_in_budget(DramBudget& budget, int threads) {
  if (threads > 0) omp_set_num_threads(threads);
  if (!budget.is_set()) return;
  return_freed_memory_promptly();
  budget.program_bytes = measure_program_footprint();
}

}  // namespace semibfs
