#pragma once
/// \file delta_closed_form.hpp
/// The Delta robot (parallel/builtin_models.hpp: delta) written again from its parameters alone,
/// without the library's chains, closure or Newton-Euler, as independent references of the
/// tests:
///  - delta_closed_form_ik: each motor angle from the classical equation a cos q + b sin q = c
///    (Clavel 1988; e.g. Tsai, "Robot Analysis", 1999, the Delta's inverse kinematics), the root
///    with the elbow out;
///  - delta_lagrange_inverse_dynamics: the motor torques by Lagrange's equations of the first
///    kind in the coordinates (x, q1, q2, q3) with three loop constraints and their multipliers
///    (the method of Tsai's book for parallel manipulators), each forearm's two bars with the
///    exact energy of a uniform slender rod, T = m/6 (|v_a|^2 + v_a . v_b + |v_b|^2), in place of
///    Codourey 1998's lumped 2/3 - 1/3 masses;
///  - delta_energy: the kinetic plus potential energy of the same (the power balance);
///  - delta_lab_parameters: a lab-sized Delta of round numbers; delta_test_motion: a smooth
///    platform motion inside the workspace.
/// Frames and angles as delta(): motor axis i along u_i at A_i = R e_i, the arm along
/// d(q) = cos q e_i - sin q z (q down from the horizontal), the elbow B_i = A_i + L1 d(q_i), the
/// forearm from B_i to P_i = x + r e_i.
#include <cmath>
#include <numbers>

#include <Eigen/Dense>

#include "manipdyn/core/platform_motion.hpp"
#include "manipdyn/parallel/builtin_models.hpp"

