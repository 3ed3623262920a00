// libFuzzer target: format detection and gzip input, with a file name picked by the variant byte
// (fuzz_reader.hpp says what is checked). See docs/FORMATS.md.
#include "fuzz_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const char* const kNames[] = {"fuzz", "fuzz.txt", "fuzz.mtx", "fuzz.el", "fuzz.g500", "fuzz.int64",
                                       "fuzz.bin", "fuzz.txt.gz"};
  const semibfs::fuzzing::FuzzInput input(data, size);
  semibfs::fuzzing::check_reader(input, semibfs::InputFormat::kAuto, kNames[input.variant % 8]);
  return 0;
}
