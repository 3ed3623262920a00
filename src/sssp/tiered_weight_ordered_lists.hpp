// The lists ordered by weight (weight_ordered_lists.hpp) under a DRAM budget, for the pruned kernel
// (push_pull_stepping.hpp): made by streaming a store's neighbours and weights files once, each
// list sorted lightest first; its first entries stay in DRAM, the rest (its tail) goes to one
// scratch file beside the store, read back on the rare walk that gets past the DRAM part.
//
// What stays in DRAM is what the kernel reads: a bucket's inner edges and a pull's bound are
// prefixes of the lists by weight, and a hub's distance settles close to the bucket it is pulled
// in, so its pulls read a short prefix; a vertex of low degree may pull through any edge. So each
// list of degree up to D is whole in DRAM, and a longer one keeps its lightest max(D, ceil(f d))
// entries; f is the largest the room allows with D at least 32 (choose_resident_share). At SCALE
// 20 under a quarter of the in-memory footprint that is none to a few hundred tail reads a search
// (docs/PERFORMANCE.md).
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/file_output.hpp"
#include "core/parallel_errors.hpp"
#include "core/types.hpp"
#include "io/aligned_buffer.hpp"
#include "io/block_file.hpp"
#include "sssp/copy_ids.hpp"
#include "sssp/weight_ordered_lists.hpp"
#include "tiered/graph_profile.hpp"

namespace semibfs {

// One partition's backward lists as a store keeps them: its vertices from `first_vertex` on, the
// entries before each row (rows + 1, checked), and the two files with their SHA-256 from the
// manifest (checked as they stream past).
struct StoredListFiles {
  VertexId first_vertex = 0;
  std::vector<std::int64_t> offsets;
  std::string neighbors_path;
  std::string neighbors_sha256;
  std::string weights_path;
  std::string weights_sha256;
};

// How much of each list stays in DRAM: lists of degree up to whole_degree whole; of a longer list
// of degree d its lightest max(whole_degree, ceil(fraction d)) entries.
struct ResidentShare {
  std::int64_t whole_degree = 0;
  double fraction = 0;
  std::int64_t entries(std::int64_t degree) const;
};

// The share whose resident entries fit in `entries` (at least one a list with edges): every list
// whole when they all fit; else the largest fraction among 1/2, 1/4, ..., 1/100 with whole lists
// up to degree 32 at least, its degree bound the largest that fits; else the largest bound with
// no fraction. `degrees`: how many vertices have each degree (at least 1), by degree ascending.
ResidentShare choose_resident_share(std::span<const DegreeCount> degrees, std::int64_t entries);

// What reading `entries` of tails in `reads` requests costs, in list entries read in DRAM (a read
// of the device takes about as long as the kernel takes over 2,000 entries: docs/PERFORMANCE.md);
// the kernel weighs a push against a pull with it.
inline std::int64_t tail_read_cost(std::int64_t entries, std::int64_t reads) { return entries + 2000 * reads; }

// A walk's tail reads: the calling thread's buffer and counts.
struct TailReader {
  AlignedBuffer buffer;
  std::int64_t reads = 0;
  std::int64_t bytes = 0;
};

class TieredWeightOrderedLists {
 public:
  // The copy of `partitions` (in vertex order, covering the graph's `num_vertices`), with at most
  // `resident_bytes` of entries in DRAM and the tails in a scratch file in `scratch_directory`
  // (removed with the copy). Throws semibfs::Error naming the file when a store file is damaged
  // (its size, SHA-256, an id or weight out of range), or the scratch file cannot be written.
  TieredWeightOrderedLists(std::span<const StoredListFiles> partitions, std::int64_t num_vertices,
                           std::int64_t resident_bytes, const std::string& scratch_directory);
  TieredWeightOrderedLists(const TieredWeightOrderedLists&) = delete;
  TieredWeightOrderedLists& operator=(const TieredWeightOrderedLists&) = delete;

  // DRAM per vertex besides the resident entries: their offsets, the tails' offsets and first
  // weights, the id maps.
  static constexpr std::int64_t kBytesPerVertex = 2 * sizeof(std::int64_t) + sizeof(float) + CopyIds::kBytesPerVertex;
  // Entries of a tail's first read (most walks that reach a tail stop early in it); each next read
  // of the same tail is four times longer, up to the last size (a push reads the tail to its end).
  static constexpr std::int64_t kFirstTailPieceEntries = 4096;
  static constexpr std::int64_t kLastTailPieceEntries = 65536;

