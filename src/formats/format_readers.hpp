// The reader of each format, made by open_edge_file once the format is known (internal to
// src/formats/). Each reads its header, if any, before it returns.
#pragma once

#include <memory>

#include "formats/byte_source.hpp"
#include "formats/edge_file_reader.hpp"

namespace semibfs {

// SNAP text (`info.format` kSnap) and plain edge lists (kEl): text_edge_reader.cpp.
std::unique_ptr<EdgeFileReader> make_text_edge_reader(std::unique_ptr<ByteSource> source, EdgeFileInfo info,
                                                      const EdgeReaderOptions& options);
// Matrix Market coordinate files: mtx_reader.cpp.
std::unique_ptr<EdgeFileReader> make_mtx_reader(std::unique_ptr<ByteSource> source, EdgeFileInfo info,
                                                const EdgeReaderOptions& options);
// Graph500 binary, 12-byte packed (kG500Packed) or 16-byte int64 (kG500Int64): g500_reader.cpp.
std::unique_ptr<EdgeFileReader> make_g500_reader(std::unique_ptr<ByteSource> source, EdgeFileInfo info,
                                                 const EdgeReaderOptions& options);

}  // namespace semibfs
