// Weights read from graph files (issue 40): Matrix Market real and integer values and an el
// file's third column, one float per edge; every value that is no SSSP weight is one error line
// naming the file, the line and what to do.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

#include "formats/edge_file_reader.hpp"
#include "formats/format_files.hpp"

namespace semibfs {
namespace {

using ::testing::HasSubstr;
using testing::edges;
using testing::error_of;

// Every edge and weight of a file, through chunks of two edges (a weight must follow its edge
// across chunk ends).
struct WeightedEdges {
  std::vector<RawEdge> edges;
  std::vector<float> weights;
  bool weighted = false;
};

WeightedEdges read_weighted(const std::string& text, InputFormat format, const std::string& name = "<memory>") {
  EdgeReaderOptions options;
  options.chunk_edges = 2;
  const auto reader = open_edge_memory(text, format, name, options);
  WeightedEdges result;
  result.weighted = reader->info().weighted;
  std::vector<RawEdge> chunk;
  while (reader->next_chunk(chunk)) {
    result.edges.insert(result.edges.end(), chunk.begin(), chunk.end());
    result.weights.insert(result.weights.end(), reader->chunk_weights().begin(), reader->chunk_weights().end());
  }
  return result;
}

TEST(EdgeWeights, MatrixMarketRealValuesAreWeights) {
  const WeightedEdges read = read_weighted(
      "%%MatrixMarket matrix coordinate real symmetric\n% c\n4 4 5\n2 1 0.5\n3 1 1e-3\n4 3 +2\n4 4 -0\n3 2 7.25E1\n",
      InputFormat::kMtx);
  EXPECT_TRUE(read.weighted);
  EXPECT_EQ(read.edges, edges({{1, 0}, {2, 0}, {3, 2}, {3, 3}, {2, 1}}));
  EXPECT_EQ(read.weights, (std::vector<float>{0.5F, 1e-3F, 2.0F, 0.0F, 72.5F}));
  EXPECT_FALSE(std::signbit(read.weights[3]));  // -0 reads as +0
}

TEST(EdgeWeights, MatrixMarketIntegerValuesAreWeights) {
  const WeightedEdges read =
      read_weighted("%%MatrixMarket matrix coordinate integer general\n3 3 3\n1 2 5\n2 3 0\n3 1 16777216\n",
                    InputFormat::kMtx);
  EXPECT_TRUE(read.weighted);
  EXPECT_EQ(read.weights, (std::vector<float>{5.0F, 0.0F, 16777216.0F}));
}

TEST(EdgeWeights, MatrixMarketPatternHasNone) {
  const WeightedEdges read = read_weighted("%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n", InputFormat::kMtx);
  EXPECT_FALSE(read.weighted);
  EXPECT_TRUE(read.weights.empty());
}

TEST(EdgeWeights, EdgeListThirdColumnIsAWeight) {
  const WeightedEdges read = read_weighted("0 1 0.25\n\n1\t2\t3\n2 2 1e2  \n7 0 0\n", InputFormat::kEl);
  EXPECT_TRUE(read.weighted);
  EXPECT_EQ(read.edges, edges({{0, 1}, {1, 2}, {2, 2}, {7, 0}}));
  EXPECT_EQ(read.weights, (std::vector<float>{0.25F, 3.0F, 100.0F, 0.0F}));
  EXPECT_FALSE(read_weighted("0 1\n1 2\n", InputFormat::kEl).weighted);
}

TEST(EdgeWeights, WithoutWeightsAThirdColumnIsSkipped) {
  EdgeReaderOptions unweighted;
  unweighted.read_weights = false;
  const auto reader = open_edge_memory("0 1 -5\n1 2 nan\n", InputFormat::kEl, "g.el", unweighted);
  EXPECT_FALSE(reader->info().weighted);
  EXPECT_EQ(testing::read_all(*reader), edges({{0, 1}, {1, 2}}));
}

TEST(EdgeWeights, BadWeightsAreOneErrorLineNamingFileAndLine) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"0 1 -1\n", "weight '-1' is negative"},
      {"0 1 -1e-30\n", "is negative"},
      {"0 1 nan\n", "weight 'nan' is not a number"},
      {"0 1 NaN\n", "is not a number"},
      {"0 1 inf\n", "weight 'inf' is infinite"},
      {"0 1 -infinity\n", "is infinite"},
      {"0 1 1e39\n", "outside a 32-bit float's range"},
      {"0 1 0x10\n", "is not a number"},
      {"0 1 1.5kg\n", "is not a number"},
      {"0 1 ++1\n", "is not a number"},
      {"0 1 2 3\n", "more than three fields"},
  };
  for (const auto& [line, what] : cases) {
    const std::string text = "5 6 1\n" + line;  // a binding in no lambda: clang 14 (make tsan) refuses that
    const std::string message = error_of([&] { read_weighted(text, InputFormat::kEl, "w.el"); });
    EXPECT_THAT(message, HasSubstr("'w.el' line 2")) << line;
    EXPECT_THAT(message, HasSubstr(what)) << line;
  }
  EXPECT_THAT(error_of([] { read_weighted("0 1 -2\n", InputFormat::kEl, "w.el"); }),
              HasSubstr("build with --no-weights"));
}

TEST(EdgeWeights, EveryEdgeListLineHasAWeightOrNone) {
  EXPECT_THAT(error_of([] { read_weighted("0 1\n1 2\n2 3 4.5\n", InputFormat::kEl, "mixed.el"); }),
              HasSubstr("'mixed.el' line 3: a third column (a weight), where the file's first edge line has none"));
  EXPECT_THAT(error_of([] { read_weighted("\n0 1 1\n1 2\n", InputFormat::kEl, "mixed.el"); }),
              HasSubstr("'mixed.el' line 3: no weight, where the file's first edge line has one"));
}

TEST(EdgeWeights, SnapFilesReadNoThirdColumn) {
  EXPECT_THAT(error_of([] { read_weighted("# c\n0 1 5\n", InputFormat::kSnap, "g.txt"); }),
              HasSubstr("give '<source> <target> <weight>' lines as an el file"));
}

TEST(EdgeWeights, BadMatrixMarketValuesAreOneErrorLine) {
  const std::string real = "%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 1\n";
  EXPECT_THAT(error_of([&] { read_weighted(real + "2 3 -0.5\n", InputFormat::kMtx, "m.mtx"); }),
              HasSubstr("'m.mtx' line 4: weight '-0.5' is negative"));
  EXPECT_THAT(error_of([&] { read_weighted(real + "2 3 nan\n", InputFormat::kMtx, "m.mtx"); }),
              HasSubstr("line 4: weight 'nan' is not a number"));
  EXPECT_THAT(error_of([&] { read_weighted(real + "2 3 Inf\n", InputFormat::kMtx, "m.mtx"); }),
              HasSubstr("line 4: weight 'Inf' is infinite"));
  const std::string integer = "%%MatrixMarket matrix coordinate integer general\n3 3 1\n";
  EXPECT_THAT(error_of([&] { read_weighted(integer + "1 2 1.5\n", InputFormat::kMtx, "m.mtx"); }),
              HasSubstr("weight '1.5' is not an integer (the banner says 'integer')"));
  EXPECT_THAT(error_of([&] { read_weighted(integer + "1 2 -3\n", InputFormat::kMtx, "m.mtx"); }),
              HasSubstr("weight '-3' is negative"));
}

}  // namespace
}  // namespace semibfs
