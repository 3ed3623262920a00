// The storage side of the streaming queries: every store layout replies each asked vertex once
// with its whole list (checked against the simple graph made independently from the edge list),
// job queues and both filters narrow the replies as asked, and bad queries are one error.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "query/streaming_graph.hpp"
#include "support/reference_analytics.hpp"
#include "support/split_plans.hpp"
#include "support/store_cases.hpp"
#include "support/test_graphs.hpp"

namespace semibfs {
namespace {

using testing::StoreCase;

const EdgeList& skewed() {
  static const EdgeList edges = testing::make_skewed_random_edge_list(1500, 6, 41);
  return edges;
}

// Every reply of a query, by vertex: its neighbours sorted, and how many replies it got.
struct Replies {
  explicit Replies(std::int64_t n) : lists(static_cast<std::size_t>(n)), counts(static_cast<std::size_t>(n)) {}
  std::vector<std::vector<std::int64_t>> lists;
  std::vector<std::atomic<int>> counts;

  void take(VertexId vertex, std::span<const NeighborId> neighbours) {
    counts[static_cast<std::size_t>(vertex)].fetch_add(1);
    std::vector<std::int64_t>& list = lists[static_cast<std::size_t>(vertex)];
    list.assign(neighbours.begin(), neighbours.end());
    std::sort(list.begin(), list.end());
  }
};

QueryFigures run(StreamingGraph& graph, const StreamingQuery& query, Replies& replies) {
  return graph.stream(
      query, [&replies](VertexId vertex, std::span<const NeighborId> neighbours) { replies.take(vertex, neighbours); });
}

// The expected list of `side`: in-, out-, or both (in then out, so sorted together) lists.
std::vector<std::vector<std::int64_t>> expected_lists(bool directed, ListSide side) {
  auto in = testing::simple_in_lists(skewed(), directed);
  if (!directed || side == ListSide::kIn) return in;
  auto out = testing::simple_out_lists(skewed(), directed);
  if (side == ListSide::kOut) return out;
  for (std::size_t v = 0; v < in.size(); ++v) {
    in[v].insert(in[v].end(), out[v].begin(), out[v].end());
    std::sort(in[v].begin(), in[v].end());
  }
  return in;
}

class StreamingGraphTest : public ::testing::Test {
 protected:
  testing::StoreCases stores_{skewed()};
};

// The buffers the queries run with: the lean and roomy ones, and tiny ones that cut a query into
// many chunks and stages, so that tails arrive for many pending replies.
std::vector<std::pair<std::string, QueryBuffers>> buffer_cases() {
  QueryBuffers tiny = QueryBuffers::lean();
  tiny.fetch = testing::tiny_fetch_options(IoKind::kPread);
  tiny.scan_chunk_vertices = 100;
  tiny.stage_entries = 64;
  return {{"lean", QueryBuffers::lean()}, {"roomy", QueryBuffers::roomy()}, {"tiny", tiny}};
}

TEST_F(StreamingGraphTest, SequentialQueriesReplyEveryVertexOnceWithItsWholeList) {
  for (const StoreCase& c : testing::every_store_case()) {
    for (const auto& [buffers_name, buffers] : buffer_cases()) {
    for (const int threads : {1, 2}) {
      const testing::ScopedThreadCount scoped(threads);
      const TieredGraph tiered = stores_.open(c);
      // Opened as QueryStore opens it: the replies need no first neighbours.
      EXPECT_EQ(tiered.first_neighbors().empty(), c.compressed_lists || c.tails_on_disk) << c.name();
      StreamingGraph graph(tiered, buffers);
      const bool directed = c.direction == GraphDirection::kDirected;
      for (const ListSide side : {ListSide::kIn, ListSide::kOut, ListSide::kBoth}) {
        SCOPED_TRACE(c.name() + ", " + buffers_name + " buffers, " + std::to_string(threads) + " threads, side " +
                     std::to_string(static_cast<int>(side)));
        Replies replies(graph.num_vertices());
        StreamingQuery query;
        query.side = side;
        const QueryFigures figures = run(graph, query, replies);
        const auto expected = expected_lists(directed, side);
        std::int64_t entries = 0;
        for (VertexId v = 0; v < graph.num_vertices(); ++v) {
          ASSERT_EQ(replies.counts[static_cast<std::size_t>(v)].load(), 1) << "vertex " << v;
          ASSERT_EQ(replies.lists[static_cast<std::size_t>(v)], expected[static_cast<std::size_t>(v)])
              << "vertex " << v;
          ASSERT_EQ(graph.degree(side, v), static_cast<std::int64_t>(expected[static_cast<std::size_t>(v)].size()));
          entries += static_cast<std::int64_t>(expected[static_cast<std::size_t>(v)].size());
        }
        EXPECT_EQ(figures.replies, graph.num_vertices());
        EXPECT_EQ(figures.entries_handed_over, entries);
        EXPECT_EQ(figures.entries_decoded, entries);
        EXPECT_EQ(graph.num_entries(side), entries);
        if (c.tails_on_disk) {
          EXPECT_GT(figures.tail_reads, 0) << "no list was read from disk";
        } else {
          EXPECT_EQ(figures.tail_reads, 0);
        }
      }
    }
    }
  }
}

TEST_F(StreamingGraphTest, JobQueuesAndFiltersNarrowTheReplies) {
  for (const StoreCase& c : testing::every_store_case()) {
    for (const auto& [buffers_name, buffers] : buffer_cases()) {
    SCOPED_TRACE(c.name() + ", " + buffers_name + " buffers");
    const TieredGraph tiered = stores_.open(c);
    StreamingGraph graph(tiered, buffers);
    const auto expected = expected_lists(c.direction == GraphDirection::kDirected, ListSide::kIn);
    std::vector<VertexId> jobs;
    Bitmap odd(graph.num_vertices()), threes(graph.num_vertices());
    for (VertexId v = graph.num_vertices() - 1; v >= 0; v -= 3) jobs.push_back(v);  // descending, every third
    for (VertexId v = 1; v < graph.num_vertices(); v += 2) odd.set(v);
    for (VertexId v = 0; v < graph.num_vertices(); v += 3) threes.set(v);
    for (const bool storage_side : {true, false}) {
      StreamingQuery query;
      query.kind = QueryKind::kJobQueue;
      query.jobs = jobs;
      query.vertex_filter = &odd;
      query.neighbour_filter = &threes;
      query.filter_on_storage_side = storage_side;
      Replies replies(graph.num_vertices());
      const QueryFigures figures = run(graph, query, replies);
      std::int64_t asked = 0, handed = 0;
      for (VertexId v = 0; v < graph.num_vertices(); ++v) {
        const bool wanted = (graph.num_vertices() - 1 - v) % 3 == 0 && v % 2 == 1;
        ASSERT_EQ(replies.counts[static_cast<std::size_t>(v)].load(), wanted ? 1 : 0) << "vertex " << v;
        if (!wanted) continue;
        ++asked;
        std::vector<std::int64_t> list = expected[static_cast<std::size_t>(v)];
        if (storage_side) std::erase_if(list, [](std::int64_t w) { return w % 3 != 0; });
        handed += static_cast<std::int64_t>(list.size());
        ASSERT_EQ(replies.lists[static_cast<std::size_t>(v)], list) << "vertex " << v;
      }
      EXPECT_EQ(figures.replies, asked);
      EXPECT_EQ(figures.lists_filtered_out, static_cast<std::int64_t>(jobs.size()) - asked);
      EXPECT_EQ(figures.entries_handed_over, handed);
    }
    }
  }
}

// Hubs 0-2 each joined to the same 30,000 leaves and hub 3 to 70,000 (longer than a chunk's
// entries): the first chunk of vertices holds 160,000 entries unless it is cut by entries.
EdgeList hubs_sharing_a_chunk() {
  EdgeList hubs;
  hubs.num_vertices = 4 + 70000;
  for (std::uint32_t leaf = 4; leaf < 4 + 70000; ++leaf) {
    for (std::uint32_t hub = 0; hub < 4; ++hub)
      if (hub == 3 || leaf < 4 + 30000) hubs.edges.push_back(CompactEdge::make(hub, leaf));
  }
  return hubs;
}

// The storage side copies a chunk's replies into the worker's queue (decoded, filtered or from
// disk): the queue holds at most a chunk's entries, or the one longer list, whatever the degrees.
TEST(StreamingGraphQueues, AChunkHoldsAtMostItsEntriesOrOneLongerList) {
  testing::StoreCases stores(hubs_sharing_a_chunk());
  const std::int64_t longest = 70000;  // hub 3's list (directed: its out-list; its in-list is empty)
  for (const StoreCase& c : testing::every_store_case()) {
    SCOPED_TRACE(c.name());
    const testing::ScopedThreadCount scoped(2);
    const TieredGraph tiered = stores.open(c);
    StreamingGraph graph(tiered);
    Bitmap all(graph.num_vertices());
    for (VertexId v = 0; v < graph.num_vertices(); ++v) all.set(v);
    StreamingQuery query;
    query.side = ListSide::kBoth;
    query.neighbour_filter = &all;  // copies even a plain list in DRAM
    Replies replies(graph.num_vertices());
    const QueryFigures figures = run(graph, query, replies);
    EXPECT_GT(figures.queue_peak_entries, 0);
    EXPECT_LE(figures.queue_peak_entries, std::max(QueryBuffers::lean().stage_entries, longest));
    EXPECT_EQ(static_cast<std::int64_t>(replies.lists[3].size()), longest);
  }
}

// Hub 0 joined to every fifth vertex of 60,000: a compressed list of about 60 KB (gaps of 5, a
// byte each), longer than the tiny fetcher's arena of 32 KiB.
EdgeList hub_with_a_long_compressed_list() {
  EdgeList hub;
  hub.num_vertices = 1 + 5 * 60000;
  for (std::uint32_t leaf = 5; leaf < hub.num_vertices; leaf += 5) hub.edges.push_back(CompactEdge::make(0, leaf));
  return hub;
}

// A compressed list on disk is read whole, into the fetcher's arena or, longer, a buffer of its
// own: what the fetchers hold stays within what TailFetchOptions::held_bytes counts for the
// longest list (the budget's I/O buffers), and above it without that list.
TEST(StreamingGraphQueues, AFetcherHoldsItsArenaAndTheLongestListReadWhole) {
  testing::StoreCases stores(hub_with_a_long_compressed_list());
  QueryBuffers buffers = QueryBuffers::lean();
  buffers.fetch = testing::tiny_fetch_options(IoKind::kPread);
  const TailFetchOptions& fetch = buffers.fetch;
  for (const int partitions : {1, 2}) {
    const testing::StoreCase c{true, partitions, GraphDirection::kUndirected, true};
    SCOPED_TRACE(c.name());
    const testing::ScopedThreadCount scoped(2);
    const TieredGraph tiered = stores.open(c);
    std::uint64_t longest = 0;  // from the lists' own positions
    for (int k = 0; k < tiered.num_partitions(); ++k) {
      const TieredCsr& lists = tiered.backward(k);
      for (std::int64_t row = 0; row < lists.num_rows(); ++row) {
        if (lists.tail_entries(row) > 0) longest = std::max(longest, lists.tail_byte_end(row) - lists.tail_byte_begin(row));
      }
    }
    ASSERT_GT(longest, fetch.arena_bytes);
    StreamingGraph graph(tiered, buffers);
    StreamingQuery query;
    Replies replies(graph.num_vertices());
    run(graph, query, replies);
    EXPECT_EQ(replies.lists[0].size(), std::size_t{60000});
    EXPECT_GT(graph.buffer_bytes(), static_cast<std::int64_t>(2 * fetch.held_bytes()));
    EXPECT_LE(graph.buffer_bytes(), static_cast<std::int64_t>(2 * fetch.held_bytes(longest)));
  }
}

// A scan's stripes: each stripe's first vertices keep their whole lists in DRAM, every other list
// is on disk whole, the replies are the whole lists, and a sequential query reads only the rest of
// each stripe, in long pieces: its bytes and a few blocks of rounding a chunk and a stripe, not the
// resident lists between tails again (with a tail behind every list it would read nearly the whole
// file). Three stripes, the second partition starting inside the second: plain lists then locate
// their resident parts by the stripes alone (TieredCsr::striped).
TEST(StreamingGraphScans, StripesKeepWholeListsAndReadOnlyTheRest) {
  const EdgeList edges = testing::make_skewed_random_edge_list(10000, 12, 7);
  constexpr std::int64_t kStripe = ResidencyRule::kScanStripeVertices;
  testing::StoreCases stores(edges);
  for (const StoreCase& c : testing::every_store_case()) {
    if (!c.tails_on_disk) continue;
    const bool directed = c.direction == GraphDirection::kDirected;
    const auto expected = testing::simple_in_lists(edges, directed);
    for (const double share : {0.0, 0.3, 1.0}) {
      for (const auto& [buffers_name, buffers] : buffer_cases()) {
        SCOPED_TRACE(c.name() + ", share " + std::to_string(share) + ", " + buffers_name + " buffers");
        std::vector<std::int64_t> cuts;
        const TieredGraph tiered = stores.open_for_scans(c, share, cuts);
        const std::int64_t n = tiered.num_vertices();
        ASSERT_EQ(static_cast<std::int64_t>(cuts.size()), (n + kStripe - 1) / kStripe);
        for (std::size_t s = 0; s < cuts.size(); ++s) {
          const std::int64_t first = static_cast<std::int64_t>(s) * kStripe, end = std::min(n, first + kStripe);
          if (share == 0.0) {
            EXPECT_EQ(cuts[s], first);
          }
          if (share == 1.0) {
            EXPECT_EQ(cuts[s], end);
          }
          EXPECT_GE(cuts[s], first);
          EXPECT_LE(cuts[s], end);
        }
        std::int64_t disk_bytes = 0, kept_rows = 0;
        for (int k = 0; k < tiered.num_partitions(); ++k) {
          const TieredCsr& lists = tiered.backward(k);
          for (std::int64_t row = 0; row < lists.num_rows(); ++row) {
            const VertexId vertex = tiered.layout().range(k).begin + row;
            const bool kept = vertex < cuts[static_cast<std::size_t>(vertex / kStripe)];
            ASSERT_EQ(lists.resident_count(row), kept ? lists.degree(row) : 0) << "partition " << k << ", row " << row;
            if (!kept) disk_bytes += static_cast<std::int64_t>(lists.tail_byte_end(row) - lists.tail_byte_begin(row));
            kept_rows += kept ? 1 : 0;
          }
        }
        if (share == 0.3) {  // some lists in DRAM, some on disk, in every stripe's proportion
          EXPECT_GT(kept_rows, 0);
          EXPECT_GT(disk_bytes, 0);
        }
        StreamingGraph graph(tiered, buffers);
        Replies replies(graph.num_vertices());
        const QueryFigures figures = run(graph, StreamingQuery{}, replies);  // in-lists, every vertex
        for (VertexId v = 0; v < graph.num_vertices(); ++v) {
          ASSERT_EQ(replies.lists[static_cast<std::size_t>(v)], expected[static_cast<std::size_t>(v)]) << "vertex " << v;
        }
        const std::int64_t pieces =
            tiered.num_partitions() * ((n + buffers.scan_chunk_vertices - 1) / buffers.scan_chunk_vertices +
                                       static_cast<std::int64_t>(cuts.size()));
        EXPECT_GE(figures.tail_bytes, disk_bytes);
        if (buffers_name != "tiny") {  // tiny stages cut a chunk's tails into many requests
          EXPECT_LE(figures.tail_bytes, disk_bytes + 2 * pieces * static_cast<std::int64_t>(kBlockBytes));
        }
        if (share == 1.0) {
          EXPECT_EQ(figures.tail_bytes, 0);
        }
      }
    }
  }
}

TEST_F(StreamingGraphTest, BadQueriesAreOneError) {
  const TieredGraph tiered = stores_.open({true, 1, GraphDirection::kUndirected, true});
  StreamingGraph graph(tiered);
  const auto ignore = [](VertexId, std::span<const NeighborId>) {};
  const std::vector<VertexId> twice = {5, 7, 5};
  const std::vector<VertexId> outside = {3, graph.num_vertices()};
  StreamingQuery query;
  query.kind = QueryKind::kJobQueue;
  query.jobs = twice;
  EXPECT_THROW(graph.stream(query, ignore), Error);
  query.jobs = outside;
  EXPECT_THROW(graph.stream(query, ignore), Error);
  const Bitmap small(10);
  query.jobs = {};
  query.vertex_filter = &small;
  EXPECT_THROW(graph.stream(query, ignore), Error);
  StreamingQuery sequential;
  sequential.jobs = twice;
  EXPECT_THROW(graph.stream(sequential, ignore), Error);
}

}  // namespace
}  // namespace semibfs
