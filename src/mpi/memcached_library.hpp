// libmemcached, opened when a run first asks for a memcached cache (MC-BFS) rather than linked:
// linked, it would load with every semibfs process (with libcrypto and libsasl2, about 1.5 MiB of
// resident memory at start-up that every DRAM budget counts), though only that experiment uses it.
#pragma once

#include <libmemcached/memcached.h>

namespace semibfs {

// The functions memcached_cache.cpp calls, named as in libmemcached.
struct MemcachedLibrary {
  decltype(&::memcached_create) create = nullptr;
  decltype(&::memcached_free) free = nullptr;
  decltype(&::memcached_behavior_set) behavior_set = nullptr;
  decltype(&::memcached_server_add) server_add = nullptr;
  decltype(&::memcached_mget) mget = nullptr;
  decltype(&::memcached_fetch_result) fetch_result = nullptr;
  decltype(&::memcached_result_create) result_create = nullptr;
  decltype(&::memcached_result_free) result_free = nullptr;
  decltype(&::memcached_result_key_value) result_key_value = nullptr;
  decltype(&::memcached_result_key_length) result_key_length = nullptr;
  decltype(&::memcached_set) set = nullptr;
  decltype(&::memcached_strerror) strerror = nullptr;
  decltype(&::memcached_last_error) last_error = nullptr;
  decltype(&::memcached_last_error_errno) last_error_errno = nullptr;
};

// Opens the library the build found (its soname) once; throws semibfs::Error in one line, saying
// to install it, when it or one of its functions cannot be found.
const MemcachedLibrary& memcached_library();

}  // namespace semibfs
