// ParallelErrors (core/parallel_errors.hpp): the first exception of the threads' work kept and
// rethrown after the region, failed() as soon as one is kept, and take_first() handing it over and
// leaving the errors as new.
#include "core/parallel_errors.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <stdexcept>
#include <string>

namespace semibfs {
namespace {

TEST(ParallelErrors, KeepTheFirstExceptionAndSayWhetherOneWasThrown) {
  ParallelErrors errors;
  EXPECT_FALSE(errors.failed());
  errors.capture([] {});
  EXPECT_FALSE(errors.failed());
  EXPECT_NO_THROW(errors.rethrow_first());
  int ran = 0;
#pragma omp parallel num_threads(4) reduction(+ : ran)
  {
    errors.capture([] { throw std::runtime_error("thread failed"); });
    ++ran;  // capture returns: no exception leaves the region
  }
  EXPECT_EQ(ran, 4);
  EXPECT_TRUE(errors.failed());
  EXPECT_THROW(errors.rethrow_first(), std::runtime_error);
  EXPECT_TRUE(errors.failed());  // rethrowing keeps it
}

TEST(ParallelErrors, TakingTheFirstLeavesThemAsNew) {
  ParallelErrors errors;
  EXPECT_EQ(errors.take_first(), nullptr);
  errors.capture([] { throw std::runtime_error("first"); });
  errors.capture([] { throw std::runtime_error("second"); });
  const std::exception_ptr first = errors.take_first();
  ASSERT_NE(first, nullptr);
  try {
    std::rethrow_exception(first);
  } catch (const std::runtime_error& error) {
    EXPECT_EQ(std::string(error.what()), "first");
  }
  EXPECT_FALSE(errors.failed());
  EXPECT_EQ(errors.take_first(), nullptr);
  EXPECT_NO_THROW(errors.rethrow_first());
}

}  // namespace
}  // namespace semibfs
