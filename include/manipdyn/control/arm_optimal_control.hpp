#pragma once
/// \file arm_optimal_control.hpp
/// Optimal control of a serial arm with the derivatives of its dynamics (docs/derivatives.md):
/// the arm as a discrete system for iLQR (x = [q; qd], u = tau held over a control period, the
/// step linearised exactly by simulation/linearized_step.hpp), a minimum-effort point-to-point
/// motion under torque limits planned by control-limited iLQR (control/ilqr.hpp), and the LQR
/// that holds the arm at a pose (control/lqr.hpp) as a controller for `simulate`.
#include <memory>
#include <string>

#include "manipdyn/control/controller.hpp"
#include "manipdyn/control/ilqr.hpp"
#include "manipdyn/control/lqr.hpp"
#include "manipdyn/serial/model.hpp"
#include "manipdyn/simulation/linearized_step.hpp"
#include "manipdyn/simulation/simulate.hpp"

namespace manipdyn {

/// `model` as a DiscreteDynamics (state 2n, control n): one control `period` (s) in `substeps`
/// steps of `method`, the model's gravity, no external wrench; step and linearisation by
/// linearized_step (its buffers are shared by the two functions: not for concurrent use).
DiscreteDynamics arm_discrete_dynamics(const SerialModel& model, double period, int substeps,
                                       StepMethod method = StepMethod::rk4);

/// A rest-to-rest move of least effort: minimise sum_k dt tau_k^T W tau_k (W = diag(1 /
/// tau_scale^2), tau_scale = tau_max where finite, else the largest gravity torque of the joint
/// at q_start and q_goal, at least 1) plus 1/2 (x_N - x_goal)^T Q_f (x_N - x_goal), x_goal =
/// [q_goal; 0], under |tau| <= tau_max.
struct MinimumEffortProblem {
  VectorXd q_start, q_goal;      ///< (n) rad or m
  double duration = 1.5;         ///< s
  double control_period = 0.02;  ///< s, torques held (zero-order hold)
  double step = 0.005;           ///< s, the largest RK4 sub-step of the plant
  VectorXd tau_max;              ///< (n) N m or N; empty: the model's LinkParameters::tau_max
  double position_weight = 1e6;  ///< Q_f on q, 1/rad^2 (1/m^2)
  double velocity_weight = 1e4;  ///< Q_f on qd, s^2/rad^2 (s^2/m^2)
  IlqrOptions ilqr;              ///< iterations, tolerance, progress (its limits are set here)
};

/// The planned motion.
struct MinimumEffortMotion {
  VectorXd t;         ///< (N + 1) s
  MatrixXd q, qd;     ///< (N + 1 x n) the states
  MatrixXd tau;       ///< (N x n) the torques, held over [t_k, t_k+1)
  VectorXd tau_max;   ///< (n) the limits used (infinity: none)
  MatrixXd tau_initial;  ///< (N x n) the first guess: inverse dynamics along a quintic, clamped
  IlqrResult solution;   ///< iterations, cost per iteration, feedback gains
  double effort = 0;     ///< sum_k dt tau_k^T W tau_k
  double final_position_error = 0;  ///< |q_N - q_goal|_inf
  double final_velocity_error = 0;  ///< |qd_N|_inf
};

/// Plans the motion by control-limited iLQR from the computed-torque feed-forward of a quintic
/// of the same duration (clamped to the limits). solution.converged says that the cost stopped
/// falling, not that the goal was reached: limits too low for the move (or for the friction)
/// leave final_position_error large. Throws std::invalid_argument for poses of the
/// wrong size or not finite, a non-positive duration, period or step, a period longer than the
/// duration, more than 100000 control periods, and non-positive limits (naming them).
MinimumEffortMotion plan_minimum_effort_motion(const SerialModel& model,
                                               const MinimumEffortProblem& problem);

/// The LQR that holds the arm at q (n) against gravity: the equilibrium tau = G(q), the step
/// linearised there over one control period (A, B) and the regulator of Q (2n x 2n), R (n x n).
struct PoseRegulator {
  double control_period = 0;  ///< s, the period A and B were taken over
  VectorXd x;    ///< (2n) [q; 0]
  VectorXd tau;  ///< (n) gravity torques G(q)
  MatrixXd A, B;  ///< the linearised step at (x, tau)
  LqrGain lqr;    ///< K (n x 2n), P, spectral radius of A - B K
};
PoseRegulator lqr_pose_regulator(const SerialModel& model, const VectorXd& q,
                                 double control_period, int substeps, const MatrixXd& Q,
                                 const MatrixXd& R);

/// The regulator in closed loop with `simulate` (includes simulation/simulate.hpp's checks): from
/// (q0, qd0), sampled every r.control_period, for `duration` s with RK4 steps of at most
/// `step` s.
SimulationResult simulate_pose_regulator(const SerialModel& model, const PoseRegulator& r,
                                         const VectorXd& q0, const VectorXd& qd0,
                                         double duration, double step);

/// u = tau0 - K ([q; qd] - x0): a state-feedback controller for `simulate` (the LQR of a
/// PoseRegulator).
class StateFeedbackController final : public Controller {
 public:
  /// x0 (2n), tau0 (n), K (n x 2n); throws std::invalid_argument for mismatched sizes.
  StateFeedbackController(VectorXd x0, VectorXd tau0, MatrixXd K);
  int dof() const override { return static_cast<int>(tau0_.size()); }
  void compute(double t, const VectorXd& q, const VectorXd& qd, VectorXd& tau) override;

 private:
  VectorXd x0_, tau0_, dx_;
  MatrixXd K_;
};

}  // namespace manipdyn
