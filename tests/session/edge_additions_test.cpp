// Edges added to a store through session/: only the new ones become a version, a file of nothing
// new writes none, a vertex the store lacks is one error, and the options' rules come first.
#include "session/edge_additions.hpp"

#include <gtest/gtest.h>

#include <string>

#include "import/input_store.hpp"
#include "store/store_versions.hpp"
#include "support/command_runner.hpp"
#include "support/error_message.hpp"
#include "support/scratch_directory.hpp"

namespace semibfs {
namespace {

class EdgeAdditionsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    testing::write_text(directory_.file("base.txt"), "0 1\n1 2\n2 3\n");
    ImportOptions import_options;
    import_options.dram_budget_bytes = std::int64_t{64} << 20;
    import_graph_file(directory_.file("base.txt"), store(), import_options);
  }
  std::string store() const { return directory_.file("store"); }
  // Options that add the edges of `text`.
  AddEdgesOptions adding(const std::string& text) const {
    testing::write_text(directory_.file("added.txt"), text);
    AddEdgesOptions options;
    options.input = directory_.file("added.txt");
    options.store = store();
    return options;
  }

  testing::ScratchDirectory directory_;
};

TEST_F(EdgeAdditionsTest, OnlyNewEdgesBecomeAVersion) {
  // 1-0 is 0-1 reversed (undirected), 2 2 a self-loop, 0 3 twice: two distinct, one present.
  const AddedEdges added = add_edges(adding("1 0\n2 2\n0 3\n3 0\n"));
  EXPECT_EQ(added.distinct, 2);
  EXPECT_EQ(added.present, 1);
  EXPECT_EQ(added.read_version, 0);
  EXPECT_EQ(added.written_version, 1);
  EXPECT_EQ(latest_store_version(store()), 1);
  EXPECT_EQ(add_edges_summary(adding(""), added),
            "input: " + directory_.file("added.txt") +
                "\nedges: 2 distinct, 1 already in version 0\nversion: 1, 1 edges added\n");
  const AddedEdges again = add_edges(adding("0 3\n"));
  EXPECT_EQ(again.present, 1);
  EXPECT_EQ(again.written_version, -1);
  EXPECT_EQ(latest_store_version(store()), 1);
}

TEST_F(EdgeAdditionsTest, AVertexTheStoreLacksIsOneError) {
  const std::string message = testing::error_of([&] { add_edges(adding("0 9\n")); });
  EXPECT_NE(message.find("vertex 9 is not a vertex of the store"), std::string::npos) << message;
  EXPECT_EQ(latest_store_version(store()), 0);
}

TEST_F(EdgeAdditionsTest, OptionsAreCheckedFirst) {
  AddEdgesOptions options = adding("0 2\n");
  options.input.clear();
  EXPECT_EQ(testing::error_of<UsageError>([&] { add_edges(options); }), "no INPUT file of edges given");
  options = adding("0 2\n");
  options.threads = -1;
  EXPECT_EQ(testing::error_of<UsageError>([&] { add_edges(options); }),
            "--threads: must be an integer from 1 to 4096, got '-1'");
}

}  // namespace
}  // namespace semibfs
