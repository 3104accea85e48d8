#pragma once
/// \file simulate.hpp
/// Simulation of the Stewart platform with its legs (issue 11, part 3):
///   1. the state is the platform pose and twist x = (t, R, v, omega) (base frame, pose.hpp);
///      the integrators see it as y = [t (3); quaternion q = (w, x, y, z) of R (4); v (3);
///      omega (3)] (13 numbers), with y' = [v; 1/2 (0, omega) (x) q; a; alpha] (omega in the base
///      frame multiplies on the left), [a; alpha] = forward_dynamics(plant, F) (forward_dynamics.hpp).
///      The quaternion is normalised before each evaluation of y' (R = R(q / |q|) is a rotation
///      at every stage) and after each step, so R stays on SO(3) and no RPY angle is integrated
///      (no gimbal lock);
///   2. at each sampling instant t_k = k * control_period the sensors measure the legs (optional
///      quantisation of the leg lengths, then forward kinematics from the previous estimate), the
///      controller computes the six actuator forces F, which are held until t_{k+1} (ZOH);
///   3. y is integrated over [t_k, t_{k+1}] by the project's RK4 with a finer step or its
///      Dormand-Prince 5(4) (core/integrators.hpp), unchanged;
///   4. the state, the applied forces and (when tracking) the desired motion are logged at every
///      sampling instant.
/// A non-finite state stops the run with a std::runtime_error naming the step, the time and the
/// last finite state.
#include <functional>
#include <iosfwd>
#include <string>

#include "manipdyn/core/integrators.hpp"
#include "manipdyn/core/quantise.hpp"
#include "manipdyn/stewart/data.hpp"

namespace manipdyn::stewart {

/// Size of the integrated state vector y = [t; q(w, x, y, z); v; omega].
inline constexpr int kPlatformStateSize = 13;

/// y (13) of a platform motion (its a and alpha are not stored).
Eigen::Matrix<double, kPlatformStateSize, 1> state_vector(const PlatformMotion& motion);
/// The platform motion of y (13): the quaternion is normalised (throws std::invalid_argument
/// "state_from_vector: y has a zero quaternion" if |q| = 0 and for a non-finite y); a = alpha = 0.
PlatformMotion state_from_vector(const VectorXd& y);

/// The state derivative y' (13) of the platform state y (13) = [t; q = (w, x, y, z); v; omega]
/// (base frame) under the actuator forces F (6, N, held) and the external wrench (platform
/// frame) on model `which`:
///     y' = [v; 1/2 (0, omega) (x) q; a; alpha],  [a; alpha] = forward_dynamics(model, F)
/// (omega in the base frame multiplies q on the left, dR/dt = [omega]x R). The pose of the
/// dynamics is R(q / |q|); the quaternion rate uses q as given (q' = 1/2 (0, omega) q keeps |q|
/// constant). The result is written into yd (size 13), the forward dynamics' terms into data
/// (data.xdd, data.Lambda, ...); no allocation once data exists. It is what simulate()
/// integrates, for an integrator's derivative callback. Throws std::invalid_argument for a y or
/// yd of the wrong size, a non-finite y or a zero quaternion (state_from_vector), and what
/// forward_dynamics throws.
void platform_state_derivative(DynamicsModel which, const StewartModel& model, StewartData& data,
                               const VectorXd& y, const Vector6d& F, const ExternalWrench& wrench,
                               VectorXd& yd);

/// A controller of the platform, sampled with zero-order hold by simulate().
class PlatformController {
 public:
  virtual ~PlatformController() = default;
  /// The actuator forces F (6, N) at time t for the measured (estimated) state `measured`
  /// (pose and twist, base frame).
  virtual void compute(double t, const PlatformMotion& measured, Vector6d& F) = 0;
  /// Whether the controller tracks a desired motion (then desired() is logged).
  virtual bool has_reference() const { return false; }
  /// The desired pose, twist and acceleration at time t (if has_reference()).
  virtual PlatformMotion desired(double /*t*/) const { return {}; }
};

/// Constant actuator forces (the energy checks: the forces are conservative, F . Ld = d/dt(F . L)).
class ConstantForces final : public PlatformController {
 public:
  explicit ConstantForces(const Vector6d& F) : F_(F) {}
  void compute(double, const PlatformMotion&, Vector6d& F) override { F = F_; }

