// Every way an import of a graph file fails is one clear error line that leaves no store file
// behind: the store directory is gone when the import created it, and empty when it was there
// before. Damaged store files are found when they are read back.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "formats/format_files.hpp"
#include "import/input_store.hpp"
#include "store/store_manifest.hpp"
#include "support/command_runner.hpp"
#include "support/file_size_limit.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;
using ::testing::AllOf;
using ::testing::HasSubstr;
using testing::error_of;
using testing::read_text;
using testing::ScratchDirectory;
using testing::write_bytes;

std::vector<std::string> names_in(const std::string& directory) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(directory)) names.push_back(entry.path().filename().string());
  return names;
}

class InputStoreErrorTest : public ::testing::Test {
 protected:
  // The message of the import of `bytes` (written as `name`) into a store directory that does not
  // exist yet, after checking that the directory is still absent.
  std::string import_error(const std::string& name, const std::string& bytes, ImportOptions options = {}) {
    const std::string path = directory_.file(name);
    write_bytes(path, bytes);
    const std::string store = directory_.file("new/store");
    const std::string message = error_of([&] { import_graph_file(path, store, options); });
    EXPECT_FALSE(fs::exists(directory_.file("new"))) << "the import left " << store << " behind";
    // Into a directory that exists: left empty.
    const std::string existing = directory_.file("existing");
    fs::create_directory(existing);
    EXPECT_FALSE(error_of([&] { import_graph_file(path, existing, options); }).empty());
    EXPECT_THAT(names_in(existing), ::testing::IsEmpty());
    fs::remove(existing);
    return message;
  }

  std::string build_store(const std::string& text) {
    const std::string path = directory_.file("good.txt");
    write_bytes(path, text);
    const std::string store = directory_.file("good-store");
    import_graph_file(path, store, ImportOptions{});
    return store;
  }

  ScratchDirectory directory_;
};

TEST_F(InputStoreErrorTest, MalformedLineNamesTheFileAndTheLine) {
  EXPECT_THAT(import_error("bad.txt", "# header\n1 2\n3 x4\n5 6\n"),
              AllOf(HasSubstr("bad.txt"), HasSubstr("line 3"), HasSubstr("'3 x4'")));
}

// The error comes after the first chunks were written: the temporary edge file goes too.
TEST_F(InputStoreErrorTest, MalformedLineFarIntoTheFileRemovesWhatWasWritten) {
  std::string text;
  for (int i = 0; i < 600000; ++i) text += std::to_string(i) + " " + std::to_string(i + 1) + "\n";
  text += "1 2 3\n";
  EXPECT_THAT(import_error("long.el", text), AllOf(HasSubstr("long.el"), HasSubstr("line 600001")));
}

TEST_F(InputStoreErrorTest, IdOf2To48) {
  EXPECT_THAT(import_error("big.txt", "1 2\n3 281474976710656\n"),
              AllOf(HasSubstr("big.txt"), HasSubstr("line 2"), HasSubstr("2^48")));
}

TEST_F(InputStoreErrorTest, MatrixMarketNotSquareOrComplex) {
  EXPECT_THAT(import_error("rect.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 4 1\n1 2\n"),
              AllOf(HasSubstr("rect.mtx"), HasSubstr("not square")));
  EXPECT_THAT(import_error("complex.mtx", "%%MatrixMarket matrix coordinate complex general\n3 3 1\n1 2 1 1\n"),
              AllOf(HasSubstr("complex.mtx"), HasSubstr("complex")));
}

TEST_F(InputStoreErrorTest, EmptyFileAndCommentsOnly) {
  EXPECT_THAT(import_error("empty.txt", ""), AllOf(HasSubstr("empty.txt"), HasSubstr("no edges")));
  EXPECT_THAT(import_error("comments.txt", "# nothing\n# here\n"), HasSubstr("no edges"));
}

