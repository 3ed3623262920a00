// semibfs_io_probe: random 4 KiB reads through each reader of src/storage/ at queue depths 1, 32
// and 128, the access pattern of neighbour lists on NVMe, to set beside fio's figures for the
// same disk (docs/STORAGE.md). Prints one readable line and one JSON line per case.
//
//   semibfs_io_probe --dir DIR [--size-mib 1024]   (writes a temporary file there, removes it)
//   semibfs_io_probe --file PATH                  (reads an existing file)
//   options: --reads N (50000), --depths 1,32,128, --io both|uring|pread, --request-bytes 4096
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "driver_support.hpp"
#include "core/error.hpp"
#include "core/json_writer.hpp"
#include "core/timer.hpp"
#include "io/aligned_buffer.hpp"
#include "io/async_reader.hpp"
#include "io/io_kind.hpp"

namespace semibfs {
namespace {

struct ProbeOptions {
  std::string file;
  std::string directory;
  std::uint64_t size_mib = 1024;
  std::uint64_t reads = 50000;
  std::uint64_t request_bytes = kBlockBytes;
  std::vector<int> depths = {1, 32, 128};
  std::vector<IoKind> kinds = {IoKind::kUring, IoKind::kPread};
};

using bench_driver::parse_flag_value;
using bench_driver::parse_positive_count;

ProbeOptions parse_options(int argc, char** argv) {
  ProbeOptions options;
  for (int index = 1; index < argc; ++index) {
    const std::string flag = argv[index];
    if (index + 1 >= argc) throw UsageError(flag + " needs a value (see the comment atop bench/io_probe.cpp)");
    const std::string value = argv[++index];
    if (flag == "--file") {
      options.file = value;
    } else if (flag == "--dir") {
      options.directory = value;
    } else if (flag == "--size-mib") {
      options.size_mib = parse_positive_count(flag, value);
    } else if (flag == "--reads") {
      options.reads = parse_positive_count(flag, value);
    } else if (flag == "--request-bytes") {
      options.request_bytes = parse_positive_count(flag, value);
    } else if (flag == "--depths") {
      options.depths.clear();
      std::size_t start = 0;
      while (start <= value.size()) {
        const std::size_t comma = std::min(value.find(',', start), value.size());
        options.depths.push_back(static_cast<int>(parse_positive_count(flag, value.substr(start, comma - start))));
        start = comma + 1;
      }
    } else if (flag == "--io") {
      options.kinds = value == "both" ? std::vector<IoKind>{IoKind::kUring, IoKind::kPread}
                                      : std::vector<IoKind>{parse_flag_value(flag, value, parse_io_kind)};
    } else {
      throw UsageError("unknown option " + flag + " (see the comment atop bench/io_probe.cpp)");
    }
  }
  if (options.file.empty() == options.directory.empty()) throw UsageError("give exactly one of --file and --dir");
  return options;
}

// Writes `mebibytes` of non-zero data to a new file under `directory`, synced and dropped from
// the page cache; returns its path.
std::string write_probe_file(const std::string& directory, std::uint64_t mebibytes) {
  std::string path = (std::filesystem::path(directory) / "semibfs-io-probe-XXXXXX").string();
  const int descriptor = ::mkstemp(path.data());
  if (descriptor < 0) throw Error("cannot create a probe file in " + directory + " (check the directory)");
  std::vector<std::uint64_t> chunk((std::uint64_t{1} << 20) / 8);
  std::mt19937_64 random(1);
  for (std::uint64_t written = 0; written < mebibytes; ++written) {
    for (std::uint64_t& word : chunk) word = random();
    const auto bytes = static_cast<ssize_t>(chunk.size() * 8);
    if (::write(descriptor, chunk.data(), static_cast<std::size_t>(bytes)) != bytes) {
      ::close(descriptor);
      std::filesystem::remove(path);
      throw Error("cannot write the probe file " + path + " (disk full?)");
    }
  }
  ::fsync(descriptor);
  ::posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED);
  ::close(descriptor);
  return path;
}

// Keeps `depth` random reads in flight until `reads` have completed; each slot owns a buffer.
void probe(const ProbeOptions& options, const std::string& path, IoKind kind, int depth) {
  ReaderOptions reader_options;
  reader_options.queue_depth = depth;
  std::unique_ptr<AsyncReader> reader;
  try {
    reader = make_reader(kind, path, reader_options);
  } catch (const ReaderUnavailable& refusal) {
    std::cout << io_kind_name(kind) << " depth " << depth << ": skipped (" << refusal.what() << ")\n";
    return;
  }
  const std::uint64_t blocks = reader->file().size() / kBlockBytes;
  const std::uint64_t request_blocks = round_up_to_block(options.request_bytes) / kBlockBytes;
  if (blocks < request_blocks) throw Error(path + " is smaller than one request");
  const std::uint64_t slot_bytes = round_up_to_block(options.request_bytes);
  AlignedBuffer buffers(slot_bytes * static_cast<std::uint64_t>(depth));
  std::mt19937_64 random(42);
  std::uniform_int_distribution<std::uint64_t> pick_block(0, blocks - request_blocks);

  std::uint64_t issued = 0;
  std::vector<ReadRequest> requests;
  const auto request_for = [&](std::uint64_t slot) {
    ++issued;
    return ReadRequest{pick_block(random) * kBlockBytes, options.request_bytes,
                       buffers.data() + slot * slot_bytes, slot};
  };
  const Stopwatch stopwatch;
  for (std::uint64_t slot = 0; slot < static_cast<std::uint64_t>(depth) && issued < options.reads; ++slot) {
    requests.push_back(request_for(slot));
  }
  reader->submit(requests);
  std::vector<std::uint64_t> completed;
  while (reader->pending() > 0) {
    completed.clear();
    reader->wait(completed);
    requests.clear();
    for (std::uint64_t slot : completed) {
      if (issued < options.reads) requests.push_back(request_for(slot));
    }
    if (!requests.empty()) reader->submit(requests);
  }
  const double seconds = stopwatch.seconds();

  const IoSummary io = reader->stats().summary();
  const double reads_per_second = static_cast<double>(io.requests) / seconds;
  const double megabytes_per_second = static_cast<double>(io.device_bytes) / seconds / 1e6;
  std::printf("%-8s depth %4d: %9.0f reads/s %8.1f MB/s  latency us p50 %.0f p90 %.0f p99 %.0f max %.0f  (mean depth %.1f)\n",
              std::string(reader->name()).c_str(), depth, reads_per_second, megabytes_per_second,
              io.latency_p50_us, io.latency_p90_us, io.latency_p99_us, io.latency_max_us, io.mean_queue_depth);

  JsonWriter json;
  json.begin_object();
  json.field("reader", reader->name());
  json.field("queue_depth", depth);
  json.field("direct", reader->file().direct());
  json.field("file_bytes", reader->file().size());
  json.field("request_bytes", options.request_bytes);
  json.field("seconds", seconds);
  json.field("reads_per_second", reads_per_second);
  json.field("megabytes_per_second", megabytes_per_second);
  json.key("io");
  write_json(json, io.requests > 0 ? io : IoSummary{});
  json.end_object();
  std::string line;  // the writer indents; strings escape newlines, so dropping them is safe
  bool skipping_indent = false;
  for (char character : json.text()) {
    if (character == '\n') {
      skipping_indent = true;
    } else if (!(skipping_indent && character == ' ')) {
      skipping_indent = false;
      line += character;
    }
  }
  std::cout << line << '\n' << std::flush;
}

int run(int argc, char** argv) {
  const ProbeOptions options = parse_options(argc, argv);
  const bool temporary = options.file.empty();
  const std::string path = temporary ? write_probe_file(options.directory, options.size_mib) : options.file;
  try {
    std::cout << "file " << path << ", " << options.reads << " random reads of " << options.request_bytes
              << " bytes per case\n";
    for (int depth : options.depths) {
      for (IoKind kind : options.kinds) probe(options, path, kind, depth);
    }
  } catch (...) {
    if (temporary) std::filesystem::remove(path);
    throw;
  }
  if (temporary) std::filesystem::remove(path);
  return 0;
}

}  // namespace
}  // namespace semibfs

int main(int argc, char** argv) {
  return semibfs::bench_driver::run_main("semibfs_io_probe", [&] { return semibfs::run(argc, argv); });
}
