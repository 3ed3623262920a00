// `mpirun -np R semibfs run` (issue 14): for every rank count the same roots, every search
// validated across the ranks, nedge per root equal to the one-process run, the official block
// with num_mpi_processes: R; each switch (direction policy, summary granularity, message pieces)
// gives the same nedge; options a run across ranks does not take are one line from rank 0; a rank
// that fails ends the job within 10 s with one line naming it.
#ifdef SEMIBFS_HAVE_MPI
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <regex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "support/command_runner.hpp"
#include "support/memcached_server.hpp"

extern char** environ;

namespace semibfs {
namespace {

using testing::CommandResult;
using testing::read_text;

// LeakSanitizer stays off in the ranks (sanitized builds): Open MPI's components keep allocations
// past MPI_Finalize by design and are unloaded before the report, so it cannot tell them apart.
std::string launcher(int ranks) {
  return std::string(SEMIBFS_MPIEXEC) + " --oversubscribe --allow-run-as-root -x ASAN_OPTIONS=detect_leaks=0 -np " +
         std::to_string(ranks) + " ";
}

// The numbers after `"key":` in the JSON text, in order, as written.
std::vector<std::string> json_values(const std::string& json, const std::string& key) {
  std::vector<std::string> values;
  const std::regex pattern("\"" + key + "\":\\s*(-?[0-9][0-9.eE+-]*)");
  for (auto it = std::sregex_iterator(json.begin(), json.end(), pattern); it != std::sregex_iterator(); ++it) {
    values.push_back((*it)[1]);
  }
  return values;
}

// The integers after `"key":` in the JSON text, in order.
std::vector<std::int64_t> json_numbers(const std::string& json, const std::string& key) {
  std::vector<std::int64_t> numbers;
  for (const std::string& value : json_values(json, key)) numbers.push_back(std::stoll(value));
  return numbers;
}

// Our lines of stderr (mpirun adds its own banner about the ranks' exit codes).
std::vector<std::string> semibfs_lines(const std::string& err) {
  std::vector<std::string> lines;
  for (const std::string& line : testing::lines_of(err)) {
    if (line.starts_with("semibfs")) lines.push_back(line);
  }
  return lines;
}

class MpiRunTest : public testing::CommandTest {
 protected:
  // The JSON of a run, alone (ranks 0) or across `ranks`; the run must pass.
  std::string json_of_run(int ranks, const std::string& arguments) {
    const std::string json = (directory_ / ("run-" + std::to_string(ranks) + ".json")).string();
    const CommandResult result = run("run " + arguments + " --json " + json, ranks > 0 ? launcher(ranks) : "");
    EXPECT_EQ(result.exit_code, 0) << result.err;
    if (ranks > 0) {
      EXPECT_NE(result.out.find("num_mpi_processes:              " + std::to_string(ranks) + "\n"), std::string::npos)
          << result.out;
      EXPECT_NE(result.err.find("validation passed"), std::string::npos) << result.err;
      EXPECT_EQ(result.err.find("validation FAILED"), std::string::npos) << result.err;
    }
    return read_text(json);
  }

