// How the external construction (external_build.hpp) spends its DRAM budget: 4 bytes of degree
// per vertex, one chunk of edges read (and sorted) at a time, a write buffer per store file, and
// the rest for the neighbour lists of one range of vertices at a time. A ledger counts the bytes its buffers
// hold, so that the peak can be held against the budget.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "graph/partition_layout.hpp"

namespace semibfs {

class BufferLedger {
 public:
  void take(std::int64_t bytes) {
    held_ += bytes;
    peak_ = std::max(peak_, held_);
  }
  void give_back(std::int64_t bytes) { held_ -= bytes; }
  std::int64_t held() const { return held_; }
  std::int64_t peak() const { return peak_; }

 private:
  std::int64_t held_ = 0;
  std::int64_t peak_ = 0;
};

// Bytes counted in a ledger for as long as the ticket lives.
class LedgerTicket {
 public:
  LedgerTicket() = default;
  LedgerTicket(BufferLedger& ledger, std::int64_t bytes) : ledger_(&ledger), bytes_(bytes) { ledger.take(bytes); }
  LedgerTicket(LedgerTicket&& other) noexcept
      : ledger_(std::exchange(other.ledger_, nullptr)), bytes_(std::exchange(other.bytes_, 0)) {}
  LedgerTicket& operator=(LedgerTicket&& other) noexcept {
    std::swap(ledger_, other.ledger_);
    std::swap(bytes_, other.bytes_);
    return *this;
  }
  ~LedgerTicket() {
    if (ledger_ != nullptr) ledger_->give_back(bytes_);
  }

 private:
  BufferLedger* ledger_ = nullptr;
  std::int64_t bytes_ = 0;
};

// An array counted in a ledger; its contents start uninitialized.
template <typename T>
class LedgerArray {
 public:
  LedgerArray() = default;
  LedgerArray(BufferLedger& ledger, std::size_t size)
      : data_(std::make_unique_for_overwrite<T[]>(size)),
        size_(size),
        ticket_(ledger, static_cast<std::int64_t>(size * sizeof(T))) {}

  T* data() { return data_.get(); }
  const T* data() const { return data_.get(); }
  std::size_t size() const { return size_; }
  T& operator[](std::size_t index) { return data_[index]; }
  const T& operator[](std::size_t index) const { return data_[index]; }
  std::span<T> span() { return {data_.get(), size_}; }
  std::span<const T> span() const { return {data_.get(), size_}; }

 private:
  std::unique_ptr<T[]> data_;
  std::size_t size_ = 0;
  LedgerTicket ticket_;
};

// A collect pass holds, per edge of its chunk, the edge and, for its two entries, a sort key and
// the radix sort's other half (range_lists.hpp).
inline constexpr std::int64_t kCollectBytesPerEdge = 12 + 2 * 2 * sizeof(std::uint64_t);

struct BuildBudget {
  std::int64_t degree_bytes = 0;         // 4 per vertex
  std::int64_t chunk_edges = 0;          // edges read from the edge file at a time
  std::int64_t file_buffer_bytes = 0;    // per store file written
  std::int64_t range_bytes = 0;          // the lists of one range of vertices
};

// The smallest budget accepted for `num_vertices` vertices and `store_files` files written at once.
std::int64_t minimum_build_budget(std::int64_t num_vertices, int store_files);

// Throws semibfs::Error naming the minimum when the budget is below it.
BuildBudget split_budget(std::int64_t dram_budget_bytes, std::int64_t num_vertices, int store_files);

// Consecutive ranges covering [0, entries.size()), each as long as its lists fit `range_bytes`:
// bytes_per_entry per list entry (entries[v] for vertex v) plus bytes_per_vertex per vertex and
// one more, and hold at most max_entries entries. Throws semibfs::Error naming the vertex and the
// budget needed when one vertex alone does not fit.
std::vector<VertexRange> plan_vertex_ranges(std::span<const std::uint32_t> entries, std::int64_t bytes_per_entry,
                                            std::int64_t bytes_per_vertex, std::int64_t range_bytes,
                                            std::int64_t max_entries = INT64_MAX);

}  // namespace semibfs