namespace manipdyn::test_support {

/// The radial direction e_i and the motor axis u_i of leg i (0, 1, 2).
inline void delta_leg_axes(int i, Vector3d& e, Vector3d& u) {
  const double phi = 2.0 * std::numbers::pi * i / 3.0;
  e = Vector3d(std::cos(phi), std::sin(phi), 0.0);
  u = Vector3d(-std::sin(phi), std::cos(phi), 0.0);
}

/// The motor angles (elbows out) that put the platform centre at x: with D = x + r e_i - R e_i,
/// |B_i - P_i| = L2 reads a cos q + b sin q = c with a = D . e_i, b = -D . z,
/// c = (L1^2 + |D|^2 - L2^2) / (2 L1), whose root with the elbow out is
/// q = atan2(b, a) - acos(c / sqrt(a^2 + b^2)).
inline Vector3d delta_closed_form_ik(const parallel::DeltaParameters& p, const Vector3d& x) {
  Vector3d q;
  for (int i = 0; i < 3; ++i) {
    Vector3d e, u;
    delta_leg_axes(i, e, u);
    const Vector3d D = x + (p.platform_radius - p.base_radius) * e;
    const double a = D.dot(e), b = -D.z();
    const double c = (p.upper_arm_length * p.upper_arm_length + D.squaredNorm() - p.forearm_length * p.forearm_length) /
                     (2.0 * p.upper_arm_length);
    q(i) = std::atan2(b, a) - std::acos(c / std::hypot(a, b));
  }
  return q;
}

/// The motor torques (joint side, N m) that move the platform along x(t) with velocity v and
/// acceleration a (world axes), gravity p.gravity:
///   E_x = sum_i lambda_i s_i,   E_qi = tau_i - lambda_i L1 s_i . d'(q_i),
/// with s_i = P_i - B_i (the gradient of f_i = (|s_i|^2 - L2^2)/2), E the Lagrange expressions
/// d/dt dT/d(rate) - dT/d(coordinate) + dV/d(coordinate) of
///   T = m_p/2 |v|^2 + sum_i [ J/2 qd_i^2 + m_r/6 (L1^2 qd_i^2 + L1 qd_i d'(q_i) . v + |v|^2) ],
///   V = -m_p g . x - sum_i [ (m1 c1 + m_e L1) g . d(q_i) + m_r g . (B_i + P_i)/2 ],
/// J = upper_arm_inertia + m_e L1^2 + G^2 J_m (the motor reflected), m_r = 2 forearm_bar_mass:
///   E_qi = J qdd_i + m_r/6 (2 L1^2 qdd_i + L1 d'_i . a) - (m1 c1 + m_e L1 + m_r L1/2) g . d'_i,
///   E_x = m_p (a - g) + sum_i [ m_r/6 (L1 qdd_i d'_i - L1 qd_i^2 d_i + 2 a) - m_r/2 g ],
/// (d' = dd/dq, d'' = -d). The motor rates and accelerations from the constraints:
///   qd_i = s_i . v / (L1 s_i . d'_i),  qdd_i = (|v - Bd_i|^2 + s_i . a + L1 qd_i^2 s_i . d_i) / (L1 s_i . d'_i).
inline Vector3d delta_lagrange_inverse_dynamics(const parallel::DeltaParameters& p, const Vector3d& x,
                                                const Vector3d& v, const Vector3d& a) {
  const double L1 = p.upper_arm_length;
  const double m_r = 2.0 * p.forearm_bar_mass;
  const double J = p.upper_arm_inertia + p.elbow_mass * L1 * L1 + p.gear_ratio * p.gear_ratio * p.motor_inertia;
  const double arm_moment = p.upper_arm_mass * p.upper_arm_com + p.elbow_mass * L1 + m_r * L1 / 2.0;
  const Vector3d& g = p.gravity;
  const Vector3d q = delta_closed_form_ik(p, x);
  Eigen::Matrix3d S;  // columns s_i
  Vector3d E_q, E_x = p.platform_mass * (a - g), lever;
  for (int i = 0; i < 3; ++i) {
    Vector3d e, u;
    delta_leg_axes(i, e, u);
    const Vector3d z = Vector3d::UnitZ();
    const Vector3d d = std::cos(q(i)) * e - std::sin(q(i)) * z;
    const Vector3d dp = -std::sin(q(i)) * e - std::cos(q(i)) * z;
    const Vector3d B = p.base_radius * e + L1 * d;
    const Vector3d s = x + p.platform_radius * e - B;
    const double qd = s.dot(v) / (L1 * s.dot(dp));
    const Vector3d Bd = L1 * qd * dp;
    const double qdd = ((v - Bd).squaredNorm() + s.dot(a) + L1 * qd * qd * s.dot(d)) / (L1 * s.dot(dp));
    S.col(i) = s;
    lever(i) = L1 * s.dot(dp);
    E_q(i) = J * qdd + m_r / 6.0 * (2.0 * L1 * L1 * qdd + L1 * dp.dot(a)) - arm_moment * g.dot(dp);
    E_x += m_r / 6.0 * (L1 * qdd * dp - L1 * qd * qd * d + 2.0 * a) - m_r / 2.0 * g;
  }
  const Vector3d lambda = S.lu().solve(E_x);
  return E_q + lambda.cwiseProduct(lever);
}

/// The kinetic plus potential energy (J) of the Delta with the platform at x moving with v (the
/// T and V of delta_lagrange_inverse_dynamics, V zero with every body at the base frame's
/// origin level: V = -sum m g . (centre of mass)).
inline double delta_energy(const parallel::DeltaParameters& p, const Vector3d& x, const Vector3d& v) {
  const double L1 = p.upper_arm_length;
  const double m_r = 2.0 * p.forearm_bar_mass;
  const double J = p.upper_arm_inertia + p.elbow_mass * L1 * L1 + p.gear_ratio * p.gear_ratio * p.motor_inertia;
  const Vector3d& g = p.gravity;
  const Vector3d q = delta_closed_form_ik(p, x);
  double E = 0.5 * p.platform_mass * v.squaredNorm() - p.platform_mass * g.dot(x);
  for (int i = 0; i < 3; ++i) {
    Vector3d e, u;
    delta_leg_axes(i, e, u);
    const Vector3d d = std::cos(q(i)) * e - std::sin(q(i)) * Vector3d::UnitZ();
    const Vector3d dp = -std::sin(q(i)) * e - std::cos(q(i)) * Vector3d::UnitZ();
    const Vector3d A = p.base_radius * e, B = A + L1 * d, P = x + p.platform_radius * e;
    const Vector3d s = P - B;
    const double qd = s.dot(v) / (L1 * s.dot(dp));
    E += 0.5 * J * qd * qd + m_r / 6.0 * (L1 * L1 * qd * qd + L1 * qd * dp.dot(v) + v.squaredNorm());
    E -= p.upper_arm_mass * g.dot(A + p.upper_arm_com * d) + p.elbow_mass * g.dot(B) + m_r * g.dot(0.5 * (B + P));
  }
  return E;
}

/// A Delta of round numbers, lab-sized, with every term present (the tests' second robot).
inline parallel::DeltaParameters delta_lab_parameters() {
  parallel::DeltaParameters p;
  p.name = "lab";
  p.base_radius = 0.2;
  p.platform_radius = 0.05;
  p.upper_arm_length = 0.3;
  p.upper_arm_mass = 1.2;
  p.upper_arm_com = 0.12;
  p.upper_arm_inertia = 0.03;
  p.forearm_length = 0.8;
  p.forearm_bar_mass = 0.15;
  p.forearm_spacing = 0.06;
  p.elbow_mass = 0.1;
  p.platform_mass = 0.6;
  p.motor_inertia = 1.5e-4;
  p.gear_ratio = 20.0;
  return p;
}

/// A smooth motion of the platform (translation only) around x0, amplitudes in metres: at time
/// t, x = x0 + (A sin(w t), A sin(1.3 w t + 0.4), A/2 cos(1.7 w t)), with its rates.
inline PlatformMotion delta_test_motion(const Vector3d& x0, double amplitude, double w, double t) {
  const double A = amplitude, w2 = 1.3 * w, w3 = 1.7 * w;
  PlatformMotion m;
  m.t = x0 + Vector3d(A * std::sin(w * t), A * std::sin(w2 * t + 0.4), 0.5 * A * std::cos(w3 * t));
  m.R = Eigen::Matrix3d::Identity();
  m.v = Vector3d(A * w * std::cos(w * t), A * w2 * std::cos(w2 * t + 0.4), -0.5 * A * w3 * std::sin(w3 * t));
  m.a = Vector3d(-A * w * w * std::sin(w * t), -A * w2 * w2 * std::sin(w2 * t + 0.4), -0.5 * A * w3 * w3 * std::cos(w3 * t));
  m.omega.setZero();
  m.alpha.setZero();
  return m;
}

}  // namespace manipdyn::test_support
