// Searches under a DRAM budget keep their trees (in DRAM, or in a file when no room holds them)
// and are validated after the last one, in batches (issue 41): a corruption in any root, whose
// tree went through the file, is named as when it was validated alone, and the file is removed
// after the run, after a failure and after an error.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "bfs/bfs.hpp"
#include "core/error.hpp"
#include "edges/edge_source.hpp"
#include "edges/packed_file_edge_source.hpp"
#include "gen/kronecker.hpp"
#include "graph/csr_graph.hpp"
#include "graph/partitioned_graph.hpp"
#include "graph500/graph500_run.hpp"
#include "graph500/kept_searches.hpp"
#include "graph500/kept_tuple_degrees.hpp"
#include "graph500/list_stream_checker.hpp"
#include "graph500/search_session.hpp"
#include "graph500/teps_edge_count.hpp"
#include "validate/tuple_degrees.hpp"
#include "support/scratch_directory.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;

// A reached vertex of `root`'s tree that is nobody's parent, left unreached: rule 4 fails.
void leave_a_leaf_unreached(ParentArray& parent, VertexId root) {
  std::vector<bool> is_parent(static_cast<std::size_t>(parent.size()), false);
  for (VertexId v = 0; v < parent.size(); ++v) {
    if (v != root && parent[v] != kUnreached) is_parent[static_cast<std::size_t>(parent[v])] = true;
  }
  for (VertexId v = 0; v < parent.size(); ++v) {
    if (v != root && parent[v] != kUnreached && !is_parent[static_cast<std::size_t>(v)]) {
      parent.visit([&](auto entries) { entries[v] = kUnreached; });
      return;
    }
  }
  FAIL() << "no leaf in the tree of root " << root;
}

// The engine's searches, the `corrupted`th one's tree broken after the search (-1: none).
class CorruptingSearcher final : public RootSearcher {
 public:
  CorruptingSearcher(BfsEngine& engine, int corrupted) : engine_(engine), corrupted_(corrupted) {}
  std::vector<LevelStats> search(VertexId root, ParentArray& parent) override {
    std::vector<LevelStats> levels = parent.visit([&](auto entries) { return engine_.run(root, entries); });
    if (searches_++ == corrupted_) leave_a_leaf_unreached(parent, root);
    return levels;
  }

 private:
  BfsEngine& engine_;
  int corrupted_;
  int searches_ = 0;
};

class KeptValidationTest : public ::testing::Test {
 protected:
  void SetUp() override {
    KroneckerParams kronecker;
    kronecker.scale = 10;
    edge_list_ = generate_kronecker(kronecker, false);
    edges_ = std::make_unique<InMemoryEdgeSource>(edge_list_);
    graph_.emplace(build_csr(edge_list_), 1);
    for (VertexId v = 0; std::ssize(roots_) < 8; ++v) {
      if (graph_->degree(v) > 1) roots_.push_back(v);
    }
  }

  std::int64_t vertices() const { return edges_->num_vertices(); }
  // Room for batches of 4 searches over the tuples, not for 8.
  std::int64_t room_for_four() const {
    return SearchBatch::working_bytes_for(vertices(), 4, true) + edges_->buffer_bytes();
  }

  // The eight roots searched with the `corrupted`th tree broken, their trees kept in a file, then
  // validated in batches of four; `seen_file` says whether the file existed when the searches were done.
  Graph500Report run(int corrupted, std::string& log_text, bool& seen_file) {
    BfsEngine engine(*graph_, BfsOptions{});
    CorruptingSearcher searcher(engine, corrupted);
    std::ostringstream log;
    SearchSession session(SearchOptions{}, "test graph", 1, log);
    ParentArray parent;
    parent.assign(vertices());
    {
      KeptSearches kept(vertices(), std::ssize(roots_), 0, scratch_.path());
      const KeptValidation validation{kept, *edges_, GraphDirection::kUndirected, [&] {
                                        seen_file = fs::exists(kept.file_path()) &&
                                                    static_cast<std::int64_t>(fs::file_size(kept.file_path())) == 8 * parent.bytes();
                                        return room_for_four();
                                      }};
      session.search_then_validate(searcher, validation, roots_, false, parent);
    }
    log_text = log.str();
    return session.finish(10, 16);
  }

  // A run of four roots that builds a compressed store in `store` and validates under a budget.
  static Graph500Options compressed_store_run(const std::string& store) {
    fs::create_directories(store);
    Graph500Options options;
    options.kronecker.scale = 10;
    options.num_roots = 4;
    options.store.compressed_lists = true;
    options.store.directory = store;
    options.search.budget.dram_budget_bytes = std::int64_t{64} << 20;
    return options;
  }

  bool scratch_is_empty() const { return fs::is_empty(scratch_.path()); }

