// Hostile use, round two (issue 42): outputs that would overwrite the store or the input being
// read, one path named twice, compaction through a link, a store of self-loops only, a build whose
// summary is lost, pipes in a store file's place, a file the disk cannot hold, and the debris of a
// killed writer. Each command fails before any work with one line, or does the right thing.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "support/command_runner.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::lines_of;
using testing::read_text;
using testing::write_text;

// A command that would block in open(2) is killed, so that the test fails instead of hanging.
const std::string kNoHang = "timeout -s KILL 30 ";

class HostileUseCli : public testing::CommandTest {
 protected:
  std::string path(const std::string& name) const { return (directory_ / name).string(); }

  // A store of sparse file ids (so it has a vertex-ids file) with one version from add-edges.
  std::string versioned_store(const std::string& name) {
    write_text(directory_ / "base.el", "1000 2000\n2000 3000\n3000 1000\n5000 1000\n");
    write_text(directory_ / "added.el", "1000 3000\n2000 5000\n");
    const std::string store = path(name);
    EXPECT_EQ(run("build " + path("base.el") + " --store " + store + " --quiet").exit_code, 0);
    const CommandResult added = run("add-edges " + path("added.el") + " --store " + store);
    EXPECT_EQ(added.exit_code, 0) << added.err;
    return store;
  }

  // Exit `code` with one line on stderr holding `words`.
  void expect_one_line(const std::string& arguments, int code, const std::string& words,
                       const std::string& launcher = "") {
    const CommandResult result = run(arguments, launcher);
    EXPECT_EQ(result.exit_code, code) << arguments << "\n" << result.err;
    const std::vector<std::string> lines = lines_of(result.err);
    ASSERT_FALSE(lines.empty()) << arguments;
    EXPECT_NE(lines.back().find(words), std::string::npos) << arguments << "\n" << result.err;
    if (code == 2) {
      EXPECT_EQ(lines.size(), 1u) << arguments << "\n" << result.err;
    }
  }
};

// Case 3: the swap of renameat2 exchanged the link itself, leaving the real store with its old base,
// its versions and a stale `compacting` marker.
TEST_F(HostileUseCli, CompactionThroughALinkCompactsTheStoreItNames) {
  fs::create_directory(directory_ / "real");
  const std::string store = versioned_store("real/A");
  fs::create_directory_symlink("real/A", directory_ / "L");
  const CommandResult compacted = run("compact --store " + path("L"));
  ASSERT_EQ(compacted.exit_code, 0) << compacted.err;
  EXPECT_TRUE(fs::is_symlink(directory_ / "L"));
  EXPECT_FALSE(fs::exists(directory_ / "real/A/version-1"));
  EXPECT_FALSE(fs::exists(directory_ / "real/A/compacting"));
  EXPECT_FALSE(fs::exists(directory_ / "real/A.compacting"));
  EXPECT_FALSE(fs::exists(directory_ / "L.compacting"));
  const CommandResult info = run("info --store " + path("L"));
  EXPECT_EQ(info.exit_code, 0) << info.err;
  EXPECT_NE(info.out.find("edges read: 5 "), std::string::npos) << info.out;  // 4, and 1 new of 2 added
  EXPECT_EQ(run("bfs --store " + store + " --roots 2").exit_code, 0);
}

// Case 4: a result written into the store being read replaced one of its files (exit 0, store damaged).
TEST_F(HostileUseCli, AnOutputInsideTheStoreBeingReadIsRefusedBeforeAnyWork) {
  const std::string store = versioned_store("S");
  fs::create_directory_symlink("S", directory_ / "link");
  const std::string edges = read_text(directory_ / "S/edges.packed48");
  const std::string lists = read_text(directory_ / "S/p0.backward.neighbors");
  for (const std::string& arguments :
       {"bfs --store " + store + " --root 1000 -o " + store + "/edges.packed48",
        "bfs --store " + store + " --roots 2 --json " + store + "/report.json",
        "bfs --store " + path("link") + " --root 1000 -o " + store + "/new.txt",
        "bfs --store " + store + " --root 1000 -o " + path("link") + "/edges.packed48",
        "pagerank --store " + store + " -o " + store + "/p0.backward.neighbors",
        "cc --store " + store + " --json " + store + "/manifest"}) {
    expect_one_line(arguments, 2, "inside the store");
  }
  EXPECT_EQ(read_text(directory_ / "S/edges.packed48"), edges);
  EXPECT_EQ(read_text(directory_ / "S/p0.backward.neighbors"), lists);
  EXPECT_FALSE(fs::exists(directory_ / "S/report.json"));
  EXPECT_FALSE(fs::exists(directory_ / "S/new.txt"));
  EXPECT_EQ(run("bfs --store " + store + " --roots 2").exit_code, 0);
}

