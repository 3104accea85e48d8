#pragma once
/// \file energy.hpp
/// Mechanical energy of the Stewart platform and its twelve leg parts, computed body by body from
/// the body velocities (not from the dynamics): kinetic energy, potential energy and the power
/// dissipated by viscous joint friction. Used to check the dynamics (power balance, the
/// task-space inertia: 1/2 xd^T Lambda xd = kinetic energy) and by simulations.
#include "manipdyn/stewart/data.hpp"

namespace manipdyn::stewart {

/// Kinetic energy (J) of the 13 bodies at `motion` (pose and twist; a, alpha not read):
/// platform 1/2 M |v + omega x r|^2 + 1/2 omega^T R I_p R^T omega (r = R R0); lower part of leg
/// i 1/2 m_d |w x r_d|^2 + 1/2 w^T T I_d0 T^T w; upper part 1/2 m_u |dS/dt + w x T r_u0|^2 +
/// 1/2 w^T T I_u0 T^T w, where the leg angular velocity w is W of Dasgupta eq. 6 (s.W = 0) for
/// DynamicsModel::dasgupta and the exact U-joint omega_l (Pedrammehr 2012 eqs. 12-20) for
/// improved, and T is the leg frame of eq. 10. Runs inverse_kinematics into data.
double kinetic_energy(DynamicsModel which, const StewartModel& model, StewartData& data,
                      const PlatformMotion& motion);

/// Gravitational potential energy (J) of the 13 bodies, -sum m g . p_com (zero at the base
/// origin), at the pose of `motion` (with the leg frames of eq. 10). Runs inverse_kinematics.
double potential_energy(const StewartModel& model, StewartData& data, const PlatformMotion& motion);

/// Power (W, >= 0) dissipated by the viscous friction of the joints at `motion`:
/// sum_i Cu |w_i|^2 + Cp Ld_i^2 + Cs |w_i - omega|^2 (Dasgupta 1998 eqs. 17, 18, 23), w_i as in
/// kinetic_energy. Runs inverse_kinematics into data.
double friction_power(DynamicsModel which, const StewartModel& model, StewartData& data,
                      const PlatformMotion& motion);

}  // namespace manipdyn::stewart
