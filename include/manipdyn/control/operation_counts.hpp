#pragma once
/// \file operation_counts.hpp (control)
/// The control laws' and the forward-dynamics methods' rows of the operation-count report
/// (analysis/operation_count_report.hpp; types in serial/operation_counts.hpp), beside the
/// counts of Lee, Chung, Mudge, Turney (~1982):
///  - "computed_torque": the Newton-Euler computed-torque law (eq. 4.1 through eqs 3.21-3.27
///    with eq. 4.4), paper Table 2: 119n - 24 multiplications, 107n - 21 additions;
///  - "computed_torque_lagrange_euler": the same law through D, H, G in closed form, paper
///    Table 1: 128/3 n^4 + 515/3 n^3 + 850/3 n^2 + 82/3 n multiplications and
///    98/3 n^4 + 787/6 n^3 + 640/3 n^2 + 131/6 n additions;
///  - "forward_dynamics_articulated_body", "forward_dynamics_mass_matrix",
///    "forward_dynamics_strobing" (no published count).
/// Counted like the serial algorithms: random all-revolute arms, diagonal gains, no drive terms.
/// These rows are in the registry from its first use (analysis/operation_count_report.cpp asks
/// for them explicitly), so every program that links manipdyn sees them: nothing to call.
#include <vector>

#include "manipdyn/serial/operation_counts.hpp"

namespace manipdyn {

/// The rows above, for the registry of analysis/operation_count_report.hpp (which adds them on
/// its first use; a program does not call this itself).
std::vector<CountedAlgorithm> control_counted_algorithms();

}  // namespace manipdyn