  void expect_same_searches(int ranks, const std::string& alone, const std::string& across) {
    const std::string single = json_of_run(0, alone);
    const std::string distributed = json_of_run(ranks, across);
    EXPECT_EQ(json_numbers(distributed, "root"), json_numbers(single, "root")) << ranks << " ranks: " << across;
    EXPECT_EQ(json_numbers(distributed, "nedge"), json_numbers(single, "nedge")) << ranks << " ranks: " << across;
    EXPECT_FALSE(json_numbers(distributed, "nedge").empty());
    EXPECT_EQ(json_numbers(distributed, "num_mpi_processes"), std::vector<std::int64_t>{ranks});
  }
};

TEST_F(MpiRunTest, EveryRankCountGivesTheOneProcessSearches) {
  for (const int ranks : {1, 2, 3, 4, 6}) {
    for (const int scale : {10, 13}) {
      const std::string arguments = "--scale " + std::to_string(scale) + " --roots 12 --threads 1";
      expect_same_searches(ranks, arguments, arguments);
    }
  }
}

TEST_F(MpiRunTest, EachSwitchGivesTheSameSearches) {
  const std::string base = "--scale 12 --roots 8 --threads 1";
  for (const std::string option : {"--policy top-down", "--policy bottom-up", "--policy beamer", "--summary-bits 64",
                                   "--summary-bits 1024", "--neighbor-order id"}) {
    expect_same_searches(3, base + " " + option, base + " " + option);
  }
}

// The queue sharing, the parallel allgather and the pieces path change how the frontier moves,
// never what the searches find. --node-size makes one machine several "nodes": 3 ranks in nodes of
// 2 are uneven (the leaders move the bitmap), 4 in nodes of 2 even (every local rank moves a share).
TEST_F(MpiRunTest, EachWayOfMovingTheFrontierGivesTheSameSearches) {
  const std::string base = "--scale 12 --roots 8 --threads 1 --summary-bits 256";
  const std::vector<std::pair<int, std::string>> cases = {
      {3, "--shared-queues none"},
      {3, "--shared-queues in"},
      {3, "--shared-queues all"},
      {3, "--shared-queues in --node-size 1"},
      {3, "--shared-queues all --node-size 2"},
      {4, "--shared-queues all --node-size 2"},
      {4, "--shared-queues all --node-size 2 --parallel-allgather off"},
      {4, "--shared-queues in --node-size 2"},
      {4, "--shared-queues all --node-size 1 --policy bottom-up"}};
  for (const auto& [ranks, option] : cases) {
    const bool bottom_up = option.find("bottom-up") != std::string::npos;
    expect_same_searches(ranks, base + (bottom_up ? " --policy bottom-up" : ""), base + " " + option);
  }
}

// Exchanges in pieces of 16 bytes (two words): at SCALE 10 a rank's bitmap slice is 32 bytes and a
// node's part 64, so every kind of exchange is split (the communicator's tests go down to 1 byte).
// The remote vertex caches (Cicotti and Carrington) drop pairs, never what the searches find: for R = 2, 3, 4
// and 8, each kind (a rank's own table with both hashes, one shared by the ranks of a "node" of 2
// or of the machine, cache server ranks for one group or two), a table small enough to evict all
// the time and a larger one, the hybrid and pure top-down searches. Pure top-down searches hit.
TEST_F(MpiRunTest, RemoteVertexCachesGiveTheSameSearches) {
  const std::string base = "--scale 12 --roots 8 --threads 1";
  for (const int ranks : {2, 3, 4, 8}) {
    for (const std::string cache :
         {"--remote-cache-entries 16 --remote-cache-hash low", "--remote-cache-entries 4096 --remote-cache-hash mix",
          "--remote-cache node --remote-cache-entries 16 --node-size 2", "--remote-cache node --remote-cache-entries 4096",
          "--remote-cache server --remote-cache-entries 16",
          "--remote-cache server --cache-server-ranks 2 --remote-cache-entries 4096"}) {
      for (const std::string policy : {"", " --policy top-down"}) {
        expect_same_searches(ranks, base + policy, base + policy + " " + cache);
        const std::string json = read_text(directory_ / ("run-" + std::to_string(ranks) + ".json"));
        // Per level, and per root and run in "remote_cache_counts" ("hits" there).
        const std::vector<std::int64_t> hits = json_numbers(json, "remote_cache_hits");
        std::int64_t all_hits = 0;
        for (const std::int64_t level : hits) all_hits += level;
        const std::vector<std::int64_t> counted = json_numbers(json, "hits");
        ASSERT_FALSE(counted.empty());
        EXPECT_EQ(counted.front(), all_hits) << "the run's remote_cache_counts";
        if (!policy.empty()) {
          EXPECT_GT(all_hits, 0) << ranks << " ranks, " << cache;
        }
      }
    }
  }
}

// Per level, the pair bytes the exchanges counted are 8 per pair generated and not dropped, with
// each kind of cache; those asked of a server count as cache traffic.
void expect_pairs_sent_are_generated_less_hits(const std::string& json, bool cache_traffic) {
  EXPECT_EQ(json.find("\"cache\": {") != std::string::npos, cache_traffic);
  const std::string marker = "\"communication\": {";
  int levels = 0, levels_with_hits = 0;
  for (std::size_t at = json.find(marker); at != std::string::npos; at = json.find(marker, at + 1)) {
    const std::string level = json.substr(at, json.find("rank_communication_seconds", at) - at);
    const std::size_t pairs = level.find("\"pairs\": {");
    const std::int64_t bytes = pairs == std::string::npos ? 0 : json_numbers(level.substr(pairs), "bytes").front();
    const std::int64_t generated = json_numbers(level, "pairs_generated").front();
    const std::int64_t hits = json_numbers(level, "remote_cache_hits").front();
    EXPECT_EQ(bytes, 8 * (generated - hits)) << level;
    ++levels;
    levels_with_hits += hits > 0 ? 1 : 0;
  }
  EXPECT_GT(levels, 4);
  EXPECT_GT(levels_with_hits, 0);
}

TEST_F(MpiRunTest, PairsSentArePairsGeneratedLessCacheHits) {
  const std::string base = "--scale 12 --roots 4 --threads 1 --policy top-down --remote-cache-entries 64";
  expect_pairs_sent_are_generated_less_hits(json_of_run(3, base), false);
  expect_pairs_sent_are_generated_less_hits(json_of_run(3, base + " --remote-cache node"), false);
  expect_pairs_sent_are_generated_less_hits(json_of_run(3, base + " --remote-cache server"), true);
}

// MC-BFS: every rank asks a memcached server of the test's own; the searches are the one-process
// searches, and pure top-down searches hit and count their requests as cache traffic. Skipped, in
// one line, where the server cannot start.
TEST_F(MpiRunTest, AMemcachedCacheGivesTheSameSearches) {
#ifndef SEMIBFS_HAVE_MEMCACHED
  GTEST_SKIP() << "semibfs was built without libmemcached (install libmemcached-dev)";
#endif
  testing::MemcachedServer server;
  if (!server.started()) GTEST_SKIP() << server.problem();
  const std::string cache = " --remote-cache memcached://127.0.0.1:" + std::to_string(server.port());
  const std::string base = "--scale 11 --roots 4 --threads 1";
  for (const int ranks : {2, 3, 4, 8}) {
    for (const std::string policy : {"", " --policy top-down"}) {
      expect_same_searches(ranks, base + policy, base + policy + cache);
    }
    const std::string json = read_text(directory_ / ("run-" + std::to_string(ranks) + ".json"));
    expect_pairs_sent_are_generated_less_hits(json, true);
  }
}

// A top-down level asks the cache only when its frontier has at least as many edges as the table
// has entries: levels below that hit nothing although they generate pairs, and larger ones hit.
TEST_F(MpiRunTest, ALevelAsksTheCacheOnlyWhenItsFrontierFillsTheTable) {
  constexpr std::int64_t kEntries = 8192;
  const std::string json = json_of_run(
      3, "--scale 12 --roots 4 --threads 1 --policy top-down --remote-cache-entries " + std::to_string(kEntries));
  std::int64_t small_level_pairs = 0, small_level_hits = 0, large_level_hits = 0;
  const std::string marker = "\"frontier_edges\":";
  for (std::size_t at = json.find(marker); at != std::string::npos; at = json.find(marker, at + 1)) {
    const std::string level = json.substr(at, json.find("rank_communication_seconds", at) - at);
    const std::int64_t edges = json_numbers(level, "frontier_edges").front();
    const std::int64_t hits = json_numbers(level, "remote_cache_hits").front();
    if (edges < kEntries) {
      small_level_pairs += json_numbers(level, "pairs_generated").front();
      small_level_hits += hits;
    } else {
      large_level_hits += hits;
    }
  }
  EXPECT_GT(small_level_pairs, 1000);
  EXPECT_EQ(small_level_hits, 0);
  EXPECT_GT(large_level_hits, 0);
}

TEST_F(MpiRunTest, RemoteCacheOptionsRefuseBadValues) {
  for (const std::string bad : {"--remote-cache disk", "--remote-cache memcached://", "--cache-server-ranks 0",
                                "--remote-cache server --cache-server-ranks 4"}) {
    const CommandResult result = run("run --scale 10 --roots 2 --threads 1 " + bad, launcher(3));
    EXPECT_EQ(result.exit_code, 2) << bad;
    EXPECT_EQ(semibfs_lines(result.err).size(), 1u) << bad << ": " << result.err;
  }
}

TEST_F(MpiRunTest, ExchangesInPiecesGiveTheSameSearches) {
  const std::string base = "--scale 10 --roots 8 --threads 1 --summary-bits 256 --policy bottom-up";
  expect_same_searches(4, base, base + " --mpi-message-limit 16 --shared-queues none");
  expect_same_searches(4, base, base + " --mpi-message-limit 16 --node-size 2");
}

TEST_F(MpiRunTest, ReportsCommunicationPerLevelAndRank) {
  const std::string json = json_of_run(2, "--scale 11 --roots 4 --threads 1 --summary-bits 256 --shared-queues none");
  for (const std::string key : {"\"distributed\"", "\"per_rank\"", "\"communication\"", "\"rank_communication_seconds\"",
                                 "\"bitmap\"", "\"summary\"", "\"pairs\"", "\"construction\"", "\"untimed\"",
                                  "\"validation\""}) {
    EXPECT_NE(json.find(key), std::string::npos) << key;
  }
  EXPECT_EQ(json_numbers(json, "rank").size(), 2u);
}

TEST_F(MpiRunTest, AUsageErrorIsOneLineFromRankZero) {
  const CommandResult result = run("run --scale 10 --summary-bits 100", launcher(3));
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(semibfs_lines(result.err).size(), 1u) << result.err;
  EXPECT_NE(result.err.find("semibfs run: --summary-bits: must be one of"), std::string::npos) << result.err;
}

// NUMA partitions inside each rank (a team of threads per partition scans its own rows bottom-up;
// on one NUMA node only the teams change), with fewer, as many and more threads than partitions,
// in DRAM and on rank parts under a budget.
TEST_F(MpiRunTest, PartitionsInsideRanksGiveTheOneProcessSearches) {
  const std::string alone = "--scale 12 --roots 8 --threads 1";
  for (const std::string inside : {"--partitions 2 --threads 1", "--partitions 2 --threads 2",
                                   "--partitions 3 --threads 2"}) {
    expect_same_searches(2, alone, "--scale 12 --roots 8 " + inside);
  }
  const std::filesystem::path store = directory_ / "store";
  std::filesystem::create_directory(store);
  expect_same_searches(3, alone, alone + " --store " + store.string() + " --dram-budget 96MiB --head-entries 1 --partitions 2");
}

// Each rank writes its part (DIR/rank-K) and reads it back, whole or under a budget with one entry
// of every list in DRAM (the rest read from disk, the share of the edges streamed from the part).
TEST_F(MpiRunTest, RankStoresGiveTheOneProcessSearches) {
  const std::string base = "--scale 12 --roots 8 --threads 1";
  for (const int ranks : {2, 3}) {
    const std::filesystem::path store = directory_ / ("store-" + std::to_string(ranks));
    std::filesystem::create_directory(store);
    const std::string with_store = base + " --store " + store.string();
    expect_same_searches(ranks, base, with_store);
    EXPECT_TRUE(std::filesystem::exists(store / ("rank-" + std::to_string(ranks - 1)) / "manifest"));
    expect_same_searches(ranks, base, with_store + " --reuse");
    expect_same_searches(ranks, base, with_store + " --reuse --dram-budget 256MiB --head-entries 1");
    const std::string json = read_text(directory_ / ("run-" + std::to_string(ranks) + ".json"));
    EXPECT_NE(json.find("\"lists_on_disk\": true"), std::string::npos) << json.substr(0, 2000);
    EXPECT_GT(json_numbers(json, "requests").front(), 0);
  }
}

// Kernel 1 within a budget (mpi/rank_part_build.hpp: the share written to the part's edge file,
// the entries exchanged through a scratch file, the external construction) writes parts byte for
// byte equal to those kernel 1 in DRAM writes (another construction, build_row_lists), and the
// run searches them from disk as --reuse would.
TEST_F(MpiRunTest, RankPartsBuiltWithinABudgetEqualThoseBuiltInDram) {
  const std::string base = "--scale 12 --roots 8 --threads 1";
  for (const int ranks : {2, 3}) {
    const std::filesystem::path in_dram = directory_ / ("dram-" + std::to_string(ranks));
    const std::filesystem::path budgeted = directory_ / ("budget-" + std::to_string(ranks));
    std::filesystem::create_directory(in_dram);
    std::filesystem::create_directory(budgeted);
    expect_same_searches(ranks, base, base + " --store " + in_dram.string());
    expect_same_searches(ranks, base, base + " --store " + budgeted.string() + " --dram-budget 96MiB --head-entries 1");
    const std::string json = read_text(directory_ / ("run-" + std::to_string(ranks) + ".json"));
    EXPECT_NE(json.find("\"lists_on_disk\": true"), std::string::npos) << json.substr(0, 2000);
    for (int rank = 0; rank < ranks; ++rank) {
      const std::string part = "rank-" + std::to_string(rank);
      for (const char* file : {"manifest", "edges.packed48", "p0.backward.offsets", "p0.backward.neighbors"}) {
        EXPECT_EQ(read_text(budgeted / part / file), read_text(in_dram / part / file)) << part << "/" << file;
      }
      EXPECT_FALSE(std::filesystem::exists(budgeted / part / "rank-entries.packed48"));
    }
    expect_same_searches(ranks, base, base + " --store " + budgeted.string() + " --reuse");
  }
}

// A budget too small for the build fails on every rank with one line and leaves no part file.
TEST_F(MpiRunTest, ARankPartBudgetTooSmallLeavesNoPartFile) {
  const CommandResult result =
      run("run --scale 12 --roots 4 --threads 1 --store " + directory_.string() + " --dram-budget 20MiB", launcher(2));
  EXPECT_NE(result.exit_code, 0);
  EXPECT_EQ(semibfs_lines(result.err).size(), 1u) << result.err;
  for (const char* part : {"rank-0", "rank-1"}) {
    for (const auto& entry : std::filesystem::directory_iterator(directory_ / part)) {
      ADD_FAILURE() << "left behind: " << entry.path();
    }
  }
}

TEST_F(MpiRunTest, RankStoresOfAnotherRankCountOrDamagedAreRefused) {
  const std::string base = "run --scale 10 --roots 4 --threads 1 --store " + directory_.string();
  ASSERT_EQ(run(base, launcher(2)).exit_code, 0);
  CommandResult result = run(base + " --reuse", launcher(3));
  EXPECT_NE(result.exit_code, 0);
  EXPECT_THAT(result.err, ::testing::AnyOf(::testing::HasSubstr("holds no part for rank 2 of 3"),
                                           ::testing::HasSubstr("rank part 0 of 2"), ::testing::HasSubstr("rank part 1 of 2")));
  const std::filesystem::path lists = directory_ / "rank-1" / "p0.backward.neighbors";
  std::string bytes = read_text(lists);
  bytes[bytes.size() / 2] ^= 1;
  testing::write_text(lists, bytes);
  result = run(base + " --reuse", launcher(2));
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.err.find("rank-1/p0.backward.neighbors"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("SHA-256"), std::string::npos) << result.err;
}

TEST_F(MpiRunTest, ForwardOnDiskPlacementIsRefusedUnderMpirun) {
  const CommandResult result = run("run --scale 10 --roots 4 --threads 1 --dram-budget 64MiB --placement "
                                   "forward-on-disk --store " + directory_.string(),
                                   launcher(2));
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.err.find("not supported under mpirun"), std::string::npos) << result.err;
}

TEST_F(MpiRunTest, MessageLimitAloneIsAUsageError) {
  const CommandResult result = run("run --scale 10 --mpi-message-limit 64");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("--mpi-message-limit"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("apply to runs under mpirun"), std::string::npos) << result.err;
}

// The pid of the semibfs process that is rank `rank` of the job whose environment holds `mark`.
pid_t rank_process(const std::string& mark, int rank) {
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string environment = read_text(entry.path() / "environ");
    std::string with_nul_ends = environment;
    for (char& c : with_nul_ends) c = c == '\0' ? '\n' : c;
    if (with_nul_ends.find("SEMIBFS_TEST_MARK=" + mark + "\n") != std::string::npos &&
        with_nul_ends.find("OMPI_COMM_WORLD_RANK=" + std::to_string(rank) + "\n") != std::string::npos &&
        read_text(entry.path() / "cmdline").find("semibfs") != std::string::npos) {
      return static_cast<pid_t>(std::stol(entry.path().filename().string()));
    }
  }
  return -1;
}

