// Sizes on the command line (`--dram-budget 4GiB`) and in reports. Every unit is a power of 1024:
// K, M, G, T and their unambiguous spellings KiB, MiB, GiB, TiB (B or nothing: bytes). The SI-looking
// KB, MB, GB, TB are refused rather than guessed (1000 or 1024?), and so are lower-case units.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace semibfs {

// `text` as a byte count: digits, an optional fraction (`1.5GiB`, rounded down to a whole byte)
// and an optional unit, nothing else (no sign, spaces or exponent). Throws semibfs::UsageError
// with one line naming the text and what is accepted, on bad input or a size of 2^63 bytes or
// more (a caller that read the text from an option puts the option's name in front).
std::int64_t parse_byte_size(std::string_view text);

// `bytes` for a report: "512 B", "1.50 KiB", "4.00 GiB" (two decimals, binary units up to EiB).
std::string format_bytes(std::int64_t bytes);

}  // namespace semibfs
