// Optimal control with the analytic derivatives (docs/derivatives.md): a minimum-effort
// point-to-point motion of the PUMA 560 under torque limits by control-limited iLQR, then the
// LQR that holds the arm at the goal, run in closed loop with the simulator.
#include <chrono>
#include <iomanip>
#include <iostream>

#include "manipdyn/control/arm_optimal_control.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/simulation/simulate.hpp"

int main() {
  using namespace manipdyn;
  const double deg = 3.14159265358979323846 / 180;
  // The PUMA 560 with its motor inertias and viscous friction (Coulomb friction off: it has no
  // derivative at rest, and joint 1's alone exceeds the limit below).
  const SerialModel arm = with_friction(puma560(true), true, false);

  // 1. The move (90, 0, 90, 0, 0, 0) deg -> (45, 30, 0, 45, 60, 90) deg in 1 s, torques held
  //    every 0.02 s, under limits below what a quintic of the same duration would need.
  MinimumEffortProblem p;
  p.q_start = (VectorXd(6) << 90, 0, 90, 0, 0, 0).finished() * deg;
  p.q_goal = (VectorXd(6) << 45, 30, 0, 45, 60, 90).finished() * deg;
  p.duration = 1.0;
  p.tau_max = (VectorXd(6) << 14, 50, 18, 1, 1, 1.5).finished();  // N m
  p.ilqr.progress = [](int iteration, double cost) {
    if (iteration % 10 == 1) std::cout << "  iteration " << iteration << ": J = " << cost << "\n";
  };
  const auto start = std::chrono::steady_clock::now();
  const MinimumEffortMotion m = plan_minimum_effort_motion(arm, p);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() -
                                                              start).count();
  std::cout << "iLQR: " << m.solution.iterations << " iterations, "
            << (m.solution.converged ? "converged" : "not converged") << ", " << ms << " ms; "
            << "effort " << m.effort << "; final error " << m.final_position_error << " rad, "
            << m.final_velocity_error << " rad/s\n"
            << "largest |tau| / limit per joint:";
  bool within = true;
  for (int j = 0; j < 6; ++j) {
    const double ratio = m.tau.col(j).cwiseAbs().maxCoeff() / p.tau_max[j];
    within = within && ratio <= 1.0;
    std::cout << " " << std::setprecision(3) << ratio;
  }
  std::cout << "\n";

  // 2. The LQR that holds the goal pose: linearised step, discrete Riccati equation, then the
  //    closed loop with simulate() from 0.05 rad off on every joint.
  MatrixXd Q = MatrixXd::Identity(12, 12);
  Q.diagonal().head(6).setConstant(100.0);
  const PoseRegulator r =
      lqr_pose_regulator(arm, p.q_goal, 0.01, 2, Q, 1e-3 * MatrixXd::Identity(6, 6));
  const SimulationResult sim = simulate_pose_regulator(
      arm, r, p.q_goal + VectorXd::Constant(6, 0.05), VectorXd::Zero(6), 2.0, 0.005);
  const double error = (sim.q.bottomRows(1).transpose() - p.q_goal).cwiseAbs().maxCoeff();
  std::cout << "LQR: spectral radius of A - B K " << r.lqr.spectral_radius
            << "; error after 2 s " << error << " rad (from 0.05)\n";

  const bool ok = m.solution.converged && m.final_position_error < 1e-3 && within &&
                  r.lqr.spectral_radius < 1 && error < 1e-4;
  return ok ? 0 : 1;
}