// Rank 1 of 3 is stopped by SIGTERM in the middle of the searches; the others are then waiting for
// it in an exchange. The job must end, non-zero, within 10 s, with one line naming rank 1.
TEST_F(MpiRunTest, AFailedRankEndsTheJobWithOneLine) {
  const std::string mark = directory_.filename().string();
  const std::filesystem::path out = directory_ / "out.txt", err = directory_ / "err.txt";
  const std::string command = std::string(SEMIBFS_MPIEXEC) + " --oversubscribe --allow-run-as-root -x ASAN_OPTIONS=detect_leaks=0 -x SEMIBFS_TEST_MARK=" +
                              mark + " -np 3 " + SEMIBFS_BINARY + " run --scale 15 --roots 64 --threads 1 >" +
                              out.string() + " 2>" + err.string();
  std::string shell = "/bin/sh", flag = "-c", line = command;
  char* argv[] = {shell.data(), flag.data(), line.data(), nullptr};
  pid_t job = -1;
  ASSERT_EQ(::posix_spawn(&job, "/bin/sh", nullptr, nullptr, argv, environ), 0);
  const auto started = std::chrono::steady_clock::now();
  while (read_text(err).find("BFS 1:") == std::string::npos &&
         std::chrono::steady_clock::now() - started < std::chrono::seconds(60)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  const pid_t victim = rank_process(mark, 1);
  ASSERT_GT(victim, 0) << read_text(err);
  ASSERT_EQ(::kill(victim, SIGTERM), 0);
  const auto signalled = std::chrono::steady_clock::now();
  int status = 0;
  while (::waitpid(job, &status, WNOHANG) == 0 && std::chrono::steady_clock::now() - signalled < std::chrono::seconds(30)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - signalled).count();
  EXPECT_LT(seconds, 10.0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) != 0);
  const std::vector<std::string> ours = semibfs_lines(read_text(err));
  ASSERT_EQ(ours.size(), 1u) << read_text(err);
  EXPECT_TRUE(ours[0].starts_with("semibfs run: rank 1: ")) << ours[0];
}

