// Temporary files are named for their process, and the PID is read back from the name alone.
#include "core/temporary_name.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <string>

namespace semibfs {
namespace {

TEST(TemporaryName, NamesCarryThisProcessAndAreReadBack) {
  const std::string pid = std::to_string(::getpid());
  EXPECT_EQ(temporary_path("/d/edges.packed48"), "/d/edges.packed48.tmp." + pid);
  EXPECT_EQ(probe_path("/d/manifest"), "/d/manifest.probe." + pid);
  EXPECT_EQ(temporary_file_owner("edges.packed48.tmp." + pid), ::getpid());
  EXPECT_EQ(temporary_file_owner("manifest.probe." + pid), ::getpid());
  // A temporary file's own temporary file (the import's scratch written atomically).
  EXPECT_EQ(temporary_file_owner("edges.file-ids.tmp.12.tmp.4242"), 4242);
}

TEST(TemporaryName, OtherNamesHaveNoOwner) {
  for (const char* name : {"manifest", "p0.backward.neighbors", "edges.tmp.", "edges.tmp.12a", "notes.tmp.txt",
                           ".tmp.42", "edges.tmp.0", "edges.tmp.012", "edges.tmp.99999999999", "edges.probe"}) {
    EXPECT_EQ(temporary_file_owner(name), 0) << name;
  }
}

}  // namespace
}  // namespace semibfs
