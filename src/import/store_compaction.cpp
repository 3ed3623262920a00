#include "import/store_compaction.hpp"

#include <fcntl.h>
#include <linux/fs.h>
#include <stdio.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <span>
#include <vector>

#include "core/byte_size.hpp"
#include "core/error.hpp"
#include "core/file_output.hpp"
#include "core/progress_log.hpp"
#include "core/sha256.hpp"
#include "core/timer.hpp"
#include "import/input_store.hpp"
#include "io/sequential_read.hpp"
#include "store/graph_store.hpp"
#include "store/store_lock.hpp"
#include "store/store_versions.hpp"

namespace semibfs {
namespace {

namespace fs = std::filesystem;

constexpr const char* kMarkerName = "compacting";
// The base's edges are copied in two pieces of 1 MiB in flight, the versions' in pieces of whole
// edges: far less than the construction that follows holds.
constexpr std::uint64_t kCopyBytes = std::uint64_t{1} << 20;
constexpr int kCopyPiecesInFlight = 2;

std::string quoted(const std::string& text) { return "'" + text + "'"; }

void write_marker(const std::string& directory, const std::string& store) {
  write_file_atomically(store_path(directory, kMarkerName), "a compaction of " + store + " at work or cut short\n");
}

// A compaction's leftover: its marker, or nothing but the marker's temporary (a compaction cut
// short between creating the directory and writing the marker).
bool is_compaction_leftover(const std::string& target) {
  std::error_code error;
  if (fs::exists(store_path(target, kMarkerName), error)) return true;
  for (const fs::directory_entry& entry : fs::directory_iterator(target, error)) {
    if (!entry.path().filename().string().starts_with(kMarkerName)) return false;
  }
  return !error;
}

// Removes a compaction's directory with its marker last, so that a kill part-way leaves it still
// marked as a leftover for the next compaction.
void remove_marked_directory(const std::string& target, std::error_code& error) {
  std::vector<fs::path> unmarked;
  for (const fs::directory_entry& entry : fs::directory_iterator(target, error)) {
    if (entry.path().filename() != kMarkerName) unmarked.push_back(entry.path());
  }
  for (const fs::path& path : unmarked) fs::remove_all(path, error);
  fs::remove_all(target, error);
}

// An empty DIR.compacting, a leftover removed; anything else there is refused.
void prepare_directory(const std::string& target, const std::string& store, ProgressLog& log) {
  std::error_code error;
  if (fs::exists(target, error)) {
    if (!is_compaction_leftover(target)) {
      throw Error(quoted(target) + " exists and is no compaction's leftover: move it away, then compact " +
                  quoted(store));
    }
    remove_marked_directory(target, error);
    if (error) throw Error("cannot remove the unfinished compaction " + quoted(target) + ": " + error.message());
    log.say("removed an unfinished compaction");
  }
  if (!fs::create_directory(target, error) || error) {
    throw Error("cannot create " + quoted(target) + ": " + (error ? error.message() : std::string("it exists")) +
                " (compaction builds the new store beside the old one; check the parent's permissions)");
  }
  try {
    write_marker(target, store);
  } catch (...) {
    fs::remove_all(target, error);  // interrupted before it was marked: nothing of it stays
    throw;
  }
}

// The base's edge file, checked against the manifest's SHA-256 on the way, then every version's.
void write_all_edges(const std::string& store, const std::string& target, const InputDescription& input,
                     const std::vector<VersionDescription>& versions) {
  const StoreManifest manifest = read_store_manifest(store);
  const std::string base_path = store_path(store, kEdgeFileName);
  AtomicFileWriter out(store_path(target, kEdgeFileName));
  Sha256 sha;
  SequentialReadOptions reading;
  reading.piece_bytes = kCopyBytes;
  reading.pieces_in_flight = kCopyPiecesInFlight;
  read_file_in_order(base_path, reading, [&](std::span<const std::byte> bytes, std::uint64_t) {
    sha.update(bytes.data(), bytes.size());
    out.append(bytes);
  });
  if (!manifest.edge_file || sha.finish_hex() != manifest.edge_file->sha256) {
    throw Error("store edge file " + quoted(base_path) +
                " differs from the one the manifest records (the store is "
                "damaged; rebuild it)");
  }
  for (const VersionDescription& version : versions) {  // packed as the base's edges are
    read_version_edge_pieces(store, version, input.vertices, [&out](std::span<const std::byte> bytes) { out.append(bytes); });
  }
  out.commit();
}

void copy_beside(const std::string& store, const std::string& target, const char* name) {
  std::error_code error;
  fs::copy_file(store_path(store, name), store_path(target, name), error);
  if (error) throw Error("cannot copy " + quoted(store_path(store, name)) + " for the compaction: " + error.message());
}

ImportOptions layout_of(const std::string& store, const InputDescription& input, std::int64_t budget,
                        std::int64_t program, std::ostream* progress) {
  const StoreRequest request = input_store_request(store, input);
  ImportOptions options;
  options.directed = input.directed;
  options.dram_budget_bytes = budget;
  options.program_bytes = program;
  options.partitions = request.partitions;
  options.order = request.order;
  options.compressed_lists = request.compressed_lists;
  options.relabel = request.relabelled;
  options.progress = progress;
  const std::int64_t minimum = compaction_minimum_bytes(store);
  if (budget < minimum) {  // the session states it before; a guard for other callers
    throw Error("--dram-budget " + format_bytes(budget + program) + " is below the " + format_bytes(minimum + program) +
                " that rebuilding " + quoted(store) + " needs (the program and the construction's lists; give more)");
  }
  return options;
}

// One atomic step: `target` (the new store) becomes `store` and the old store `target`.
void exchange(const std::string& target, const std::string& store) {
  if (::renameat2(AT_FDCWD, target.c_str(), AT_FDCWD, store.c_str(), RENAME_EXCHANGE) != 0) {
    throw Error("cannot swap " + quoted(target) + " and " + quoted(store) + " atomically: " + std::strerror(errno) +
                " (the filesystem must support renameat2 RENAME_EXCHANGE; the store is unchanged)");
  }
}

}  // namespace

std::int64_t compaction_minimum_bytes(const std::string& directory) {
  const InputDescription input = read_input_description(directory);
  const StoreRequest request = input_store_request(directory, input);
  return minimum_import_budget(input.vertices, request.partitions, direction_of(input), request.compressed_lists,
                               request.relabelled);
}

namespace {

// The store's own directory, its links resolved: the swap of renameat2 must exchange the real
// directory, never a link to it (which would be replaced by the new store, the old left stale).
std::string real_store_directory(const std::string& directory) {
  std::error_code error;
  const fs::path real = fs::canonical(directory, error);
  return error ? directory : real.string();
}

}  // namespace

std::string swappable_store_path(const std::string& directory) {
  fs::path path = fs::path(directory).lexically_normal();
  if (!path.has_filename()) path = path.parent_path();  // "S/." and "S/" are S
  const std::string name = path.filename().string();
  if (name.empty() || name == "." || name == "..") {
    throw UsageError("--store '" + directory + "': the store's directory must be named by a path that ends in its " +
                     "own name, as the new base is swapped in for it (run from its parent: --store NAME)");
  }
  return path.string();
}

std::string compaction_directory(const std::string& directory) {
  return real_store_directory(swappable_store_path(directory)) + ".compacting";
}

CompactionStats compact_store(const std::string& given_directory, std::int64_t dram_budget_bytes,
                              std::int64_t program_bytes, std::ostream* progress) {
  const Stopwatch time;
  // The path checked ("." and ".." refused, "S/." is S), then its links resolved: S itself is swapped.
  const std::string directory = real_store_directory(swappable_store_path(given_directory));
  const auto lock = lock_existing_store(directory, StoreLock::Mode::kWrite);
  InputDescription input = read_input_description(directory);
  CompactionStats stats;
  stats.versions = latest_store_version(directory);
  stats.base_edges = input.edges;
  if (stats.versions == 0) return stats;
  const ImportOptions options = layout_of(directory, input, dram_budget_bytes, program_bytes, progress);
  ProgressLog log(progress, "compact");
  const std::string target = compaction_directory(directory);
  prepare_directory(target, directory, log);
  const StoreLock target_lock(target, StoreLock::Mode::kWrite);  // readers of the new store wait for us
  const std::vector<VersionDescription> versions = read_version_descriptions(directory, 1, stats.versions);
  stats.added_edges = added_edges(versions);
  log.say("folding " + std::to_string(stats.versions) + " versions (" + std::to_string(stats.added_edges) +
          " added edges) into the base's " + std::to_string(input.edges));
  std::error_code error;
  try {
    write_all_edges(directory, target, input, versions);
    if (!input.identity_ids) copy_beside(directory, target, kVertexIdsName);
    input.edges += stats.added_edges;
    write_input_description(target, input);
    stats.adjacencies = build_store_graph(target, input, options).adjacencies;
    write_marker(directory, directory);  // the old store, once it is `target`, is a leftover too
    exchange(target, directory);
  } catch (...) {
    remove_marked_directory(target, error);  // the store is as it was
    fs::remove(store_path(directory, kMarkerName), error);
    throw;
  }
  remove_marked_directory(target, error);
  fs::remove(store_path(directory, kMarkerName), error);
  stats.seconds = time.seconds();
  log.say("done: one base of " + std::to_string(input.edges) + " edges");
  return stats;
}

}  // namespace semibfs
