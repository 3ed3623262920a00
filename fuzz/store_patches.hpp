// The damage a store fuzz input does (store_fuzzer.cpp): a list of 8-byte patches, each naming a
// file of the store (0: the manifest; then its other files in name order), an operation, a
// position and a value, applied to a copy of the store's files in memory; then, as a hostile user
// would, every array and edge-file line of the manifest is resealed (size and SHA-256 recomputed)
// so that only the structural checks stand between the damage and the search.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "core/sha256.hpp"

namespace semibfs::fuzzing {

// A store's files by name, the manifest among them ("manifest").
using StoreFiles = std::map<std::string, std::string>;

struct Patch {
  std::uint8_t file = 0;
  std::uint8_t operation = 0;
  std::uint16_t position = 0;
  std::uint32_t value = 0;
};

inline std::vector<Patch> parse_patches(std::string_view bytes) {
  std::vector<Patch> patches;
  for (std::size_t at = 0; at + 8 <= bytes.size(); at += 8) {
    Patch patch;
    patch.file = static_cast<std::uint8_t>(bytes[at]);
    patch.operation = static_cast<std::uint8_t>(bytes[at + 1]);
    std::memcpy(&patch.position, bytes.data() + at + 2, 2);
    std::memcpy(&patch.value, bytes.data() + at + 4, 4);
    patches.push_back(patch);
  }
  return patches;
}

// a + b as two's complement wraps: a crafted value may sit at the int64 limits.
inline std::int64_t wrapping_add(std::int64_t a, std::int64_t b) {
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) + static_cast<std::uint64_t>(b));
}

// The numbers a crafted value is drawn from: where checks are most likely to be off by one or to
// overflow (the vertex count, the file's entry count, 2^31, 2^32, 2^60, the int64 limits).
inline std::int64_t special_value(std::uint32_t choice, std::int64_t vertices, std::int64_t entries) {
  const std::int64_t table[] = {0,
                                1,
                                -1,
                                wrapping_add(vertices, -1),
                                vertices,
                                wrapping_add(vertices, 1),
                                wrapping_add(entries, -1),
                                entries,
                                wrapping_add(entries, 1),
                                64,
                                63,
                                vertices / 2,
                                std::int64_t{1} << 31,
                                (std::int64_t{1} << 32) - 1,
                                std::int64_t{1} << 32,
                                (std::int64_t{1} << 32) + 1,
                                std::int64_t{1} << 60,
                                std::numeric_limits<std::int64_t>::max(),
                                std::numeric_limits<std::int64_t>::min(),
                                -2};
  return table[choice % std::size(table)];
}

// One array file seen as entries: 8 bytes for offsets and positions, 4 for neighbour ids, heads,
// compressed list bytes and edge-file words.
class EntryView {
 public:
  EntryView(std::string& bytes, std::size_t entry_bytes) : bytes_(bytes), entry_bytes_(entry_bytes) {}
  std::size_t count() const { return bytes_.size() / entry_bytes_; }
  std::int64_t get(std::size_t index) const {
    if (entry_bytes_ == 8) {
      std::int64_t value;
      std::memcpy(&value, bytes_.data() + index * 8, 8);
      return value;
    }
    std::uint32_t value;
    std::memcpy(&value, bytes_.data() + index * 4, 4);
    return value;
  }
  void set(std::size_t index, std::int64_t value) {
    std::memcpy(bytes_.data() + index * entry_bytes_, encode(value).data(), entry_bytes_);
  }
  void insert(std::size_t index, std::int64_t value) { bytes_.insert(index * entry_bytes_, encode(value)); }
  void erase(std::size_t index) { bytes_.erase(index * entry_bytes_, entry_bytes_); }

 private:
  std::string encode(std::int64_t value) const {
    std::string text(entry_bytes_, '\0');
    if (entry_bytes_ == 8) {
      std::memcpy(text.data(), &value, 8);
    } else {
      const auto narrow = static_cast<std::uint32_t>(value);
      std::memcpy(text.data(), &narrow, 4);
    }
    return text;
  }
  std::string& bytes_;
  std::size_t entry_bytes_;
};

