// Average teenage followers (ExtraV Sec. 6, after GraphChi's example): over the vertices older than
// a given age, the mean number of their followers (in-neighbours; neighbours when undirected) aged
// 13 to 19. One sequential query of the in-lists, filtered twice on the storage side: only the
// older vertices reply (vertex filter), and only their teenage followers are handed over
// (neighbour filter), so a reply's length is its count.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "analytics/kernel_description.hpp"
#include "query/kernel.hpp"

namespace semibfs {

struct TeenageFollowersResult {
  std::int64_t counted_vertices = 0;   // vertices older than the age asked
  std::int64_t teenage_followers = 0;  // their teenage followers, summed
  double average = 0;                  // teenage_followers / counted_vertices (0 when none)
  std::vector<IterationFigures> figures;
};

// An age no count includes: a vertex whose age is not known (`at --ages` gave it none).
inline constexpr std::uint8_t kUnknownAge = 255;

// `ages[v]` is vertex v's age in years, or kUnknownAge.
TeenageFollowersResult average_teenage_followers(StreamingGraph& graph, std::span<const std::uint8_t> ages,
                                                 int older_than);

// DRAM per vertex: the age and two bitmaps.
inline constexpr std::int64_t kTeenageFollowersBytesPerVertex = 2;
// And while ages read from a file are put in a relabelled store's order: the ages by input id.
inline constexpr std::int64_t kAgesByInputIdBytesPerVertex = 1;

// Ages from a seed: each vertex's age uniform in [10, 80), a hash of the seed and its id, so the
// same store and seed give the same ages on every machine and thread count.
std::vector<std::uint8_t> seeded_ages(std::int64_t vertices, std::uint64_t seed);

// `semibfs at` and Python's Store.teenage_followers: the ages from --seed or from the --ages file.
const KernelDescription& teenage_followers_kernel();

}  // namespace semibfs
