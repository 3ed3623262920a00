#include "analytics/kernel_description.hpp"

#include <utility>

#include "core/error.hpp"

namespace semibfs {

const KernelParameter* KernelDescription::find_parameter(const std::string& parameter) const {
  for (const KernelParameter& candidate : parameters) {
    if (candidate.name == parameter) return &candidate;
  }
  return nullptr;
}

std::int64_t KernelDescription::dram_bytes_per_vertex(const KernelArguments& arguments) const {
  std::int64_t bytes = bytes_per_vertex;
  for (const KernelParameter& parameter : parameters) {
    if (arguments.given(parameter.name)) bytes += parameter.bytes_per_vertex_when_given;
  }
  return bytes;
}

void KernelArguments::set(const std::string& name, KernelValue value) {
  if (kernel_->find_parameter(name) == nullptr) throw UsageError(kernel_->name + ": no option --" + name);
  given_[name] = std::move(value);
}

bool KernelArguments::has(const std::string& name) const {
  const KernelParameter* parameter = kernel_->find_parameter(name);
  return given(name) || (parameter != nullptr && parameter->default_value.has_value());
}

const KernelValue& KernelArguments::value(const std::string& name) const {
  if (const auto found = given_.find(name); found != given_.end()) return found->second;
  const KernelParameter* parameter = kernel_->find_parameter(name);
  if (parameter == nullptr || !parameter->default_value) throw Error(kernel_->name + ": --" + name + " not given");
  return *parameter->default_value;
}

double total_seconds(const std::vector<IterationFigures>& iterations) {
  double seconds = 0;
  for (const IterationFigures& iteration : iterations) seconds += iteration.seconds;
  return seconds;
}

}  // namespace semibfs
