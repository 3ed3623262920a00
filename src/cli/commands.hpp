// The subcommands of the semibfs command; each returns the process exit status. Each command's
// options and its --help text come from one OptionTable (option_table.hpp).
#pragma once

#include <string>

#include "cli/arguments.hpp"

namespace semibfs::cli {

int run_command(Arguments& arguments);       // run_command.cpp
int generate_command(Arguments& arguments);  // generate_command.cpp
int build_command(Arguments& arguments);     // build_command.cpp
int bfs_command(Arguments& arguments);       // bfs_command.cpp
int sssp_command(Arguments& arguments);      // sssp_command.cpp
int info_command(Arguments& arguments);      // info_command.cpp
// Every analytics kernel (analytics/kernels.hpp), named by the command: pagerank, cc, at, ...
int analytics_command(Arguments& arguments);  // analytics_command.cpp
int add_edges_command(Arguments& arguments);  // version_command.cpp
int compact_command(Arguments& arguments);    // version_command.cpp
int report_command(Arguments& arguments);     // report_command.cpp

// The list of commands, the analytics kernels' lines among them (main.cpp).
std::string main_help();

}  // namespace semibfs::cli
