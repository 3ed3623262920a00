// The subcommands of the semibfs command; each returns the process exit status.
#pragma once

#include "cli/arguments.hpp"

namespace semibfs::cli {

int run_command(Arguments& arguments);
int generate_command(Arguments& arguments);
int build_command(Arguments& arguments);  // build_command.cpp
int bfs_command(Arguments& arguments);    // bfs_command.cpp
int info_command(Arguments& arguments);   // info_command.cpp

extern const char* const kMainHelp;
extern const char* const kRunHelp;
extern const char* const kGenerateHelp;
// Defined beside their commands.
extern const char* const kBuildHelp;
extern const char* const kBfsHelp;
extern const char* const kInfoHelp;

}  // namespace semibfs::cli
