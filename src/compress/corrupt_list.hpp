// The one error of every decoder check: which vertex's list, and what is wrong with it.
#pragma once

#include <string>

#include "core/types.hpp"

namespace semibfs {

// Throws semibfs::Error "corrupt compressed list of vertex V: WHAT". Out of line: the decoders'
// hot loops only branch to it.
[[noreturn]] void throw_corrupt_list(VertexId vertex, const std::string& what);

}  // namespace semibfs