  EdgeList edge_list_;
  std::unique_ptr<InMemoryEdgeSource> edges_;
  std::optional<PartitionedGraph> graph_;
  std::vector<VertexId> roots_;
  testing::ScratchDirectory scratch_;
};

TEST_F(KeptValidationTest, TreesKeptInAFileValidateInBatchesWithTheirOwnCounts) {
  std::string log;
  bool seen_file = false;
  const Graph500Report report = run(-1, log, seen_file);
  ASSERT_TRUE(report.validation_passed) << report.validation_failure << log;
  EXPECT_TRUE(seen_file) << "the trees went to the file, one after another";
  EXPECT_TRUE(scratch_is_empty()) << "the file is removed after the run";
  ASSERT_EQ(report.roots.size(), roots_.size());
  ASSERT_EQ(report.validation_passes.size(), 2u) << log;
  EXPECT_EQ(report.validation_passes[1].first, 4);
  EXPECT_EQ(report.validation_passes[1].searches, 4);
  BfsEngine engine(*graph_, BfsOptions{});
  std::vector<VertexId> parent(static_cast<std::size_t>(vertices()));
  for (std::size_t i = 0; i < roots_.size(); ++i) {
    engine.run(roots_[i], parent);
    EXPECT_EQ(report.roots[i].nedge, count_traversed_edges(edge_list_, std::span<const VertexId>(parent))) << i;
    EXPECT_GT(report.roots[i].validate_seconds, 0) << i;
  }
  EXPECT_NE(log.find("in batches of up to 4"), std::string::npos) << log;
}

// A corruption in the first, a middle and the last root of either batch: the failure names that
// root and gives Validator's own first failure, the roots before it reported, the file removed.
TEST_F(KeptValidationTest, ACorruptionInTheKthRootOfABatchIsNamedAsAlone) {
  for (const int corrupted : {0, 2, 5, 7}) {
    SCOPED_TRACE("corrupted search " + std::to_string(corrupted));
    std::string log;
    bool seen_file = false;
    const Graph500Report report = run(corrupted, log, seen_file);
    EXPECT_TRUE(seen_file);
    ASSERT_FALSE(report.validation_passed) << log;
    ParentArray broken;
    broken.assign(vertices());
    BfsEngine engine(*graph_, BfsOptions{});
    const VertexId root = roots_[static_cast<std::size_t>(corrupted)];
    broken.visit([&](auto entries) { engine.run(root, entries); });
    leave_a_leaf_unreached(broken, root);
    const ValidationReport alone = broken.visit([&](auto entries) { return Validator(*edges_).validate(root, entries); });
    ASSERT_FALSE(alone.ok());
    EXPECT_EQ(report.validation_failure, "BFS " + std::to_string(corrupted) + " from root " + std::to_string(root) +
                                             ": " + alone.failures.front().message);
    EXPECT_NE(alone.failures.front().message.find("rule 4"), std::string::npos) << alone.failures.front().message;
    EXPECT_EQ(std::ssize(report.roots), corrupted + 1) << "the roots up to the failing one";
    EXPECT_TRUE(scratch_is_empty()) << "the file is removed after a failure";
  }
}

