// One read a caller asks of an AsyncReader: bytes [offset, offset + length) of the file into
// `destination`. Nothing needs to be aligned; the reader rounds out to whole blocks itself.
#pragma once

#include <cstddef>
#include <cstdint>

namespace semibfs {

struct ReadRequest {
  std::uint64_t offset = 0;
  std::uint64_t length = 0;
  std::byte* destination = nullptr;  // must stay valid until the tag comes back
  std::uint64_t tag = 0;             // returned by wait() when the bytes are in place
  // The destination has room up to the next whole block past `length`: an aligned read that ends
  // inside the file's last block then needs no staging buffer.
  bool room_to_block_end = false;
};

}  // namespace semibfs
