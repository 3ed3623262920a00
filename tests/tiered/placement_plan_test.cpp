// The placement planner on hand-made profiles (every decision checked against sums done by hand)
// and on the profile of a real PartitionedGraph (its structures add up to bytes()).
#include "tiered/placement_plan.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/json_writer.hpp"
#include "graph/csr_graph.hpp"
#include "graph/partitioned_graph.hpp"
#include "support/test_graphs.hpp"

namespace semibfs {
namespace {

// 80 vertices, 8 isolated; lists of degree 1 (40), 3 (20), 20 (10), 50 (2): 400 entries, 1600 B
// per direction. With the limits below (K cap 4, D cap 3, hubs from degree 40):
//   minimum            800 status + 1200 offsets + 336 heads              = 2336
//   + resident index   1200 (as the offsets) + 72 first entries (288)     = 1488 (only when tiered)
//   backward heads     first 4 entries: 40 + 60 + 40 + 8 = 148 entries    =  592 (K=2: 416, K=3: 544)
//   forward low degree degree 1 (160) and 3 (240)                         =  400
//   forward hubs       degree 50                                          =  400
//   backward tails     1600 - 592                                         = 1008
//   forward rest       degree 20                                          =  800
constexpr std::int64_t kResidentIndex = 1488;
constexpr std::int64_t kMinimum = 2336 + kResidentIndex;
constexpr std::int64_t kTotal = 2336 + 1600 + 1600;

GraphProfile hand_made_profile(bool separate_forward = true) {
  GraphProfile profile;
  profile.num_vertices = 80;
  profile.partitions = separate_forward ? 2 : 1;
  profile.separate_forward = separate_forward;
  profile.bfs_status_bytes_per_vertex = 10;
  profile.offset_bytes = 1200;
  profile.first_neighbor_bytes = 80 * 4 + 16;
  profile.degrees = {{1, 40}, {3, 20}, {20, 10}, {50, 2}};
  return profile;
}

PlacementRequest request_for(std::int64_t budget) {
  PlacementRequest request;
  request.dram_budget_bytes = budget;
  request.limits = {.max_head_entries = 4, .max_low_degree = 3, .min_hub_degree = 40};
  return request;
}

PlacementPlan plan_for(std::int64_t budget) { return plan_placement(hand_made_profile(), request_for(budget)); }

std::int64_t dram(const PlacementPlan& plan, const std::string& name) { return plan.structure(name).dram_bytes; }
std::int64_t disk(const PlacementPlan& plan, const std::string& name) { return plan.structure(name).disk_bytes; }

const std::vector<std::string> kOrder = {"reserved", "bfs_status", "offsets", "first_neighbors", "resident_index",
                                         "backward_heads",
                                         "forward_low_degree", "forward_hubs", "backward_tails", "forward_rest"};

TEST(StoragePlacementPlan, ProfileSums) {
  const GraphProfile profile = hand_made_profile();
  EXPECT_EQ(profile.num_entries(), 400);
  EXPECT_EQ(profile.backward_list_bytes(), 1600);
  EXPECT_EQ(profile.forward_list_bytes(), 1600);
  EXPECT_EQ(profile.placed_bytes(), kTotal);
  EXPECT_EQ(hand_made_profile(false).forward_list_bytes(), 0);
}

// Iwabuchi et al.'s placement: the minimum holds the whole backward graph (1600) and the index of the
// lists split (the offsets' 1200; the first entries count with the lists), whatever the budget
// every forward list stays on disk, and it needs a forward graph apart from the backward one.
TEST(StoragePlacementPlan, ForwardOnDiskKeepsTheWholeBackwardGraphAndNoForwardList) {
  constexpr std::int64_t kForwardOnDiskMinimum = 2336 + 1200 + 1600;
  for (const std::int64_t budget : {kForwardOnDiskMinimum, kTotal + 1200, std::int64_t{1} << 40}) {
    PlacementRequest request = request_for(budget);
    request.mode = PlacementMode::kForwardOnDisk;
    const PlacementPlan plan = plan_placement(hand_made_profile(), request);
    SCOPED_TRACE("budget " + std::to_string(budget));
    EXPECT_EQ(plan.mode, PlacementMode::kForwardOnDisk);
    EXPECT_EQ(plan.minimum_bytes, kForwardOnDiskMinimum);
    EXPECT_EQ(plan.dram_bytes(), kForwardOnDiskMinimum);
    EXPECT_EQ(plan.disk_bytes(), 1600);
    EXPECT_EQ(dram(plan, "backward_heads") + dram(plan, "backward_tails"), 1600);
    EXPECT_EQ(disk(plan, "forward_low_degree"), 400);
    EXPECT_EQ(disk(plan, "forward_hubs"), 400);
    EXPECT_EQ(disk(plan, "forward_rest"), 800);
    EXPECT_EQ(plan.low_degree_limit, 0);
    EXPECT_EQ(plan.hub_degree_limit, 0);
    EXPECT_EQ(plan.head_entries, 50);
    EXPECT_FALSE(plan.fits_in_memory);
  }
  PlacementRequest request = request_for(kForwardOnDiskMinimum - 1);
  request.mode = PlacementMode::kForwardOnDisk;
  try {
    plan_placement(hand_made_profile(), request);
    ADD_FAILURE() << "a budget below the placement's minimum was planned";
  } catch (const Error& error) {
    EXPECT_NE(std::string(error.what()).find("the whole backward graph"), std::string::npos) << error.what();
  }
  request.dram_budget_bytes = std::int64_t{1} << 40;
  EXPECT_THROW(plan_placement(hand_made_profile(false), request), Error);  // no forward graph apart
  request.head_entries = 4;
  EXPECT_THROW(plan_placement(hand_made_profile(), request), Error);
}

TEST(StoragePlacementPlan, StructuresInTheIssuesOrder) {
  const PlacementPlan plan = plan_for(kTotal);
  ASSERT_EQ(plan.structures.size(), kOrder.size());
  for (std::size_t i = 0; i < kOrder.size(); ++i) EXPECT_EQ(plan.structures[i].name, kOrder[i]);
  EXPECT_THROW(plan.structure("edge_list"), Error);
}

TEST(StoragePlacementPlan, EverythingFitsMeansAllInDram) {
  for (std::int64_t budget : {kTotal, kTotal + 1, std::int64_t{1} << 40}) {
    const PlacementPlan plan = plan_for(budget);
    EXPECT_TRUE(plan.fits_in_memory) << budget;
    EXPECT_EQ(plan.disk_bytes(), 0);
    EXPECT_EQ(plan.dram_bytes(), kTotal);
    EXPECT_EQ(plan.head_entries, 50);  // the longest list is whole in DRAM
    EXPECT_EQ(plan.low_degree_limit, 39);
    EXPECT_EQ(plan.hub_degree_limit, 40);
    EXPECT_EQ(plan.hub_vertices, 2);
  }
  EXPECT_FALSE(plan_for(kTotal - 1).fits_in_memory);
}

TEST(StoragePlacementPlan, BudgetJustAboveTheMinimumPutsEverythingElseOnDisk) {
  for (std::int64_t budget : {kMinimum, kMinimum + 1, kMinimum + 415}) {
    const PlacementPlan plan = plan_for(budget);
    EXPECT_EQ(plan.dram_bytes(), kMinimum) << budget;
    EXPECT_EQ(plan.disk_bytes(), 3200) << budget;
    EXPECT_EQ(plan.head_entries, 1);
    EXPECT_EQ(plan.low_degree_limit, 0);
    EXPECT_EQ(plan.hub_degree_limit, 0);
    EXPECT_EQ(plan.hub_vertices, 0);
    EXPECT_FALSE(plan.fits_in_memory);
    EXPECT_EQ(disk(plan, "bfs_status") + disk(plan, "offsets") + disk(plan, "first_neighbors"), 0);
  }
}

TEST(StoragePlacementPlan, BudgetsInBetweenFillInTheListedOrder) {
  struct Step {
    std::int64_t extra;  // budget above the minimum
    std::int64_t k, d, hub_limit;
    std::int64_t first_neighbors, low, hubs, tails, rest;  // DRAM bytes
  };
  const std::vector<Step> steps = {
      {416, 2, 0, 0, 416, 0, 0, 0, 0},
      {543, 2, 0, 0, 416, 0, 0, 0, 0},
      {544, 3, 0, 0, 544, 0, 0, 0, 0},
      {592, 4, 0, 0, 592, 0, 0, 0, 0},
      {592 + 159, 4, 0, 0, 592, 0, 0, 0, 0},
      {592 + 160, 4, 2, 0, 592, 160, 0, 0, 0},  // degree 1 in, degree 3 not: D = 2
      {592 + 400, 4, 3, 0, 592, 400, 0, 0, 0},
      {592 + 400 + 399, 4, 3, 0, 592, 400, 0, 0, 0},
      {592 + 400 + 400, 4, 3, 40, 592, 400, 400, 0, 0},
      // Larger budgets reach kTotal - kMinimum = 1712 (the resident index is then not needed) and
      // before that the first tails: K = 5 moves 10 + 2 more entries (48 bytes) for 1440.
      {592 + 400 + 400 + 48, 5, 3, 40, 592, 400, 400, 48, 0},
      {kTotal - kMinimum - 1, 5 + (kTotal - kMinimum - 1 - 1440) / 48, 3, 40, 592, 400, 400,
       48 * (1 + (kTotal - kMinimum - 1 - 1440) / 48), 0},
  };
  for (const Step& step : steps) {
    const PlacementPlan plan = plan_for(kMinimum + step.extra);
    SCOPED_TRACE("budget = minimum + " + std::to_string(step.extra));
    EXPECT_EQ(plan.head_entries, step.k);
    EXPECT_EQ(plan.low_degree_limit, step.d);
    EXPECT_EQ(plan.hub_degree_limit, step.hub_limit);
    EXPECT_EQ(dram(plan, "backward_heads"), step.first_neighbors);
    EXPECT_EQ(dram(plan, "forward_low_degree"), step.low);
    EXPECT_EQ(dram(plan, "forward_hubs"), step.hubs);
    EXPECT_EQ(dram(plan, "backward_tails"), step.tails);
    EXPECT_EQ(dram(plan, "forward_rest"), step.rest);
  }
}

// Every budget from the minimum to everything: sizes fixed, DRAM within budget, a strict order,
// and K, D, the DRAM total only grow with the budget.
TEST(StoragePlacementPlan, EveryBudgetKeepsTheInvariants) {
  const PlacementPlan whole = plan_for(kTotal);
  const PlacementPlan tiered = plan_for(kMinimum);  // with the resident index
  PlacementPlan previous = tiered;
  for (std::int64_t budget = kMinimum; budget <= kTotal + 2; ++budget) {
    const PlacementPlan plan = plan_for(budget);
    const PlacementPlan& same_sizes = budget >= kTotal ? whole : tiered;
    SCOPED_TRACE("budget " + std::to_string(budget));
    ASSERT_EQ(plan.structures.size(), whole.structures.size());
    for (std::size_t i = 0; i < plan.structures.size(); ++i) {
      EXPECT_EQ(plan.structures[i].bytes(), same_sizes.structures[i].bytes()) << plan.structures[i].name;
      EXPECT_GE(plan.structures[i].dram_bytes, 0);
      EXPECT_GE(plan.structures[i].disk_bytes, 0);
      // A structure has DRAM bytes only when every one before it is whole in DRAM.
      if (plan.structures[i].dram_bytes > 0) {
        for (std::size_t j = 0; j < i; ++j) EXPECT_EQ(plan.structures[j].disk_bytes, 0) << plan.structures[j].name;
      }
    }
    EXPECT_EQ(plan.dram_bytes() + plan.disk_bytes(), budget >= kTotal ? kTotal : kTotal + kResidentIndex);
    EXPECT_LE(plan.dram_bytes(), budget);
    EXPECT_GE(plan.head_entries, previous.head_entries);
    EXPECT_GE(plan.low_degree_limit, previous.low_degree_limit);
    EXPECT_GE(plan.dram_bytes(), previous.dram_bytes());
    previous = plan;
  }
}

TEST(StoragePlacementPlan, ChosenKGrowsWithTheBudget) {
  std::int64_t previous = 1;
  for (std::int64_t extra : {0, 416, 544, 592, 2000, 3200}) {
    const std::int64_t k = plan_for(kMinimum + extra).head_entries;
    EXPECT_GE(k, previous) << extra;
    previous = k;
  }
  EXPECT_EQ(previous, 50);
}

TEST(StoragePlacementPlan, ForcedKIsRespected) {
  PlacementRequest request = request_for(kTotal);
  request.head_entries = 3;
  PlacementPlan plan = plan_placement(hand_made_profile(), request);
  EXPECT_EQ(plan.head_entries, 3);
  EXPECT_TRUE(plan.head_entries_forced);
  EXPECT_EQ(dram(plan, "backward_heads"), 544);
  EXPECT_EQ(disk(plan, "backward_heads"), 48);
  EXPECT_EQ(dram(plan, "backward_tails"), 0);
  // A forced K is not a shortfall: the forward graph still gets the rest of the budget.
  EXPECT_EQ(disk(plan, "forward_low_degree") + disk(plan, "forward_hubs") + disk(plan, "forward_rest"), 0);
  EXPECT_FALSE(plan.fits_in_memory);

  request.head_entries = 1;  // the first-neighbour array only
  plan = plan_placement(hand_made_profile(), request);
  EXPECT_EQ(plan.head_entries, 1);
  EXPECT_EQ(dram(plan, "backward_heads") + dram(plan, "backward_tails"), 0);

  request.head_entries = 20;  // past the cap: the extra entries count as tails in DRAM
  plan = plan_placement(hand_made_profile(), request);
  EXPECT_EQ(plan.head_entries, 20);
  EXPECT_EQ(dram(plan, "backward_heads"), 592);
  EXPECT_EQ(dram(plan, "backward_tails"), 768);

  request.dram_budget_bytes = kMinimum + 543;  // K = 3 needs 544
  request.head_entries = 3;
  try {
    plan_placement(hand_made_profile(), request);
    FAIL() << "a forced K that does not fit was accepted";
  } catch (const Error& error) {
    EXPECT_NE(std::string(error.what()).find("head entries K = 3 needs"), std::string::npos) << error.what();
  }
  request.head_entries = 0;
  EXPECT_THROW(plan_placement(hand_made_profile(), request), Error);
}

TEST(StoragePlacementPlan, TooSmallBudgetNamesTheMinimum) {
  for (std::int64_t budget : {std::int64_t{0}, kMinimum - 1}) {
    try {
      plan_for(budget);
      FAIL() << "budget " << budget << " was accepted";
    } catch (const Error& error) {
      const std::string message = error.what();
      EXPECT_NE(message.find("minimum"), std::string::npos) << message;
      EXPECT_NE(message.find(std::to_string(kMinimum) + " bytes"), std::string::npos) << message;
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
  }
}

TEST(StoragePlacementPlan, SharedForwardGraphHasNoForwardStructures) {
  const GraphProfile profile = hand_made_profile(false);
  const std::int64_t total = 2336 + 1600;
  for (std::int64_t budget : {kMinimum, kMinimum + 592, total - 1, total}) {
    const PlacementPlan plan = plan_placement(profile, request_for(budget));
    EXPECT_EQ(plan.structure("forward_low_degree").bytes(), 0);
    EXPECT_EQ(plan.structure("forward_hubs").bytes(), 0);
    EXPECT_EQ(plan.structure("forward_rest").bytes(), 0);
    EXPECT_EQ(plan.low_degree_limit, 0);
    EXPECT_EQ(plan.dram_bytes() + plan.disk_bytes(), budget < total ? total + kResidentIndex : total);
  }
  const PlacementPlan plan = plan_placement(profile, request_for(total - 1));
  EXPECT_EQ(plan.head_entries, 1);  // the resident index leaves too little for K = 2 (416 bytes)
  EXPECT_EQ(plan.structure("backward_heads").disk_bytes + plan.structure("backward_tails").disk_bytes, 1600);
  EXPECT_TRUE(plan_placement(profile, request_for(total)).fits_in_memory);
}

// For SSSP, past K the backward lists go whole, shortest first. The hand-made graph with its 2 lists
// of degree 50 made 500 long (2000 more entries): with room for the 10 lists of degree 20 past their
// first 4 entries (640 bytes) but not for the 2 long ones (3968), those of degree 20 are whole and K
// stays 4; a forced K takes no whole list.
TEST(StoragePlacementPlan, WholeBackwardListsPastTheHeadsForShortestPaths) {
  GraphProfile profile = hand_made_profile(false);
  profile.degrees.back().degree = 500;
  PlacementRequest request = request_for(kMinimum + 592 + 640 + 100);
  request.whole_backward_lists = true;
  const PlacementPlan plan = plan_placement(profile, request);
  EXPECT_EQ(plan.head_entries, 4);
  EXPECT_EQ(plan.whole_backward_degree, 20);
  EXPECT_EQ(dram(plan, "backward_tails"), 640);
  EXPECT_EQ(disk(plan, "backward_heads") + disk(plan, "backward_tails"), 3968);
  EXPECT_LE(plan.dram_bytes(), request.dram_budget_bytes);
  std::ostringstream printed;
  print_plan(printed, plan);
  EXPECT_NE(printed.str().find("whole backward lists up to degree 20"), std::string::npos) << printed.str();
  request.head_entries = 3;
  EXPECT_EQ(plan_placement(profile, request).whole_backward_degree, 0);
  request.whole_backward_lists = false;
  request.head_entries.reset();
  EXPECT_EQ(plan_placement(profile, request).whole_backward_degree, 0);  // K grows instead
}

// A directed graph's forward lists are its out-lists: the forward steps go by the out-degrees
// (here 100 lists of 2 and one of 200, the same 400 entries as the in-lists), not the in-degrees.
TEST(StoragePlacementPlan, DirectedForwardStepsGoByTheOutDegrees) {
  GraphProfile profile = hand_made_profile();
  profile.forward_degrees = {{2, 100}, {200, 1}};
  EXPECT_EQ(profile.placed_bytes(), kTotal);
  // K forced to 1, so that the budget reaches the hubs before everything fits.
  const auto plan_with = [&](std::int64_t extra) {
    PlacementRequest request = request_for(kMinimum + extra);
    request.head_entries = 1;
    return plan_placement(profile, request);
  };
  const PlacementPlan low = plan_with(800);
  EXPECT_EQ(low.low_degree_limit, 3);
  EXPECT_EQ(dram(low, "forward_low_degree"), 800);
  EXPECT_EQ(low.structure("forward_low_degree").bytes(), 800);
  EXPECT_EQ(dram(low, "forward_hubs"), 0);
  const PlacementPlan hubs = plan_with(800 + 800);
  EXPECT_EQ(hubs.hub_degree_limit, 40);  // every hub's list: the limit is the hub floor
  EXPECT_EQ(hubs.hub_vertices, 1);
  EXPECT_EQ(dram(hubs, "forward_hubs"), 800);
  EXPECT_EQ(hubs.structure("forward_rest").bytes(), 0);
  EXPECT_EQ(hubs.dram_bytes() + hubs.disk_bytes(), kTotal + kResidentIndex);
}

// Out-degrees sum a vertex's forward lists over the partitions: 2, 1 and 2 here, then 0 and 3.
TEST(StoragePlacementPlan, OutDegreeHistogramSumsThePartitions) {
  const std::vector<std::int64_t> first{0, 1, 1, 3}, second{0, 1, 2, 2}, only{0, 0, 3};
  const std::vector<DegreeCount> two = out_degree_histogram({first, second});
  ASSERT_EQ(two.size(), 2u);
  EXPECT_EQ(two[0].degree, 1);
  EXPECT_EQ(two[0].vertices, 1);
  EXPECT_EQ(two[1].degree, 2);
  EXPECT_EQ(two[1].vertices, 2);
  const std::vector<DegreeCount> one = out_degree_histogram({only});
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].degree, 3);
  EXPECT_EQ(one[0].vertices, 1);
}

TEST(StoragePlacementPlan, GraphWithoutEdges) {
  GraphProfile profile = hand_made_profile();
  profile.degrees.clear();
  const PlacementPlan plan = plan_placement(profile, request_for(2336));
  EXPECT_TRUE(plan.fits_in_memory);
  EXPECT_EQ(plan.dram_bytes(), 2336);
}

TEST(StoragePlacementPlan, PrintsOneLinePerStructure) {
  std::ostringstream out;
  print_plan(out, plan_for(kMinimum + 1000));
  const std::string text = out.str();
  EXPECT_NE(text.find("K = 4"), std::string::npos) << text;
  EXPECT_NE(text.find("backward lists, first entries"), std::string::npos) << text;
  EXPECT_NE(text.find("forward lists, hubs"), std::string::npos) << text;
  std::int64_t lines = 0;
  for (char c : text) lines += c == '\n';
  EXPECT_EQ(lines, 1 + 1 + 10 + 1);  // header, column titles, structures, total
}

TEST(StoragePlacementPlan, WritesJson) {
  JsonWriter writer;
  write_json(writer, plan_for(kMinimum + 1000));
  EXPECT_TRUE(writer.complete());
  const std::string& text = writer.text();
  EXPECT_NE(text.find("\"dram_budget_bytes\": " + std::to_string(kMinimum + 1000)), std::string::npos) << text;
  EXPECT_NE(text.find("\"head_entries\": 4"), std::string::npos) << text;
  EXPECT_NE(text.find("\"forward_low_degree\": {"), std::string::npos) << text;
  EXPECT_NE(text.find("\"fits_in_memory\": false"), std::string::npos) << text;
}

// A real graph: its profile accounts for every byte PartitionedGraph::bytes() reports.
TEST(StoragePlacementPlan, ProfileOfARealGraphSumsToItsBytes) {
  for (int partitions : {1, 3}) {
    SCOPED_TRACE("partitions " + std::to_string(partitions));
    const EdgeList edges = testing::make_skewed_random_edge_list(1000, 2, 42);
    const PartitionedGraph graph(build_csr(edges), partitions);
    const GraphProfile profile = profile_of(graph, 17);
    EXPECT_EQ(profile.num_vertices, 1000);
    EXPECT_EQ(profile.partitions, partitions);
    EXPECT_EQ(profile.separate_forward, partitions > 1);
    EXPECT_EQ(profile.num_entries(), graph.num_adjacencies());
    EXPECT_EQ(profile.graph_bytes(), graph.bytes().total());
    std::int64_t with_lists = 0;
    for (const DegreeCount& count : profile.degrees) with_lists += count.vertices;
    std::int64_t isolated = 0;
    for (VertexId vertex = 0; vertex < 1000; ++vertex) isolated += graph.isolated().test(vertex) ? 1 : 0;
    EXPECT_EQ(with_lists, 1000 - isolated);

    const std::int64_t resident_index = profile.offset_bytes + (1000 - isolated) * 4;
    for (std::int64_t budget : {profile.placed_bytes(), profile.placed_bytes() + resident_index - 1}) {
      PlacementRequest request;
      request.dram_budget_bytes = budget;
      const PlacementPlan plan = plan_placement(profile, request);
      EXPECT_EQ(plan.dram_bytes() + plan.disk_bytes(),
                profile.bfs_status_bytes() + graph.bytes().total() - profile.unused_capacity_bytes +
                    (plan.fits_in_memory ? 0 : resident_index));
      EXPECT_LE(plan.dram_bytes(), budget);
    }
    PlacementRequest everything;
    everything.dram_budget_bytes = profile.placed_bytes();
    EXPECT_TRUE(plan_placement(profile, everything).fits_in_memory);
  }
}

}  // namespace
}  // namespace semibfs
