#pragma once
/// \file control.hpp
/// Computed-torque control of a parallel robot in task space (the general engine's form of
/// stewart/control.hpp's TaskSpaceComputedTorque), simulated with simulate.hpp:
///     tau_a = ID(x, xd, xdd_cmd),   xdd_cmd = E^T ([a_d; alpha_d] + Kd (V_d - V) + Kp e),
///     e = [t_d - t; log(R_d R^T)]
/// (world axes; the orientation error is the rotation vector of R_d R^T, the rotation that takes
/// the actual orientation onto the desired one), ID the inverse dynamics (inverse_dynamics.hpp)
/// of the controller's model at the measured pose and twist, Kp = wn^2, Kd = 2 zeta wn. With an
/// exact model and a continuous law the error of each platform coordinate obeys
/// e'' + Kd e' + Kp e = 0 (exactly for the translations, to first order in e for the rotations).
#include <functional>

#include "manipdyn/core/platform_motion.hpp"
#include "manipdyn/parallel/data.hpp"
#include "manipdyn/parallel/model.hpp"
#include "manipdyn/parallel/simulate.hpp"

namespace manipdyn::parallel {

/// Gains of the task-space computed torque: natural frequency wn (rad/s) and damping ratio zeta
/// of each platform coordinate's error (Kp = wn^2, Kd = 2 zeta wn).
struct TaskSpaceGains {
  double natural_frequency = 20.0;  ///< rad/s, > 0
  double damping_ratio = 1.0;       ///< > 0; 1 = critically damped
};

/// The desired platform motion (pose, twist and acceleration, world axes) at time t.
using PlatformReference = std::function<PlatformMotion(double t)>;

/// The tracking error of the platform coordinates (p): E^T [t_d - t; log(R_d R^T)].
VectorXd tracking_error(const ParallelModel& model, const PlatformMotion& measured, const PlatformMotion& desired);

/// The actuator forces (actuated_count()) of the task-space computed torque (file comment) at
/// the measured state (pose and twist; a, alpha not read) for the desired motion, on `model`
/// (the controller's model of the plant) under the external wrench it expects (platform frame).
/// In data.tau. Throws std::invalid_argument for gains that are not positive and finite, and what
/// inverse_dynamics throws.
const VectorXd& computed_torque(const ParallelModel& model, ParallelData& data, const PlatformMotion& measured,
                                const PlatformMotion& desired, const TaskSpaceGains& gains,
                                const ExternalWrench& wrench = {});

/// A controller for simulate(): computed_torque with its own copy of `model` and its own Data,
/// tracking `reference`. Throws std::invalid_argument for bad gains or an empty reference.
ActuatorForces computed_torque_controller(ParallelModel model, PlatformReference reference,
                                          const TaskSpaceGains& gains, const ExternalWrench& wrench = {});

}  // namespace manipdyn::parallel
