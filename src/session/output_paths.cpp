#include "session/output_paths.hpp"

#include <sys/stat.h>

#include <filesystem>

#include "core/error.hpp"
#include "core/file_output.hpp"

namespace semibfs {
namespace {

std::string quoted(const std::string& text) { return "'" + text + "'"; }

bool given(const NamedPath& named) { return !named.path.empty(); }

// One file under two names: the same inode when both exist, else the same resolved path.
bool same_file(const std::string& first, const std::string& second) {
  struct stat a {}, b {};
  if (::stat(first.c_str(), &a) == 0 && ::stat(second.c_str(), &b) == 0) {
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
  }
  return resolved_output_path(first) == resolved_output_path(second);
}

void check_two_outputs(const NamedPath& first, const NamedPath& second) {
  if (is_stdout(first.path) && is_stdout(second.path)) {
    throw UsageError(first.option + " and " + second.option +
                     " cannot both be stdout ('-'): their texts would be mixed (give one of them a file)");
  }
  if (is_stdout(first.path) || is_stdout(second.path) || is_null_device(first.path)) return;
  if (same_file(first.path, second.path)) {
    throw UsageError(first.option + " " + quoted(first.path) + " and " + second.option + " " + quoted(second.path) +
                     " name one file: one would overwrite the other (give each its own file)");
  }
}

void check_not_an_input(const NamedPath& output, const NamedPath& input) {
  if (is_stdout(output.path) || is_null_device(output.path) || is_stdout(input.path)) return;
  if (same_file(output.path, input.path)) {
    throw UsageError(output.option + " " + quoted(output.path) + " is the input " + input.option + " " +
                     quoted(input.path) + ": writing it would overwrite what is read (give another file)");
  }
}

void check_outside_store(const NamedPath& output, const std::string& store) {
  if (store.empty() || is_stdout(output.path) || is_null_device(output.path)) return;
  std::error_code error;
  const std::filesystem::path directory = std::filesystem::canonical(store, error);
  if (error) return;  // no store there: opening it will say so
  const std::string inside = directory.string() + "/";
  if (resolved_output_path(output.path).starts_with(inside)) {
    throw UsageError(output.option + " " + quoted(output.path) + " lies inside the store " + quoted(store) +
                     " being read: it would replace or add to the store's files (give a path outside it)");
  }
}

}  // namespace

void check_outputs(const std::vector<NamedPath>& outputs, const std::vector<NamedPath>& inputs,
                   const std::string& store_read) {
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    if (!given(outputs[i])) continue;
    check_outside_store(outputs[i], store_read);
    check_writable(outputs[i].path);
    for (const NamedPath& input : inputs) {
      if (given(input)) check_not_an_input(outputs[i], input);
    }
    for (std::size_t j = i + 1; j < outputs.size(); ++j) {
      if (given(outputs[j])) check_two_outputs(outputs[i], outputs[j]);
    }
  }
}

}  // namespace semibfs
