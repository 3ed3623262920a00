// Writes an in-memory edge list as a packed edge file (the reference's 12-byte layout, as
// `semibfs generate --format g500-packed` writes it), for the tests of sources that read such files.
#pragma once

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "edges/edge_file_writer.hpp"
#include "edges/edge_list.hpp"
#include "edges/packed_edge.hpp"

namespace semibfs::testing {

// Returns `path`, so that a fixture can write the file and open a source on it in one initializer.
inline std::string write_packed_edge_file(const std::string& path, const EdgeList& edge_list) {
  std::vector<PackedEdge> packed;
  packed.reserve(edge_list.edges.size());
  for (const CompactEdge& edge : edge_list.edges) packed.push_back(PackedEdge::make(edge.v0(), edge.v1()));
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "wb"), &std::fclose);
  if (!file) throw Error("cannot create the test file " + path);
  write_edges(file.get(), path, EdgeFormat::kG500Packed, packed);
  if (std::fflush(file.get()) != 0) throw Error("cannot write the test file " + path);
  return path;
}

}  // namespace semibfs::testing
