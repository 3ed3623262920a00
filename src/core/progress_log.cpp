#include "core/progress_log.hpp"

#include <utility>

namespace semibfs {

ProgressLog::ProgressLog(std::ostream* out, std::string prefix, double interval_seconds)
    : out_(out), prefix_(std::move(prefix)), interval_seconds_(interval_seconds), bar_(progress_bar_for(out)) {}

void ProgressLog::say(const std::string& line) {
  if (out_ == nullptr) return;
  if (bar_) bar_->finish();
  last_line_ = elapsed_.seconds();
  phase_start_ = last_line_;
  *out_ << prefix_ << ": " << line << " (" << static_cast<std::int64_t>(last_line_ * 10) / 10.0 << " s)" << std::endl;
}

void ProgressLog::tick(const std::string& what, std::int64_t done, std::int64_t total, ProgressUnit unit) {
  if (bar_) {
    const std::size_t item = what.rfind(": ");
    show(item == std::string::npos ? std::string() : what.substr(0, item), done, total, unit);
    return;
  }
  if (out_ == nullptr || elapsed_.seconds() - last_line_ < interval_seconds_) return;
  const std::int64_t percent = total > 0 ? done * 100 / total : 100;
  say(what + " " + std::to_string(done) + " of " + std::to_string(total) + " (" + std::to_string(percent) + "%)");
}

void ProgressLog::show(const std::string& phase, std::int64_t done, std::int64_t total, ProgressUnit unit) {
  if (!bar_) return;
  const std::string label = phase.empty() ? prefix_ : prefix_ + ": " + phase;
  if (bar_->showing() && bar_->label() != label) {
    bar_->finish();
    phase_start_ = elapsed_.seconds();
  }
  // The phase began when the one before it ended, before its first count.
  if (!bar_->showing()) bar_->begin(label, unit, total, elapsed_.seconds() - phase_start_);
  bar_->update(done);
  if (!bar_->showing()) phase_start_ = elapsed_.seconds();
}

}  // namespace semibfs
