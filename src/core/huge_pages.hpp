// Large arrays read at random (a validation's level records, a tree's levels) asked for in 2 MiB
// pages where the kernel gives them on request (transparent huge pages in "madvise" mode): one TLB
// entry then covers 512 times the bytes, and the random reads stop missing the TLB on most reads.
#pragma once

#include <sys/mman.h>

#include <cstdint>
#include <vector>

namespace semibfs {

inline constexpr std::uintptr_t kHugePageBytes = std::uintptr_t{2} << 20;

// Empties `array` and gives it room for `size` elements, not yet touched, the whole 2 MiB pages
// inside it asked for as huge pages (a hint: nothing changes where the kernel declines). The
// caller then fills it (assign, resize), which is when the pages come.
template <class T>
void reserve_in_huge_pages(std::vector<T>& array, std::size_t size) {
  std::vector<T>().swap(array);
  array.reserve(size);
  const auto begin = reinterpret_cast<std::uintptr_t>(array.data());
  const std::uintptr_t first = (begin + kHugePageBytes - 1) & ~(kHugePageBytes - 1);
  const std::uintptr_t end = (begin + size * sizeof(T)) & ~(kHugePageBytes - 1);
  if (end > first) ::madvise(reinterpret_cast<void*>(first), end - first, MADV_HUGEPAGE);
}

// `array` holding `size` copies of `value`, its pages asked for as huge pages before it is filled.
template <class T>
void assign_in_huge_pages(std::vector<T>& array, std::size_t size, const T& value = T{}) {
  reserve_in_huge_pages(array, size);
  array.assign(size, value);
}

}  // namespace semibfs
