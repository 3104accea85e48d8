#pragma once
/// \file inverse_dynamics_improved.hpp
/// The improved model of Pedrammehr, Mahboubkhah & Khani 2012 (eqs. 26-51), re-derived: exact
/// universal-joint kinematics (the leg spins about its axis, eqs. 12-25); the lower part's
/// moment taken about the fixed U-joint centre with its inertia moved there by the parallel-axis
/// theorem (eq. 32), the upper part about its COM; the platform about its frame origin with the
/// parallel-axis inertia (eq. 50) and the origin's acceleration; the U-joint reaction moment
/// along c_i = k_i x v_i (eq. 34, magnitude eq. 37). Solved through the same H as Dasgupta.
#include "manipdyn/stewart/data.hpp"
#include "manipdyn/stewart/inverse_kinematics.hpp"

namespace manipdyn::stewart {

/// Per-leg reduction of leg i for the improved model (Pedrammehr eqs. 26-40): C [N_i],
/// M_u = (C.s)/(c.s) (eq. 37), K = (C - M_u c) x s / L (eq. 38), D, f and column i of H.
/// Uses data.omega_l, data.alpha_l, data.c, data.T.
template <typename S>
void leg_dynamics_improved(const StewartModel& model, StewartDataTpl<S>& data, int i);

/// Platform-only terms about the platform origin (Pedrammehr eqs. 45-50).
template <typename S>
void platform_terms_improved(const StewartModel& model, StewartDataTpl<S>& data,
                             const ExternalWrenchTpl<S>& wrench);

/// Actuator forces (6, N) by the improved model. Runs the full inverse kinematics first.
/// Results in data.F (and F0, Fd, dynamic_fraction, condition_number, constraint forces).
template <typename S>
const Vector6<S>& inverse_dynamics_improved(const StewartModel& model, StewartDataTpl<S>& data,
                                            const PlatformMotionTpl<S>& motion,
                                            const ExternalWrenchTpl<S>& wrench = {},
                                            const InverseDynamicsOptions& options = {});

/// The same from the kinematics already in data.
template <typename S>
const Vector6<S>& inverse_dynamics_improved_from_kinematics(
    const StewartModel& model, StewartDataTpl<S>& data, const ExternalWrenchTpl<S>& wrench = {},
    const InverseDynamicsOptions& options = {});

}  // namespace manipdyn::stewart
