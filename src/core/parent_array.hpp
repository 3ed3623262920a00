// The parents of a search: 32-bit entries while every id and the -1 of an unreached vertex fit
// (up to 2^31 vertices, SCALE 31), 64-bit beyond; half the DRAM per vertex of 64-bit parents.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/types.hpp"

namespace semibfs {

class ParentArray {
 public:
  enum class Width { kFitting, kWide };  // kWide: 64-bit whatever the size (tests, a rank's parents)

  // Whether n vertices get 32-bit parents, and the bytes per vertex either way.
  static bool narrow_for(std::int64_t num_vertices) { return num_vertices <= (std::int64_t{1} << 31); }
  static std::int64_t bytes_per_vertex(std::int64_t num_vertices) { return narrow_for(num_vertices) ? 4 : 8; }

  // n entries, every one kUnreached.
  void assign(std::int64_t num_vertices, Width width = Width::kFitting) {
    narrow_ = width == Width::kFitting && narrow_for(num_vertices);
    narrow_entries_.assign(narrow_ ? static_cast<std::size_t>(num_vertices) : 0, static_cast<std::int32_t>(kUnreached));
    wide_entries_.assign(narrow_ ? 0 : static_cast<std::size_t>(num_vertices), kUnreached);
  }

  bool narrow() const { return narrow_; }
  std::int64_t size() const {
    return static_cast<std::int64_t>(narrow_ ? narrow_entries_.size() : wide_entries_.size());
  }
  std::int64_t bytes() const { return size() * (narrow_ ? 4 : 8); }
  VertexId operator[](std::int64_t vertex) const {
    return narrow_ ? narrow_entries_[static_cast<std::size_t>(vertex)] : wide_entries_[static_cast<std::size_t>(vertex)];
  }

  // f(std::span<std::int32_t>) or f(std::span<std::int64_t>), whichever the entries are.
  template <typename F>
  decltype(auto) visit(F&& f) {
    return narrow_ ? f(std::span<std::int32_t>(narrow_entries_)) : f(std::span<std::int64_t>(wide_entries_));
  }
  template <typename F>
  decltype(auto) visit(F&& f) const {
    return narrow_ ? f(std::span<const std::int32_t>(narrow_entries_))
                   : f(std::span<const std::int64_t>(wide_entries_));
  }

 private:
  bool narrow_ = true;
  std::vector<std::int32_t> narrow_entries_;
  std::vector<std::int64_t> wide_entries_;
};

}  // namespace semibfs