// Value modes (operation bits 3-4): the raw value, the entry plus a signed delta, a special value,
// or another entry's value.
inline std::int64_t crafted_value(const Patch& patch, const EntryView& entries, std::size_t index,
                                  std::int64_t vertices) {
  const std::size_t count = entries.count();
  switch ((patch.operation >> 3) & 3) {
    case 0: return patch.value;
    case 1: return wrapping_add(index < count ? entries.get(index) : 0, static_cast<std::int32_t>(patch.value));
    case 2: return special_value(patch.value, vertices, static_cast<std::int64_t>(count));
    default: return count == 0 ? 0 : entries.get(patch.value % count);
  }
}

// Operations on an array file (operation bits 0-2): set an entry, set a byte, insert an entry,
// erase one, truncate, swap two entries, set every stride-th entry to a special value, and delete
// the file or append bytes.
inline void patch_array(std::string& bytes, const std::string& name, const Patch& patch, std::int64_t vertices,
                        bool& deleted) {
  const std::size_t entry_bytes = name.ends_with(".offsets") || name.ends_with(".positions") ? 8 : 4;
  EntryView entries(bytes, entry_bytes);
  const std::size_t count = entries.count();
  const std::size_t index = count == 0 ? 0 : patch.position % count;
  switch (patch.operation & 7) {
    case 0:
      if (count > 0) entries.set(index, crafted_value(patch, entries, index, vertices));
      break;
    case 1:
      if (!bytes.empty()) bytes[patch.position % bytes.size()] = static_cast<char>(patch.value);
      break;
    case 2:
      entries.insert(count == 0 ? 0 : patch.position % (count + 1), crafted_value(patch, entries, index, vertices));
      break;
    case 3:
      if (count > 0) entries.erase(index);
      break;
    case 4: bytes.resize(patch.position % (bytes.size() + 1)); break;
    case 5:
      if (count > 0) {
        const std::int64_t other = entries.get(patch.value % count);
        entries.set(patch.value % count, entries.get(index));
        entries.set(index, other);
      }
      break;
    case 6: {
      const std::size_t stride = 1 + (patch.value & 255);
      const std::int64_t value = special_value(patch.value >> 8, vertices, static_cast<std::int64_t>(count));
      for (std::size_t at = index; at < count; at += stride) entries.set(at, value);
      break;
    }
    default:
      if (((patch.operation >> 3) & 3) == 0) {
        deleted = true;
      } else {
        bytes.append(1 + patch.value % 16, static_cast<char>(patch.value >> 8));
      }
      break;
  }
}

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) lines.push_back(line);
  return lines;
}

inline std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

// Words a manifest value may be replaced by: the valid ones of other keys, and numbers written in
// ways the parser must refuse or read exactly.
inline const char* manifest_word(std::uint32_t choice) {
  static const char* const words[] = {"hub-first",
                                      "degree",
                                      "id",
                                      "directed",
                                      "undirected",
                                      "",
                                      "-1",
                                      " 5",
                                      "0x10",
                                      "1e3",
                                      "+3",
                                      "3 4",
                                      "18446744073709551616",
                                      "9223372036854775807",
                                      "007",
                                      "kronecker scale=6",
                                      "p0.backward.offsets 520",
                                      "\t1",
                                      "1 ",
                                      "0"};
  return words[choice % std::size(words)];
}

// Names an array line may be given: every array of up to three partitions, and names that are
// not arrays.
inline std::string array_name(std::uint32_t choice) {
  static const char* const others[] = {"edges.packed48", "manifest",    "",
                                       "../manifest",    "p0.backward", "p99.forward.offsets"};
  const std::uint32_t arrays = 3 * 2 * 2;
  const std::uint32_t index = choice % static_cast<std::uint32_t>(arrays + std::size(others));
  if (index >= arrays) return others[index - arrays];
  std::string name = "p" + std::to_string(index / 4);
  name += (index / 2) % 2 == 0 ? ".backward" : ".forward";
  name += index % 2 == 0 ? ".offsets" : ".neighbors";
  return name;
}

