#include "core/progress_bar.hpp"

#include <pthread.h>

#include <chrono>
#include <csignal>
#include <exception>
#include <iostream>

#include "core/terminal.hpp"

namespace semibfs {
namespace {

constexpr const char* kClearLine = "\r\033[K";

}  // namespace

ProgressBar::ProgressBar(std::ostream& out, ProgressBarOptions options) : out_(out), options_(options) {
  if (options_.ticker_seconds > 0) ticker_ = std::thread([this] { redraw_until_stopped(); });
}

ProgressBar::~ProgressBar() {
  {
    const std::lock_guard lock(mutex_);
    if (std::uncaught_exceptions() > uncaught_at_start_) {
      abandon_locked();
    } else {
      finish_locked();
    }
    stopping_ = true;
  }
  stop_requested_.notify_all();
  if (ticker_.joinable()) ticker_.join();
}

void ProgressBar::begin(std::string label, ProgressUnit unit, std::int64_t total, double seconds_before) {
  const std::lock_guard lock(mutex_);
  finish_locked();
  figures_ = ProgressFigures{std::move(label), unit, 0, total, 0};
  seconds_before_ = seconds_before;
  phase_time_.restart();
  showing_ = true;
  draw_locked();
}

void ProgressBar::update(std::int64_t done) {
  const std::lock_guard lock(mutex_);
  if (!showing_) return;
  figures_.done = done;
  if (figures_.total > 0 && done >= figures_.total) {
    finish_locked();
  } else if (phase_seconds() - last_draw_ >= options_.redraw_seconds) {
    draw_locked();
  }
}

void ProgressBar::relabel(std::string label) {
  const std::lock_guard lock(mutex_);
  figures_.label = std::move(label);
  if (showing_ && phase_seconds() - last_draw_ >= options_.redraw_seconds) draw_locked();
}

void ProgressBar::print_above(const std::string& line, std::int64_t done) {
  const std::lock_guard lock(mutex_);
  if (!showing_) {
    out_ << line << std::endl;
    return;
  }
  out_ << kClearLine << line << '\n';
  figures_.done = done;
  if (figures_.total > 0 && done >= figures_.total) {
    finish_locked();
  } else {
    draw_locked();
  }
}

void ProgressBar::finish() {
  const std::lock_guard lock(mutex_);
  finish_locked();
}

bool ProgressBar::showing() const {
  const std::lock_guard lock(mutex_);
  return showing_;
}

std::string ProgressBar::label() const {
  const std::lock_guard lock(mutex_);
  return figures_.label;
}

void ProgressBar::draw_locked() {
  last_draw_ = phase_seconds();
  figures_.seconds = last_draw_;
  const int columns = options_.columns > 0 ? options_.columns : terminal_columns();
  out_ << kClearLine << progress_bar_line(figures_, columns) << std::flush;
}

void ProgressBar::finish_locked() {
  if (!showing_) return;
  showing_ = false;
  figures_.seconds = phase_seconds();
  out_ << kClearLine << progress_final_line(figures_) << std::endl;
}

// An error is on its way: no total to state, the bar as it stands ends its line for the message.
void ProgressBar::abandon_locked() {
  if (!showing_) return;
  showing_ = false;
  draw_locked();
  out_ << std::endl;
}

// The ticker blocks every signal: SIGINT and SIGTERM go to the threads that stop the work.
void ProgressBar::redraw_until_stopped() {
  sigset_t signals;
  sigfillset(&signals);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  const auto interval = std::chrono::duration<double>(options_.ticker_seconds);
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    stop_requested_.wait_for(lock, interval, [this] { return stopping_; });
    if (!stopping_ && showing_) draw_locked();
  }
}

std::unique_ptr<ProgressBar> progress_bar_for(const std::ostream* out) {
  if (!shows_progress_bar(out)) return nullptr;
  return std::make_unique<ProgressBar>(std::cerr);
}

}  // namespace semibfs
