#include "core/program_version.hpp"

namespace semibfs {

std::string program_version() { return SEMIBFS_PROGRAM_VERSION; }

}  // namespace semibfs
