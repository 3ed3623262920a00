// The program's own version (CMake's project version): `semibfs --version`, the JSON reports.
#pragma once

#include <string>

namespace semibfs {

// "0.1.0": the version of this build of semibfs (not a store's version, store/store_versions.hpp).
std::string program_version();

}  // namespace semibfs
