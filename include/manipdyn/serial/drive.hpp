#pragma once
/// \file drive.hpp
/// Drive terms of the joints (Corke's Robotics Toolbox conventions): reflected motor inertia
/// G^2 Jm and friction on the motor side, seen at joint i as
///   tau_friction_i = -|G| (B |G| qd_i + Tc_i),  Tc_i = Tc+ if qd_i > 0, Tc- if qd_i < 0, 0 if 0,
/// i.e. opposing the motion. Coulomb friction is taken as zero at exactly zero velocity, so the
/// result is always defined (the stiction choice is left to the caller).
#include "manipdyn/core/types.hpp"
#include "manipdyn/serial/model.hpp"

namespace manipdyn {

/// The friction torque that the joints must overcome, +|G| (B |G| qd + Tc) (n), i.e. minus the
/// torque the friction exerts; adds nothing when the model has no friction. Writes into `out`.
/// Throws std::invalid_argument for a wrong size, a non-finite qd or a non-finite result.
template <typename S>
void friction_torques(const SerialModel& model, JointVectorIn<S> qd,
                      JointVectorOut<S> out);

/// tau += G^2 Jm qdd + friction_torques(qd) when model.has_drive; nothing otherwise. Throws
/// std::invalid_argument for a wrong size, a non-finite input or a non-finite result.
template <typename S>
void add_drive_torques(const SerialModel& model, JointVectorIn<S> qd,
                       JointVectorIn<S> qdd, JointVectorOut<S> tau);

}  // namespace manipdyn
