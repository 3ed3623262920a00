#include "mpi/memcached_library.hpp"

#include <dlfcn.h>

#include <string>

#include "core/error.hpp"

namespace semibfs {
namespace {

// dlopen("") would open semibfs itself.
static_assert(sizeof(SEMIBFS_MEMCACHED_SONAME) > 1, "the build found no soname of libmemcached");

template <typename Function>
void resolve(void* handle, const char* name, Function& function) {
  function = reinterpret_cast<Function>(::dlsym(handle, name));
  if (function == nullptr) {
    throw Error(std::string(SEMIBFS_MEMCACHED_SONAME) + " has no " + name + ": install libmemcached 1.x");
  }
}

MemcachedLibrary open_library() {
  void* handle = ::dlopen(SEMIBFS_MEMCACHED_SONAME, RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    throw Error(std::string("--remote-cache memcached needs ") + SEMIBFS_MEMCACHED_SONAME + " (" + ::dlerror() +
                "): install libmemcached");
  }
  MemcachedLibrary library;
  resolve(handle, "memcached_create", library.create);
  resolve(handle, "memcached_free", library.free);
  resolve(handle, "memcached_behavior_set", library.behavior_set);
  resolve(handle, "memcached_server_add", library.server_add);
  resolve(handle, "memcached_mget", library.mget);
  resolve(handle, "memcached_fetch_result", library.fetch_result);
  resolve(handle, "memcached_result_create", library.result_create);
  resolve(handle, "memcached_result_free", library.result_free);
  resolve(handle, "memcached_result_key_value", library.result_key_value);
  resolve(handle, "memcached_result_key_length", library.result_key_length);
  resolve(handle, "memcached_set", library.set);
  resolve(handle, "memcached_strerror", library.strerror);
  resolve(handle, "memcached_last_error", library.last_error);
  resolve(handle, "memcached_last_error_errno", library.last_error_errno);
  return library;  // the handle stays open for the process
}

}  // namespace

const MemcachedLibrary& memcached_library() {
  static const MemcachedLibrary library = open_library();  // a throw leaves it unopened: the next call tries again
  return library;
}

}  // namespace semibfs
