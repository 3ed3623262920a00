// Compressed backward lists written a batch at a time from their id order
// (StoreListWriter::append_sorted_backward, the external build's ordering pass) are the files the
// lists put in their order and appended one by one make, byte for byte: heads, offsets, positions
// and lists, whatever the batches and the threads.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "construction/store_list_writer.hpp"
#include "graph/neighbor_order.hpp"
#include "support/error_message.hpp"
#include "support/same_store_files.hpp"
#include "support/scratch_directory.hpp"
#include "support/thread_count.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;

// Lists sorted by id without repeats, some empty, a few long; offsets from 0.
struct SortedLists {
  std::vector<std::uint32_t> offsets{0};
  std::vector<NeighborId> neighbors;
  std::vector<std::uint32_t> degrees;

  std::span<NeighborId> list(std::size_t vertex) {
    return std::span(neighbors).subspan(offsets[vertex], offsets[vertex + 1] - offsets[vertex]);
  }
};

SortedLists random_lists(std::int64_t num_vertices, unsigned seed) {
  std::mt19937_64 random(seed);
  SortedLists lists;
  for (std::int64_t vertex = 0; vertex < num_vertices; ++vertex) {
    const std::uint64_t length = vertex % 97 == 0 ? 3000 : random() % 5 == 0 ? 0 : random() % 40;
    std::vector<NeighborId> list;
    for (std::uint64_t index = 0; index < length; ++index) list.push_back(static_cast<NeighborId>(random() % num_vertices));
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
    lists.neighbors.insert(lists.neighbors.end(), list.begin(), list.end());
    lists.offsets.push_back(static_cast<std::uint32_t>(lists.neighbors.size()));
    // Few distinct degrees: many ties for the hub.
    lists.degrees.push_back(static_cast<std::uint32_t>(random() % 6));
  }
  return lists;
}

// Every file of the store's lists, by name, as the writer left them once closed.
using StoreFiles = std::map<std::string, std::string>;

template <typename Append>
StoreFiles write_lists(const std::string& directory, GraphDirection direction, int partitions, Append&& append) {
  fs::create_directories(directory);
  StoreWriter store(directory);
  BufferLedger ledger;
  StoreListWriter writer(store, PartitionLayout(2000, partitions), direction, 4096, ledger, default_list_codec());
  append(writer, ledger);
  writer.close();
  StoreFiles files;
  for (const std::string& name : testing::file_names(directory)) {
    files[name] = testing::file_contents(fs::path(directory) / name);
  }
  EXPECT_EQ(ledger.held(), 0);
  return files;
}

class SortedBackwardListsTest : public ::testing::Test {
 protected:
  // The lists put in `order` and appended one by one (and, directed, the same lists as out-lists).
  StoreFiles one_by_one(const std::string& name, GraphDirection direction, int partitions, NeighborOrder order) {
    SortedLists lists = lists_;
    return write_lists(scratch_.file(name), direction, partitions, [&](StoreListWriter& writer, BufferLedger&) {
      std::vector<std::uint64_t> keys(lists.neighbors.size());
      for (std::size_t vertex = 0; vertex + 1 < lists.offsets.size(); ++vertex) {
        order_list(lists.list(vertex), order, lists.degrees, keys);
        if (direction == GraphDirection::kUndirected) {
          writer.append(lists.list(vertex));
        } else {
          writer.append_backward(lists.list(vertex));
        }
      }
      if (direction == GraphDirection::kDirected) {
        for (std::size_t vertex = 0; vertex + 1 < lists.offsets.size(); ++vertex) writer.append_forward(lists_.list(vertex));
      }
    });
  }

  // The id-ordered lists in two calls (two ranges), in batches of `batch_bytes`.
  StoreFiles sorted(const std::string& name, GraphDirection direction, std::int64_t batch_bytes) {
    return write_lists(scratch_.file(name), direction, 1, [&](StoreListWriter& writer, BufferLedger& ledger) {
      EXPECT_TRUE(writer.takes_sorted_backward(direction == GraphDirection::kUndirected));
      const std::span<const std::uint32_t> offsets(lists_.offsets);
      writer.append_sorted_backward(offsets.first(701), lists_.neighbors, lists_.degrees, batch_bytes);
      writer.append_sorted_backward(offsets.subspan(700), lists_.neighbors, lists_.degrees, batch_bytes);
      EXPECT_GT(ledger.peak(), 0);
      if (direction == GraphDirection::kDirected) {
        for (std::size_t vertex = 0; vertex + 1 < lists_.offsets.size(); ++vertex) writer.append_forward(lists_.list(vertex));
      }
    });
  }

  SortedLists lists_ = random_lists(2000, 13);
  testing::ScratchDirectory scratch_;
};

TEST_F(SortedBackwardListsTest, AreTheFilesOfTheListsInTheirOrderAppendedOneByOne) {
  for (const GraphDirection direction : {GraphDirection::kUndirected, GraphDirection::kDirected}) {
    const StoreFiles expected = one_by_one("one-by-one", direction, 1, NeighborOrder::kHubFirst);
    // Degree order puts the same head first, the lists are compressed in id order either way.
    EXPECT_EQ(one_by_one("by-degree", direction, 1, NeighborOrder::kByDegree), expected);
    for (const std::int64_t batch_bytes : {std::int64_t{1}, std::int64_t{4000}, std::int64_t{1} << 30}) {
      for (const int threads : {1, 3}) {
        SCOPED_TRACE("batch " + std::to_string(batch_bytes) + ", threads " + std::to_string(threads));
        const testing::ThreadCount thread_count(threads);
        EXPECT_EQ(sorted("sorted", direction, batch_bytes), expected);
      }
    }
  }
}

TEST_F(SortedBackwardListsTest, AreRefusedWhereAnUndirectedListIsSplitAmongForwardGraphs) {
  write_lists(scratch_.file("split"), GraphDirection::kUndirected, 2, [](StoreListWriter& writer, BufferLedger&) {
    EXPECT_FALSE(writer.takes_sorted_backward(true));
  });
}

TEST_F(SortedBackwardListsTest, AListNotAscendingIsNamedByItsVertex) {
  std::swap(lists_.neighbors[lists_.offsets[1455]], lists_.neighbors[lists_.offsets[1455] + 1]);
  const std::string message = testing::error_of([&] { sorted("unsorted", GraphDirection::kUndirected, 4000); });
  EXPECT_NE(message.find("the list of vertex 1455 is not ascending without repeats"), std::string::npos) << message;
}

}  // namespace
}  // namespace semibfs
