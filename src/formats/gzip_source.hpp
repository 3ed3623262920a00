// Streamed gzip decompression (zlib) of any input; one clear error where zlib was not built in.
#pragma once

#include <memory>
#include <string>

#include "formats/byte_source.hpp"

namespace semibfs {

// Whether this build reads gzip input (CMake found zlib).
bool gzip_input_enabled();

// The decompressed bytes of `compressed`, a gzip stream of one or more members (as `cat a.gz b.gz`
// or pigz write). Reads throw Error naming `name` on corrupt or truncated data; without zlib this
// throws at once.
std::unique_ptr<ByteSource> make_gzip_source(std::unique_ptr<ByteSource> compressed, const std::string& name);

// `source` itself, or its bytes decompressed when they start as a gzip stream does (input_format.hpp
// is_gzip): the one way readers accept gzip input or not.
std::unique_ptr<PeekableSource> decompressed_if_gzip(std::unique_ptr<PeekableSource> source, const std::string& name);

}  // namespace semibfs