 private:
  Vector6d F_;
};

/// Options of simulate().
struct PlatformSimulationOptions {
  double duration = 1.0;         ///< s, > 0
  double control_period = 1e-3;  ///< s, > 0: controller sampling (ZOH) and logging period
  double step = 1e-3;            ///< s, RK4 step, <= control_period; shortened to divide it evenly
  IntegratorType integrator = IntegratorType::rk4;
  AdaptiveOptions adaptive;      ///< tolerances of Dormand-Prince 5(4)
  DynamicsModel plant = DynamicsModel::improved;  ///< the plant's dynamic model
  ExternalWrench wrench;         ///< constant external wrench on the platform (platform frame)
  /// Bits of the leg-length sensors (0 = ideal: the controller sees the exact state). With
  /// bits > 0 each measured length is quantise(L_i - length_offset, bits, length_range) +
  /// length_offset, the pose is forward_kinematics of the measured lengths from the previous
  /// estimate, and the twist is the backward difference of the estimated poses over the control
  /// period (v = dt/T, omega = log(R_k R_{k-1}^T)/T; zero at the first sample).
  int length_bits = 0;
  double length_range = 1.0;     ///< m, > 0: full scale of the leg-length sensors (the stroke)
  double length_offset = 0.0;    ///< m: the sensor reads L_i - length_offset
  /// Hz, >= 0 (0 = no filter; used only with length_bits > 0): cutoff f_c of a first-order
  /// low-pass on the estimated twist, w_c / (s + w_c) with w_c = 2 pi f_c discretised exactly for
  /// piecewise-constant input (ZOH): xd_f,k = xd_f,k-1 + (1 - exp(-w_c T)) (xd_k - xd_f,k-1),
  /// xd_f,0 = 0, T the control period. It smooths the differentiated quantisation noise at the
  /// cost of a phase lag atan(w / w_c) at frequency w.
  double twist_cutoff = 0.0;
  /// Called after each logged sample with (t, duration).
  std::function<void(double t, double duration)> progress;
};

/// What simulate() logged: one row per sampling instant (N = duration / control_period + 1).
struct PlatformSimulationResult {
  VectorXd time;         ///< (N) s
  MatrixXd t;            ///< (N x 3) platform position, base frame (m)
  MatrixXd quaternion;   ///< (N x 4) orientation (w, x, y, z), unit
  MatrixXd v;            ///< (N x 3) linear velocity (m/s)
  MatrixXd omega;        ///< (N x 3) angular velocity, base frame (rad/s)
  MatrixXd F;            ///< (N x 6) applied forces (N), held until the next sample
  MatrixXd L;            ///< (N x 6) leg lengths (m) of the plant
  MatrixXd L_measured;   ///< (N x 6) leg lengths the sensors report (m)
  bool has_reference = false;  ///< whether the controller tracks a desired motion
  MatrixXd t_desired;          ///< (N x 3) desired position (if has_reference)
  MatrixXd quaternion_desired; ///< (N x 4) desired orientation (if has_reference)
  /// (N x 3) position error t_d - t and (N x 3) orientation error log(R_d R^T) (rotation vector,
  /// base frame) of the plant's true pose (if has_reference)
  MatrixXd position_error, orientation_error;
  long plant_steps = 0;     ///< integrator steps (accepted steps for Dormand-Prince)
  long rejected_steps = 0;  ///< rejected steps (Dormand-Prince)
  long dynamics_calls = 0;  ///< forward-dynamics evaluations

  /// The logged motion of row k (a = alpha = 0).
  PlatformMotion motion(Eigen::Index k) const;
};

/// Simulates `plant` from `initial` (pose and twist) under `controller` (nullptr: F = 0) with
/// `options`. Throws std::invalid_argument for bad inputs (a non-finite or non-rotation initial
/// state, non-positive duration or periods, a step longer than the period, length_bits outside
/// 0..52, a non-positive length_range, more than kMaxSimulationSamples samples or kMaxRk4Steps
/// steps, a negative or non-finite twist_cutoff, checked before anything is allocated) and
/// std::runtime_error for a non-finite state
/// or a failure of the dynamics, naming the step, the time and the last state.
PlatformSimulationResult simulate(const StewartModel& plant, PlatformController* controller,
                                  const PlatformMotion& initial,
                                  const PlatformSimulationOptions& options);

/// Rotation vector log(R) (3): the axis times the angle in [0, pi] (Rodrigues).
Vector3d rotation_log(const Matrix3d& R);

/// Writes the log as CSV: time, tx ty tz, qw qx qy qz, vx vy vz, wx wy wz, L1..L6, Lm1..Lm6,
/// F1..F6, and when tracking td_x.., qd_w.., ex ey ez (position error), erx ery erz
/// (orientation error); full double precision.
void write_platform_simulation_csv(std::ostream& os, const PlatformSimulationResult& result);

}  // namespace manipdyn::stewart
