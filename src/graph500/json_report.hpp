// The machine-readable report of a Graph500 run (`--json FILE`): the official figures, the
// options, the machine, and per root its time, TEPS, nedge, validation time and levels.
#pragma once

#include <cstdint>
#include <string>

#include "graph500/graph500_report.hpp"
#include "core/machine.hpp"

namespace semibfs {

std::string format_json_report(const Graph500Report& report, const MachineInfo& machine,
                               std::int64_t peak_rss_bytes);

}  // namespace semibfs
