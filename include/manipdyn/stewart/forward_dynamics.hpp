#pragma once
/// \file forward_dynamics.hpp
/// Forward dynamics of the Stewart platform with its legs, for both dynamic models (Dasgupta &
/// Mruthyunjaya 1998; the improved model of Pedrammehr et al. 2012): given the pose, the platform
/// twist, the six actuator forces and the external wrench, the platform acceleration.
///
/// Variables are those of the inverse dynamics (pose.hpp): xd = [v; omega] (velocity of the
/// platform-frame origin and angular velocity, base frame), xdd = [a; alpha] = d/dt xd. Both
/// inverse dynamics are affine in xdd, F = G(x) xdd + F(x, xd, xdd = 0) (friction and the wrench
/// depend on velocities only). Premultiplied by H = [s_i; q_i x s_i] (Dasgupta eq. 36; H^T is the
/// Jacobian Ld = H^T xd) the equation becomes symmetric:
///
///     Lambda(x) xdd + mu(x, xd) = H F,   Lambda = H G,   mu = H F(xdd = 0),
///
/// H F being the actuators' wrench on the platform (force; moment about t), the generalised force
/// along xd (its power is F . Ld). Lambda is the task-space inertia, 1/2 xd^T Lambda xd is the
/// kinetic energy of the 13 bodies (energy.hpp). From the elimination itself (H x = c, F = D - x,
/// eqs. 35-37) H F = H D - c, so neither Lambda nor mu needs H^-1: forward dynamics works at a
/// singular H too (the singularity shows in which forces can be applied, not in the inertia).
#include "manipdyn/stewart/data.hpp"

namespace manipdyn::stewart {

/// How task_space_inertia builds Lambda.
enum class TaskSpaceMethod {
  /// O(1) closed form from the per-leg terms (see docs/stewart.md, "Forward dynamics"):
  /// Lambda = Lambda_platform + sum_i [m_u h h^T + B^T J B + m_u (h u^T B + B^T u h^T)]; default,
  /// the faster by measurement (bench_stewart: BM_ForwardDynamics)
  direct,
  /// Turney, Reddy & Kazerounian 1980 applied to Dasgupta's elimination: H D - c evaluated at the
  /// six unit accelerations minus its value at zero acceleration (velocity zero); named
  /// "strobing" as the serial methods that strobe ("strobe" is accepted as its old name)
  strobing,
  strobe = strobing  ///< deprecated: the old name of strobing
};

}  // namespace manipdyn::stewart

namespace manipdyn {
/// The names of stewart::TaskSpaceMethod (core/enum_names.hpp: to_string, from_string, all, names).
template <>
struct EnumNames<stewart::TaskSpaceMethod> {
  static constexpr std::string_view argument = "task-space method";
  static constexpr EnumName<stewart::TaskSpaceMethod> table[] = {
      {stewart::TaskSpaceMethod::direct, "direct"},
      {stewart::TaskSpaceMethod::strobing, "strobe", true},  // the name until issue 18
      {stewart::TaskSpaceMethod::strobing, "strobing"}};
};
}  // namespace manipdyn

namespace manipdyn::stewart {

/// Options of the forward dynamics.
struct ForwardDynamicsOptions {
  TaskSpaceMethod method = TaskSpaceMethod::direct;  ///< how Lambda is built
};

/// H D - c of the elimination (Dasgupta eqs. 35-37; improved: Pedrammehr eqs. 36-51) for the
/// motion in data.motion: runs the leg kinematics of `which`, the per-leg reduction and the
/// platform terms, no 6x6 solve. Equals H F for the actuator forces F of that motion (6).
/// Leaves data.F, x, F0 untouched (stale) and clears data.has_constraint_forces.
template <typename S>
Vector6<S> actuator_wrench_from_motion(DynamicsModel which, const StewartModel& model,
                                       StewartDataTpl<S>& data, const ExternalWrenchTpl<S>& wrench);

/// Task-space inertia Lambda (6x6, symmetric) at the pose of data.motion (t, R) from the leg
/// kinematics already in data (s, q, L, S_, T, and c for the improved model). Result in
/// data.Lambda. Lambda depends on the pose only.
template <typename S>
const Matrix6<S>& task_space_inertia_from_kinematics(DynamicsModel which,
                                                     const StewartModel& model,
                                                     StewartDataTpl<S>& data);

/// Task-space inertia Lambda (6x6, symmetric, positive definite with physical inertias) of model
/// `which` at pose (pose.t, pose.R; its velocities and accelerations are not read), by `method`.
/// Result in data.Lambda (data's kinematics are those of the pose at rest).
template <typename S>
const Matrix6<S>& task_space_inertia(DynamicsModel which, const StewartModel& model,
                                     StewartDataTpl<S>& data, const PlatformMotionTpl<S>& pose,
                                     TaskSpaceMethod method = TaskSpaceMethod::direct);

/// Task-space bias mu = H F(xdd = 0) (6): the inverse dynamics of `which` at `state` (pose and
/// twist; state.a and state.alpha are not read) with zero acceleration, premultiplied by H:
/// gravity, velocity terms, friction, and the external wrench (platform frame). Result in data.mu;
/// data's kinematics are those of the state at zero acceleration.
template <typename S>
const Vector6<S>& task_space_bias(DynamicsModel which, const StewartModel& model,
                                  StewartDataTpl<S>& data, const PlatformMotionTpl<S>& state,
                                  const ExternalWrenchTpl<S>& wrench = {});

/// Platform acceleration xdd = [a; alpha] (6, base frame) of model `which` for the actuator
/// forces F (6, N) at `state` (pose t, R and twist v, omega; state.a and state.alpha are not
/// read) under the external wrench (platform frame): Lambda xdd = H F - mu, solved by
/// Lambda = L D L^T. The exact inverse of inverse_dynamics(which, model, data, ...). Results in
/// data.xdd, data.Lambda, data.mu, data.Lambda_ldlt, data.Lambda_positive_definite (false only
/// with non-physical inertias, e.g. the printed test platform: the system is still solved).
/// Throws std::invalid_argument for a non-finite input ("forward_dynamics: F[2] is nan"), a
/// motion.R that is not a rotation, a leg parallel to its U-joint axis, a singular Lambda, or a
/// non-finite result (naming the largest input).
template <typename S>
const Vector6<S>& forward_dynamics(DynamicsModel which, const StewartModel& model,
                                   StewartDataTpl<S>& data, const PlatformMotionTpl<S>& state,
                                   const Vector6<S>& F, const ExternalWrenchTpl<S>& wrench = {},
                                   const ForwardDynamicsOptions& options = {});

/// Solves Lambda y = b (6) with the L D L^T factors that forward_dynamics left in
/// data.Lambda_ldlt (the derivatives' Lambda^-1 products, derivatives.hpp).
template <typename S>
Vector6<S> solve_task_space_inertia(const StewartDataTpl<S>& data, const Vector6<S>& b);

}  // namespace manipdyn::stewart