// Case 5: one file named as two outputs, or as an output and an input, was overwritten (exit 0).
TEST_F(HostileUseCli, OnePathNamedTwiceIsRefused) {
  const std::string store = versioned_store("S");
  expect_one_line("bfs --store " + store + " --root 1000 -o " + path("X") + " --json " + path("X"), 2, "name one file");
  expect_one_line("bfs --store " + store + " --root 1000 -o - --json -", 2, "cannot both be stdout");
  EXPECT_FALSE(fs::exists(directory_ / "X"));
  ASSERT_EQ(run("bfs --store " + store + " --roots 2 --json " + path("r.json")).exit_code, 0);
  const std::string report = read_text(directory_ / "r.json");
  fs::create_hard_link(directory_ / "r.json", directory_ / "hard.json");
  fs::create_symlink("r.json", directory_ / "soft.json");
  for (const std::string output : {"r.json", "hard.json", "soft.json"}) {
    expect_one_line("report " + path("r.json") + " -o " + path(output), 2, "is the input");
  }
  EXPECT_EQ(read_text(directory_ / "r.json"), report);
  EXPECT_EQ(run("report " + path("r.json") + " -o " + path("r.html")).exit_code, 0);
}

// Case 6: a compressed store of self-loops only has empty lists and a lists file of 0 bytes, which
// every reader called damaged; it is a store of no edges.
TEST_F(HostileUseCli, AGraphOfSelfLoopsOnlyIsAUsableCompressedStore) {
  write_text(directory_ / "loops.el", "0 0\n1 1\n");
  ASSERT_EQ(run("build " + path("loops.el") + " --store " + path("G") + " --compress --quiet").exit_code, 0);
  const CommandResult search = run("bfs --store " + path("G") + " --root 1");
  EXPECT_EQ(search.exit_code, 0) << search.err;
  EXPECT_NE(search.out.find("reached: 1 of 2 vertices"), std::string::npos) << search.out;
  EXPECT_EQ(run("pagerank --store " + path("G") + " -o " + path("p.txt")).exit_code, 0);
  expect_one_line("bfs --store " + path("G") + " --roots 1", 1, "no vertex of");
  fs::create_directory(directory_ / "R");
  expect_one_line("run --scale 1 --edgefactor 1 --seed1 2 --compress --roots 2 --store " + path("R"), 1,
                  "no vertex of this graph has an edge");
  const CommandResult reused = run("run --scale 1 --edgefactor 1 --seed1 2 --compress --roots 2 --reuse --store " +
                                   path("R") + " --dram-budget 64MiB");
  EXPECT_EQ(reused.err.find("damaged"), std::string::npos) << reused.err;
}

// Case 7: a build whose summary could not be written exited 1 but left a whole store, which a
// retry then refused as already there.
TEST_F(HostileUseCli, ABuildThatFailsAtItsSummaryLeavesNoStore) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  ASSERT_EQ(run("generate --scale 6 --format el -o " + path("g.el")).exit_code, 0);
  const std::string command =
      std::string(SEMIBFS_BINARY) + " build " + path("g.el") + " --store " + path("S") + " >/dev/full 2>/dev/null";
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 1);
  EXPECT_FALSE(fs::exists(directory_ / "S")) << "the directory the build made is left";
  const CommandResult retry = run("build " + path("g.el") + " --store " + path("S"));
  EXPECT_EQ(retry.exit_code, 0) << retry.err;
}

