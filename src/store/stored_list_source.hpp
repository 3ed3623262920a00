// A compressed store's lists read for validation (issue 41 item 2): every partition's backward
// lists, all rows in vertex order, in blocks of big sequential reads of the positions and the list
// bytes, the next block read while the caller checks the last. Decoded with the checked walk
// (compress/list_walk.hpp): the files may change after the open checked them. The same reading
// layer as the searches' (the codec); the validation that uses it shares no code with the search.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "edges/vertex_list_source.hpp"
#include "store/store_manifest.hpp"

namespace semibfs {

class StoredListSource final : public VertexListSource {
 public:
  // Throws semibfs::Error naming a file it cannot open, or a store that readable() refuses.
  StoredListSource(const std::string& directory, const StoreManifest& manifest);
  ~StoredListSource() override;
  StoredListSource(const StoredListSource&) = delete;
  StoredListSource& operator=(const StoredListSource&) = delete;

  // Whether this reads the store's lists: undirected, lists compressed with the byte code, input ids
  // (not relabelled), every partition's backward lists holding its rows' whole lists.
  static bool readable(const StoreManifest& manifest);
  // The bytes a pass reads: the positions and the lists of every partition.
  static std::int64_t pass_bytes(const StoreManifest& manifest);

  std::int64_t num_vertices() const override { return num_vertices_; }
  void for_each_block(const ListBlockVisitor& visit) const override;
  std::int64_t buffer_bytes() const override;
  std::int64_t max_block_vertices() const override;
  std::int64_t bytes_read() const override { return bytes_read_.load(); }

  struct Part {
    std::string positions_path;
    std::string lists_path;
    int positions_descriptor = -1;
    int lists_descriptor = -1;
    VertexId first_vertex = 0;
    std::int64_t rows = 0;
    std::int64_t list_bytes = 0;  // the lists file's length, as listed
  };
  struct Loaded;

 private:
  Loaded load(const Part& part, std::int64_t first_row) const;

  std::int64_t num_vertices_ = 0;
  std::uint64_t min_interval_length_ = 3;
  std::vector<Part> parts_;
  mutable std::atomic<std::int64_t> bytes_read_{0};
};

}  // namespace semibfs
