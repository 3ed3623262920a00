// libFuzzer target: the Graph500 binary readers, packed or int64 by the variant byte
// (fuzz_reader.hpp says what is checked). See docs/FORMATS.md.
#include "fuzz_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const semibfs::fuzzing::FuzzInput input(data, size);
  const bool packed = (input.variant & 1) != 0;
  semibfs::fuzzing::check_reader(input, packed ? semibfs::InputFormat::kG500Packed : semibfs::InputFormat::kG500Int64,
                                 packed ? "fuzz.g500" : "fuzz.int64");
  return 0;
}
