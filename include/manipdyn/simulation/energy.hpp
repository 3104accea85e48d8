#pragma once
/// \file energy.hpp
/// Mechanical energy of a serial arm, for checking simulations: kinetic T = qd^T M(q) qd / 2
/// (M from mass_matrix, including the reflected motor inertia G^2 Jm of the drives) and
/// potential V = - sum_i m_i g . p_ci(q) (p_ci: world position of the COM of link i, from
/// link_transforms). Without friction and torques, T + V is constant along a motion; with
/// torques, dE/dt = qd^T (tau - friction(qd)).
#include "manipdyn/serial/data.hpp"

namespace manipdyn {

/// Kinetic and potential energy (J) of an arm state.
struct MechanicalEnergy {
  double kinetic = 0.0;
  double potential = 0.0;
  double total() const { return kinetic + potential; }
};

/// The energy at (q, qd) (n each; a free-flyer: nq and nv, the base body's weight included) under `gravity` (world frame); uses data.M and data.T0.
/// Throws std::invalid_argument for wrong sizes or non-finite inputs.
MechanicalEnergy mechanical_energy(const SerialModel& model, SerialData& data, const VectorXd& q,
                                   const VectorXd& qd, const Vector3d& gravity);

}  // namespace manipdyn
