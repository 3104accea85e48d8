#pragma once
/// \file energy.hpp
/// Mechanical energy of a parallel robot (model.hpp) along a platform motion, body by body from
/// the legs' chains and the platform, not from the dynamics: kinetic energy, gravitational
/// potential energy and the power its friction dissipates. They check the inverse dynamics by
/// the power balance (tests/crosscheck/parallel_power_balance.cpp)
///     tau_a . qd_a + P_ext = d/dt (T + V) + P_diss,
/// qd_a the actuated joints' rates, P_ext = (R f) . v + (R m) . omega the external wrench's power
/// (inverse_dynamics.hpp), and serve simulations. Each runs the legs' closure into data
/// (leg_motion, or inverse_kinematics for the potential energy), from data's last joint values.
#include "manipdyn/core/platform_motion.hpp"
#include "manipdyn/parallel/data.hpp"
#include "manipdyn/parallel/model.hpp"

namespace manipdyn::parallel {

/// Kinetic energy (J) at `motion` (pose and twist, world axes; a and alpha must agree with the
/// mobility but do not change the result): each leg's 1/2 qd_i^T M_i(q_i) qd_i, M_i its chain's
/// mass matrix (serial mass_matrix, with the reflected motor inertia G^2 Jm of its drives), and
/// the platform's 1/2 m |v|^2 + m v . (omega x c) + 1/2 omega^T I_O omega (c = R com, I_O its
/// inertia about the platform origin in world axes). Throws as leg_motion.
template <typename S>
S kinetic_energy(const ParallelModel& model, ParallelDataTpl<S>& data, const PlatformMotionTpl<S>& motion);

/// Gravitational potential energy (J) under model.gravity at the pose (motion.t, motion.R; the
/// rest of `motion` not read), zero at the base frame's origin: -m_i g . c_i of each leg's links
/// (serial center_of_mass of its chain) and -m g . (t + R com) of the platform. Throws as
/// inverse_kinematics.
template <typename S>
S potential_energy(const ParallelModel& model, ParallelDataTpl<S>& data, const PlatformMotionTpl<S>& pose);

/// Power (W, >= 0) dissipated by friction at `motion`: the drives' viscous and Coulomb friction
/// of every leg joint, qd_i . friction_torques(qd_i) (serial drive.hpp), and each cut joint's
/// viscous friction, cut_viscous |omega - omega_leg_i|^2 (omega_leg_i the angular velocity of
/// leg i's end link). Throws as leg_motion.
template <typename S>
S dissipated_power(const ParallelModel& model, ParallelDataTpl<S>& data, const PlatformMotionTpl<S>& motion);

}  // namespace manipdyn::parallel
