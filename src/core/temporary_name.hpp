// The names of a process's temporary files: `<target>.tmp.<pid>` beside the file they become, so
// that two processes never share one and a later writer can tell from the name alone whether the
// process that made a file still runs (store/stale_temporary_files.hpp removes those of the dead).
#pragma once

#include <string>

namespace semibfs {

// `path + ".tmp.<pid of this process>"`.
std::string temporary_path(const std::string& path);

// `path + ".probe.<pid of this process>"`: the empty file that check_writable creates and removes.
std::string probe_path(const std::string& path);

// The PID in the name of a temporary or probe file ("edges.packed48.tmp.4242" gives 4242); 0 when
// `file_name` is neither.
int temporary_file_owner(const std::string& file_name);

// Whether process `pid` still runs (another user's process counts as running).
bool process_exists(int pid);

// Removes the temporary and probe files of `path` (`path.tmp.<pid>`, `path.probe.<pid>`) left by
// processes that no longer run (kill -9, a crash): the next writer of a file clears its debris.
void remove_stale_temporaries_of(const std::string& path);

}  // namespace semibfs
