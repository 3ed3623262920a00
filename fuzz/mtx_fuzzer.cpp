// libFuzzer target: the Matrix Market reader (fuzz_reader.hpp says what is checked). See docs/FORMATS.md.
#include "fuzz_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  semibfs::fuzzing::check_reader(semibfs::fuzzing::FuzzInput(data, size), semibfs::InputFormat::kMtx, "fuzz.mtx");
  return 0;
}
