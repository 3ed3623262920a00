#include "analytics/kernels.hpp"

#include <array>

#include "analytics/components.hpp"
#include "analytics/pagerank.hpp"
#include "analytics/teenage_followers.hpp"

namespace semibfs {

std::span<const KernelDescription* const> analytics_kernels() {
  // In `semibfs --help`'s order.
  static const std::array kernels = {&pagerank_kernel(), &components_kernel(), &teenage_followers_kernel()};
  return kernels;
}

const KernelDescription* find_analytics_kernel(const std::string& name) {
  for (const KernelDescription* kernel : analytics_kernels()) {
    if (kernel->name == name) return kernel;
  }
  return nullptr;
}

}  // namespace semibfs
