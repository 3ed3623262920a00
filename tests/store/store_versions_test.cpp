// Versions beside a store (store/store_versions.hpp): written and read back in order, a version
// exists only once its description does (the edges are written first), and every damage (a
// changed or cut edges file, a gap, another base, an id outside the store) is one error.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <vector>

#include "core/error.hpp"
#include "store/store_manifest.hpp"
#include "store/store_versions.hpp"
#include "support/scratch_directory.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;

class StoreVersions : public ::testing::Test {
 protected:
  void SetUp() override { std::ofstream(store_path(dir(), kManifestName)) << "a base manifest\n"; }
  std::string dir() const { return scratch_.path(); }
  std::string path(const std::string& name) const { return store_path(dir(), name); }
  void expect_error(const std::string& fragment) {
    EXPECT_THROW(
        {
          try {
            read_version_edges(dir(), 1, latest_store_version(dir()), 100);
          } catch (const Error& error) {
            EXPECT_NE(std::string(error.what()).find(fragment), std::string::npos) << error.what();
            throw;
          }
        },
        Error);
  }

  testing::ScratchDirectory scratch_;
};

const std::vector<CompactEdge> kFirst = {{1, 2}, {3, 99}};
const std::vector<CompactEdge> kSecond = {{5, 0}};

bool same(const std::vector<CompactEdge>& a, const std::vector<CompactEdge>& b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](const CompactEdge& x, const CompactEdge& y) {
           return x.v0_id == y.v0_id && x.v1_id == y.v1_id;
         });
}

TEST_F(StoreVersions, VersionsAreReadBackInOrder) {
  EXPECT_EQ(latest_store_version(dir()), 0);
  EXPECT_EQ(write_store_version(dir(), kFirst), 1);
  EXPECT_EQ(write_store_version(dir(), kSecond), 2);
  EXPECT_EQ(latest_store_version(dir()), 2);
  EXPECT_TRUE(same(read_version_edges(dir(), 1, 2, 100), {{1, 2}, {3, 99}, {5, 0}}));
  EXPECT_TRUE(same(read_version_edges(dir(), 2, 2, 100), kSecond));
  EXPECT_EQ(read_version_description(dir(), 1).edges, 2);
}

// A writer that died after the edges file and before the description left no version.
TEST_F(StoreVersions, AVersionExistsOnlyOnceItsDescriptionDoes) {
  write_store_version(dir(), kFirst);
  fs::copy_file(path("version-1.edges"), path("version-2.edges"));
  EXPECT_EQ(latest_store_version(dir()), 1);
  EXPECT_EQ(write_store_version(dir(), kSecond), 2);  // the leftover is replaced
  EXPECT_TRUE(same(read_version_edges(dir(), 2, 2, 100), kSecond));
}

TEST_F(StoreVersions, AChangedEdgesFileIsAnError) {
  write_store_version(dir(), kFirst);
  { std::fstream(path("version-1.edges"), std::ios::in | std::ios::out | std::ios::binary).put('\x07'); }
  expect_error("SHA-256");
  fs::resize_file(path("version-1.edges"), 13);
  expect_error("13 bytes where 2 edges");
}

TEST_F(StoreVersions, AGapIsAnError) {
  write_store_version(dir(), kFirst);
  write_store_version(dir(), kSecond);
  fs::remove(path("version-1"));
  EXPECT_THROW(latest_store_version(dir()), Error);
}

TEST_F(StoreVersions, AnotherBaseIsAnError) {
  write_store_version(dir(), kFirst);
  std::ofstream(path(kManifestName)) << "a rebuilt base\n";
  expect_error("another base");
}

TEST_F(StoreVersions, AnIdOutsideTheStoreIsAnError) {
  write_store_version(dir(), kFirst);
  EXPECT_THROW(read_version_edges(dir(), 1, 1, 99), Error);
  EXPECT_NO_THROW(read_version_edges(dir(), 1, 1, 100));
}

TEST_F(StoreVersions, ABadDescriptionIsAnError) {
  write_store_version(dir(), kFirst);
  std::ofstream(path("version-1")) << "semibfs-store-version 1\nversion 1\nedges two\nend\n";
  expect_error("line 3");
}

}  // namespace
}  // namespace semibfs
