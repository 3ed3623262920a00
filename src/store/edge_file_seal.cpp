#include "store/edge_file_seal.hpp"

#include <algorithm>
#include <cstring>

#include "core/error.hpp"

namespace semibfs {

void EdgeFileSeal::add_records(const std::byte* records, std::int64_t count) {
  std::uint64_t sum = 0;
#pragma omp parallel for schedule(static) reduction(+ : sum) if (count > 65536)
  for (std::int64_t index = 0; index < count; ++index) {
    PackedEdge edge;
    std::memcpy(&edge, records + index * static_cast<std::int64_t>(sizeof(PackedEdge)), sizeof(PackedEdge));
    sum += record_digest(edge);
  }
  pair_digest_ += sum;
}

void EdgeFileSeal::update(std::span<const std::byte> bytes) {
  update_sha256(bytes);
  update_pair_digest(bytes);
}

void EdgeFileSeal::update_pair_digest(std::span<const std::byte> bytes) {
  pieces_.add(bytes, [&](const std::byte* records, std::int64_t count) { add_records(records, count); });
}

void EdgeFileSeal::update(std::span<const PackedEdge> edges) { update(std::as_bytes(edges)); }

void EdgeFileSeal::update_checksum(std::span<const PackedEdge> edges) {
  if (pieces_.pending_bytes() > 0) throw Error("edge file seal: whole records after a split one");
  sha_.update(edges.data(), edges.size_bytes());
}

StoreArray EdgeFileSeal::finish(std::int64_t bytes) {
  return StoreArray{kEdgeFileName, bytes, sha_.finish_hex(), pair_digest_};
}

}  // namespace semibfs
