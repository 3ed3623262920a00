// The main() of the bench probes: runs one and turns its errors into one line on stderr, exit
// code 2 for a usage error and 1 for any other, as the semibfs command does.
#pragma once

#include <exception>
#include <iostream>

#include "core/error.hpp"

namespace semibfs {

template <class Run>
int run_probe(const char* name, Run&& run, int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const UsageError& error) {
    std::cerr << name << ": " << error.what() << '\n';
    return 2;
  } catch (const std::exception& error) {
    std::cerr << name << ": " << error.what() << '\n';
    return 1;
  }
}

}  // namespace semibfs