TEST_F(InputStoreErrorTest, BinaryGarbageGivenAsText) {
  std::string garbage = "\x7f" "ELF\x02\x01\x01";
  garbage += std::string(5, '\0') + "\x03\x00\x3e\x00\n\xff\xfe";
  EXPECT_THAT(import_error("garbage.txt", garbage), AllOf(HasSubstr("garbage.txt"), HasSubstr("line 1")));
}

#ifdef SEMIBFS_HAVE_ZLIB
TEST_F(InputStoreErrorTest, TruncatedGzip) {
  std::string text;
  for (int i = 0; i < 20000; ++i) text += std::to_string(i * 7) + " " + std::to_string(i * 13) + "\n";
  const std::string compressed = testing::gzip(text);
  EXPECT_THAT(import_error("cut.txt.gz", compressed.substr(0, compressed.size() / 2)),
              AllOf(HasSubstr("cut.txt.gz"), HasSubstr("truncated")));
}
#endif

TEST_F(InputStoreErrorTest, BudgetBelowTheReadingBuffersNamesTheMinimum) {
  ImportOptions options;
  options.dram_budget_bytes = std::int64_t{1} << 20;
  EXPECT_THAT(import_error("g.txt", "1 2\n", options),
              AllOf(HasSubstr("g.txt"), HasSubstr("at least " + std::to_string(minimum_import_budget(0, 1)))));
}

// An MTX order is known before reading: 10^8 vertices need 400 MB of degrees.
TEST_F(InputStoreErrorTest, BudgetBelowWhatTheVerticesNeedNamesTheMinimum) {
  ImportOptions options;
  options.dram_budget_bytes = std::int64_t{64} << 20;
  EXPECT_THAT(import_error("huge.mtx", "%%MatrixMarket matrix coordinate pattern general\n100000000 100000000 1\n1 2\n",
                           options),
              AllOf(HasSubstr("huge.mtx"), HasSubstr("100000000 vertices"),
                    HasSubstr("at least " + std::to_string(minimum_import_budget(100000000, 1)))));
}

// Dense ids keep their numbers, so their count is known only after reading: 4 million vertices
// need 16 MB of degrees, more than this budget (their bitmap, 0.5 MB, fits in it).
TEST_F(InputStoreErrorTest, BudgetBelowWhatDenseIdsNeedIsFoundAfterReading) {
  std::string text;
  constexpr std::int64_t kVertices = 4000000;
  for (std::int64_t v = 0; v < kVertices; v += 2) text += std::to_string(v) + " " + std::to_string(v + 1) + "\n";
  ImportOptions options;
  options.dram_budget_bytes = minimum_import_budget(0, 1) + (std::int64_t{1} << 20);
  ASSERT_GT(minimum_import_budget(kVertices, 1), options.dram_budget_bytes);
  EXPECT_THAT(import_error("dense.el", text, options),
              AllOf(HasSubstr("dense.el"), HasSubstr("4000000 vertices"),
                    HasSubstr("at least " + std::to_string(minimum_import_budget(kVertices, 1)))));
}

// Sparse ids whose sorted set outgrows what the smallest budget leaves them.
TEST_F(InputStoreErrorTest, IdsBeyondTheBudget) {
  std::mt19937_64 random(5);
  std::string text;
  for (int i = 0; i < 60000; ++i) text += std::to_string(random() >> 20) + "\t" + std::to_string(random() >> 20) + "\n";
  ImportOptions options;
  options.dram_budget_bytes = minimum_import_budget(0, 1);
  EXPECT_THAT(import_error("sparse.txt", text, options), AllOf(HasSubstr("vertex ids"), HasSubstr("budget")));
}

// A SNAP header that says the graph is undirected: each edge is listed once for both directions.
TEST_F(InputStoreErrorTest, DirectedOfAFileDeclaredUndirectedIsRefusedWithWhatToDo) {
  ImportOptions options;
  options.directed = true;
  EXPECT_THAT(import_error("u.txt", "# Undirected graph\n1 2\n", options),
              AllOf(HasSubstr("u.txt"), HasSubstr("'# Undirected graph'"), HasSubstr("build it undirected")));
}

