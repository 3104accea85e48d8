// The papers report's section on optimal control with the analytic derivatives
// (report_optimal_control.hpp; docs/derivatives.md).
#include "report_optimal_control.hpp"

#include <chrono>
#include <string>
#include <utility>
#include <vector>

#include "python_scripts.hpp"
#include "manipdyn/control/arm_optimal_control.hpp"
#include "manipdyn/control/studies.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/simulation/simulate.hpp"

namespace manipdyn::cli {
namespace {

namespace fs = std::filesystem;

// The PUMA 560 with its motor inertias and viscous friction; Coulomb friction off (joint 1's
// alone, 25 N m, exceeds the limit below, and it has no derivative at rest).
SerialModel arm() { return with_friction(puma560(true), true, false); }

// The move of the computed-torque experiment (section 3) in 1 s, under limits set below the
// peaks of a quintic's feed-forward on joints 1, 3, 5 and 6 so that they bind.
MinimumEffortProblem problem() {
  MinimumEffortProblem p;
  p.q_start = lee1982_start_pose();
  p.q_goal = lee1982_goal_pose();
  p.duration = 1.0;
  p.tau_max = (VectorXd(6) << 14, 50, 18, 1, 1, 1.5).finished();
  return p;
}

// Plans the motion and writes cost.csv, motion.csv; returns the plan and its time (s).
MinimumEffortMotion plan(const fs::path& dir, double& seconds) {
  const auto start = std::chrono::steady_clock::now();
  const MinimumEffortMotion m = plan_minimum_effort_motion(arm(), problem());
  seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::vector<std::vector<std::string>> cost;
  for (std::size_t i = 0; i < m.solution.cost.size(); ++i)
    cost.push_back({std::to_string(i), csv_number(m.solution.cost[i])});
  write_csv(dir / "cost.csv", {"iteration", "cost"}, cost);
  const int n = static_cast<int>(m.q.cols());
  std::vector<std::string> header{"t"};
  for (const char* what : {"q", "tau", "tau_initial", "tau_max"})
    for (int j = 1; j <= n; ++j) header.push_back(what + std::to_string(j));
  std::vector<std::vector<std::string>> rows;
  for (Eigen::Index k = 0; k < m.q.rows(); ++k) {
    std::vector<std::string> r{csv_number(m.t[k])};
    const bool last = k == m.tau.rows();  // N + 1 states, N torques (held)
    for (int j = 0; j < n; ++j) r.push_back(csv_number(m.q(k, j)));
    for (int j = 0; j < n; ++j) r.push_back(csv_number(m.tau(last ? k - 1 : k, j)));
    for (int j = 0; j < n; ++j) r.push_back(csv_number(m.tau_initial(last ? k - 1 : k, j)));
    for (int j = 0; j < n; ++j) r.push_back(csv_number(m.tau_max[j]));
    rows.push_back(r);
  }
  write_csv(dir / "motion.csv", header, rows);
  return m;
}

// The LQR at the goal pose, simulated from 0.05 rad off on every joint; writes lqr.csv.
PoseRegulator regulate(const fs::path& dir, double& final_error) {
  const SerialModel model = arm();
  const VectorXd q = problem().q_goal;
  MatrixXd Q = MatrixXd::Identity(12, 12);
  Q.diagonal().head(6).setConstant(100.0);
  const PoseRegulator r =
      lqr_pose_regulator(model, q, 0.01, 2, Q, 1e-3 * MatrixXd::Identity(6, 6));
  const SimulationResult sim =
      simulate_pose_regulator(model, r, q + VectorXd::Constant(6, 0.05), VectorXd::Zero(6), 2.0,
                              0.005);
  std::vector<std::vector<std::string>> rows;
  for (Eigen::Index k = 0; k < sim.t.size(); ++k) {
    std::vector<std::string> row{csv_number(sim.t[k])};
    for (int j = 0; j < 6; ++j) row.push_back(csv_number(sim.q(k, j) - q[j]));
    rows.push_back(row);
  }
  write_csv(dir / "lqr.csv", {"t", "e1", "e2", "e3", "e4", "e5", "e6"}, rows);
  final_error = (sim.q.bottomRows(1).transpose() - q).cwiseAbs().maxCoeff();
  return r;
}

}  // namespace

void optimal_control_section(HtmlPage& page, const fs::path& out, int number) {
  const fs::path dir = out / "optimal_control";
  fs::create_directories(dir);
  double seconds = 0, lqr_error = 0;
  const MinimumEffortMotion m = plan(dir, seconds);
  const PoseRegulator r = regulate(dir, lqr_error);
  bool within = true;
  for (int j = 0; j < 6; ++j) within = within && m.tau.col(j).cwiseAbs().maxCoeff() <= m.tau_max[j];
  write_csv(dir / "summary.csv",
            {"iterations", "converged", "seconds", "ms_per_iteration", "effort",
             "final_position_error", "final_velocity_error", "within_limits",
             "lqr_spectral_radius", "lqr_final_error"},
            {{std::to_string(m.solution.iterations), m.solution.converged ? "yes" : "no",
              csv_number(seconds, 4), csv_number(1e3 * seconds / m.solution.iterations, 4),
              csv_number(m.effort, 6), csv_number(m.final_position_error, 4),
              csv_number(m.final_velocity_error, 4), within ? "yes" : "no",
              csv_number(r.lqr.spectral_radius, 6), csv_number(lqr_error, 4)}});
  // The figures: kind of plot, its CSV.
  for (const auto& [kind, csv] : {std::pair{"cost", "cost"}, std::pair{"torques", "motion"},
                                  std::pair{"regulator", "lqr"}})
    run_plot_script(python_script("optimal_control_plots.py"),
                    {kind, (dir / (std::string(csv) + ".csv")).string(),
                     (dir / (std::string(kind) + ".png")).string()});
  const CsvTable s(out, "optimal_control/summary.csv");
  page.heading(2, std::to_string(number) + ". Optimal control with the analytic derivatives",
               "optimal-control");
  page.paragraph(
      text("The derivatives of the dynamics (docs/derivatives.md) in use. A minimum-effort "
           "motion of the PUMA 560 (motor inertias and viscous friction) over the move of "
           "section 3 in 1 s, torques held every 0.02 s, under limits of 14, 50, 18, 1, 1, 1.5 N "
           "m (set below the peaks of the quintic's feed-forward on joints 1, 3, 5 and 6, so "
           "that they bind; Corke's model has none): control-limited iLQR (box-DDP, Tassa et al. "
           "2014) on the exact linearisation of the plant's RK4 step, from the quintic's "
           "feed-forward clamped to the limits (") +
      tag("code", text("plan_minimum_effort_motion")) + text("). It ") +
      verdict(s.cell("", "converged") == "yes", s.cell("", "converged") == "yes" ? "converges"
                                                                                : "does not converge") +
      text(" in ") + s.quote_text("", "iterations") + text(" iterations (") +
      s.quote("", "ms_per_iteration", 3) + text(" ms each, ") + s.quote("", "seconds", 3) +
      text(" s in all on this machine) to the goal within ") +
      s.quote("", "final_position_error", 2) + text(" rad and ") +
      s.quote("", "final_velocity_error", 2) + text(" rad/s, the torques ") +
      verdict(s.cell("", "within_limits") == "yes",
              s.cell("", "within_limits") == "yes" ? "within the limits" : "beyond the limits") +
      text(" (") + s.link() + text(")."));
  page.figures({"optimal_control/cost.png", "optimal_control/torques.png"},
               {text("Cost per accepted iteration and its distance to the final cost (") +
                    link("optimal_control/cost.csv", "optimal_control/cost.csv") + text(")."),
                text("Planned torques against the limits and the first guess (") +
                    link("optimal_control/motion.csv", "optimal_control/motion.csv") +
                    text(").")});
  page.paragraph(
      text("Then the LQR that holds the arm at the goal: the plant's step linearised about the "
           "pose with the torques at rest there (A, B over one 0.01 s period), the discrete "
           "Riccati equation solved by doubling (") +
      tag("code", text("lqr_pose_regulator")) +
      text("), Q = diag(100, ..., 1, ...), R = 1e-3 I. The closed loop's spectral radius is ") +
      s.quote("", "lqr_spectral_radius", 4) +
      text("; simulated from 0.05 rad off on every joint, the error after 2 s is ") +
      s.quote("", "lqr_final_error", 2) + text(" rad."));
  page.figure("optimal_control/regulator.png", "LQR regulation of the PUMA 560",
              text("|q - q_goal| per joint under the LQR (") +
                  link("optimal_control/lqr.csv", "optimal_control/lqr.csv") + text(")."));
}

}  // namespace manipdyn::cli
