// Progress lines where no bar shows (a file, a pipe, CI): exactly the lines semibfs printed before
// bars existed, whatever SEMIBFS_PROGRESS says, on any stream but a terminal's stderr.
#include "core/progress_log.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <regex>
#include <sstream>
#include <string>

namespace semibfs {
namespace {

TEST(ProgressLog, PlainLinesAsBefore) {
  std::ostringstream out;
  ProgressLog log(&out, "external build", 0.0);
  EXPECT_FALSE(log.shows_bar());
  log.tick("counting endpoints: edge", 250, 1000, ProgressUnit::kEdges);
  log.show("reading", 10, 100, ProgressUnit::kBytes);  // a bar's alone: nothing here
  log.say("counted endpoints");
  EXPECT_TRUE(std::regex_match(out.str(), std::regex("external build: counting endpoints: edge 250 of 1000 \\(25%\\) "
                                                     "\\([0-9.]+ s\\)\n"
                                                     "external build: counted endpoints \\([0-9.]+ s\\)\n")))
      << out.str();
}

TEST(ProgressLog, TicksWaitForTheInterval) {
  std::ostringstream out;
  ProgressLog log(&out, "edge file", 3600.0);
  for (int done = 1; done <= 10; ++done) log.tick("edges", done, 10, ProgressUnit::kEdges);
  EXPECT_EQ(out.str(), "");
  log.say("wrote 10 edges");
  EXPECT_EQ(out.str().rfind("edge file: wrote 10 edges (", 0), 0u) << out.str();
}

TEST(ProgressLog, NoStreamNoLines) {
  ProgressLog log(nullptr, "build", 0.0);
  log.tick("renumbering: edge", 1, 2);
  log.say("done");
  EXPECT_FALSE(log.shows_bar());
}

// The setting forces a bar on stderr only: a stream of the caller's keeps its lines.
TEST(ProgressLog, SettingLeavesOtherStreamsPlain) {
  const char* before = std::getenv("SEMIBFS_PROGRESS");
  const std::string saved = before != nullptr ? before : "";
  ::setenv("SEMIBFS_PROGRESS", "bar", 1);
  std::ostringstream out;
  {
    ProgressLog log(&out, "semibfs generate", 0.0);
    EXPECT_FALSE(log.shows_bar());
    log.tick("edges", 5, 10, ProgressUnit::kEdges);
  }
  if (before != nullptr) {
    ::setenv("SEMIBFS_PROGRESS", saved.c_str(), 1);
  } else {
    ::unsetenv("SEMIBFS_PROGRESS");
  }
  EXPECT_EQ(out.str().find('\r'), std::string::npos) << out.str();
  EXPECT_EQ(out.str().rfind("semibfs generate: edges 5 of 10 (50%) (", 0), 0u) << out.str();
}

}  // namespace
}  // namespace semibfs
