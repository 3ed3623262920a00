// The graph file formats semibfs reads, their names on the command line, and the rules that pick
// one when the user asks for `auto`.
//
// Detection of `auto`, in this order (gzip is recognized first by its magic bytes 1f 8b, whatever
// the name, and the rules then look at the decompressed bytes and the name without ".gz"):
//   1. content that starts with "%%MatrixMarket"                     -> mtx
//   2. the name's extension: .mtx -> mtx; .el -> el; .txt .snap .tsv .edges -> snap;
//      .g500 .packed48 -> g500-packed; .int64 -> g500-int64
//   3. no known extension and text content (the first 4 KiB hold only printable ASCII, tab, CR
//      and LF)                                                        -> snap
//   4. anything else (binary content, or .bin, whose layout cannot be told from its bytes) is an
//      Error asking for --format g500-packed or g500-int64.
#pragma once

#include <string>
#include <string_view>

#include "edges/edge_format.hpp"

namespace semibfs {

// The formats build reads are the edge-file layouts of edges/edge_format.hpp, names and all (what
// generate --format X writes, build --format X reads); to_string is declared there.
using InputFormat = EdgeFormat;

// Parses "auto", "snap", "mtx", "el", "g500-packed" or "g500-int64"; throws UsageError otherwise.
InputFormat parse_input_format(const std::string& text);

// True when `first_bytes` start with the gzip magic bytes.
bool is_gzip(std::string_view first_bytes);

// The format of a file named `name` whose (decompressed) contents start with `first_bytes`, by the rules
// above; never kAuto. Throws Error when the rules cannot tell.
InputFormat detect_input_format(const std::string& name, std::string_view first_bytes);

}  // namespace semibfs
