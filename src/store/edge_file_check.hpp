// The check of a store's edge file (kEdgeFileName) before validation trusts it: one flipped bit
// or one missing record there would otherwise pass unnoticed, or be blamed on the search.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <ostream>
#include <span>
#include <string>

#include "store/store_manifest.hpp"

namespace semibfs {

// Another reader of the edge file's bytes as the check streams them (the validator's own count of
// the tuples): its pieces in file order, cut anywhere, each while the seal hashes it on another thread.
using EdgeFileBytesVisitor = std::function<void(std::span<const std::byte>)>;

struct EdgeFileCheck {
  std::int64_t records = 0;
  bool checksum_checked = false;  // false: the manifest records no checksum (an older store)
  bool pair_digest_checked = false;  // false: no edge-pairs line (a store older than it)
  double seconds = 0;
};

// Compares the file's size with `records` (what the input description or the Kronecker
// parameters count) and with the manifest's entry, then streams it once, through
// `buffer_bytes` of pieces, against the manifest's SHA-256, its progress on `progress` (a bar on
// a terminal; none for a null stream), each piece also handed to `also_visit` when given (only
// when the manifest has a checksum: else the file is not read). Throws semibfs::Error naming the file.
EdgeFileCheck check_store_edge_file(const std::string& directory, const StoreManifest& manifest, std::int64_t records,
                                    std::uint64_t buffer_bytes, std::ostream* progress = nullptr,
                                    const EdgeFileBytesVisitor& also_visit = {});

// The checksum of an edge file written after its store (run --reuse of a store made in DRAM),
// added to the manifest, which is rewritten atomically. The caller holds the writer's lock.
void record_store_edge_file(const std::string& directory, StoreManifest manifest, std::uint64_t buffer_bytes);

}  // namespace semibfs
