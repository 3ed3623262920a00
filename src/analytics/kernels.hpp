// Every analytics kernel, listed once: the command line makes a subcommand of each, Python a call.
#pragma once

#include <span>
#include <string>

#include "analytics/kernel_description.hpp"

namespace semibfs {

std::span<const KernelDescription* const> analytics_kernels();
// Null when no kernel has that name.
const KernelDescription* find_analytics_kernel(const std::string& name);

}  // namespace semibfs
