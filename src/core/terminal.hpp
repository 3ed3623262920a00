// Whether progress goes to a person watching a terminal (a bar redrawn in place) or to a file, a
// pipe or CI (plain lines, one every few seconds), and how wide that terminal is.
#pragma once

#include <ostream>

namespace semibfs {

// The decision itself: a bar only on stderr, when SEMIBFS_PROGRESS (`setting`, null when unset)
// says "bar", or when it says nothing else ("plain" forces lines) and stderr is a terminal whose
// TERM is not "dumb".
bool progress_bar_wanted(bool stream_is_stderr, bool stderr_is_terminal, const char* term, const char* setting);

// progress_bar_wanted for `out` (null: nowhere) in this process's environment.
bool shows_progress_bar(const std::ostream* out);

// The columns of the terminal on stderr; 80 when it has none or does not say.
int terminal_columns();

}  // namespace semibfs
