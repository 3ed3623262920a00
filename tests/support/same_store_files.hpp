// Two store directories holding the same files with the same bytes (external builds compared
// with the in-memory one, or with each other).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace semibfs::testing {

inline std::string file_contents(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

inline std::vector<std::string> file_names(const std::string& directory) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(directory)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

inline void expect_same_store_files(const std::string& expected, const std::string& actual) {
  const std::vector<std::string> names = file_names(expected);
  ASSERT_EQ(file_names(actual), names);
  for (const std::string& name : names) {
    EXPECT_TRUE(file_contents(std::filesystem::path(expected) / name) == file_contents(std::filesystem::path(actual) / name))
        << name << " differs";
  }
}

}  // namespace semibfs::testing
