#include "io/io_kind.hpp"

#include <iostream>

#include "core/error.hpp"
#include "io/pread_reader.hpp"
#ifdef SEMIBFS_HAVE_URING
#include "io/uring_reader.hpp"
#endif

namespace semibfs {
namespace {

std::unique_ptr<AsyncReader> make_pread_reader(const std::string& path, const ReaderOptions& options) {
  return std::make_unique<PreadReader>(BlockFile(path, options.allow_direct), options);
}

std::unique_ptr<AsyncReader> make_uring_reader(const std::string& path, const ReaderOptions& options) {
#ifdef SEMIBFS_HAVE_URING
  return std::make_unique<UringReader>(BlockFile(path, options.allow_direct), options);
#else
  (void)path;
  (void)options;
  throw ReaderUnavailable("io_uring is not built in (install liburing-dev and rebuild)");
#endif
}

}  // namespace

IoKind parse_io_kind(std::string_view text) {
  if (text == "auto") return IoKind::kAuto;
  if (text == "uring") return IoKind::kUring;
  if (text == "pread") return IoKind::kPread;
  throw UsageError("unknown I/O kind '" + std::string(text) + "'; valid choices: auto, uring, pread");
}

std::string_view io_kind_name(IoKind kind) {
  switch (kind) {
    case IoKind::kAuto: return "auto";
    case IoKind::kUring: return "uring";
    case IoKind::kPread: return "pread";
  }
  return "auto";
}

bool uring_compiled_in() {
#ifdef SEMIBFS_HAVE_URING
  return true;
#else
  return false;
#endif
}

std::unique_ptr<AsyncReader> make_reader(IoKind kind, const std::string& path, const ReaderOptions& options) {
  if (kind == IoKind::kAuto && !uring_compiled_in()) return make_pread_reader(path, options);
  return make_reader(kind, path, options, make_uring_reader, std::cerr);
}

std::unique_ptr<AsyncReader> make_reader(IoKind kind, const std::string& path, const ReaderOptions& options,
                                         const UringFactory& make_uring, std::ostream& notes) {
  if (kind == IoKind::kPread) return make_pread_reader(path, options);
  try {
    return make_uring(path, options);
  } catch (const ReaderUnavailable& refusal) {
    if (kind == IoKind::kUring) {
      throw ReaderUnavailable(std::string(refusal.what()) +
                              " (the uring reader was asked for; the auto and pread readers work without it)");
    }
    notes << "semibfs: " << refusal.what() << "; reading with the pread thread pool instead\n";
  }
  return make_pread_reader(path, options);
}

}  // namespace semibfs