#ifdef SEMIBFS_HAVE_MPI
// Case 7: the ranks of `mpirun -np 2 build` raced for one store.
TEST_F(HostileUseCli, BuildUnderMpirunWithSeveralRanksIsRefused) {
  ASSERT_EQ(run("generate --scale 6 --format el -o " + path("g.el")).exit_code, 0);
  const std::string launcher =
      std::string(SEMIBFS_MPIEXEC) + " --oversubscribe --allow-run-as-root -x ASAN_OPTIONS=detect_leaks=0 -np 2 ";
  const CommandResult result = run("build " + path("g.el") + " --store " + path("S"), launcher);
  EXPECT_EQ(result.exit_code, 2) << result.err;
  std::vector<std::string> ours;
  for (const std::string& line : lines_of(result.err)) {
    if (line.starts_with("semibfs")) ours.push_back(line);
  }
  ASSERT_EQ(ours.size(), 1u) << result.err;
  EXPECT_NE(ours.front().find("one process"), std::string::npos) << ours.front();
  EXPECT_FALSE(fs::exists(directory_ / "S"));
}
#endif

// Case 10: a FIFO in a store file's place blocked every reader in open(2), and SIGTERM did not end it.
TEST_F(HostileUseCli, APipeInPlaceOfAStoreFileIsRefusedWithoutWaiting) {
  const std::string store = versioned_store("V");
  for (const std::string name : {"manifest", "input", "vertex-ids", "version-1"}) {
    for (const std::string& command : std::vector<std::string>{"bfs --roots 1", "info", "pagerank -o " + path("p.txt"),
                                                              "bfs --root 1000 --version 1"}) {
      SCOPED_TRACE(name + ": " + command);
      fs::remove_all(directory_ / "D");
      fs::copy(store, directory_ / "D");
      fs::remove(directory_ / "D" / name);
      ASSERT_EQ(::mkfifo(path("D/" + name).c_str(), 0644), 0);
      const std::string arguments = command.substr(0, command.find(' ')) + " --store " + path("D") +
                                    (command.find(' ') == std::string::npos ? "" : command.substr(command.find(' ')));
      const CommandResult result = run(arguments, kNoHang);
      if (name == "vertex-ids" && command == "info") {
        EXPECT_EQ(result.exit_code, 0) << result.err;  // info reads no id map
        continue;
      }
      EXPECT_EQ(result.exit_code, 1) << result.err;
      EXPECT_NE(result.err.find("not a regular file"), std::string::npos) << result.err;
    }
  }
  fs::create_directory(directory_ / "R");
  ASSERT_EQ(run("run --scale 6 --roots 1 --store " + path("R")).exit_code, 0);
  fs::remove(directory_ / "R/manifest");
  ASSERT_EQ(::mkfifo(path("R/manifest").c_str(), 0644), 0);
  expect_one_line("run --scale 6 --roots 1 --reuse --store " + path("R"), 1, "not a regular file", kNoHang);
}

// Case 18: generate wrote until the disk was full (43 GB from Python before an interrupt).
TEST_F(HostileUseCli, AnEdgeListTheDiskCannotHoldIsRefusedBeforeWriting) {
  for (const std::string format : {"g500-packed", "el"}) {
    expect_one_line("generate --scale 40 --format " + format + " -o " + path("huge"), 1, "free", kNoHang);
    EXPECT_EQ(files_in_directory().size(), 0u);
  }
  EXPECT_EQ(run("generate --scale 40 -o /dev/null --threads 1", "timeout -s KILL 2 ").exit_code, 137)
      << "the null device holds anything (killed while writing)";
}

// Case 20: a writer killed with SIGKILL left `OUT.tmp.PID` for ever.
TEST_F(HostileUseCli, TheNextWriterOfAnOutputRemovesTheTemporariesOfDeadWriters) {
  const std::string store = versioned_store("S");
  const pid_t dead = fork();
  if (dead == 0) _exit(0);
  ASSERT_GT(dead, 0);
  waitpid(dead, nullptr, 0);  // a PID that ran and no longer does
  write_text(directory_ / ("b.txt.tmp." + std::to_string(dead)), "half a result");
  write_text(directory_ / ("b.txt.tmp." + std::to_string(getpid())), "a live writer's");
  write_text(directory_ / ("other.txt.tmp." + std::to_string(dead)), "another output's");
  ASSERT_EQ(run("bfs --store " + store + " --root 1000 -o " + path("b.txt")).exit_code, 0);
  EXPECT_FALSE(fs::exists(directory_ / ("b.txt.tmp." + std::to_string(dead))));
  EXPECT_TRUE(fs::exists(directory_ / ("b.txt.tmp." + std::to_string(getpid()))));
  EXPECT_TRUE(fs::exists(directory_ / ("other.txt.tmp." + std::to_string(dead))));
}

