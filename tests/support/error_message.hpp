// The message of the semibfs::Error an action throws, for tests that check what an error says.
#pragma once

#include <string>

#include "core/error.hpp"

namespace semibfs::testing {

// The message of the `Kind` (an Error unless told) that `action` throws, or "" when it throws none.
template <typename Kind = Error, typename Action>
std::string error_of(Action&& action) {
  try {
    action();
  } catch (const Kind& error) {
    return error.what();
  }
  return "";
}

}  // namespace semibfs::testing
