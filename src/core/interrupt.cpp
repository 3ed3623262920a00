#include "core/interrupt.hpp"

#include <omp.h>

#include <atomic>
#include <csignal>
#include <exception>
#include <string>
#include <thread>

namespace semibfs {
namespace {

// Written by the handler: a lock-free atomic is async-signal-safe (C++17 [support.signal]).
std::atomic<int> noted_signal{0};
std::thread::id working_thread;  // written once, before the handlers are installed

static_assert(std::atomic<int>::is_always_lock_free);

void set_action(int signal_number, void (*handler)(int)) {
  struct sigaction action {};
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;  // system calls in flight go on; the work stops at its next check
  ::sigaction(signal_number, &action, nullptr);
}

extern "C" void note_signal(int signal_number) {
  int none = 0;
  noted_signal.compare_exchange_strong(none, signal_number);
  set_action(SIGINT, SIG_DFL);  // sigaction is async-signal-safe
  set_action(SIGTERM, SIG_DFL);
}

std::string signal_name(int signal_number) {
  if (signal_number == SIGINT) return "SIGINT";
  if (signal_number == SIGTERM) return "SIGTERM";
  return "signal " + std::to_string(signal_number);
}

}  // namespace

Interrupted::Interrupted(int signal_number)
    : Error("interrupted by " + signal_name(signal_number) + "; removed this run's temporary files"),
      signal_number_(signal_number) {}

void install_interrupt_handlers() {
  working_thread = std::this_thread::get_id();
  set_action(SIGINT, note_signal);
  set_action(SIGTERM, note_signal);
}

ScopedInterruptHandlers::ScopedInterruptHandlers() {
  ::sigaction(SIGINT, nullptr, &previous_interrupt_);
  ::sigaction(SIGTERM, nullptr, &previous_terminate_);
  noted_signal.store(0, std::memory_order_relaxed);
  install_interrupt_handlers();
}

ScopedInterruptHandlers::~ScopedInterruptHandlers() {
  ::sigaction(SIGINT, &previous_interrupt_, nullptr);
  ::sigaction(SIGTERM, &previous_terminate_, nullptr);
  // Cleared either way: a signal an Interrupted carried out must not stop the program's next call.
  const int noted = noted_signal.exchange(0);
  if (noted != 0 && std::uncaught_exceptions() == 0) std::raise(noted);
}

int pending_interrupt() { return noted_signal.load(std::memory_order_relaxed); }

void throw_if_interrupted() {
  const int signal_number = pending_interrupt();
  if (signal_number == 0) return;
  if (std::this_thread::get_id() != working_thread || omp_in_parallel()) return;
  throw Interrupted(signal_number);
}

}  // namespace semibfs
