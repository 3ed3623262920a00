// A file of vertex ages for `semibfs at --ages FILE`: "VERTEX AGE" lines in the ids of the store's
// edge file; '#' lines and blank lines are skipped; gzip or not. A vertex the file gives no age (an
// id the edge file never names, in a dense numbering, say) gets the caller's unknown age; a
// repeated or unknown vertex, or an age out of range, is one error naming the line.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "formats/id_map.hpp"

namespace semibfs {

struct VertexAges {
  std::vector<std::uint8_t> ages;  // by compact id (the input's, `ids.size()` of them)
  std::int64_t without_age = 0;    // vertices the file gave no age
};

// Ages from 0 to `unknown_age` - 1; `unknown_age` for the vertices without one.
VertexAges read_vertex_ages(const std::string& path, const IdMap& ids, std::uint8_t unknown_age);

}  // namespace semibfs