// Replaces the value (the text after the key) of `line`, or for an array line its size field.
inline void set_manifest_number(std::string& line, const Patch& patch, std::int64_t vertices) {
  std::istringstream fields(line);
  std::string key;
  std::string first;
  fields >> key >> first;
  std::int64_t current = 0;
  std::istringstream(key == "array" || key == "edge-file" ? std::string() : first) >> current;
  std::int64_t value = patch.value;
  switch ((patch.operation >> 3) & 3) {
    case 1: value = wrapping_add(current, static_cast<std::int32_t>(patch.value)); break;
    case 2:
    case 3: value = special_value(patch.value, vertices, current); break;
    default: break;
  }
  if (key == "array" || key == "edge-file") {
    std::string bytes;
    std::string sha;
    fields >> bytes >> sha;
    line = key + " " + first + " " + std::to_string(value) + " " + sha;
  } else {
    line = key + " " + std::to_string(value);
  }
}

// Operations on the manifest (operation bits 0-2): set a line's number, set/insert/erase a byte,
// delete a line, duplicate it, swap two lines, replace a line's value by a word, rename an array
// line, truncate the text.
inline void patch_manifest(std::string& text, const Patch& patch, std::int64_t vertices) {
  std::vector<std::string> lines = lines_of(text);
  const std::size_t line = lines.empty() ? 0 : patch.position % lines.size();
  switch (patch.operation & 7) {
    case 0:
      if (!lines.empty()) set_manifest_number(lines[line], patch, vertices);
      break;
    case 1: {
      const std::size_t at = text.empty() ? 0 : patch.position % text.size();
      const int how = (patch.operation >> 3) & 3;
      if (how == 1 || text.empty()) {
        text.insert(at, 1, static_cast<char>(patch.value));
      } else if (how == 2) {
        text.erase(at, 1);
      } else {
        text[at] = static_cast<char>(patch.value);
      }
      return;
    }
    case 2:
      if (!lines.empty()) lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(line));
      break;
    case 3:
      if (!lines.empty()) lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(line), lines[line]);
      break;
    case 4:
      if (!lines.empty()) std::swap(lines[line], lines[patch.value % lines.size()]);
      break;
    case 5:
      if (!lines.empty()) lines[line] = lines[line].substr(0, lines[line].find(' ')) + " " + manifest_word(patch.value);
      break;
    case 6:
      if (!lines.empty() && (lines[line].starts_with("array ") || lines[line].starts_with("edge-file "))) {
        std::istringstream fields(lines[line]);
        std::string key;
        std::string name;
        std::string rest;
        fields >> key >> name;
        std::getline(fields, rest);
        lines[line] = key + " " + array_name(patch.value) + rest;
      }
      break;
    default: text.resize(patch.position % (text.size() + 1)); return;
  }
  text = joined(lines);
}

// The store's files after the patches; file 0 is the manifest, then the others in name order.
inline StoreFiles patched_store(const StoreFiles& pristine, const std::vector<Patch>& patches, std::int64_t vertices) {
  StoreFiles files = pristine;
  std::vector<std::string> names;  // the manifest first
  names.push_back("manifest");
  for (const auto& [name, bytes] : pristine) {
    if (name != "manifest") names.push_back(name);
  }
  for (const Patch& patch : patches) {
    const std::string& name = names[patch.file % names.size()];
    const auto file = files.find(name);
    if (file == files.end()) continue;  // deleted by an earlier patch
    if (name == "manifest") {
      patch_manifest(file->second, patch, vertices);
      continue;
    }
    bool deleted = false;
    patch_array(file->second, name, patch, vertices, deleted);
    if (deleted) files.erase(file);
  }
  return files;
}

inline std::string sha256_hex(const std::string& bytes) {
  Sha256 sha;
  sha.update(bytes.data(), bytes.size());
  return sha.finish_hex();
}

// Rewrites the size and SHA-256 of every array and edge-file line naming a file of the store.
inline void reseal(StoreFiles& files) {
  const auto manifest = files.find("manifest");
  if (manifest == files.end()) return;
  std::vector<std::string> lines = lines_of(manifest->second);
  for (std::string& line : lines) {
    std::istringstream fields(line);
    std::string key;
    std::string name;
    fields >> key >> name;
    const auto file = files.find(name);
    if ((key != "array" && key != "edge-file") || name == "manifest" || file == files.end()) continue;
    line = key + " " + name + " " + std::to_string(file->second.size()) + " " + sha256_hex(file->second);
  }
  manifest->second = joined(lines);
}

}  // namespace semibfs::fuzzing
