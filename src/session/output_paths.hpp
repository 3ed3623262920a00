// The files one command writes, checked together before any work: each writable, stdout named
// at most once, no file named twice, none an input of the command, none inside the store it
// reads (a result written there would replace one of the store's files).
#pragma once

#include <string>
#include <vector>

namespace semibfs {

// A path as an option named it ("--json", "RUN.json"), for messages.
struct NamedPath {
  std::string option;
  std::string path;  // empty: not given
};

// Throws UsageError naming the options when an output cannot be written (check_writable), two
// outputs are stdout or one file (through links and hard links too), an output is one of
// `inputs`, or an output lies inside `store_read` (empty: none). The null device may be named by
// any number of outputs.
void check_outputs(const std::vector<NamedPath>& outputs, const std::vector<NamedPath>& inputs = {},
                   const std::string& store_read = "");

}  // namespace semibfs
