// SIGINT and SIGTERM are noted by the handlers and become Interrupted at the next check, on the
// working thread only; a second signal ends the process at once. Each test runs in a child
// process (a death test), so the handlers and the noted signal never reach the other tests.
#include "core/interrupt.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <thread>

namespace semibfs {
namespace {

// The child's exit status: what throw_if_interrupted threw, or 0 when it threw nothing.
int status_after_check() {
  try {
    throw_if_interrupted();
  } catch (const Interrupted& interrupted) {
    return interrupted.exit_status();
  }
  return 0;
}

class InterruptTest : public ::testing::Test {
 protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }  // the OpenMP pool may be running
};

TEST_F(InterruptTest, SigintBecomesInterruptedWithStatus130AtTheNextCheck) {
  EXPECT_EXIT(
      {
        install_interrupt_handlers();
        if (status_after_check() != 0) std::_Exit(1);  // nothing noted yet
        std::raise(SIGINT);
        if (pending_interrupt() != SIGINT) std::_Exit(2);
        std::_Exit(status_after_check());
      },
      ::testing::ExitedWithCode(130), "");
}

TEST_F(InterruptTest, SigtermBecomesStatus143AndTheMessageNamesIt) {
  EXPECT_EXIT(
      {
        install_interrupt_handlers();
        std::raise(SIGTERM);
        try {
          throw_if_interrupted();
        } catch (const Interrupted& interrupted) {
          std::fprintf(stderr, "%s\n", interrupted.what());
          std::_Exit(interrupted.exit_status());
        }
        std::_Exit(0);
      },
      ::testing::ExitedWithCode(143), "interrupted by SIGTERM; removed this run's temporary files");
}

TEST_F(InterruptTest, ASecondSignalEndsTheProcessAtOnce) {
  EXPECT_EXIT(
      {
        install_interrupt_handlers();
        std::raise(SIGTERM);
        std::raise(SIGINT);  // the default action again: the process ends here
        std::_Exit(0);
      },
      ::testing::KilledBySignal(SIGINT), "");
}

// The sum of the checks' statuses in a parallel region (0: none threw, the main thread included).
int status_in_parallel_region() {
  int statuses = 0;
#pragma omp parallel num_threads(2) reduction(+ : statuses)
  statuses += status_after_check();
  return statuses;
}

TEST_F(InterruptTest, OtherThreadsAndParallelRegionsDoNotThrow) {
  EXPECT_EXIT(
      {
        install_interrupt_handlers();
        std::raise(SIGINT);
        int elsewhere = 0;
        std::thread worker([&elsewhere] { elsewhere = status_after_check(); });
        worker.join();
        if (elsewhere != 0 || status_in_parallel_region() != 0) std::_Exit(1);
        std::_Exit(status_after_check());
      },
      ::testing::ExitedWithCode(130), "");
}

std::atomic<int> program_handler_calls{0};
extern "C" void program_handler(int) { program_handler_calls.fetch_add(1); }

// A host program's handler (Python's) gives way to ours for the scope of a call, which starts with no
// signal noted, and is back after it. A signal the call carried out as Interrupted is not raised
// again; one the call ended without checking for goes to the program's handler.
TEST_F(InterruptTest, AScopedCallUsesOurHandlersAndPutsTheProgramsBack) {
  EXPECT_EXIT(
      {
        std::signal(SIGINT, program_handler);
        install_interrupt_handlers();
        std::raise(SIGINT);  // noted before the scope: a call must not see it
        std::signal(SIGINT, program_handler);
        try {
          const ScopedInterruptHandlers scope;
          if (status_after_check() != 0) std::_Exit(1);
          std::raise(SIGINT);
          if (program_handler_calls.load() != 0) std::_Exit(2);
          throw_if_interrupted();
          std::_Exit(3);
        } catch (const Interrupted& interrupted) {
          if (interrupted.exit_status() != 130) std::_Exit(3);
        }
        if (program_handler_calls.load() != 0) std::_Exit(5);
        std::raise(SIGINT);
        if (program_handler_calls.load() != 1) std::_Exit(4);
        {
          const ScopedInterruptHandlers scope;
          std::raise(SIGINT);  // the call ends before its next check
        }
        std::_Exit(program_handler_calls.load() == 2 ? 0 : 6);
      },
      ::testing::ExitedWithCode(0), "");
}

// A call a signal stopped leaves nothing noted: the program's next work outside a scope (Python's
// Store opening a store, which checks between its steps) runs, not stopped by the old signal.
TEST_F(InterruptTest, ASignalTheCallCarriedOutIsForgottenAfterTheScope) {
  EXPECT_EXIT(
      {
        std::signal(SIGINT, program_handler);
        try {
          const ScopedInterruptHandlers scope;
          std::raise(SIGINT);
          throw_if_interrupted();
        } catch (const Interrupted&) {
        }
        if (pending_interrupt() != 0) std::_Exit(1);
        std::_Exit(status_after_check() == 0 && program_handler_calls.load() == 0 ? 0 : 2);
      },
      ::testing::ExitedWithCode(0), "");
}

}  // namespace
}  // namespace semibfs
