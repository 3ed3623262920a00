// Where partition memory lives: on the NUMA node of the partition (Iwabuchi et al. Sec. IV-A). With
// libnuma (SEMIBFS_HAVE_NUMA) pages are bound and moved with mbind; without it, or on a
// one-node machine, first touch by the partition's own threads is all there is.
#pragma once

#include <cstddef>
#include <string>

namespace semibfs {

// NUMA nodes the process can use; 1 without libnuma or when the kernel has no NUMA support.
int numa_node_count();
// The node partition `partition` of `partitions` goes to: partitions are dealt round-robin.
int numa_node_of_partition(int partition);
// Binds [data, data + bytes) to `node` and moves pages already touched; a no-op on one node.
// Returns false when the kernel refused (the memory then stays where it is; nothing is lost).
bool place_on_numa_node(void* data, std::size_t bytes, int node);
// Runs the calling thread on the CPUs of `node`; a no-op on one node.
void run_on_numa_node(int node);
// "libnuma, N nodes" or "first touch (built without libnuma)", for the report.
std::string numa_description();

}  // namespace semibfs