// Issue 42, case 2: ranks started with different options (mpirun's MPMD form, `A : B`) ran a mixed
// graph as valid or waited forever; each difference is now one line naming the option and two
// ranks, exit 2, before any work (a timeout stands for the hang).
TEST_F(MpiRunTest, RanksGivenDifferentOptionsAreRefusedNamingTheOption) {
  const std::string base = "run --scale 10 --roots 4 --threads 1";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--edgefactor 8", "--edgefactor: rank 0 does not give it, rank 1 gives '8'"},
      {"--seed1 5", "--seed1: rank 0 does not give it, rank 1 gives '5'"},
      {"--roots 8", "--roots: rank 0 gives '4', rank 1 gives '8'"},
      {"--policy top-down", "--policy: rank 0 does not give it, rank 1 gives 'top-down'"},
      {"--skip-validation", "--skip-validation: rank 0 does not give it, rank 1 gives it"},
      {"--summary-bits 64", "--summary-bits: rank 0 does not give it"},
      {"--neighbor-order id", "--neighbor-order: rank 0 does not give it"}};
  for (const auto& [extra, named] : cases) {
    SCOPED_TRACE(extra);
    const CommandResult result =
        run(base + " : -np 1 " + SEMIBFS_BINARY + " " + base + " " + extra, "timeout 120 " + launcher(1));
    EXPECT_EQ(result.exit_code, 2) << result.err;
    const std::vector<std::string> ours = semibfs_lines(result.err);
    ASSERT_EQ(ours.size(), 1u) << result.err;
    EXPECT_NE(ours[0].find("different options: " + named), std::string::npos) << ours[0];
    EXPECT_EQ(result.err.find("MPI_ABORT"), std::string::npos) << result.err;
  }
  const CommandResult scales =
      run(base + " : -np 1 " + SEMIBFS_BINARY + " run --scale 11 --roots 4 --threads 1", "timeout 120 " + launcher(1));
  EXPECT_EQ(scales.exit_code, 2) << scales.err;
  EXPECT_NE(scales.err.find("--scale: rank 0 gives '10', rank 1 gives '11'"), std::string::npos) << scales.err;
  // The same options in another order, and each rank's own --threads and --json, run.
  const CommandResult same = run(base + " : -np 1 " + SEMIBFS_BINARY + " run --threads 2 --roots 4 --scale 10 --json " +
                                     (directory_ / "unused.json").string(),
                                 "timeout 120 " + launcher(1));
  EXPECT_EQ(same.exit_code, 0) << same.err;
  EXPECT_NE(same.out.find("num_mpi_processes:              2"), std::string::npos) << same.out;
}

