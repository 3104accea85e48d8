#pragma once
/// \file report_parallel.hpp
/// The papers report's section on parallel robots by description (docs/parallel.md): the Delta
/// robot on the standard pick-and-place cycle at its shortest cycle time under its motors' torque
/// limits, beside the 6-RUS hexapod and the Stewart platform of the founding papers as instances
/// of the same engine.
#include <filesystem>

#include "html_page.hpp"
#include "report_support.hpp"

namespace manipdyn::cli {

/// Computes and writes the section numbered `number` (id "parallel") into `page`, its CSV and PNG
/// files into out/parallel/: one <robot>_cycle.csv per robot (time, platform position, actuator
/// forces and their limits along the time-optimal cycle) and <robot>_forces.png; summary.csv (one
/// row per robot: limits, cycle times, the limiting actuator, the grid's excess between its
/// points, the friction's); delta_limits.csv (the Delta's cycle time against its torque limit);
/// stewart_check.csv (the engine against the dedicated Stewart model on Path I).
void parallel_section(HtmlPage& page, const std::filesystem::path& out, int number);

}  // namespace manipdyn::cli
