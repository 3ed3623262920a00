// A crafted store: after a test changes a store's files, reseal_store rewrites the manifest's
// sizes and SHA-256s (of its array and edge-file lines) to match, as a hostile user would, so
// that only the structural checks and validation stand between the damage and a search.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
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

// The manifest without its line that starts with `key`, as a store written before the line existed.
inline void erase_manifest_line(const std::filesystem::path& store, const std::string& key) {
  std::string manifest = read_text(store / "manifest");
  const std::size_t line = manifest.find("\n" + key);
  if (line == std::string::npos) throw std::runtime_error("no manifest line " + key + " in " + store.string());
  manifest.erase(line + 1, manifest.find('\n', line + 1) - line);
  std::ofstream(store / "manifest", std::ios::trunc) << manifest;
}

}  // namespace semibfs::testing
