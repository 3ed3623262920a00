// Text placed in the report's HTML and SVG: every byte that could start markup escaped, so that a
// hostname or a file name never becomes a tag.
#pragma once

#include <string>
#include <string_view>

namespace semibfs {

// `text` with & < > " ' as character references; safe in element content and quoted attributes.
// A byte that is not well-formed UTF-8, NUL and the other controls HTML forbids become U+FFFD, so
// the page is the UTF-8 it declares.
std::string escape_markup(std::string_view text);

}  // namespace semibfs