// A file size limit stands for a full disk: first while the edges are read, then while the graph
// is written (1000 vertices: 8 KB of offsets, beyond a 4 KB limit the edge file is within).
TEST_F(InputStoreErrorTest, FullDiskInEitherStep) {
  std::string text;
  for (int i = 0; i < 100; ++i) text += std::to_string(i) + " " + std::to_string(i + 1) + "\n";
  const std::string message = [&] {
    const testing::ScopedFileSizeLimit limit(64);
    return import_error("edges.el", text);
  }();
  EXPECT_THAT(message, HasSubstr("edges.file-ids"));
  const std::string build_message = [&] {
    const testing::ScopedFileSizeLimit limit(4096);
    return import_error("wide.mtx", "%%MatrixMarket matrix coordinate pattern general\n1000 1000 2\n1 2\n999 1000\n");
  }();
  EXPECT_THAT(build_message, HasSubstr("cannot write"));
}

TEST_F(InputStoreErrorTest, ExistingStoreIsLeftAsItWas) {
  const std::string store = build_store("1 2\n2 3\n");
  const std::vector<std::string> before = names_in(store);
  const auto manifest_time = fs::last_write_time(fs::path(store) / kManifestName);
  const std::string path = directory_.file("other.txt");
  write_bytes(path, "5 6\n");
  EXPECT_THAT(error_of([&] { import_graph_file(path, store, ImportOptions{}); }), HasSubstr("already holds a store"));
  EXPECT_EQ(names_in(store), before);
  EXPECT_EQ(fs::last_write_time(fs::path(store) / kManifestName), manifest_time);
}

// A build that died (kill -9) before its manifest left its files: the next build, holding the
// writer's lock, replaces them.
TEST_F(InputStoreErrorTest, FilesOfAnUnfinishedBuildAreReplaced) {
  const std::string store = directory_.file("half");
  fs::create_directory(store);
  write_bytes(store + "/" + kInputDescriptionName, "semibfs-input 1\n");
  write_bytes(store + "/" + kEdgeFileName, "twelve bytes");
  const std::string path = directory_.file("g.txt");
  write_bytes(path, "5 6\n");
  import_graph_file(path, store, ImportOptions{});
  EXPECT_EQ(read_input_description(store).edges, 1);
  EXPECT_EQ(fs::file_size(fs::path(store) / kEdgeFileName), 12u);
}

// A file named `input` that is no input description may be the user's: refused and kept.
TEST_F(InputStoreErrorTest, AFileNamedInputThatIsNotOursIsKept) {
  const std::string store = directory_.file("mine");
  fs::create_directory(store);
  write_bytes(store + "/" + kInputDescriptionName, "my notes\n");
  const std::string path = directory_.file("g.txt");
  write_bytes(path, "5 6\n");
  EXPECT_THAT(error_of([&] { import_graph_file(path, store, ImportOptions{}); }),
              AllOf(HasSubstr("not the leftover of a build"), HasSubstr(kInputDescriptionName)));
  EXPECT_EQ(names_in(store), std::vector<std::string>{kInputDescriptionName});
  EXPECT_EQ(read_text(store + "/" + kInputDescriptionName), "my notes\n");
}

TEST_F(InputStoreErrorTest, StorePathThatIsAFileOrUnwritable) {
  const std::string path = directory_.file("g.txt");
  write_bytes(path, "5 6\n");
  const std::string file = directory_.file("a-file");
  write_bytes(file, "x");
  EXPECT_THAT(error_of([&] { import_graph_file(path, file, ImportOptions{}); }), HasSubstr("not a directory"));
  // /proc takes no new directory, even from root.
  EXPECT_THAT(error_of([&] { import_graph_file(path, "/proc/semibfs-test/store", ImportOptions{}); }),
              AllOf(HasSubstr("cannot create the store directory '/proc/semibfs-test'"), HasSubstr("permissions")));
  if (::geteuid() == 0) GTEST_SKIP() << "root writes into read-only directories";
  const std::string read_only = directory_.file("read-only");
  fs::create_directory(read_only);
  ::chmod(read_only.c_str(), 0555);
  EXPECT_THAT(error_of([&] { import_graph_file(path, read_only, ImportOptions{}); }), HasSubstr("cannot write"));
  EXPECT_THAT(names_in(read_only), ::testing::IsEmpty());
  EXPECT_THAT(error_of([&] { import_graph_file(path, read_only + "/store", ImportOptions{}); }),
              HasSubstr("cannot create the store directory"));
  ::chmod(read_only.c_str(), 0755);
}

