#include "compress/list_check.hpp"

#include <cstdint>
#include <string>

#include "compress/list_decoder.hpp"
#include "core/error.hpp"
#include "core/parallel_errors.hpp"

namespace semibfs {

void check_compressed_lists(const CompressedLists& lists) {
  const ListDecoder decoder(lists);
  ParallelErrors errors;
  std::int64_t entries = 0;
#pragma omp parallel for schedule(dynamic, 1024) reduction(+ : entries)
  for (std::int64_t row = 0; row < decoder.num_rows(); ++row) {
    errors.capture([&] { decoder.for_each_neighbor(lists.first_vertex + row, [&](VertexId) { ++entries; }); });
  }
  errors.rethrow_first();
  if (entries != lists.num_entries) {
    throw Error("corrupt compressed lists: they hold " + std::to_string(entries) + " neighbours, the header says " +
                std::to_string(lists.num_entries));
  }
}

}  // namespace semibfs
