#pragma once
/// \file forward_dynamics.hpp
/// Forward dynamics of a parallel robot (model.hpp) by projection onto the platform's
/// independent coordinates (docs/parallel_forward.md). The platform coordinates xd
/// (platform_dof() = p) are the free components of its twist, V = [v; omega] = E xd (world axes,
/// at the platform origin); every leg's joint rates follow from them, qd_i = M_i V
/// (kinematics.hpp). The inverse dynamics' generalised force (inverse_dynamics.hpp) is affine in
/// the platform accelerations xdd:
///
///     A^T tau_a = E^T (F_p + sum_i M_i^T tau_i) = Lambda(x) xdd + mu(x, xd),
///
///     Lambda = E^T (M_p + sum_i M_i^T H_i M_i) E,   mu = the generalised force at xdd = 0,
///
/// M_p the platform's spatial inertia about its origin (world axes), H_i leg i's joint-space mass
/// matrix (with the reflected motor inertia G^2 Jm of its drives), mu the gravity, velocity,
/// friction and external-wrench terms. Lambda is the task-space inertia: symmetric, positive
/// definite with physical inertias, 1/2 xd^T Lambda xd the kinetic energy of the platform and
/// the legs (energy.hpp). Forward dynamics solves Lambda xdd = A^T tau_a - mu; the legs follow the platform
/// by inverse kinematics, so the loops stay closed exactly (no constraint drift, no Baumgarte
/// stabilisation). It needs no regular A: at a parallel singularity the actuators lose authority
/// in some direction, but the motion under given forces is still defined.
#include "manipdyn/core/platform_motion.hpp"
#include "manipdyn/parallel/data.hpp"
#include "manipdyn/parallel/model.hpp"

namespace manipdyn::parallel {

/// The task-space inertia Lambda (p x p) at the pose of data.motion from the legs' kinematics
/// already in data (data.q, data.M: after leg_motion or generalized_force at that pose), by the
/// closed form of the file comment. In data.Lambda; allocates nothing (after a first call).
template <typename S>
const MatrixX<S>& task_space_inertia_from_kinematics(const ParallelModel& model, ParallelDataTpl<S>& data);

/// The task-space inertia Lambda (p x p, symmetric, positive definite with physical inertias)
/// at the platform pose (pose.t, pose.R; its velocities and accelerations are not read). In
/// data.Lambda; data's legs are those of the pose at rest. Throws as leg_motion.
template <typename S>
const MatrixX<S>& task_space_inertia(const ParallelModel& model, ParallelDataTpl<S>& data,
                                     const PlatformMotionTpl<S>& pose);

/// The task-space bias mu (p): the generalised force the actuators must supply at `state` (pose
/// and twist; state.a and state.alpha are not read) with zero platform acceleration: gravity,
/// velocity terms, friction (the legs' drives and the cut joints) and the external wrench on
/// the platform (platform frame). generalized_force (inverse_dynamics.hpp: data.rhs) at xdd = 0;
/// in data.mu. Throws as generalized_force.
template <typename S>
const VectorX<S>& task_space_bias(const ParallelModel& model, ParallelDataTpl<S>& data,
                                  const PlatformMotionTpl<S>& state, const ExternalWrenchTpl<S>& wrench = {});

/// The platform accelerations xdd (p) for the actuator forces or torques tau_a
/// (actuated_count(), order of model.actuators, joint side) at `state` (pose t, R and twist v,
/// omega, which the mobility must allow; state.a and state.alpha are not read) under the
/// external wrench (platform frame): Lambda xdd = A^T tau_a - mu, solved by LU
/// (core/small_lu.hpp). The exact inverse of inverse_dynamics: the platform's acceleration is
/// V' = E xdd ([a; alpha] = E xdd). Results in data.xdd, data.Lambda, data.mu, data.Lambda_lu;
/// the legs' motion at zero acceleration in data.q, qd. Allocates nothing (after a first call)
/// on a platform whose coordinates are all independent.
/// On a platform its legs restrict (model.dependent not empty, the 3-PRS) the state's dependent
/// components are completed from the independent ones (complete_motion) and the dynamics runs
/// over the independent coordinates: N^T Lambda N zdd = (A N)^T tau_a - N^T f(x, xd, c),
/// xdd = N zdd + c (xd = N zd; c the dependent accelerations at zdd = 0, f the generalised force);
/// complete_motion allocates. Throws std::invalid_argument for a tau_a of the wrong size or with
/// a non-finite entry ("forward_dynamics: tau_a[2] is nan"), what leg_motion and complete_motion
/// throw (an unreachable pose, a leg at a serial singularity), a singular Lambda, and a non-finite
/// result.
template <typename S>
const VectorX<S>& forward_dynamics(const ParallelModel& model, ParallelDataTpl<S>& data,
                                   const PlatformMotionTpl<S>& state, const VectorX<S>& tau_a,
                                   const ExternalWrenchTpl<S>& wrench = {});

/// The platform motion with the accelerations of forward dynamics: `state` with [a; alpha] =
/// E xdd (xdd of size platform_dof()), the input inverse_dynamics takes back to tau_a.
template <typename S>
PlatformMotionTpl<S> with_acceleration(const ParallelModel& model, const PlatformMotionTpl<S>& state,
                                       const VectorX<S>& xdd);

}  // namespace manipdyn::parallel
