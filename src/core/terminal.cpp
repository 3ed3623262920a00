#include "core/terminal.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <iostream>

namespace semibfs {

bool progress_bar_wanted(bool stream_is_stderr, bool stderr_is_terminal, const char* term, const char* setting) {
  if (!stream_is_stderr) return false;
  if (setting != nullptr && std::strcmp(setting, "bar") == 0) return true;
  if (setting != nullptr && std::strcmp(setting, "plain") == 0) return false;
  return stderr_is_terminal && term != nullptr && std::strcmp(term, "dumb") != 0;
}

bool shows_progress_bar(const std::ostream* out) {
  return progress_bar_wanted(out == &std::cerr, ::isatty(STDERR_FILENO) == 1, std::getenv("TERM"),
                             std::getenv("SEMIBFS_PROGRESS"));
}

int terminal_columns() {
  constexpr int kFallbackColumns = 80;
  winsize size{};
  if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &size) != 0 || size.ws_col == 0) return kFallbackColumns;
  return size.ws_col;
}

}  // namespace semibfs