// The trees validated from a compressed store's lists instead of its edge file (issue 41 item 2),
// kept in a file: a run under a budget takes that way, and a corruption in the first, a middle or
// the last root of the batch is named as Validator names it alone; the others pass with the edge
// file's nedge.
TEST_F(KeptValidationTest, FromAStoresListsACorruptionInTheKthRootIsNamedAsAlone) {
  const std::string store = scratch_.file("store");
  Graph500Options options = compressed_store_run(store);
  std::ostringstream run_log;
  const Graph500Report report = run_graph500(options, run_log);
  ASSERT_TRUE(report.validation_passed) << report.validation_failure << run_log.str();
  EXPECT_EQ(report.validation_source, "store lists") << run_log.str();
  EXPECT_GT(report.validation_bytes_read, 0);
  const PackedFileEdgeSource edges(store_path(store, kEdgeFileName), vertices());
  for (const auto& [corrupted, levels] : {std::pair{0, LaneLevels::kBytes}, std::pair{3, LaneLevels::kBytes},
                                          std::pair{7, LaneLevels::kBytes}, std::pair{0, LaneLevels::kNibbles},
                                          std::pair{5, LaneLevels::kNibbles}}) {
    SCOPED_TRACE("corrupted search " + std::to_string(corrupted) +
                 (levels == LaneLevels::kNibbles ? ", levels in nibbles" : ", levels in bytes"));
    KeptSearches kept(vertices(), std::ssize(roots_), 0, store);
    BfsEngine engine(*graph_, BfsOptions{});
    ParentArray parent;
    parent.assign(vertices());
    for (int i = 0; i < std::ssize(roots_); ++i) {
      parent.visit([&](auto entries) { engine.run(roots_[static_cast<std::size_t>(i)], entries); });
      if (i == corrupted) leave_a_leaf_unreached(parent, roots_[static_cast<std::size_t>(i)]);
      kept.keep(roots_[static_cast<std::size_t>(i)], parent);
    }
    ASSERT_TRUE(kept.in_file());
    const std::unique_ptr<ListStreamChecker> checker =
        make_list_stream_checker(store, edges, kept, std::ssize(roots_), std::int64_t{1} << 30, levels);
    ASSERT_NE(checker, nullptr);
    ASSERT_EQ(checker->batch_size(), 8);
    ASSERT_EQ(checker->lane_levels(), levels);
    for (int i = 0; i < std::ssize(roots_); ++i) {
      kept.read(i, parent);
      checker->keep(kept.root(i), parent);
    }
    const std::vector<SearchCheck> checks = checker->check_kept(true);
    ASSERT_EQ(checks.size(), roots_.size());
    for (int i = 0; i < std::ssize(roots_); ++i) {
      kept.read(i, parent);
      const ValidationReport alone =
          parent.visit([&](auto entries) { return Validator(edges).validate(kept.root(i), entries); });
      ASSERT_EQ(checks[static_cast<std::size_t>(i)].failure.has_value(), i == corrupted) << i;
      if (i == corrupted) {
        EXPECT_EQ(checks[static_cast<std::size_t>(i)].failure->message, alone.failures.front().message);
      } else {
        EXPECT_EQ(checks[static_cast<std::size_t>(i)].nedge, alone.nedge) << i;
      }
    }
    EXPECT_GT(checker->bytes_read(), 0);
  }
}

// The tuple degrees counted as the open checked the edge file (issue 41): a run under a budget
// counts them there and its validation from the lists reads no tuples; counts that are not the
// edge file's, or changed in their file, make the validation refuse or fail, never pass.
TEST_F(KeptValidationTest, TupleDegreesCountedAtTheOpenAreTheValidatorsOrRefused) {
  const std::string store = scratch_.file("store");
  Graph500Options options = compressed_store_run(store);
  std::ostringstream run_log;
  ASSERT_TRUE(run_graph500(options, run_log).validation_passed) << run_log.str();
  options.store.reuse = true;
  std::ostringstream reuse_log;
  const Graph500Report report = run_graph500(options, reuse_log);
  ASSERT_TRUE(report.validation_passed) << report.validation_failure << reuse_log.str();
  EXPECT_NE(reuse_log.str().find("counted the validator's tuple degrees as the edge file was checked"),
            std::string::npos) << reuse_log.str();
  EXPECT_NE(reuse_log.str().find("the tuple degrees counted at the open"), std::string::npos) << reuse_log.str();
  for (const auto& entry : fs::directory_iterator(store)) {
    EXPECT_EQ(entry.path().filename().string().find("kept-tuple-degrees"), std::string::npos) << entry.path();
  }
  const PackedFileEdgeSource edges(store_path(store, kEdgeFileName), vertices());
  KeptSearches kept(vertices(), std::ssize(roots_), 0, store);
  BfsEngine engine(*graph_, BfsOptions{});
  ParentArray parent;
  parent.assign(vertices());
  for (const VertexId root : roots_) {
    parent.visit([&](auto entries) { engine.run(root, entries); });
    kept.keep(root, parent);
  }
  const auto checked_with = [&](const std::vector<std::uint32_t>& degrees) {
    const KeptTupleDegrees counted(store, degrees);
    const std::unique_ptr<ListStreamChecker> checker =
        make_list_stream_checker(store, edges, kept, std::ssize(roots_), std::int64_t{1} << 30, LaneLevels::kBytes,
                                 &counted);
    for (int i = 0; i < std::ssize(roots_); ++i) {
      kept.read(i, parent);
      checker->keep(kept.root(i), parent);
    }
    return checker->check_kept(true);
  };
  const std::vector<std::uint32_t> degrees = tuple_degrees(edges);
  for (const SearchCheck& check : checked_with(degrees)) EXPECT_FALSE(check.failure.has_value());
  // A reached vertex's count one short of its list: the pass stops, naming a damaged input.
  std::vector<std::uint32_t> wrong = degrees;
  wrong[static_cast<std::size_t>(roots_[0])] = 0;
  EXPECT_THROW(checked_with(wrong), Error);
  // Missing: counts for fewer vertices are refused.
  wrong.assign(degrees.begin(), degrees.end() - 1);
  EXPECT_THROW(checked_with(wrong), Error);
}

