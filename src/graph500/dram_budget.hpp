// A run's DRAM budget and how it is split between the phases of a semi-external run. Generation,
// construction and the searches run one after another, so each phase may use the whole budget;
// within the searches, search_dram_needs (search_dram_needs.hpp) takes what the searches hold
// besides the graph, and the placement planner fills the rest with the graph's arrays.
#pragma once

#include <cstdint>
#include <string>

namespace semibfs {

struct DramBudget {
  std::int64_t dram_budget_bytes = 0;  // 0: no budget, everything in DRAM
  // The program's own footprint (core/machine.hpp, measure_program_footprint), inside the budget:
  // the budget covers the whole process, and each phase gets what the program leaves.
  std::int64_t program_bytes = 0;

  bool is_set() const { return dram_budget_bytes > 0; }
  // What a phase may hold besides the program.
  std::int64_t phase_bytes() const { return dram_budget_bytes - program_bytes; }
  // The Kronecker edges are generated in chunks of at most this many bytes (without a budget, as
  // when a run writes a compressed store: half the machine's memory).
  std::int64_t generation_bytes() const { return is_set() ? phase_bytes() : unbudgeted_phase_bytes(); }
  // External construction's lists, buffers and degrees stay within this many bytes.
  std::int64_t construction_bytes() const { return generation_bytes(); }
  static std::int64_t unbudgeted_phase_bytes();
  // Edges per chunk when validation and the TEPS count stream the edge file.
  std::int64_t edge_chunk_edges() const;
};

// Bytes of the edge file's chunk buffers (edges/packed_file_edge_source.hpp: two reads of 12 bytes
// an edge and one unpacked copy of 8) that a budget of `budget_bytes` gives, at most: fewer when
// the file has fewer edges than a chunk.
std::int64_t edge_chunk_bytes_for(std::int64_t budget_bytes);

// Bytes of one buffer of a top-down round's pairs across ranks that a budget of `budget_bytes`
// gives: a 16th of it in whole 64 KiB, between 1 and 64 MiB (rounds stay few where the pairs are
// many, and the lists keep the rest).
std::int64_t pair_bytes_for(std::int64_t budget_bytes);

// The smallest budget from which every larger one covers `fixed_bytes` plus the edge chunks and
// `pair_buffers` pair buffers it sizes: both grow with the budget (the chunks by 32 KiB every 2 MiB,
// a pair buffer by 64 KiB every 1 MiB), so the minimum is not `fixed_bytes` plus the smallest of
// them, and a budget just past a step may need more than one below it.
// `extra_bytes_per_chunk_edge`: what is held beside each edge of a chunk (SSSP: its weight).
std::int64_t smallest_budget_with_edge_chunks(std::int64_t fixed_bytes, int pair_buffers = 0,
                                              std::int64_t extra_bytes_per_chunk_edge = 0);

// Throws semibfs::Error, one line naming the budget and `minimum_bytes` (in bytes too, so that the
// number can be given back as it is) followed by `holding` (what the minimum is made of), when the
// budget is set and below the minimum.
void check_budget_minimum(const DramBudget& budget, std::int64_t minimum_bytes, const std::string& holding);

}  // namespace semibfs
