// A value the library refuses comes back as a usage error with the option's name in front: the
// library's message speaks of the value alone (core/byte_size.hpp, io/io_kind.hpp).
#include <gtest/gtest.h>

#include <string>

#include "support/command_runner.hpp"

namespace semibfs {
namespace {

using testing::CommandResult;
using testing::lines_of;
using OptionValueErrors = testing::CommandTest;

TEST_F(OptionValueErrors, NameTheOptionAndTheValue) {
  struct Case {
    std::string arguments;
    std::string message;
  };
  const Case cases[] = {
      {"run --scale 10 --dram-budget 64MB", "--dram-budget: cannot read '64MB' as a size"},
      {"run --scale 10 --io floppy", "--io: unknown I/O kind 'floppy'; valid choices: auto, uring, pread"},
      {"build input.txt --store store --dram-budget 4GB", "--dram-budget: cannot read '4GB' as a size"},
      {"run --scale 10 --store . --dram-budget 0", "--dram-budget: a DRAM budget of 0 bytes holds nothing"},
      {"bfs --store s --roots 2 --dram-budget 1000TiB", "--dram-budget: 1000.00 TiB is more than this machine's memory"},
  };
  for (const Case& c : cases) {
    const CommandResult result = run(c.arguments);
    EXPECT_EQ(result.exit_code, 2) << c.arguments;
    EXPECT_EQ(lines_of(result.err).size(), 1u) << c.arguments << "\n" << result.err;
    EXPECT_NE(result.err.find(c.message), std::string::npos) << c.arguments << "\n" << result.err;
  }
}

}  // namespace
}  // namespace semibfs
