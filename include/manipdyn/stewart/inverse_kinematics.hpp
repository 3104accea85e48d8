#pragma once
/// \file inverse_kinematics.hpp
/// Inverse kinematics of the 6-UPS platform: leg vectors, lengths, rates and accelerations, the
/// leg frames, and the leg angular velocity and acceleration two ways.
#include <string>

#include "manipdyn/stewart/data.hpp"

namespace manipdyn::stewart {

/// Checks a motion at the public boundary (finite entries, R orthonormal with det +1 to 1e-6);
/// throws std::invalid_argument("<where>: motion.<field>[i] is nan" ...).
template <typename S>
void check_motion(const char* where, const PlatformMotionTpl<S>& motion);

/// Checks the actuator forces F (6) an inverse dynamics returns, once per call: non-finite
/// forces throw std::invalid_argument naming the output and the largest input (check_result):
/// "<where>: the result F is not finite (F[0] = nan); an input is too large: |motion.v| = 1e+200
/// (overflow)".
template <typename S>
void check_forces(const char* where, const Vector6<S>& F, const PlatformMotionTpl<S>& motion,
                  const ExternalWrenchTpl<S>& wrench);

/// "t = [x, y, z], rpy = [θx, θy, θz]" of a motion, for error messages.
template <typename S>
std::string describe_pose(const PlatformMotionTpl<S>& motion);

/// Leg i (0-based) under Dasgupta's assumption s.W = 0: q, S, L, s (eqs. 1-3), dS/dt, dL/dt,
/// W (eqs. 4-6), d2S/dt2, d2L/dt2, A (eqs. 7-9, with eq. 9 read as A = (s x S'' - 2 L' W)/L)
/// and the leg frame T (eq. 10). Reads data.motion. Throws if the leg has zero length or its
/// axis is parallel to k_i (names the leg and the pose).
template <typename S>
void leg_kinematics_no_spin(const StewartModel& model, StewartDataTpl<S>& data, int i);

/// Leg i with the exact universal-joint kinematics (Pedrammehr 2012 eqs. 12-25, re-derived):
/// omega_l = W + w_t s with w_t = -(W.c)/(s.c) so that omega_l.c = 0; and
/// alpha_l = A + w_t (W x s) + a_t s with a_t = (w_u w_v - A.c - w_t (W x s).c)/(s.c), from
/// d/dt(omega_l.c) = 0 and dc/dt = -w_u v. Needs leg_kinematics_no_spin(i) first.
template <typename S>
void leg_kinematics_universal_joint(const StewartModel& model, StewartDataTpl<S>& data, int i);

/// Both kinematic models for all six legs. `motion` is in the base frame (pose.hpp).
/// Results in data (data.hpp: q, S_, s, L, Sd, Ld, Sdd, Ldd, W, A, T, c, omega_l, alpha_l, ...).
template <typename S>
const StewartDataTpl<S>& inverse_kinematics(const StewartModel& model, StewartDataTpl<S>& data,
                                            const PlatformMotionTpl<S>& motion);

}  // namespace manipdyn::stewart
