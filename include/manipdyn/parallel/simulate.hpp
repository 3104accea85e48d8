#pragma once
/// \file simulate.hpp
/// Simulation of a parallel robot (model.hpp) under actuator forces given as a function of time
/// or by a controller (docs/parallel_forward.md):
///   1. the state is the platform pose and the rates of its coordinates, (t, R, xd), V = E xd;
///      the legs follow by inverse kinematics at every evaluation, so the loops close exactly;
///   2. each step of the classical RK4 (core/integrators.hpp) integrates
///      y = [t (3); phi (3); xd (p)] from phi = 0, R = exp([phi]x) R_k, with
///      y' = [v; J_l(phi)^-1 omega; xdd], xdd = forward_dynamics(model, tau_a) (forward_dynamics.hpp)
///      and J_l the left Jacobian of SO(3) (omega in world axes: dR/dt = [omega]x R), then
///      R_k+1 = exp([phi]x) R_k (Munthe-Kaas' RK on the rotation group: fourth order, R a rotation at
///      every stage and step). A translating platform keeps R = identity and a planar one R = Rz,
///      since omega has no other component;
///   3. the actuator forces come from a callback at every stage (a continuous control law or a
///      function of time: the integrator keeps its order) or once per step, held (zero-order hold
///      of a sampled controller);
///   4. each logged row holds the state, the forces applied from it, its acceleration and the
///      legs' joint values.
/// A non-finite state, or a forward dynamics that fails on the way (a leg that cannot reach, a
/// singular inertia), stops the run with a std::runtime_error naming the step, the time and the
/// last finite state.
#include <functional>

#include "manipdyn/core/integrators.hpp"
#include "manipdyn/core/platform_motion.hpp"
#include "manipdyn/core/types.hpp"
#include "manipdyn/parallel/model.hpp"

namespace manipdyn::parallel {

/// The actuator forces or torques tau_a (actuated_count(), sized by the caller; order of
/// model.actuators, joint side) at time t for the state (pose and twist, world axes; a and alpha
/// zero): a controller or a function of time.
using ActuatorForces = std::function<void(double t, const PlatformMotion& state, VectorXd& tau_a)>;

/// A controller that applies tau_a(t), whatever the state (open loop).
ActuatorForces open_loop(std::function<VectorXd(double t)> tau_a);

/// Options of simulate().
struct ParallelSimulationOptions {
  double step = 1e-3;  ///< s, RK4 step, > 0 and finite
  /// Number of RK4 steps, 1..kMaxRk4Steps (core/integrators.hpp); the run lasts steps * step.
  long steps = 1000;
  /// A row is logged every `log_every` steps (>= 1), and at the last step; at most
  /// kMaxSimulationSamples rows.
  long log_every = 1;
  /// false: the forces are evaluated at every RK4 stage (a continuous law; fourth order kept);
  /// true: once at the start of each step and held over it (a controller sampled at `step`).
  bool zero_order_hold = false;
  ExternalWrench wrench;  ///< constant external wrench on the platform (platform frame)
  /// Called after each logged row with (step, steps).
  std::function<void(long step, long steps)> progress;
};

/// What simulate() logged, one row per logged step (N rows, the initial state first).
struct ParallelSimulationResult {
  VectorXd time;        ///< (N) s
  MatrixXd t;           ///< (N x 3) platform position, world (m)
  MatrixXd quaternion;  ///< (N x 4) platform orientation world <- platform (w, x, y, z), unit
  MatrixXd xd;          ///< (N x p) rates of the platform coordinates, V = E xd
  MatrixXd xdd;         ///< (N x p) their accelerations at the row's state and forces
  MatrixXd tau;         ///< (N x actuated_count()) actuator forces applied from the row's state
  MatrixXd q;           ///< (N x joint_count()) the legs' joint values, leg i from model.leg_offset[i]
  long dynamics_calls = 0;  ///< forward-dynamics evaluations

  /// The logged state of row k (a = alpha = 0): t, R, and V = E xd.
  PlatformMotion motion(const ParallelModel& model, Eigen::Index k) const;
};

/// Simulates `model` from `initial` (pose and twist; a and alpha not read) under `forces`
/// (empty: tau_a = 0) with `options`. Throws std::invalid_argument for bad options (a step
/// that is not positive and finite, steps outside 1..kMaxRk4Steps, log_every < 1, more than
/// kMaxSimulationSamples rows; naming the option, checked before anything is allocated) and for
/// an initial state that forward_dynamics refuses; std::runtime_error for a non-finite state or
/// a failure of the dynamics during the run, naming the step, the time and the last finite state.
ParallelSimulationResult simulate(const ParallelModel& model, const ActuatorForces& forces,
                                  const PlatformMotion& initial, const ParallelSimulationOptions& options);

/// exp([phi]x): the rotation by |phi| about phi (Rodrigues), world axes.
Matrix3d rotation_exp(const Vector3d& phi);
/// J_l(phi)^-1 (3 x 3), the inverse of SO(3)'s left Jacobian: phi' = J_l(phi)^-1 omega for
/// R = exp([phi]x) R_0 turning at omega (world axes). I - 1/2 [phi]x + (1/th^2 - (1 + cos th) /
/// (2 th sin th)) [phi]x^2, th = |phi| < pi (its series 1/12 near 0).
Matrix3d left_jacobian_inverse(const Vector3d& phi);

}  // namespace manipdyn::parallel