// Issue 42, case 17: a memcached address without a port, or with a bad one, was refused only after
// generation and construction; it is a usage error before any work.
TEST_F(MpiRunTest, ABadMemcachedAddressIsRefusedBeforeAnyWork) {
  for (const std::string address : {"memcached://a:b", "memcached://a:99999", "memcached://a"}) {
    SCOPED_TRACE(address);
    const CommandResult result = run("run --scale 14 --roots 4 --threads 1 --remote-cache " + address, launcher(2));
    EXPECT_EQ(result.exit_code, 2) << result.err;
    const std::vector<std::string> ours = semibfs_lines(result.err);
    ASSERT_EQ(ours.size(), 1u) << result.err;
    EXPECT_NE(ours[0].find("expected HOST:PORT with a port from 1 to 65535"), std::string::npos) << ours[0];
    EXPECT_EQ(result.err.find("generating SCALE"), std::string::npos) << result.err;
  }
}

// Issue 42, case 19: a failure every rank meets alike (a budget below the agreed minimum) ended
// with Open MPI's MPI_ABORT banner after our line; the ranks now end through MPI_Finalize.
TEST_F(MpiRunTest, AFailureEveryRankMeetsEndsWithoutMpiAbort) {
  const CommandResult result =
      run("run --scale 12 --roots 4 --threads 1 --store " + directory_.string() + " --dram-budget 24MiB", launcher(2));
  EXPECT_EQ(result.exit_code, 1) << result.err;
  const std::vector<std::string> ours = semibfs_lines(result.err);
  ASSERT_EQ(ours.size(), 1u) << result.err;
  EXPECT_NE(ours[0].find("below the minimum"), std::string::npos) << ours[0];
  EXPECT_EQ(result.err.find("MPI_ABORT"), std::string::npos) << result.err;
}