  // DRAM a thread's tail reads hold at most (TailReader: its longest read and a block), where the
  // longest list has `longest_list` entries.
  static std::int64_t reader_bytes(std::int64_t longest_list);
  // DRAM the making holds besides the copy, for a graph of `vertices` and `entries` list entries
  // whose longest list has `longest_list`: the store's offsets and the degrees, the pieces read and
  // their sorted entries and tails.
  static std::int64_t making_bytes(std::int64_t vertices, std::int64_t entries, std::int64_t longest_list);

  bool renamed() const { return ids_.renamed(); }
  NeighborId copy_id(VertexId vertex) const { return ids_.copy_id(vertex); }
  VertexId graph_id(NeighborId vertex) const { return ids_.graph_id(vertex); }

  // In the copy's ids, as WeightOrderedLists.
  std::int64_t num_vertices() const { return static_cast<std::int64_t>(resident_offsets_.size()) - 1; }
  bool has_list(VertexId vertex) const { return resident_count(vertex) > 0; }  // every list keeps an entry
  // What pushing the vertex's list costs (tail_read_cost): its resident entries, its tail's reads.
  std::int64_t push_cost(VertexId vertex) const {
    const std::int64_t tail = tail_count(graph_id(static_cast<NeighborId>(vertex)));
    return resident_count(vertex) + (tail > 0 ? tail_read_cost(tail, 1 + tail / kLastTailPieceEntries) : 0);
  }
  void prefetch_offsets(VertexId vertex) const { __builtin_prefetch(resident_offsets_.data() + vertex); }
  void prefetch_list(VertexId vertex) const { __builtin_prefetch(resident_.data() + resident_offsets_[vertex]); }
  // visit(entry) for the vertex's entries, lightest first, while below(their weight) (which must
  // turn false for good once it does): the resident ones, then the tail read a piece at a time into
  // `reader`, unless below(the tail's first weight, kept in DRAM) already fails. A failed read ends
  // the walk and is kept for rethrow_failure (a walk runs inside the kernel's parallel regions).
  template <typename Below, typename Visit>
  void walk(VertexId vertex, TailReader& reader, Below&& below, Visit&& visit) const {
    const WeightedEntry* end = resident_.data() + resident_offsets_[vertex + 1];
    for (const WeightedEntry* entry = resident_.data() + resident_offsets_[vertex]; entry < end; ++entry) {
      if (!below(entry->weight)) return;
      visit(*entry);
    }
    if (!below(tail_weights_[vertex])) return;  // infinity: no tail
    const VertexId in_graph = graph_id(static_cast<NeighborId>(vertex));
    std::int64_t piece_entries = kFirstTailPieceEntries;
    for (std::int64_t at = tail_offsets_[in_graph]; at < tail_offsets_[in_graph + 1]; at += piece_entries) {
      if (at > tail_offsets_[in_graph]) piece_entries = std::min(4 * piece_entries, kLastTailPieceEntries);
      const std::span<const WeightedEntry> piece =
          read_tail(reader, at, std::min(piece_entries, tail_offsets_[in_graph + 1] - at));
      for (const WeightedEntry& entry : piece) {
        if (!below(entry.weight)) return;
        visit(entry);
      }
    }
  }
  // Throws the first failed tail read's error since the last call, if any.
  void rethrow_failure() const;

  const ResidentShare& share() const { return share_; }
  std::int64_t resident_entries() const { return static_cast<std::int64_t>(resident_.size()); }
  std::int64_t tail_entries() const { return tail_offsets_.back(); }
  const std::string& tail_path() const { return tails_->path(); }
  // DRAM held: the resident entries, the offsets and the id maps.
  std::int64_t bytes() const;

 private:
  std::int64_t resident_count(VertexId vertex) const {
    return resident_offsets_[vertex + 1] - resident_offsets_[vertex];
  }
  std::int64_t tail_count(VertexId vertex) const { return tail_offsets_[vertex + 1] - tail_offsets_[vertex]; }
  std::span<const WeightedEntry> read_tail(TailReader& reader, std::int64_t first, std::int64_t count) const;
  void place(std::span<const StoredListFiles> partitions, const std::string& directory);
  void copy_partition(const StoredListFiles& files, int descriptor);

  CopyIds ids_;
  ResidentShare share_;
  std::vector<std::int64_t> resident_offsets_;  // in the copy's ids, one more than vertices
  std::vector<std::int64_t> tail_offsets_;      // in the graph's ids (the scratch file's order)
  std::vector<float> tail_weights_;             // in the copy's ids: each tail's first (lightest) weight
  std::vector<WeightedEntry> resident_;
  std::unique_ptr<RemovedUnlessKept> tails_;
  std::unique_ptr<BlockFile> tail_file_;
  mutable ParallelErrors tail_failures_;  // a failed tail read, until rethrow_failure
};

}  // namespace semibfs
