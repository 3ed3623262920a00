// The validator's tuple degrees (validate/tuple_degrees.hpp), counted by its own code from the edge
// file's bytes as the store's open checks that file (issue 41: one read of the edge file fewer),
// kept until the validation after the last search in a temporary file of the store's directory, so
// that the searches keep their DRAM. A digest of the counts stays in DRAM: counts changed in the
// file, or the file gone, make the validation stop rather than trust them.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/file_output.hpp"

namespace semibfs {

class KeptTupleDegrees {
 public:
  // Writes `degrees` to `file_path_in(directory)`, removed when this goes. Throws semibfs::Error
  // naming the file when it cannot be written.
  KeptTupleDegrees(const std::string& directory, std::span<const std::uint32_t> degrees);

  // The counts as written; throws semibfs::Error when the file is missing, of another size, or
  // holds other counts.
  std::vector<std::uint32_t> read() const;
  std::int64_t num_vertices() const { return num_vertices_; }
  const std::string& file_path() const { return file_.path(); }

  // The file's name in `directory` (its temporary name, this process's).
  static std::string file_path_in(const std::string& directory);
  // The counts' digest: a mixed hash of (vertex, count) summed over the vertices.
  static std::uint64_t digest_of(std::span<const std::uint32_t> degrees);

 private:
  RemovedUnlessKept file_;
  std::int64_t num_vertices_;
  std::uint64_t digest_;
};

}  // namespace semibfs
