// The checked full decode: every list of a CompressedLists read to its end, before the lists are
// trusted (a store opened from disk, a fuzzer's bytes).
#pragma once

#include "compress/compressed_lists.hpp"

namespace semibfs {

// Throws semibfs::Error with one line naming the first problem found: offsets that do not fit the
// stream, a list that is corrupt (list_decoder.hpp), or lists holding other than num_entries
// neighbours. OpenMP-parallel.
void check_compressed_lists(const CompressedLists& lists);

}  // namespace semibfs
