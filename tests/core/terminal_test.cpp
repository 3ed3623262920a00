// When progress is a bar: only on stderr, forced either way by SEMIBFS_PROGRESS, else on a terminal
// that is not "dumb"; and a width to draw it in.
#include "core/terminal.hpp"

#include <gtest/gtest.h>

#include <iostream>
#include <sstream>

namespace semibfs {
namespace {

TEST(Terminal, BarOnlyOnStderrOfATerminal) {
  EXPECT_TRUE(progress_bar_wanted(true, true, "xterm-256color", nullptr));
  EXPECT_FALSE(progress_bar_wanted(true, false, "xterm-256color", nullptr)) << "a file, a pipe, CI";
  EXPECT_FALSE(progress_bar_wanted(true, true, "dumb", nullptr));
  EXPECT_FALSE(progress_bar_wanted(true, true, nullptr, nullptr)) << "no TERM: nothing known of the terminal";
  EXPECT_FALSE(progress_bar_wanted(false, true, "xterm", nullptr)) << "a stream of the caller's";
}

TEST(Terminal, SettingForcesEitherWay) {
  EXPECT_TRUE(progress_bar_wanted(true, false, nullptr, "bar"));
  EXPECT_FALSE(progress_bar_wanted(true, true, "xterm", "plain"));
  EXPECT_TRUE(progress_bar_wanted(true, true, "xterm", "auto")) << "anything else decides as unset";
  EXPECT_FALSE(progress_bar_wanted(false, false, nullptr, "bar")) << "never on another stream";
}

TEST(Terminal, StreamsOtherThanStderrPrintLines) {
  std::ostringstream text;
  EXPECT_FALSE(shows_progress_bar(&text));
  EXPECT_FALSE(shows_progress_bar(nullptr));
  EXPECT_FALSE(shows_progress_bar(&std::cout));
}

TEST(Terminal, ColumnsArePositive) { EXPECT_GT(terminal_columns(), 0); }

}  // namespace
}  // namespace semibfs
