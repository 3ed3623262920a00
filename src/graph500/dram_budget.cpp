#include "graph500/dram_budget.hpp"

#include <algorithm>

#include "core/byte_size.hpp"
#include "core/error.hpp"
#include "core/machine.hpp"

namespace semibfs {

namespace {

constexpr std::int64_t kMostChunkEdges = std::int64_t{1} << 19;
constexpr std::int64_t kChunkBlockEdges = 1024;
constexpr std::int64_t kChunkBytesPerEdge = 32;  // two reads of 12 bytes and one unpacked copy of 8
// The budget that buys one more block of chunk edges: a 64th of it goes to the chunks.
constexpr std::int64_t kChunkStepBytes = 64 * kChunkBytesPerEdge * kChunkBlockEdges;
// A pair buffer grows by 64 KiB with every 1 MiB of budget (a 16th of it), from 1 MiB to 64 MiB.
constexpr std::int64_t kPairGrainBytes = std::int64_t{64} << 10;
constexpr std::int64_t kPairStepBytes = 16 * kPairGrainBytes;
constexpr std::int64_t kLeastPairBytes = std::int64_t{1} << 20;
constexpr std::int64_t kMostPairBytes = std::int64_t{64} << 20;

std::int64_t chunk_edges_for(std::int64_t budget_bytes) {
  return std::clamp<std::int64_t>(budget_bytes / kChunkStepBytes * kChunkBlockEdges, kChunkBlockEdges, kMostChunkEdges);
}

}  // namespace

// 2^19 edges (16 MiB of buffers) without a budget; under one, a 64th of it in 32-byte edge slots
// (two reads of 12 and one unpacked copy of 8), whole blocks of 1024 edges, at least one block.
std::int64_t DramBudget::edge_chunk_edges() const {
  if (!is_set()) return kMostChunkEdges;
  return chunk_edges_for(dram_budget_bytes);
}

std::int64_t DramBudget::unbudgeted_phase_bytes() {
  const std::int64_t memory = read_machine_info().memory_bytes;
  return memory > 0 ? memory / 2 : std::int64_t{4} << 30;
}

std::int64_t edge_chunk_bytes_for(std::int64_t budget_bytes) {
  return chunk_edges_for(budget_bytes) * kChunkBytesPerEdge;
}

std::int64_t pair_bytes_for(std::int64_t budget_bytes) {
  return std::clamp(budget_bytes / kPairStepBytes * kPairGrainBytes, kLeastPairBytes, kMostPairBytes);
}

// Between two steps the chunks and the pairs stay the same while the budget grows, so a budget
// that covers them at a step covers them up to the next one: only the steps themselves need
// checking (a pair step every 1 MiB, a chunk step every 2 MiB, both ending at 1 GiB).
std::int64_t smallest_budget_with_edge_chunks(std::int64_t fixed_bytes, int pair_buffers,
                                              std::int64_t extra_bytes_per_chunk_edge) {
  constexpr std::int64_t kLastStep = kMostChunkEdges / kChunkBlockEdges * kChunkStepBytes;
  static_assert(kChunkStepBytes % kPairStepBytes == 0 &&
                kMostPairBytes / kPairGrainBytes * kPairStepBytes == kLastStep);
  const auto need = [=](std::int64_t budget) {
    return fixed_bytes + edge_chunk_bytes_for(budget) + chunk_edges_for(budget) * extra_bytes_per_chunk_edge +
           pair_buffers * pair_bytes_for(budget);
  };
  std::int64_t budget = need(0);
  for (;;) {
    while (need(budget) > budget) budget = need(budget);
    std::int64_t short_step = 0;
    for (std::int64_t step = (budget / kPairStepBytes + 1) * kPairStepBytes; step <= kLastStep && short_step == 0;
         step += kPairStepBytes) {
      if (need(step) > step) short_step = step;
    }
    if (short_step == 0) return budget;
    budget = need(short_step);
  }
}

void check_budget_minimum(const DramBudget& budget, std::int64_t minimum_bytes, const std::string& holding) {
  if (!budget.is_set() || budget.dram_budget_bytes >= minimum_bytes) return;
  throw Error("DRAM budget " + format_bytes(budget.dram_budget_bytes) + " (" +
              std::to_string(budget.dram_budget_bytes) + " bytes) is below the minimum of " +
              format_bytes(minimum_bytes) + " (" + std::to_string(minimum_bytes) + " bytes) " + holding);
}

}  // namespace semibfs
