#pragma once
/// \file inverse_dynamics_dasgupta.hpp
/// Inverse dynamics by Dasgupta & Mruthyunjaya 1998 (Newton-Euler with elimination, eqs. 11-37):
/// each leg reduces to one unknown x_i (the axial component of the S-joint force), the platform
/// gives H x = c (solved in task_space_elimination.hpp), and F = D - x. Legs do not spin
/// (s.W = 0) and the U-joint constraint moment is along the leg (M_u s, eq. 17). Inertias are
/// centroidal; see docs/stewart.md for why eq. 16's m_u L^2 diag(0,1,1) term is not applied (it
/// double counts the m_u r_u x a_u moment).
#include "manipdyn/stewart/data.hpp"
#include "manipdyn/stewart/inverse_kinematics.hpp"
#include "manipdyn/stewart/task_space_elimination.hpp"

namespace manipdyn::stewart {

/// Per-leg reduction of leg i (eqs. 11-24): r_d, r_u, a_u, C (eq. 20), K (eq. 21), D (eq. 24),
/// the S-joint friction moment f and column i of H (eq. 36). Independent between legs (may run
/// in parallel). Uses data.W, data.A, data.T (as set by leg_kinematics_no_spin).
/// `eq16_literal`: see InverseDynamicsOptions::dasgupta_eq16_literal.
template <typename S>
void leg_dynamics_dasgupta(const StewartModel& model, StewartDataTpl<S>& data, int i,
                           bool eq16_literal = false);

/// Platform-only terms (eqs. 30-32, 41): COM acceleration a_c and c0 (the right-hand side with
/// massless legs), including the external wrench (platform frame).
template <typename S>
void platform_terms(const StewartModel& model, StewartDataTpl<S>& data,
                    const ExternalWrenchTpl<S>& wrench);

/// Constraint forces of every leg after a solve (eqs. 21, 26-29): F_s, F_p, F_u, F_c, M_u.
template <typename S>
void constraint_forces(const StewartModel& model, StewartDataTpl<S>& data);

/// Actuator forces (6, N) by Dasgupta 1998 for a platform motion (base frame) and an external
/// wrench (platform frame). Runs inverse kinematics (no-spin part) first. Result in data.F (also
/// F0, Fd, dynamic_fraction, condition_number, and the constraint forces on request).
template <typename S>
const Vector6<S>& inverse_dynamics_dasgupta(const StewartModel& model, StewartDataTpl<S>& data,
                                            const PlatformMotionTpl<S>& motion,
                                            const ExternalWrenchTpl<S>& wrench = {},
                                            const InverseDynamicsOptions& options = {});

/// The same from the kinematics already in data (data.W, data.A, data.T, ... as left by
/// inverse_kinematics, possibly with leg frames changed by the caller).
template <typename S>
const Vector6<S>& inverse_dynamics_dasgupta_from_kinematics(
    const StewartModel& model, StewartDataTpl<S>& data, const ExternalWrenchTpl<S>& wrench = {},
    const InverseDynamicsOptions& options = {});

}  // namespace manipdyn::stewart
