// The live bar on a stream: drawn in place, at most as often as asked, lines above it, a final
// line with the total, and only the line ended when an error unwinds it.
#include "core/progress_bar.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>

namespace semibfs {
namespace {

constexpr const char* kClear = "\r\033[K";

// No ticker thread: only the calls draw, so the output is the calls'.
ProgressBarOptions drawn_by_calls(double redraw_seconds) { return ProgressBarOptions{80, redraw_seconds, 0}; }

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

TEST(ProgressBar, RedrawsInPlaceAndEndsWithTheTotal) {
  std::ostringstream out;
  {
    ProgressBar bar(out, drawn_by_calls(0));
    bar.begin("generation", ProgressUnit::kEdges, 1000000);
    bar.update(500000);
    bar.update(1000000);  // the total: finished
    EXPECT_FALSE(bar.showing());
  }
  const std::string text = out.str();
  EXPECT_EQ(count_of(text, kClear), 3u) << text;
  EXPECT_NE(text.find(std::string(kClear) + "generation: ["), std::string::npos) << text;
  EXPECT_NE(text.find("] 50%"), std::string::npos) << text;
  EXPECT_NE(text.find("generation: 1000000 edges in "), std::string::npos) << text;
  EXPECT_EQ(text.back(), '\n');
  EXPECT_EQ(count_of(text, "\n"), 1u) << "one line in all: " << text;
}

TEST(ProgressBar, DrawsAtMostAsOftenAsAsked) {
  std::ostringstream out;
  ProgressBar bar(out, drawn_by_calls(3600));
  bar.begin("renumbering", ProgressUnit::kEdges, 100);
  for (int done = 1; done < 100; ++done) bar.update(done);
  EXPECT_EQ(count_of(out.str(), kClear), 1u) << "only the first drawing: " << out.str();
  bar.update(100);
  EXPECT_EQ(count_of(out.str(), kClear), 2u) << "the final line is always drawn";
  EXPECT_NE(out.str().find("renumbering: 100 edges in"), std::string::npos) << out.str();
}

TEST(ProgressBar, LinesAboveTheBar) {
  std::ostringstream out;
  ProgressBar bar(out, drawn_by_calls(0));
  bar.begin("searches", ProgressUnit::kSearches, 2);
  bar.print_above("BFS 0: root 7", 1);
  bar.print_above("BFS 1: root 9", 2);
  const std::string text = out.str();
  EXPECT_NE(text.find(std::string(kClear) + "BFS 0: root 7\n" + kClear + "searches: [#"), std::string::npos)
      << "the bar below the line counts it: " << text;
  EXPECT_NE(text.find(std::string(kClear) + "BFS 1: root 9\n"), std::string::npos) << text;
  EXPECT_NE(text.find("searches: 2 searches in "), std::string::npos) << text;
  EXPECT_GT(text.find("searches: 2 searches in "), text.find("BFS 1: root 9")) << "the total after the last line";
  // With no phase showing, a line is only a line.
  std::ostringstream plain;
  ProgressBar idle(plain, drawn_by_calls(0));
  idle.print_above("checked the edge file", 0);
  EXPECT_EQ(plain.str(), "checked the edge file\n");
}

TEST(ProgressBar, UnknownTotalFinishesWhenAsked) {
  std::ostringstream out;
  ProgressBar bar(out, drawn_by_calls(0));
  bar.begin("pagerank", ProgressUnit::kIterations, 0);
  bar.update(5);
  EXPECT_TRUE(bar.showing());
  bar.finish();
  bar.finish();  // twice: nothing more
  EXPECT_NE(out.str().find("pagerank: 5 iterations in "), std::string::npos) << out.str();
  EXPECT_EQ(count_of(out.str(), "\n"), 1u) << out.str();
}

TEST(ProgressBar, NewPhaseFinishesThePreviousOne) {
  std::ostringstream out;
  ProgressBar bar(out, drawn_by_calls(0));
  bar.begin("construction", ProgressUnit::kNone, 0);
  bar.begin("writing the store", ProgressUnit::kNone, 0);
  bar.finish();
  const std::string text = out.str();
  EXPECT_LT(text.find("construction: done in "), text.find("writing the store: done in ")) << text;
}

TEST(ProgressBar, AnErrorOnlyEndsTheLine) {
  std::ostringstream out;
  try {
    ProgressBar bar(out, drawn_by_calls(0));
    bar.begin("external build: collecting", ProgressUnit::kVertices, 100);
    bar.update(40);
    throw std::runtime_error("disk full");
  } catch (const std::runtime_error&) {
  }
  const std::string text = out.str();
  EXPECT_EQ(text.back(), '\n');
  EXPECT_EQ(text.find(" in "), std::string::npos) << "no total stated: " << text;
  EXPECT_NE(text.find("] 40/100"), std::string::npos) << text;
}

TEST(ProgressBar, TickerRedrawsWithoutUpdates) {
  std::ostringstream out;
  {
    ProgressBar bar(out, ProgressBarOptions{80, 0.01, 0.01});
    bar.begin("construction", ProgressUnit::kNone, 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }  // the ticker joined: the stream is ours again
  EXPECT_GE(count_of(out.str(), kClear), 4u) << "begun, redrawn at least twice, finished: " << out.str();
  EXPECT_NE(out.str().find("construction: done in "), std::string::npos) << out.str();
}

}  // namespace
}  // namespace semibfs
