// Which reader a run uses (auto, uring or pread) and the factory that makes it: io_uring where
// it is built in and the kernel allows it, the pread pool otherwise.
#pragma once

#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

#include "io/async_reader.hpp"

namespace semibfs {

enum class IoKind { kAuto, kUring, kPread };

// "auto", "uring" or "pread"; anything else is a semibfs::UsageError.
IoKind parse_io_kind(std::string_view text);
std::string_view io_kind_name(IoKind kind);
// True when this build has the io_uring backend (liburing was found by CMake).
bool uring_compiled_in();

// Opens `path` (BlockFile) and makes the reader `kind` asks for. kAuto takes io_uring when built
// in and falls back to pread, with one note on stderr, when the kernel refuses it; kUring throws
// ReaderUnavailable instead. A file that cannot be opened is a semibfs::Error either way.
std::unique_ptr<AsyncReader> make_reader(IoKind kind, const std::string& path,
                                         const ReaderOptions& options = {});

// make_reader with the io_uring attempt and the notes stream given, so that tests can play a
// kernel that refuses io_uring. `make_uring` throws ReaderUnavailable to refuse.
using UringFactory = std::function<std::unique_ptr<AsyncReader>(const std::string& path, const ReaderOptions&)>;
std::unique_ptr<AsyncReader> make_reader(IoKind kind, const std::string& path, const ReaderOptions& options,
                                         const UringFactory& make_uring, std::ostream& notes);

}  // namespace semibfs
