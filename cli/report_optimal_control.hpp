#pragma once
/// \file report_optimal_control.hpp
/// The section of the papers report (report_papers.cpp) on optimal control with the analytic
/// derivatives (issue 20 item 6): a minimum-effort motion of the PUMA 560 under torque limits by
/// control-limited iLQR, and the LQR that holds it at the goal (report_optimal_control.cpp).
#include <filesystem>

#include "html_page.hpp"
#include "report_support.hpp"

namespace manipdyn::cli {

/// Computes and writes the section numbered `number` (id "optimal-control") into `page`, its
/// CSV and PNG files into out/optimal_control/: cost.csv (the cost per iLQR iteration),
/// motion.csv (states, torques, first guess, limits), lqr.csv (the regulated error),
/// summary.csv.
void optimal_control_section(HtmlPage& page, const std::filesystem::path& out, int number);

}  // namespace manipdyn::cli
