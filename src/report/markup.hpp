// Text placed in the report's HTML and SVG: every byte that could start markup escaped, so that a
// hostname or a file name never becomes a tag.
#pragma once

#include <string>
#include <string_view>

namespace semibfs {

// `text` with & < > " ' as character references; safe in element content and quoted attributes.
std::string escape_markup(std::string_view text);

}  // namespace semibfs
