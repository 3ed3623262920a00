#include "compress/corrupt_list.hpp"

#include "core/error.hpp"

namespace semibfs {

void throw_corrupt_list(VertexId vertex, const std::string& what) {
  throw Error("corrupt compressed list of vertex " + std::to_string(vertex) + ": " + what);
}

}  // namespace semibfs
