#pragma once
/// \file simulate.hpp
/// Closed-loop simulation of a serial arm (Turney et al. 1980 sec. 7; Lee et al. ~1982 Fig. 2):
///   1. inputs: the plant model, the initial state (q0, qd0), a controller (or none: tau = 0);
///   2. at each sampling instant t_k = k * control_period the sensors measure the state (with
///      optional A/D quantisation), the controller computes tau, the actuators saturate it
///      (optional torque limits) and hold it constant until t_{k+1} (zero-order hold);
///   3. the plant y = [q; qd], y' = [qd; forward_dynamics(q, qd, tau)] is integrated over
///      [t_k, t_{k+1}] by RK4 with its own finer step, or by Dormand-Prince 5(4) with tolerances;
///   4. t, q, qd, the applied tau and the desired motion are logged at every sampling instant.
/// With control_period = 0 the controller is continuous: it is evaluated inside every
/// derivative evaluation (used to check the closed-loop error equation exactly), and the log is
/// written every `log_period`.
/// Trees and free-flyers: q has nq entries, qd (the velocity v) nv (configuration.hpp). On a
/// free-flyer the integrators step the configuration on its group, never q + v dt: within one
/// RK4 step (one Dormand-Prince call) the state is [u; v] with q = integrate(q_start, u, 1), u in
/// the tangent space at the step's start, and u' = dexp^-1(v) (Munthe-Kaas's RKMK, fourth order
/// kept; simulation/lie_group_rk.hpp); after the step q_start <- integrate(q_start, u, 1),
/// so the quaternion stays unit by the exponential. The controller sees and drives the joints
/// (the last n entries of q and v, tau of n entries); a free-flyer's base wrench is zero.
/// A non-finite state stops the run with a SimulationError naming the step, the time and the
/// state.
#include <functional>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <vector>

#include "manipdyn/core/enum_names.hpp"
#include "manipdyn/core/integrators.hpp"
#include "manipdyn/core/quantise.hpp"
#include "manipdyn/serial/forward_dynamics.hpp"
#include "manipdyn/simulation/controller_interface.hpp"

namespace manipdyn {

/// Options of simulate().
struct SimulationOptions {
  double duration = 1.0;         ///< s, > 0
  double control_period = 0.01;  ///< s, controller sampling (ZOH); 0 = continuous controller
  double log_period = 0.01;      ///< s, logging period when control_period = 0
  double step = 1e-3;            ///< s, RK4 step, <= the sampling (or log) period; shortened
                                 ///< to divide each interval evenly
  IntegratorType integrator = IntegratorType::rk4;
  AdaptiveOptions adaptive;      ///< tolerances of Dormand-Prince 5(4)
  ForwardDynamicsMethod method = ForwardDynamicsMethod::fastest;  ///< plant forward dynamics
  VectorXd torque_limit;         ///< (n) |tau_i| <= limit_i (N m or N); empty = unlimited
  int position_bits = 0;         ///< A/D bits of the joint position sensors; 0 = ideal
  /// Full scale of the position A/D (rad or m): resolution = range / 2^bits. The default makes
  /// 12 bits give 4.26e-4 rad, the resolution quoted by Lee et al. ~1982 sec. 5.
  double position_range = 4.26e-4 * 4096.0;
  /// No velocity sensors: qd is measured as the backward difference of the (quantised) measured
  /// positions over the control period (zero at the first sample). Needs control_period > 0.
  bool velocity_from_positions = false;
  int velocity_bits = 0;         ///< A/D bits of the joint velocity sensors; 0 = ideal
  double velocity_range = 10.0;  ///< full scale of the velocity A/D (rad/s or m/s)
  /// Called after each logged sample with (t, duration); the CLI draws a progress bar with it.
  std::function<void(double t, double duration)> progress;
};

/// What simulate() logged: one row per sample.
struct SimulationResult {
  VectorXd t;           ///< (N) s
  MatrixXd q;           ///< (N x nq) positions (a free-flyer's base pose first)
  MatrixXd qd;          ///< (N x nv) velocities (a free-flyer's base twist first)
  MatrixXd tau;         ///< (N x n) applied (saturated) joint torques, held until the next sample
  /// The model's joint names (model.joint_names()) for a tree or a free-flyer, which name the
  /// CSV columns; empty for a fixed-root chain (columns q1..qn).
  std::vector<std::string> joint_names;
  bool has_reference = false;  ///< whether the controller tracks a trajectory
  MatrixXd q_desired;   ///< (N x n) desired positions (if has_reference)
  MatrixXd qd_desired;  ///< (N x n) desired velocities (if has_reference)
  long plant_steps = 0;       ///< integrator steps taken (accepted steps for Dormand-Prince)
  long rejected_steps = 0;    ///< rejected steps (Dormand-Prince)
  long dynamics_calls = 0;    ///< forward-dynamics evaluations

  /// Position error q_desired - q of the joints (N x n); throws std::logic_error without a reference.
  MatrixXd error() const;
  /// Largest |q_desired - q| of each joint over the run (n).
  VectorXd max_abs_error() const;
};

/// Thrown when the simulated state becomes non-finite (or the integrator fails).
class SimulationError : public std::runtime_error {
 public:
  SimulationError(const std::string& message, long step, double t, VectorXd q, VectorXd qd)
      : std::runtime_error(message), step(step), t(t), q(std::move(q)), qd(std::move(qd)) {}
  long step;    ///< the control step (sample index) that failed
  double t;     ///< s, the time at the start of that step
  VectorXd q;   ///< the last finite state before the failure
  VectorXd qd;
};

/// Simulates the plant from (q0, qd0) under `controller` (nullptr: tau = 0) with `options`.
/// Throws std::invalid_argument for bad inputs (sizes, non-finite values, non-positive periods,
/// a step longer than the period, sensor bits outside 0..52, a controller of another dof, more
/// than kMaxSimulationSamples samples or kMaxRk4Steps steps) and SimulationError for a
/// non-finite state.
SimulationResult simulate(const SerialModel& plant, Controller* controller, const VectorXd& q0,
                          const VectorXd& qd0, const SimulationOptions& options);

/// Writes the log as CSV: t, then q_d1..q_dn (if tracked), q1..qn, qd1..qdn, e1..en (q_d - q,
/// if tracked), tau1..taun; full double precision. With joint names (a tree or a free-flyer)
/// the joint columns are q_d_<name>, q_<name>, qd_<name>, e_<name>, tau_<name>, and a
/// free-flyer's base columns x, y, z, qx, qy, qz, qw precede the q's, vx, vy, vz, wx, wy, wz
/// the qd's.
void write_simulation_csv(std::ostream& os, const SimulationResult& result);

}  // namespace manipdyn