// A store's directory that cannot take the counts (here a directory in the file's place) costs the
// run the count at the open, not the run: validation counts the tuples itself, as before.
TEST_F(KeptValidationTest, TupleDegreesThatCannotBeKeptAreCountedByTheValidation) {
  const std::string store = scratch_.file("store");
  Graph500Options options = compressed_store_run(store);
  std::ostringstream build_log;
  ASSERT_TRUE(run_graph500(options, build_log).validation_passed) << build_log.str();
  fs::create_directories(KeptTupleDegrees::file_path_in(store));
  options.store.reuse = true;
  std::ostringstream reuse_log;
  const Graph500Report report = run_graph500(options, reuse_log);
  ASSERT_TRUE(report.validation_passed) << report.validation_failure << reuse_log.str();
  EXPECT_EQ(report.validation_source, "store lists");
  EXPECT_NE(reuse_log.str().find("the validator's tuple degrees are not kept"), std::string::npos) << reuse_log.str();
  EXPECT_NE(reuse_log.str().find("the tuples once for their degrees"), std::string::npos) << reuse_log.str();
}

// The searches' own count of levels chooses nibbles only when every tree says it fits in one.
TEST(ListStreamLaneLevels, NibblesOnlyWhenEverySearchSaysItsTreeFits) {
  const auto searched = [](std::initializer_list<std::size_t> levels) {
    std::vector<RootResult> results;
    for (const std::size_t count : levels) results.emplace_back().levels.resize(count);
    return results;
  };
  EXPECT_EQ(lane_levels_for(searched({8, 7, 13})), LaneLevels::kNibbles);
  EXPECT_EQ(lane_levels_for(searched({8, 14, 7})), LaneLevels::kBytes);
  EXPECT_EQ(lane_levels_for(searched({8, 0})), LaneLevels::kBytes) << "a search that gave no levels";
}

TEST_F(KeptValidationTest, AnErrorAfterTheSearchesLeavesNoFile) {
  BfsEngine engine(*graph_, BfsOptions{});
  CorruptingSearcher searcher(engine, -1);
  std::ostringstream log;
  SearchSession session(SearchOptions{}, "test graph", 1, log);
  ParentArray parent;
  const auto validate_after_an_error = [&] {
    KeptSearches kept(vertices(), std::ssize(roots_), 0, scratch_.path());
    const KeptValidation validation{kept, *edges_, GraphDirection::kUndirected,
                                    []() -> std::int64_t { throw Error("interrupted"); }};
    session.search_then_validate(searcher, validation, roots_, false, parent);
  };
  EXPECT_THROW(validate_after_an_error(), Error);
  EXPECT_TRUE(scratch_is_empty());
}

TEST_F(KeptValidationTest, TreesKeptInDramOrAFileReadBackAsKept) {
  for (const std::int64_t room : {std::int64_t{0}, std::int64_t{1} << 30}) {
    for (const ParentArray::Width width : {ParentArray::Width::kFitting, ParentArray::Width::kWide}) {
      KeptSearches kept(vertices(), 3, room, scratch_.path());
      EXPECT_EQ(kept.in_file(), room == 0);
      std::vector<ParentArray> trees(3);
      for (int i = 0; i < 3; ++i) {
        trees[i].assign(vertices(), width);
        trees[i].visit([&](auto entries) {
          for (VertexId v = 0; v < vertices(); ++v) entries[v] = (v * (i + 3)) % vertices();
        });
        kept.keep(i + 10, trees[i]);
      }
      EXPECT_EQ(kept.bytes(), 3 * trees[0].bytes());
      EXPECT_EQ(kept.dram_bytes(), room == 0 ? 0 : kept.bytes());
      ParentArray back;
      for (int i : {2, 0, 1}) {
        kept.read(i, back);
        EXPECT_EQ(kept.root(i), i + 10);
        ASSERT_EQ(back.narrow(), trees[i].narrow());
        for (VertexId v = 0; v < vertices(); ++v) ASSERT_EQ(back[v], trees[i][v]) << i << " " << v;
      }
    }
    EXPECT_TRUE(scratch_is_empty());
  }
}

// Trees that the store's file system cannot hold stop the run before its first search, in one line,
// leaving no file.
TEST_F(KeptValidationTest, TreesTheDiskCannotHoldAreRefusedBeforeTheSearches) {
  const std::int64_t vertices_of_a_huge_graph = std::int64_t{1} << 40;  // 64 trees: 512 TiB
  try {
    KeptSearches kept(vertices_of_a_huge_graph, 64, 0, scratch_.path());
    FAIL() << "no error";
  } catch (const Error& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("the searches' trees kept until their validation"), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
  EXPECT_TRUE(scratch_is_empty());
}

}  // namespace
}  // namespace semibfs
