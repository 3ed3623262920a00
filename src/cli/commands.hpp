// The subcommands of the semibfs command; each returns the process exit status. Each command's
// options and its --help text come from one OptionTable (option_table.hpp).
#pragma once

#include "cli/arguments.hpp"

namespace semibfs::cli {

int run_command(Arguments& arguments);       // run_command.cpp
int generate_command(Arguments& arguments);  // generate_command.cpp
int build_command(Arguments& arguments);     // build_command.cpp
int bfs_command(Arguments& arguments);       // bfs_command.cpp
int info_command(Arguments& arguments);      // info_command.cpp
int pagerank_command(Arguments& arguments);  // analytics_command.cpp
int cc_command(Arguments& arguments);        // analytics_command.cpp
int at_command(Arguments& arguments);        // analytics_command.cpp
int add_edges_command(Arguments& arguments);  // version_command.cpp
int compact_command(Arguments& arguments);    // version_command.cpp
int report_command(Arguments& arguments);     // report_command.cpp

// The list of commands (main.cpp).
extern const char* const kMainHelp;

}  // namespace semibfs::cli
