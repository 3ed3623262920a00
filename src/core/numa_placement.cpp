#include "core/numa_placement.hpp"

#include <cstdint>
#include <string>

#ifdef SEMIBFS_HAVE_NUMA
#include <numa.h>
#include <numaif.h>
#include <unistd.h>
#endif

namespace semibfs {

#ifdef SEMIBFS_HAVE_NUMA

int numa_node_count() {
  static const int count = numa_available() < 0 ? 1 : numa_num_configured_nodes();
  return count < 1 ? 1 : count;
}

bool place_on_numa_node(void* data, std::size_t bytes, int node) {
  if (numa_node_count() < 2 || bytes == 0) return true;
  // mbind wants a page-aligned start; the partial first page stays where it is.
  const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  const auto begin = reinterpret_cast<std::uintptr_t>(data);
  const std::uintptr_t aligned = (begin + page - 1) / page * page;
  if (aligned >= begin + bytes) return true;
  unsigned long mask = 1UL << node;  // nodes beyond 63 are not expected on one machine
  return mbind(reinterpret_cast<void*>(aligned), begin + bytes - aligned, MPOL_BIND, &mask,
               sizeof(mask) * 8, MPOL_MF_MOVE) == 0;
}

void run_on_numa_node(int node) {
  if (numa_node_count() > 1) numa_run_on_node(node);
}

std::string numa_description() { return "libnuma, " + std::to_string(numa_node_count()) + " node(s)"; }

#else

int numa_node_count() { return 1; }
bool place_on_numa_node(void*, std::size_t, int) { return true; }
void run_on_numa_node(int) {}
std::string numa_description() { return "first touch (built without libnuma)"; }

#endif

int numa_node_of_partition(int partition) { return partition % numa_node_count(); }

}  // namespace semibfs
