// A strict JSON reader (RFC 8259) for the run reports `semibfs report` reads back: no comments,
// trailing commas, leading zeros, bare control bytes in strings, lone surrogates or repeated
// keys; at most kMaxJsonDepth nested arrays and objects, so a crafted file cannot exhaust the stack.
#pragma once

#include <string>
#include <string_view>

#include "report/json_value.hpp"

namespace semibfs {

inline constexpr int kMaxJsonDepth = 64;

// The one value `text` holds. A malformed text throws semibfs::Error, one line naming `source`,
// the byte offset (and its line and column) and what was expected there:
// "run.json: not valid JSON at byte 17 (line 2, column 5): expected ':' after an object key, found '}'".
JsonValue read_json(std::string_view text, const std::string& source);

}  // namespace semibfs