TEST_F(InputStoreErrorTest, DamagedVertexIdsAreFoundWhenRead) {
  const std::string store = build_store("# sparse\n1000 2000\n2000 3000\n");
  const InputDescription input = read_input_description(store);
  ASSERT_FALSE(input.identity_ids);
  EXPECT_EQ(read_id_map(store, input).to_file(2), 3000u);
  const std::string ids_path = store + "/" + kVertexIdsName;
  fs::permissions(ids_path, fs::perms::owner_write, fs::perm_options::add);
  {
    std::fstream file(ids_path, std::ios::binary | std::ios::in | std::ios::out);
    file.seekp(9);
    file.put('\x7f');
  }
  EXPECT_THAT(error_of([&] { read_id_map(store, input); }), AllOf(HasSubstr(ids_path), HasSubstr("SHA-256")));
  fs::resize_file(ids_path, 16);
  EXPECT_THAT(error_of([&] { read_id_map(store, input); }), AllOf(HasSubstr(ids_path), HasSubstr("16 bytes")));
  fs::remove(ids_path);
  EXPECT_THAT(error_of([&] { read_id_map(store, input); }), HasSubstr(ids_path));
}

TEST_F(InputStoreErrorTest, DamagedOrMissingDescriptionNamesTheFile) {
  const std::string store = build_store("1 2\n");
  const std::string path = store + "/" + kInputDescriptionName;
  write_bytes(path, "semibfs-input 1\nformat snap\nvertices many\nend\n");
  EXPECT_THAT(error_of([&] { read_input_description(store); }), AllOf(HasSubstr(path), HasSubstr("line 3")));
  write_bytes(path, "semibfs-input 1\nformat snap\nvertices 2\nedges 1\n");
  EXPECT_THAT(error_of([&] { read_input_description(store); }), HasSubstr("cut short"));
  fs::remove(path);
  EXPECT_FALSE(input_store_exists(store));
  EXPECT_THAT(error_of([&] { read_input_description(store); }), AllOf(HasSubstr(path), HasSubstr("semibfs build")));
}

// The first id is recorded; a description written before it was (no first-id line) reads as 0,
// and a first id other than 0 or 1 is a damaged description.
TEST_F(InputStoreErrorTest, FirstIdIsRecordedAndOldDescriptionsReadAsZero) {
  const std::string store = build_store("1 2\n");
  const std::string path = store + "/" + kInputDescriptionName;
  InputDescription input = read_input_description(store);
  EXPECT_EQ(input.first_id, 0u);
  input.first_id = 1;
  write_input_description(store, input);
  EXPECT_EQ(read_input_description(store).first_id, 1u);
  EXPECT_EQ(read_id_map(store, read_input_description(store)).to_file(0), 1u);
  write_bytes(path, "semibfs-input 1\nformat mtx\nvertices 3\nedges 1\nidentity-ids yes\nend\n");
  EXPECT_EQ(read_input_description(store).first_id, 0u);
  EXPECT_EQ(read_id_map(store, read_input_description(store)).find(0), VertexId{0});
  write_bytes(path, "semibfs-input 1\nformat mtx\nvertices 3\nedges 1\nfirst-id 2\nend\n");
  EXPECT_THAT(error_of([&] { read_input_description(store); }), AllOf(HasSubstr(path), HasSubstr("line 5")));
}

}  // namespace
}  // namespace semibfs