// Kernel 3 across ranks (issue 40): for R = 1 to 4 (and with exchanges in pieces of 16 bytes) the
// same roots, the TEPS numerator per SSSP search, the reached vertices and the farthest distance
// as one process finds them; both official blocks printed, every search validated across ranks.
TEST_F(MpiRunTest, SsspAcrossRanksGivesTheOneProcessSearches) {
  const std::string base = "--scale 10 --roots 8 --threads 1 --sssp";
  const std::string single = json_of_run(0, base);
  ASSERT_EQ(json_numbers(single, "reached").size(), 8U);
  const std::vector<std::pair<int, std::string>> cases = {
      {1, base}, {2, base}, {3, base}, {4, base}, {3, base + " --mpi-message-limit 16 --delta 0.1"}};
  for (const auto& [ranks, arguments] : cases) {
    const std::string across = json_of_run(ranks, arguments);
    for (const char* key : {"root", "nedge", "reached", "max_distance"}) {
      EXPECT_EQ(json_values(across, key), json_values(single, key)) << ranks << " ranks, " << key;
    }
    // A root's exchange, then one in each of its bucket phases.
    const std::size_t phases = json_numbers(across, "bucket").size();
    EXPECT_GE(phases, 8U) << ranks << " ranks";
    ASSERT_EQ(json_numbers(across, "updates_sent").size(), 8U + phases) << ranks << " ranks";
    if (ranks > 1) {
      EXPECT_GT(json_numbers(across, "updates_sent").front(), 0);
    }
  }
}

