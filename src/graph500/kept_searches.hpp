// The trees of a run's searches under a DRAM budget, kept from the searches until their validation
// after the last one (issue 41): the searches then run with the placement they would have without
// validation, and the validation gets their DRAM afterwards. The parents are kept as the search
// wrote them (4 or 8 bytes a vertex; the levels are walked from them again when validated): in DRAM
// when a small room holds them all, else appended to a temporary file in the store's directory,
// removed when this goes, after an error or an interrupt too.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/file_output.hpp"
#include "core/parent_array.hpp"
#include "core/types.hpp"

namespace semibfs {

class KeptSearches {
 public:
  // Room for `searches` trees over `num_vertices` vertices: in DRAM when `dram_room` bytes hold
  // them all, else in a file of `directory` (created by the first keep).
  KeptSearches(std::int64_t num_vertices, std::int64_t searches, std::int64_t dram_room, std::string directory);
  KeptSearches(const KeptSearches&) = delete;
  KeptSearches& operator=(const KeptSearches&) = delete;
  ~KeptSearches();

  // Keeps the search from `root`; `parent` may then be reused.
  void keep(VertexId root, const ParentArray& parent);
  // The tree of the `index`th kept search into `parent`, resized to it.
  void read(std::int64_t index, ParentArray& parent) const;
  // The parents of vertices [first, first + into.size()) of the `index`th kept search, widened;
  // returns the bytes read from the file (0 in DRAM).
  std::int64_t read_range(std::int64_t index, VertexId first, std::span<VertexId> into) const;

  std::int64_t size() const { return std::ssize(roots_); }
  VertexId root(std::int64_t index) const { return roots_[static_cast<std::size_t>(index)]; }
  bool in_file() const { return file_.has_value(); }
  const std::string& file_path() const;  // empty in DRAM
  std::int64_t bytes() const { return size() * tree_bytes_; }  // all kept trees
  std::int64_t dram_bytes() const { return in_file() ? 0 : bytes(); }

  // The file's name in `directory` (its temporary name, this process's).
  static std::string file_path_in(const std::string& directory);

 private:
  std::int64_t num_vertices_;
  std::int64_t tree_bytes_ = 0;  // set by the first keep: its width
  bool narrow_ = true;
  std::vector<VertexId> roots_;
  std::vector<ParentArray> in_dram_;
  [[noreturn]] void throw_unread(std::int64_t index, std::int64_t read) const;

  std::optional<RemovedUnlessKept> file_;
  int descriptor_ = -1;
};

}  // namespace semibfs
