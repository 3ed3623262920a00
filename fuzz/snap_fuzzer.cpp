// libFuzzer target: the SNAP text reader (fuzz_reader.hpp says what is checked). See docs/FORMATS.md.
#include "fuzz_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  semibfs::fuzzing::check_reader(semibfs::fuzzing::FuzzInput(data, size), semibfs::InputFormat::kSnap, "fuzz.txt");
  return 0;
}