TEST_F(MpiRunTest, SsspAcrossRanksPrintsBothBlocks) {
  for (const int ranks : {2, 4}) {
    const CommandResult result = run("run --scale 10 --threads 1 --sssp", launcher(ranks));
    ASSERT_EQ(result.exit_code, 0) << result.err;
    for (const char* line : {"num_mpi_processes:              ", "bfs  harmonic_mean_TEPS:     !  ",
                             "sssp harmonic_mean_TEPS:     !  ", "sssp median_time:  "}) {
      EXPECT_NE(result.out.find(line), std::string::npos) << line << "\n" << result.out;
    }
    EXPECT_NE(result.err.find("SSSP 63: root"), std::string::npos) << result.err;
    EXPECT_EQ(result.err.find("validation FAILED"), std::string::npos) << result.err;
  }
}

// Reused without a budget a part's lists get the weights of the share generated again, so a
// store written with or without --sssp serves SSSP across ranks, with the one process's searches.
TEST_F(MpiRunTest, SsspAcrossRanksReusesTheRankParts) {
  const std::string base = "--scale 10 --roots 4 --threads 1 --sssp";
  const std::string single = json_of_run(0, base);
  for (const std::string& written : {std::string(" --sssp"), std::string()}) {
    const std::string store = (directory_ / (written.empty() ? "parts-bfs" : "parts-sssp")).string();
    std::filesystem::create_directory(store);
    const CommandResult write =
        run("run --scale 10 --roots 2 --threads 1 --store " + store + written, launcher(3));
    ASSERT_EQ(write.exit_code, 0) << write.err;
    const std::string reused = json_of_run(3, base + " --store " + store + " --reuse");
    for (const char* key : {"root", "nedge", "reached", "max_distance"}) {
      EXPECT_EQ(json_values(reused, key), json_values(single, key)) << "written with '" << written << "', " << key;
    }
    EXPECT_EQ(json_numbers(reused, "reached").size(), 4U);
  }
}

