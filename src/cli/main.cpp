// semibfs command line: dispatches to a subcommand; errors become one line on stderr.
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "core/error.hpp"

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
