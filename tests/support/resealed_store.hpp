// A crafted store: after a test changes a store's files, reseal_store rewrites the manifest's
// sizes and SHA-256s (of its array and edge-file lines) to match, as a hostile user would, so
// that only the structural checks and validation stand between the damage and a search.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "core/sha256.hpp"
#include "support/command_runner.hpp"

namespace semibfs::testing {

inline std::string sha256_of_file(const std::filesystem::path& path) {
  const std::string bytes = read_text(path);
  Sha256 sha;
  sha.update(bytes.data(), bytes.size());
  return sha.finish_hex();
}

inline void reseal_store(const std::filesystem::path& store) {
  std::istringstream lines(read_text(store / "manifest"));
  std::string text;
  for (std::string line; std::getline(lines, line);) {
    std::istringstream fields(line);
    std::string key;
    std::string name;
    fields >> key >> name;
    if (key == "array" || key == "edge-file") {
      line = key + " " + name + " " + std::to_string(std::filesystem::file_size(store / name)) + " " +
             sha256_of_file(store / name);
    }
    text += line + "\n";
  }
  std::ofstream(store / "manifest", std::ios::binary | std::ios::trunc) << text;
}

}  // namespace semibfs::testing
