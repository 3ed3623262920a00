// How a store names its vertices in the input file's ids: the id map of a store made by `semibfs
// build`, identity for a store written by `run --store`. `bfs` and `info` both read it this way,
// so the id map's bytes count alike in their placement plans.
#pragma once

#include <cstdint>
#include <string>

#include "formats/id_map.hpp"

namespace semibfs::cli {

IdMap read_store_ids(const std::string& store, std::int64_t num_vertices);

}  // namespace semibfs::cli
