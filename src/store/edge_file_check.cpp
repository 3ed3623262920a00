#include "store/edge_file_check.hpp"

#include <omp.h>

#include <algorithm>
#include <exception>
#include <filesystem>

#include "core/file_output.hpp"
#include "core/progress_log.hpp"
#include "core/timer.hpp"
#include "edges/packed_edge.hpp"
#include "io/sequential_read.hpp"
#include "store/edge_file_seal.hpp"
#include "store/graph_store.hpp"

namespace semibfs {
namespace {

// The piece into the seal, and into `also_visit` when given: one thread hashes its bytes (the
// SHA-256 is serial) while another adds its records to the pair digest; then the visitor has every
// thread for its own parallel loops (the validator's count at random, alone on the second thread,
// made the check at SCALE 26 take 34 s instead of 14).
void seal_and_visit(EdgeFileSeal& seal, std::span<const std::byte> bytes, const EdgeFileBytesVisitor& also_visit) {
  if (!also_visit) {
    seal.update(bytes);
    return;
  }
  std::exception_ptr errors[2];
#pragma omp parallel num_threads(2)
  {
    const int thread = omp_get_thread_num();
    try {
      if (thread == 0) seal.update_sha256(bytes);
      if (thread == 1 || omp_get_num_threads() == 1) seal.update_pair_digest(bytes);
    } catch (...) {
      errors[thread] = std::current_exception();
    }
  }
  for (const std::exception_ptr& error : errors) {
    if (error) std::rethrow_exception(error);
  }
  also_visit(bytes);
}

// The SHA-256 and pair digest of the edge file of `size` bytes at `path`.
StoreArray seal_of_file(const std::string& path, GraphDirection direction, std::int64_t size,
                        std::uint64_t buffer_bytes, std::ostream* progress = nullptr,
                        const EdgeFileBytesVisitor& also_visit = {}) {
  SequentialReadOptions options;
  options.pieces_in_flight = 2;
  options.piece_bytes = std::clamp<std::uint64_t>(buffer_bytes / 2 / 4096 * 4096, 4096, std::uint64_t{8} << 20);
  ProgressLog log(progress, "edge file check");
  std::int64_t done = 0;
  EdgeFileSeal seal(direction);
  read_file_in_order(path, options, [&](std::span<const std::byte> bytes, std::uint64_t) {
    seal_and_visit(seal, bytes, also_visit);
    done += static_cast<std::int64_t>(bytes.size());
    log.tick("SHA-256: bytes", done, size, ProgressUnit::kBytes);
  });
  return seal.finish(size);
}

}  // namespace

EdgeFileCheck check_store_edge_file(const std::string& directory, const StoreManifest& manifest, std::int64_t records,
                                    std::uint64_t buffer_bytes, std::ostream* progress,
                                    const EdgeFileBytesVisitor& also_visit) {
  Stopwatch time;
  const std::string path = store_path(directory, kEdgeFileName);
  const std::int64_t expected = records * static_cast<std::int64_t>(sizeof(PackedEdge));
  std::error_code error;
  const auto size = static_cast<std::int64_t>(std::filesystem::file_size(path, error));
  if (error) store_file_damaged(path, "cannot be read: " + error.message());
  if (size != expected) {
    store_file_damaged(path, std::to_string(size) + " bytes, but the store's input has " + std::to_string(records) +
                                 " edges (" + std::to_string(expected) + " bytes)");
  }
  EdgeFileCheck check{records, false, 0};
  if (manifest.edge_file) {
    if (manifest.edge_file->bytes != size) {
      store_file_damaged(path, std::to_string(size) + " bytes where the manifest says " +
                                   std::to_string(manifest.edge_file->bytes));
    }
    const StoreArray read = seal_of_file(path, manifest.direction, size, buffer_bytes, progress, also_visit);
    if (read.sha256 != manifest.edge_file->sha256) store_file_damaged(path, "SHA-256 does not match the manifest");
    // The SHA-256 alone can be resealed after a record is rewritten; the pair digest is the lists'.
    if (manifest.edge_file->pair_digest && read.pair_digest != manifest.edge_file->pair_digest) {
      store_file_damaged(path, "its edges are not the ones the store's lists were built from (the pair digest "
                               "differs from the manifest's edge-pairs)");
    }
    check.checksum_checked = true;
    check.pair_digest_checked = manifest.edge_file->pair_digest.has_value();
  }
  check.seconds = time.seconds();
  return check;
}

void record_store_edge_file(const std::string& directory, StoreManifest manifest, std::uint64_t buffer_bytes) {
  const std::string path = store_path(directory, kEdgeFileName);
  std::error_code error;
  const auto size = static_cast<std::int64_t>(std::filesystem::file_size(path, error));
  if (error) store_file_damaged(path, "cannot be read: " + error.message());
  manifest.edge_file = seal_of_file(path, manifest.direction, size, buffer_bytes);
  write_file_atomically(store_path(directory, kManifestName), manifest.to_text());
}

}  // namespace semibfs
