// semibfs command line: dispatches to a subcommand; errors become one line on stderr.
#include <chrono>
#include <csignal>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "analytics/kernels.hpp"
#include "cli/commands.hpp"
#include "cli/process_group.hpp"
#include "cli/rank_arguments.hpp"
#include "core/error.hpp"
#include "core/file_output.hpp"
#include "core/interrupt.hpp"
#include "core/program_version.hpp"

namespace semibfs::cli {

std::string main_help() {
  std::string help =
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
      "  sssp       shortest paths from one root on a store built from a weighted file,\n"
      "             validated, with every vertex's distance and parent written out\n"
      "  info       what a store holds: vertices, edges, degrees, partitions, placement\n";
  // The analytics kernels' lines come from their descriptions (analytics/kernels.cpp).
  for (const semibfs::KernelDescription* kernel : semibfs::analytics_kernels()) {
    help += "  " + kernel->name + std::string(kernel->name.size() < 11 ? 11 - kernel->name.size() : 1, ' ') +
            kernel->summary + "\n";
  }
  return help +
         "  add-edges  add a file's edges to a store as a new version, rewriting nothing\n"
         "  compact    fold a store's versions into its base\n"
         "  report     the figures of runs' JSON reports in one self-contained HTML file\n"
         "\n"
         "Run 'semibfs COMMAND --help' for a command's options; 'semibfs --version' prints the version.\n";
}

}  // namespace semibfs::cli

namespace {

struct Command {
  const char* name;
  int (*run)(semibfs::cli::Arguments& arguments);
};

// Every subcommand but the analytics kernels, once: dispatch and the error prefix both read it.
constexpr Command kCommands[] = {{"run", semibfs::cli::run_command},
                                 {"generate", semibfs::cli::generate_command},
                                 {"build", semibfs::cli::build_command},
                                 {"bfs", semibfs::cli::bfs_command},
                                 {"sssp", semibfs::cli::sssp_command},
                                 {"info", semibfs::cli::info_command},
                                 {"add-edges", semibfs::cli::add_edges_command},
                                 {"compact", semibfs::cli::compact_command},
                                 {"report", semibfs::cli::report_command}};

// The analytics kernels' commands, one for all (cli/analytics_command.cpp reads the name).
constexpr Command kAnalyticsCommand = {"analytics", semibfs::cli::analytics_command};

const Command* find_command(const std::vector<std::string>& words) {
  if (words.empty()) return nullptr;
  for (const Command& command : kCommands) {
    if (words.front() == command.name) return &command;
  }
  return semibfs::find_analytics_kernel(words.front()) != nullptr ? &kAnalyticsCommand : nullptr;
}

int dispatch(const std::vector<std::string>& words) {
  if (words.empty()) throw semibfs::UsageError("no command given");
  const std::string& name = words.front();
  if (name == "-h" || name == "--help" || name == "help") {
    std::fputs(semibfs::cli::main_help().c_str(), stdout);
    return 0;
  }
  if (name == "--version") {
    std::printf("semibfs %s\n", semibfs::program_version().c_str());
    return 0;
  }
  const Command* command = find_command(words);
  if (command == nullptr) throw semibfs::UsageError("unknown command '" + name + "'");
  semibfs::cli::Arguments arguments(name, std::vector<std::string>(words.begin() + 1, words.end()));
  return command->run(arguments);
}

}  // namespace

namespace {

// One line on stderr. With several ranks each names its rank, and a usage error (the same on every
// rank, found before any exchange) is printed by rank 0 alone.
void report_failure(const std::string& command, const std::string& message, bool same_on_every_rank) {
  using semibfs::cli::ProcessGroup;
  if (same_on_every_rank && ProcessGroup::rank() != 0) return;
  // When every rank fails alike (a budget too small, a full disk), rank 0's abort ends the others
  // within this wait, so that one line is printed; a rank failing alone still ends the job soon.
  if (ProcessGroup::size() > 1 && ProcessGroup::rank() != 0) std::this_thread::sleep_for(std::chrono::seconds(2));
  const std::string rank =
      ProcessGroup::size() > 1 && !same_on_every_rank ? "rank " + std::to_string(ProcessGroup::rank()) + ": " : "";
  std::fprintf(stderr, "semibfs%s: %s%s\n", command.c_str(), rank.c_str(), message.c_str());
}

// Other ranks may be waiting for this one in an exchange: a failure that is not the same on every
// rank ends them all.
int fail(int status) {
  semibfs::cli::ProcessGroup::end_all_ranks(status);
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  const semibfs::cli::ProcessGroup group(argc, argv);
  const std::vector<std::string> words(argv + 1, argv + argc);
  // Errors name the subcommand when there is one, and point at its help.
  const std::string command = find_command(words) != nullptr ? " " + words.front() : "";
  semibfs::install_interrupt_handlers();
  // A reader that closed its pipe (`| head`) makes the next write fail with EPIPE: one line, exit 1.
  std::signal(SIGPIPE, SIG_IGN);
  try {
    if (semibfs::cli::ProcessGroup::distributed()) semibfs::cli::require_same_words_on_every_rank(words);
    const int status = dispatch(words);
    semibfs::flush_stream(stdout, "stdout");
    return status;
  } catch (const semibfs::Interrupted& interrupted) {
    report_failure(command, interrupted.what(), false);
    return fail(interrupted.exit_status());
  } catch (const semibfs::EveryRankError& error) {  // no rank waits: each ends through MPI_Finalize
    report_failure(command, error.what(), true);
    return 1;
  } catch (const semibfs::UsageError& error) {
    report_failure(command, std::string(error.what()) + " (see semibfs" + command + " --help)", true);
    return 2;
  } catch (const std::filesystem::filesystem_error& error) {  // a path the library did not check itself
    const std::string detail = "cannot use '" + error.path1().string() + "': " + error.code().message() +
                               " (check that it exists and that its directories may be searched and written)";
    report_failure(command, detail, false);
    return fail(1);
  } catch (const std::bad_alloc&) {
    report_failure(command, "out of memory: give a --dram-budget this machine can hold (or, for run, a smaller --scale)",
                   false);
    return fail(1);
  } catch (const std::exception& error) {
    report_failure(command, error.what(), false);
    return fail(1);
  }
}
