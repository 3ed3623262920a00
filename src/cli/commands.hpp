// The subcommands of the semibfs command; each returns the process exit status.
#pragma once

#include "cli/arguments.hpp"

namespace semibfs::cli {

int run_command(Arguments& arguments);
int generate_command(Arguments& arguments);

extern const char* const kMainHelp;
extern const char* const kRunHelp;
extern const char* const kGenerateHelp;

}  // namespace semibfs::cli