// Case 20: reports with a negative TEPS were drawn; NUL and invalid UTF-8 reached the page.
TEST_F(HostileUseCli, AReportRefusesNegativeFiguresAndKeepsItsPageUtf8) {
  ASSERT_EQ(run("run --scale 6 --roots 2 --threads 1 --json " + path("r.json")).exit_code, 0);
  std::string json = read_text(directory_ / "r.json");
  const std::size_t teps = json.find("\"teps\": ", json.find("\"roots\": ["));  // a search's, not the block's
  ASSERT_NE(teps, std::string::npos) << json;
  std::string negative = json;
  negative.insert(teps + 8, "-");
  write_text(directory_ / "negative.json", negative);
  expect_one_line("report " + path("negative.json") + " -o " + path("n.html"), 1, "is negative");
  // NUL through the JSON's escapes; bytes that are not UTF-8 through the file's name, which the page shows.
  const std::size_t host = json.find("\"hostname\": \"");
  ASSERT_NE(host, std::string::npos);
  json.insert(host + 13, "nul\\u0000");
  const std::string odd = path("odd\xff\xfe\xc3\xa9.json");
  write_text(odd, json);
  const CommandResult drawn = run("report '" + odd + "' -o " + path("odd.html"));
  ASSERT_EQ(drawn.exit_code, 0) << drawn.err;
  const std::string html = read_text(directory_ / "odd.html");
  EXPECT_EQ(html.find('\0'), std::string::npos);
  EXPECT_EQ(html.find("\xff"), std::string::npos);
  EXPECT_NE(html.find("odd\xEF\xBF\xBD\xEF\xBF\xBD\xc3\xa9.json"), std::string::npos);
}

// Case 20: `--roots 64` on a graph of a few vertices searched fewer quietly.
TEST_F(HostileUseCli, FewerRootsThanAskedForAreSaidOnStderrAndInTheJson) {
  const std::string store = versioned_store("S");
  const CommandResult result = run("bfs --store " + store + " --roots 64 --json " + path("r.json"));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  // The reference's draw finds 2 of the 4 vertices before it stops.
  EXPECT_NE(result.err.find("searching 2 roots, not the 64 asked for"), std::string::npos) << result.err;
  EXPECT_NE(read_text(directory_ / "r.json").find("\"roots_note\": \"searching 2 roots"), std::string::npos);
  const CommandResult all = run("bfs --store " + store + " --roots 2");
  EXPECT_EQ(all.err.find("roots, not the"), std::string::npos) << all.err;
}

// Case 20: `--max-input-bytes 0` was accepted; outputs to /dev/null were refused.
TEST_F(HostileUseCli, OptionEdgesAndTheNullDevice) {
  write_text(directory_ / "g.el", "0 1\n");
  expect_one_line("build " + path("g.el") + " --store " + path("S") + " --max-input-bytes 0", 2, "--max-input-bytes");
  const std::string store = versioned_store("V");
  for (const std::string& arguments : std::vector<std::string>{
           "bfs --store " + store + " --root 1000 -o /dev/null --json /dev/null", "pagerank --store " + store +
        " -o /dev/null", "generate --scale 6 -o /dev/null", "run --scale 6 --roots 2 --json /dev/null"}) {
    const CommandResult result = run(arguments);
    EXPECT_EQ(result.exit_code, 0) << arguments << "\n" << result.err;
  }
  struct stat status {};
  ASSERT_EQ(::stat("/dev/null", &status), 0);
  EXPECT_TRUE(S_ISCHR(status.st_mode));
}

}  // namespace
}  // namespace semibfs