// Kernel 3 across ranks under a budget (issue 40) at the minimum the run states: the parts built
// within it keep the weights, and the run that builds them and the one that reuses them give the
// one process's searches (TEPS numerator, reached vertices, farthest distance), their lists on
// disk, every search validated across ranks from the parts' shares.
TEST_F(MpiRunTest, SsspAcrossRanksWithinABudgetGivesTheOneProcessSearches) {
  // SCALE 12: at SCALE 10 the minimum (mostly the program and its buffers) holds every list.
  const std::string base = "--scale 12 --roots 4 --threads 1 --sssp";
  const std::string single = json_of_run(0, base);
  for (const int ranks : {2, 3}) {
    const std::string name = std::to_string(ranks);
    const std::string refused = (directory_ / ("refused-" + name)).string();
    const std::string store = (directory_ / ("parts-" + name)).string();
    std::filesystem::create_directory(refused);
    std::filesystem::create_directory(store);
    const std::string minimum = stated_minimum_budget("run " + base + " --store " + refused, launcher(ranks));
    ASSERT_FALSE(minimum.empty());
    for (const std::string& reuse : {std::string(), std::string(" --reuse")}) {
      const std::string across = json_of_run(ranks, base + " --store " + store + reuse + minimum);
      for (const char* key : {"root", "nedge", "reached", "max_distance"}) {
        EXPECT_EQ(json_values(across, key), json_values(single, key)) << ranks << " ranks" << reuse << ", " << key;
      }
      EXPECT_EQ(json_numbers(across, "reached").size(), 4U) << ranks << " ranks" << reuse;
      EXPECT_NE(across.find("\"lists_on_disk\": true"), std::string::npos) << ranks << " ranks" << reuse;
    }
  }
}

// Parts written in DRAM by a run with --sssp keep the weights kernel 1 made, and serve SSSP under a
// budget (their lists on disk) with the one process's searches.
TEST_F(MpiRunTest, SsspAcrossRanksWithinABudgetReusesPartsWrittenInDram) {
  const std::string base = "--scale 12 --roots 4 --threads 1 --sssp";
  const std::string single = json_of_run(0, base);
  const std::string store = (directory_ / "parts").string();
  std::filesystem::create_directory(store);
  ASSERT_EQ(run("run " + base + " --store " + store, launcher(2)).exit_code, 0);
  const std::string reuse = base + " --store " + store + " --reuse";
  const std::string across = json_of_run(2, reuse + stated_minimum_budget("run " + reuse, launcher(2)));
  for (const char* key : {"root", "nedge", "reached", "max_distance"}) {
    EXPECT_EQ(json_values(across, key), json_values(single, key)) << key;
  }
  EXPECT_NE(across.find("\"lists_on_disk\": true"), std::string::npos);
}

// SSSP under a budget reads the weights a part keeps: parts written without --sssp are refused in
// one line naming the part, before any list is read.
TEST_F(MpiRunTest, SsspAcrossRanksWithinABudgetRefusesAPartWithoutWeights) {
  const std::string store = (directory_ / "parts").string();
  std::filesystem::create_directory(store);
  const std::string line = "run --scale 10 --roots 2 --threads 1 --dram-budget 64MiB --store " + store;
  ASSERT_EQ(run(line, launcher(2)).exit_code, 0);
  const CommandResult result = run(line + " --reuse --sssp", launcher(2));
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(semibfs_lines(result.err).size(), 1u) << result.err;
  EXPECT_NE(result.err.find("rank-0' has no weights"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("write it with 'run --sssp --store DIR [--dram-budget SIZE]' under mpirun"),
            std::string::npos)
      << result.err;
}

}  // namespace
}  // namespace semibfs
#endif  // SEMIBFS_HAVE_MPI
