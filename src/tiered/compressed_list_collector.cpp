#include "tiered/compressed_list_collector.hpp"

#include <algorithm>
#include <cstring>
#include <utility>

#include "compress/list_walk.hpp"
#include "core/error.hpp"
#include "core/parallel_errors.hpp"
#include "store/graph_store.hpp"

namespace semibfs {

CompressedListCollector::CompressedListCollector(CompressedRows& rows, std::span<const NeighborId> first_neighbors, VertexRange allowed,
                                                 std::string path, PairDigest& digest)
    : rows_(rows), first_neighbors_(first_neighbors), allowed_(allowed), path_(std::move(path)), digest_(digest) {}

void CompressedListCollector::collect(std::int64_t row, std::span<const std::uint8_t> list, PairDigest& digest) const {
  const VertexId vertex = rows_.first_vertex + row;
  std::int64_t entries = 0;
  const NeighborId first_neighbor = first_neighbors_.empty() ? kNoFirstNeighbor : first_neighbors_[row];
  bool first_neighbor_found = first_neighbors_.empty();
  try {
    walk_byte_list(vertex, list, static_cast<std::uint64_t>(rows_.num_vertices),
                   static_cast<std::uint64_t>(rows_.min_interval_length), [&](std::uint64_t id) {
                     if (!allowed_.contains(static_cast<VertexId>(id))) {
                       throw Error("the list of vertex " + std::to_string(vertex) + " holds vertex " + std::to_string(id) +
                                   ", outside [" + std::to_string(allowed_.begin) + ", " + std::to_string(allowed_.end) + ")");
                     }
                     ++entries;
                     first_neighbor_found = first_neighbor_found || id == first_neighbor;
                     digest.add(vertex, static_cast<NeighborId>(id));
                     return false;
                   });
  } catch (const Error& error) {
    store_file_damaged(path_, error.what());
  }
  const std::int64_t expected = rows_.index.degree(row);
  if (entries != expected) {
    store_file_damaged(path_, "the list of vertex " + std::to_string(vertex) + " holds " + std::to_string(entries) +
                                  " entries where the offsets say " + std::to_string(expected));
  }
  if (entries == 0 ? first_neighbor != kNoFirstNeighbor : !first_neighbor_found) {
    store_file_damaged(path_, "the first neighbour of vertex " + std::to_string(vertex) + " (" + std::to_string(first_neighbor) +
                                  ") is not in its list");
  }
  if (rows_.index.resident(row)) std::memcpy(rows_.resident.data() + rows_.index.resident_begin(row), list.data(), list.size());
}

void CompressedListCollector::collect_rows(std::int64_t first, std::int64_t end, const std::uint8_t* piece,
                                           std::uint64_t offset) {
  ParallelErrors errors;
  std::uint64_t direct = 0;
  std::uint64_t reversed = 0;
#pragma omp parallel for schedule(dynamic, 256) reduction(+ : direct, reversed)
  for (std::int64_t row = first; row < end; ++row) {
    errors.capture([&] {
      const std::uint64_t begin = rows_.index.list_begin(row);
      PairDigest local;
      collect(row, {piece + (begin - offset), rows_.index.list_end(row) - begin}, local);
      direct += local.direct();
      reversed += local.reversed();
    });
  }
  errors.rethrow_first();
  digest_.add_sums(direct, reversed);
}

void CompressedListCollector::consume(std::span<const std::byte> bytes, std::uint64_t offset) {
  sha_.update(bytes.data(), bytes.size());
  const auto* piece = reinterpret_cast<const std::uint8_t*>(bytes.data());
  const std::uint64_t end = offset + bytes.size();
  consumed_bytes_ = end;
  const CompressedRowIndex& lists = rows_.index;
  // A list begun in an earlier piece: gathered until it is whole.
  if (next_row_ < num_rows() && lists.list_begin(next_row_) < offset) {
    const std::uint64_t list_end = lists.list_end(next_row_);
    spanning_.insert(spanning_.end(), piece, piece + (std::min(list_end, end) - offset));
    if (list_end > end) return;
    collect(next_row_++, spanning_, digest_);
    spanning_.clear();
  }
  // The rows whose lists end inside this piece: up to the first whose list ends past it.
  std::int64_t low = next_row_;
  std::int64_t high = num_rows();
  while (low < high) {
    const std::int64_t middle = low + (high - low) / 2;
    if (lists.list_end(middle) > end) {
      high = middle;
    } else {
      low = middle + 1;
    }
  }
  collect_rows(next_row_, low, piece, offset);
  next_row_ = low;
  if (next_row_ < num_rows() && lists.list_begin(next_row_) < end) {
    spanning_.assign(piece + (lists.list_begin(next_row_) - offset), piece + bytes.size());
  }
}

std::string CompressedListCollector::finish_hex() {
  // Empty lists at the end (every list, in a graph of self-loops only) lie in no piece read.
  if (next_row_ != num_rows()) consume({}, consumed_bytes_);
  if (next_row_ != num_rows()) {
    store_file_damaged(path_, "the file ends before the list of row " + std::to_string(next_row_));
  }
  return sha_.finish_hex();
}

}  // namespace semibfs
