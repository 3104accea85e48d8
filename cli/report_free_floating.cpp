// The papers report's section on a floating base: a free-floating space manipulator
// (report_free_floating.hpp; docs/simulation.md, docs/trees.md).
#include "report_free_floating.hpp"

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "python_scripts.hpp"
#include "manipdyn/analysis/free_floating_study.hpp"

namespace manipdyn::cli {

namespace fs = std::filesystem;

void free_floating_section(HtmlPage& page, const fs::path& out, int number) {
  const fs::path dir = out / "free_floating";
  fs::create_directories(dir);
  const FreeFloatingStudyOptions options;
  const FreeFloatingStudyResult r = free_floating_study(options);
  std::vector<std::string> header{"t"};
  for (int j = 1; j <= 6; ++j) header.push_back("q" + std::to_string(j));
  for (const char* name : {"rx", "ry", "rz", "angle_deg", "dx", "dy", "dz", "momentum_residual",
                           "com_drift", "jacobian_error"})
    header.push_back(name);
  std::vector<std::vector<std::string>> rows;
  constexpr double kDegrees = 180.0 / 3.14159265358979323846;
  for (Eigen::Index k = 0; k < r.t.size(); ++k) {
    std::vector<std::string> row{csv_number(r.t[k])};
    for (int j = 0; j < 6; ++j) row.push_back(csv_number(r.q(k, 7 + j)));
    for (int c = 0; c < 3; ++c) row.push_back(csv_number(r.base_rotation_vector(k, c)));
    row.push_back(csv_number(r.base_angle[k] * kDegrees));
    for (int c = 0; c < 3; ++c) row.push_back(csv_number(r.base_displacement(k, c)));
    row.push_back(csv_number(r.momentum_residual[k]));
    row.push_back(csv_number(r.com_drift[k]));
    row.push_back(csv_number(r.jacobian_error[k]));
    rows.push_back(row);
  }
  write_csv(dir / "motion.csv", header, rows);
  const Eigen::Index last = r.t.size() - 1;
  write_csv(dir / "summary.csv",
            {"model", "total_mass", "base_mass", "duration", "samples", "step",
             "max_momentum_residual", "max_arm_momentum", "max_com_drift", "max_jacobian_error",
             "fd_step", "final_angle_deg", "max_angle_deg", "final_displacement"},
            {{r.model_name, csv_number(r.total_mass, 6), csv_number(options.base_mass, 6),
              csv_number(r.t[last], 6), std::to_string(r.t.size()), csv_number(options.step, 6),
              csv_number(r.max_momentum_residual, 4), csv_number(r.max_arm_momentum, 6),
              csv_number(r.max_com_drift, 4), csv_number(r.max_jacobian_error, 4),
              csv_number(options.fd_step, 4), csv_number(r.final_angle * kDegrees, 6),
              csv_number(r.base_angle.maxCoeff() * kDegrees, 6),
              csv_number(r.base_displacement.row(last).norm(), 6)}});
  for (const char* kind : {"attitude", "residuals"})
    run_plot_script(python_script("free_floating_plots.py"),
                    {kind, (dir / "motion.csv").string(),
                     (dir / (std::string(kind) + ".png")).string()});
  const CsvTable s(out, "free_floating/summary.csv");
  page.heading(2, std::to_string(number) + ". A free-floating space manipulator",
               "free-floating");
  page.paragraph(
      text("A floating base (docs/trees.md, the free-flyer root): the PUMA 560's six links "
           "(Corke's numbers, no drives) on a ") +
      s.quote("", "base_mass", 3) +
      text(" kg satellite (a uniform 1 m cube), no gravity, zero initial momentum (Umetani & "
           "Yoshida 1989, \"Resolved motion rate control of space manipulators with generalized "
           "Jacobian matrix\", IEEE TRA 5(3)). The arm follows rest-to-rest quintics around a "
           "loop in joint space (start, goal, via point, start; ") +
      s.quote("", "duration", 3) +
      text(" s); the base moves so that the momentum stays zero: its twist is v_b = -M_bb^-1 "
           "M_bj qd from the free-flyer mass matrix, integrated on SE(3) by RK4 in local "
           "coordinates with a ") +
      s.quote("", "step", 2) + text(" s step (") + tag("code", text("free_floating_study")) +
      text("). When the arm is back at its start the base is not: it has turned by ") +
      s.quote("", "final_angle_deg", 3) + text(" deg (at most ") +
      s.quote("", "max_angle_deg", 3) + text(" deg on the way) and moved by ") +
      s.quote("", "final_displacement", 3) +
      text(" m, the non-holonomic constraint of a free-floating arm (retracing the same path "
           "would undo the rotation; a loop does not)."));
  page.paragraph(
      text("Checks along the motion, at ") + s.quote_text("", "samples") +
      text(" samples: the centroidal momentum h_G = A_G v (Orin, Goswami & Lee 2013; ") +
      tag("code", text("centroidal_momentum")) + text(") stays at ") +
      s.quote("", "max_momentum_residual", 2) +
      text(" of the largest momentum the arm's motion alone carries (") +
      s.quote("", "max_arm_momentum", 3) + text(" in SI units), the centre of mass stays within ") +
      s.quote("", "max_com_drift", 2) +
      text(" m of its start, and the generalized Jacobian J* = J_m - J_b M_bb^-1 M_bj agrees "
           "with central differences (step ") +
      s.quote("", "fd_step", 2) +
      text(" s) of the end-effector pose to ") + s.quote("", "max_jacobian_error", 2) +
      text(" of the largest end-effector twist, the differences' own truncation (") + s.link() +
      text(")."));
  page.figures({"free_floating/attitude.png", "free_floating/residuals.png"},
               {text("The joints' loop, the base's attitude change (rotation vector of R(0)^T "
                     "R(t)) and its displacement (") +
                    link("free_floating/motion.csv", "free_floating/motion.csv") + text(")."),
                text("Momentum residual, COM drift and the generalized Jacobian's error along "
                     "the motion (") +
                    link("free_floating/motion.csv", "free_floating/motion.csv") + text(").")});
}

}  // namespace manipdyn::cli
