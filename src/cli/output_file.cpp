#include "cli/output_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "core/error.hpp"

namespace semibfs::cli {

void check_output(const std::string& path) {
  if (!path.empty() && !is_stdout(path)) check_writable(path);
}

OutputFile::OutputFile(const std::string& path) {
  if (!is_stdout(path)) file_ = std::make_unique<AtomicFileWriter>(path);
}

void OutputFile::append(std::span<const std::byte> bytes) {
  if (file_) return file_->append(bytes);
  if (bytes.empty()) return;  // fwrite may not be handed the null pointer of an empty span
  if (std::fwrite(bytes.data(), 1, bytes.size(), stdout) != bytes.size()) flush_stdout();
}

void OutputFile::commit() {
  if (file_) return file_->commit();
  flush_stdout();
}

void write_output(const std::string& path, const std::string& text) {
  OutputFile output(path);
  output.append(std::as_bytes(std::span(text)));
  output.commit();
}

void flush_stdout() {
  errno = 0;
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    const int error = errno;
    std::clearerr(stdout);
    throw Error(std::string("cannot write to stdout: ") + (error != 0 ? std::strerror(error) : "write error") +
                " (the results are lost; check the disk or the pipe stdout goes to)");
  }
}

}  // namespace semibfs::cli
