#pragma once
/// \file inverse_dynamics.hpp
/// Inverse dynamics of a parallel robot in actuator space (Khalil & Ibrahim 2007, "General
/// solution for the dynamic modeling of parallel robots", J. Intell. Robot. Syst. 49: eq. 26;
/// docs/parallel.md): the legs are cut at the platform, each leg's joint torques tau_i =
/// ID_i(q_i, qd_i, qdd_i) come from the tree algorithms of its chain (with its drive: motor
/// inertia, viscous and Coulomb friction), the platform's wrench F_p from Newton-Euler, and by
/// virtual power (the cut joints' reactions do no work on a motion that keeps the loops closed)
///     A^T tau_a = E^T (F_p + sum_i M_i^T tau_i),
/// A the actuation Jacobian (qd_a = A xd), E the platform's free twist components, M_i the
/// closure maps (kinematics.hpp). Cut-joint friction enters both sides of each cut.
#include "manipdyn/core/platform_motion.hpp"
#include "manipdyn/parallel/data.hpp"
#include "manipdyn/parallel/model.hpp"

namespace manipdyn::parallel {

/// The actuator forces or torques (actuated_count(), in the order of model.actuators, joint
/// side) that drive the platform along `motion` (world axes) against gravity and the external
/// wrench on the platform (force and moment in the platform frame, the force at its origin). In
/// data.tau; the legs' motion in data.q, qd, qdd; their joint torques in data.leg[i].tau.
/// Allocates nothing. Throws std::invalid_argument as leg_motion, for a non-finite input or
/// result, and for a singular actuation (A^T loses rank: Gosselin & Angeles 1990 type 2).
template <typename S>
const VectorX<S>& inverse_dynamics(const ParallelModel& model, ParallelDataTpl<S>& data,
                                   const PlatformMotionTpl<S>& motion,
                                   const ExternalWrenchTpl<S>& wrench = {});

/// The generalised force along the platform coordinates xd (platform_dof()) that the actuators
/// must supply to drive the platform along `motion` against gravity, friction and `wrench`:
/// E^T (F_p + sum_i M_i^T tau_i) (= A^T tau_a; on a platform the legs restrict, its projection
/// N^T E^T (...) = (A N)^T tau_a), the right-hand side of inverse_dynamics before the solve for
/// tau_a. In data.rhs (with the legs' motion and data.A as inverse_dynamics); it needs no
/// regular A, so forward dynamics uses it at a parallel singularity too. Throws as
/// inverse_dynamics, except for a singular actuation.
template <typename S>
const VectorX<S>& generalized_force(const ParallelModel& model, ParallelDataTpl<S>& data,
                                    const PlatformMotionTpl<S>& motion,
                                    const ExternalWrenchTpl<S>& wrench = {});

/// The wrench [force; moment about the platform origin] (world axes) the platform needs to
/// move along `motion` under gravity and `wrench` (Newton-Euler; the platform's mass, COM and
/// inertia of model.platform).
template <typename S>
Vector6<S> platform_wrench(const ParallelModel& model, const PlatformMotionTpl<S>& motion,
                           const ExternalWrenchTpl<S>& wrench);

}  // namespace manipdyn::parallel
