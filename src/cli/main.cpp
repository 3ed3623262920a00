// semibfs command line: dispatches to a subcommand; errors become one line on stderr.
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "core/error.hpp"

namespace semibfs::cli {

const char* const kMainHelp =
    "semibfs: the Graph500 breadth-first-search benchmark, spec-exact and validated.\n"
    "\n"
    "Usage: semibfs COMMAND [OPTIONS]\n"
    "\n"
    "Commands:\n"
    "  run        a Graph500 run: generate, construct, 64 timed and validated searches,\n"
    "             the official output block on stdout\n"
    "  generate   write the Graph500 Kronecker edge list to a file\n"
    "  build      turn a graph file (SNAP, Matrix Market, edge list, Graph500 binary; gzip\n"
    "             or not) into a store, within a DRAM budget\n"
    "  bfs        searches on a store made by build: one root with its parents and levels\n"
    "             written out, or N random roots with the statistics block of run\n"
    "  info       what a store holds: vertices, edges, degrees, partitions, placement\n"
    "\n"
    "Run 'semibfs COMMAND --help' for a command's options.\n";

}  // namespace semibfs::cli

namespace {

int dispatch(const std::vector<std::string>& words) {
  using namespace semibfs::cli;
  if (words.empty()) throw semibfs::UsageError("no command given");
  const std::string& command = words.front();
  if (command == "-h" || command == "--help" || command == "help") {
    std::fputs(kMainHelp, stdout);
    return 0;
  }
  Arguments arguments(command, std::vector<std::string>(words.begin() + 1, words.end()));
  if (command == "run") return run_command(arguments);
  if (command == "generate") return generate_command(arguments);
  if (command == "build") return build_command(arguments);
  if (command == "bfs") return bfs_command(arguments);
  if (command == "info") return info_command(arguments);
  throw semibfs::UsageError("unknown command '" + command + "'");
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> words(argv + 1, argv + argc);
  // Errors name the subcommand when there is one, and point at its help.
  const bool known = !words.empty() && (words.front() == "run" || words.front() == "generate" ||
                                        words.front() == "build" || words.front() == "bfs" || words.front() == "info");
  const std::string command = known ? " " + words.front() : "";
  try {
    return dispatch(words);
  } catch (const semibfs::UsageError& error) {
    std::fprintf(stderr, "semibfs%s: %s (see semibfs%s --help)\n", command.c_str(), error.what(), command.c_str());
    return 2;
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "semibfs%s: out of memory: use a smaller SCALE\n", command.c_str());
    return 1;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "semibfs%s: %s\n", command.c_str(), error.what());
    return 1;
  }
}
