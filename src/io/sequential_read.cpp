#include "io/sequential_read.hpp"

#include <algorithm>
#include <memory>
#include <vector>

#include "core/error.hpp"
#include "core/interrupt.hpp"
#include "io/aligned_buffer.hpp"
#include "io/async_reader.hpp"

namespace semibfs {

void read_file_in_order(const std::string& path, const SequentialReadOptions& options,
                        const std::function<void(std::span<const std::byte>, std::uint64_t)>& consume) {
  if (options.piece_bytes == 0 || !is_block_aligned(options.piece_bytes) || options.pieces_in_flight < 1) {
    throw Error("sequential read of '" + path + "': pieces must be whole 4 KiB blocks, at least one in flight");
  }
  ReaderOptions reader_options;
  reader_options.queue_depth = options.pieces_in_flight;
  // Declared before the reader, so that a pass that stops early (an error, an interrupt) ends the
  // reads in flight (the reader's destructor) before their buffers are freed.
  std::vector<AlignedBuffer> buffers;
  const std::unique_ptr<AsyncReader> reader = make_reader(options.io, path, reader_options);
  const std::uint64_t size = reader->file().size();
  const std::uint64_t pieces = (size + options.piece_bytes - 1) / options.piece_bytes;
  const auto buffers_count = static_cast<std::size_t>(std::min<std::uint64_t>(pieces, options.pieces_in_flight));
  for (std::size_t index = 0; index < buffers_count; ++index) buffers.emplace_back(options.piece_bytes);

  auto piece_length = [&](std::uint64_t piece) {
    return std::min(options.piece_bytes, size - piece * options.piece_bytes);
  };
  auto start = [&](std::uint64_t piece) {
    const ReadRequest request{piece * options.piece_bytes, piece_length(piece), buffers[piece % buffers_count].data(),
                              piece};
    reader->submit(std::span<const ReadRequest>(&request, 1));
  };
  for (std::uint64_t piece = 0; piece < buffers_count; ++piece) start(piece);
  std::vector<bool> arrived(pieces, false);
  std::vector<std::uint64_t> tags;
  for (std::uint64_t next = 0; next < pieces;) {
    throw_if_interrupted();
    tags.clear();
    reader->wait(tags);
    for (const std::uint64_t tag : tags) arrived[tag] = true;
    // In file order: a piece that overtook an earlier one waits in its buffer.
    while (next < pieces && arrived[next]) {
      consume(std::span<const std::byte>(buffers[next % buffers_count].data(), piece_length(next)),
              next * options.piece_bytes);
      if (next + buffers_count < pieces) start(next + buffers_count);
      ++next;
    }
  }
}

}  // namespace semibfs
