// The official output block: exact text for known inputs, and the key layout of the reference.
#include "graph500/official_output.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.hpp"

namespace semibfs {
namespace {

// The reference's values start at column 33.
constexpr std::size_t kKeyWidth = 32;

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string read_reference_output(const std::string& file = "reference-output-s16.txt") {
  const std::string path = std::string(SEMIBFS_TEST_VECTORS) + "/" + file;
  std::ifstream in(path);
  EXPECT_TRUE(in) << "cannot open " << path;
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// The value printed after `key` (the key without its padding), parsed as a double.
double printed_value(const std::string& block, const std::string& key) {
  for (const std::string& line : split_lines(block)) {
    if (line.rfind(key, 0) == 0) return std::strtod(line.c_str() + kKeyWidth, nullptr);
  }
  ADD_FAILURE() << "no line for " << key;
  return 0;
}

Graph500Results two_roots() {
  Graph500Results results;
  results.scale = 10;
  results.edgefactor = 16;
  results.generation_seconds = 0.5;
  results.num_mpi_processes = 1;
  results.construction_seconds = 0.25;
  results.bfs_seconds = {1, 2};
  results.nedge = {4, 4};
  results.validate_seconds = {0.5, 1.5};
  return results;
}

// Hand-computed: TEPS 4 and 2, harmonic stddev 0.125*sqrt(2)/0.375^2 = 1.25708.
TEST(OfficialOutput, TwoRootsExactText) {
  const std::vector<std::string> expected = {
      "SCALE:                          10",
      "edgefactor:                     16",
      "NBFS:                           2",
      "graph_generation:               0.5",
      "num_mpi_processes:              1",
      "construction_time:              0.25",
      "bfs  min_time:                  1",
      "bfs  firstquartile_time:        1",
      "bfs  median_time:               1.5",
      "bfs  thirdquartile_time:        2",
      "bfs  max_time:                  2",
      "bfs  mean_time:                 1.5",
      "bfs  stddev_time:               0.707107",
      "min_nedge:                      4",
      "firstquartile_nedge:            4",
      "median_nedge:                   4",
      "thirdquartile_nedge:            4",
      "max_nedge:                      4",
      "mean_nedge:                     4",
      "stddev_nedge:                   0",
      "bfs  min_TEPS:                  2",
      "bfs  firstquartile_TEPS:        2",
      "bfs  median_TEPS:               2.66667",
      "bfs  thirdquartile_TEPS:        4",
      "bfs  max_TEPS:                  4",
      "bfs  harmonic_mean_TEPS:     !  2.66667",
      "bfs  harmonic_stddev_TEPS:      1.25708",
      "bfs  min_validate:              0.5",
      "bfs  firstquartile_validate:    0.5",
      "bfs  median_validate:           1",
      "bfs  thirdquartile_validate:    1.5",
      "bfs  max_validate:              1.5",
      "bfs  mean_validate:             1",
      "bfs  stddev_validate:           0.707107",
  };
  const std::string block = format_official_output(two_roots());
  ASSERT_FALSE(block.empty());
  EXPECT_EQ(block.back(), '\n');
  const std::vector<std::string> lines = split_lines(block);
  ASSERT_EQ(lines.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(lines[i], expected[i]) << "line " << i;
}

// Edge counts print with %.11g: a count above a million stays whole, not 1.04808e+06.
TEST(OfficialOutput, EdgeCountsPrintWhole) {
  Graph500Results results = two_roots();
  results.nedge = {1048079, 2147483649.0};
  const std::string block = format_official_output(results);
  EXPECT_NE(block.find("min_nedge:                      1048079\n"), std::string::npos);
  EXPECT_NE(block.find("max_nedge:                      2147483649\n"), std::string::npos);
}

TEST(OfficialOutput, SkippedValidationPrintsMinusOne) {
  Graph500Results results = two_roots();
  results.validate_seconds = {-1, -1};
  const std::string block = format_official_output(results);
  EXPECT_NE(block.find("bfs  median_validate:           -1\n"), std::string::npos);
  EXPECT_NE(block.find("bfs  stddev_validate:           0\n"), std::string::npos);
}

TEST(OfficialOutput, MismatchedSizesThrow) {
  Graph500Results results = two_roots();
  results.validate_seconds = {1};
  EXPECT_THROW(format_official_output(results), Error);
}

// Every key of the reference's block, in order, padded the same way.
TEST(OfficialOutput, KeyLayoutMatchesReference) {
  const std::vector<std::string> reference = split_lines(read_reference_output());
  ASSERT_EQ(reference.size(), 34u);
  const std::vector<std::string> produced = split_lines(format_official_output(two_roots()));
  ASSERT_EQ(produced.size(), reference.size());
  for (std::size_t i = 0; i < reference.size(); ++i) {
    ASSERT_GT(reference[i].size(), kKeyWidth);
    EXPECT_NE(reference[i][kKeyWidth], ' ') << "reference value must start at column 33";
    EXPECT_EQ(produced[i].substr(0, kKeyWidth), reference[i].substr(0, kKeyWidth)) << "line " << i;
  }
}

// With SSSP, every key of graph500_reference_bfs_sssp's block, in its order: each SSSP group after
// the BFS group of the same figure.
TEST(OfficialOutput, SsspKeyLayoutMatchesReference) {
  const std::vector<std::string> reference = split_lines(read_reference_output("reference-sssp-output-s10.txt"));
  ASSERT_EQ(reference.size(), 55u);
  Graph500Results results = two_roots();
  results.sssp_seconds = {2, 4};
  results.sssp_nedge = {4, 4};
  results.sssp_validate_seconds = {0.25, 0.75};
  const std::string block = format_official_output(results);
  const std::vector<std::string> produced = split_lines(block);
  ASSERT_EQ(produced.size(), reference.size());
  for (std::size_t i = 0; i < reference.size(); ++i) {
    EXPECT_EQ(produced[i].substr(0, kKeyWidth), reference[i].substr(0, kKeyWidth)) << "line " << i;
  }
  EXPECT_DOUBLE_EQ(printed_value(block, "sssp max_TEPS:"), 2.0);  // 4 edges in 2 s
  EXPECT_DOUBLE_EQ(printed_value(block, "sssp median_validate:"), 0.5);
  results.sssp_validate_seconds = {1};
  EXPECT_THROW(format_official_output(results), Error);
}

// The SCALE 16 run's inputs that the block shows unreduced reproduce those lines byte for byte.
TEST(OfficialOutput, HeaderAndEdgeCountLinesMatchReference) {
  Graph500Results results;
  results.scale = 16;
  results.edgefactor = 16;
  results.generation_seconds = 0.398176;
  results.construction_seconds = 0.0757297;
  results.bfs_seconds.assign(64, 0.0125);
  results.nedge.assign(64, 1048079);
  results.validate_seconds.assign(64, 0.037);
  const std::vector<std::string> reference = split_lines(read_reference_output());
  const std::vector<std::string> produced = split_lines(format_official_output(results));
  ASSERT_EQ(produced.size(), reference.size());
  for (std::size_t i : {0, 1, 2, 3, 4, 5, 13, 14, 15, 16, 17, 18, 19}) {
    EXPECT_EQ(produced[i], reference[i]) << "line " << i;
  }
}

struct Repeated {
  double value;
  int count;
};

std::vector<double> expand(std::initializer_list<Repeated> runs) {
  std::vector<double> values;
  for (const Repeated& run : runs) values.insert(values.end(), run.count, run.value);
  return values;
}

// 64 times chosen so that their order statistics, mean and stddev are the reference's printed
// ones (TEPS lines cannot be reproduced this way: they come from the unrounded times).
TEST(OfficialOutput, TimeAndValidateLinesMatchReference) {
  Graph500Results results;
  results.bfs_seconds = expand({{0.0119508, 1}, {0.012053224999999999, 14}, {0.0123605, 2},
                                {0.0124674, 14}, {0.0127881, 2}, {0.01292765, 14},
                                {0.0133463, 2}, {0.014484539704922984, 7},
                                {0.015569167437934189, 7}, {0.0229996, 1}});
  results.validate_seconds = expand({{0.0357608, 15}, {0.0363686, 16}, {0.0369444, 16},
                                     {0.0382779, 2}, {0.040571505663515584, 7},
                                     {0.0450925800507698, 7}, {0.0527692, 1}});
  results.nedge.assign(64, 1048079);
  ASSERT_EQ(results.bfs_seconds.size(), 64u);
  ASSERT_EQ(results.validate_seconds.size(), 64u);
  const std::vector<std::string> reference = split_lines(read_reference_output());
  const std::vector<std::string> produced = split_lines(format_official_output(results));
  ASSERT_EQ(produced.size(), reference.size());
  for (std::size_t i : {6, 7, 8, 9, 10, 11, 12, 27, 28, 29, 30, 31, 32, 33}) {
    EXPECT_EQ(produced[i], reference[i]) << "line " << i;
  }
}

// 64 roots: the printed TEPS figures against direct formulas over TEPS = nedge / seconds.
TEST(OfficialOutput, SixtyFourRootsTepsLines) {
  Graph500Results results = two_roots();
  results.bfs_seconds.clear();
  results.nedge.clear();
  std::vector<double> teps;
  for (int i = 0; i < 64; ++i) {
    results.bfs_seconds.push_back(0.012 + 0.00013 * ((i * 29) % 64) + 0.0000071 * i);
    results.nedge.push_back(1048079 - 917 * ((i * 13) % 64));
    teps.push_back(results.nedge.back() / results.bfs_seconds.back());
  }
  results.validate_seconds.assign(64, 0.04);
  std::sort(teps.begin(), teps.end());
  // The reference takes the median of seconds per edge: the harmonic mean of the middle two.
  const double median = 2 / (1 / teps[31] + 1 / teps[32]);
  double reciprocal_sum = 0;
  for (double value : teps) reciprocal_sum += 1 / value;

  const std::string block = format_official_output(results);
  EXPECT_NEAR(printed_value(block, "bfs  min_TEPS:"), teps.front(), 1e-5 * teps.front());
  EXPECT_NEAR(printed_value(block, "bfs  max_TEPS:"), teps.back(), 1e-5 * teps.back());
  EXPECT_NEAR(printed_value(block, "bfs  median_TEPS:"), median, 1e-5 * median);
  EXPECT_NEAR(printed_value(block, "bfs  harmonic_mean_TEPS:"), 64 / reciprocal_sum,
              1e-5 * 64 / reciprocal_sum);
  EXPECT_EQ(printed_value(block, "NBFS:"), 64);
}

}  // namespace
}  // namespace semibfs
