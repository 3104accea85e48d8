#pragma once
/// \file inverse_dynamics.hpp
/// The inverse dynamics of the Stewart platform by either dynamic model: the entry point that
/// picks Dasgupta & Mruthyunjaya 1998 (inverse_dynamics_dasgupta.hpp) or the improved model of
/// Pedrammehr et al. 2012 (inverse_dynamics_improved.hpp) by DynamicsModel. Like the serial
/// `inverse_dynamics(method, model, data, ...)`, the choice of formulation comes first.
#include "manipdyn/stewart/data.hpp"
#include "manipdyn/stewart/inverse_dynamics_dasgupta.hpp"
#include "manipdyn/stewart/inverse_dynamics_improved.hpp"

namespace manipdyn::stewart {

/// Actuator forces (6, N) of dynamic model `which` for a platform motion (base frame) and an
/// external wrench (platform frame): inverse_dynamics_dasgupta or inverse_dynamics_improved.
/// Results in data.F (also F0, Fd, dynamic_fraction, condition_number, and the constraint forces
/// on request); throws what the chosen model throws.
template <typename S>
const Vector6<S>& inverse_dynamics(DynamicsModel which, const StewartModel& model,
                                   StewartDataTpl<S>& data, const PlatformMotionTpl<S>& motion,
                                   const ExternalWrenchTpl<S>& wrench = {},
                                   const InverseDynamicsOptions& options = {});

}  // namespace manipdyn::stewart
