// The one error a damaged store file raises, wherever it is found: the store's own checks
// (store/graph_store.hpp) or a kernel that streams the store's files itself.
#pragma once

#include <string>

#include "core/error.hpp"

namespace semibfs {

[[noreturn]] inline void store_file_damaged(const std::string& path, const std::string& what) {
  throw Error("store file '" + path + "': " + what + " (the store is damaged; rebuild it in an empty directory)");
}

}  // namespace semibfs
