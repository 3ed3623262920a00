// Stopping at a safe point on SIGINT or SIGTERM: the handlers only note the signal, and the work
// checks for it between steps (throw_if_interrupted), so that the exception unwinds through the
// destructors that remove this run's temporary files and half-written stores.
#pragma once

#include <csignal>

#include "core/error.hpp"

namespace semibfs {

// The signal that stopped the work; the CLI exits with exit_status().
class Interrupted : public Error {
 public:
  explicit Interrupted(int signal_number);
  int signal_number() const { return signal_number_; }
  // 128 + the signal, as a shell reports a process that the signal ended.
  int exit_status() const { return 128 + signal_number_; }

 private:
  int signal_number_;
};

// Installs handlers of SIGINT and SIGTERM that only note the signal (async-signal-safe) and restore
// both default actions, so that a second signal ends the process at once. Call it once, from the
// thread that does the work (main): only that thread throws.
void install_interrupt_handlers();

// For one library call from a program with handlers of its own (Python's): installs ours, with no
// signal noted, for the calling thread, and puts the program's back when the scope ends. A signal
// noted that no exception carried out of the scope (the call ended before its next check) is then
// raised again for the program's handler, so that it is not lost; one an exception carried out is
// forgotten, so that the program's later calls run. One at a time, from the thread that receives
// the program's signals.
class ScopedInterruptHandlers {
 public:
  ScopedInterruptHandlers();
  ~ScopedInterruptHandlers();
  ScopedInterruptHandlers(const ScopedInterruptHandlers&) = delete;
  ScopedInterruptHandlers& operator=(const ScopedInterruptHandlers&) = delete;

 private:
  struct sigaction previous_interrupt_ {};
  struct sigaction previous_terminate_ {};
};

// The signal noted since install_interrupt_handlers(), or 0.
int pending_interrupt();

// Throws Interrupted when a signal was noted, on the thread that installed the handlers and outside
// OpenMP parallel regions; anywhere else (a worker, an I/O thread) it does nothing, as an exception
// must not leave those threads.
void throw_if_interrupted();

}  // namespace semibfs
