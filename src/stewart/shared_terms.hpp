#pragma once
// Private to src/stewart: the terms that the Dasgupta and the improved inverse dynamics compute
// alike (inline templates, for double and the counting scalar).
#include "manipdyn/core/check.hpp"
#include "manipdyn/stewart/data.hpp"
#include "manipdyn/stewart/inverse_dynamics_dasgupta.hpp"
#include "manipdyn/stewart/inverse_kinematics.hpp"
#include "manipdyn/stewart/task_space_elimination.hpp"

namespace manipdyn::stewart::detail {

/// Leg i's centres of mass relative to b_i, r_d = T r_d0 and r_u = S_i + T r_u0 (Dasgupta 1998
/// eqs. 11-12; Pedrammehr 2012 eqs. 26-27), the upper COM's acceleration a_u (eq. 14; Pedrammehr
/// eq. 30), and I alpha, I w for the inertia I0 given in the leg frame T (eqs. 15-16), all for
/// the leg angular velocity w and acceleration alpha of the model (3 each, base frame).
template <typename S>
struct LegTerms {
  Vector3<S> r_d, r_u, a_u, IA, IW;
};
template <typename S>
MANIPDYN_ALWAYS_INLINE LegTerms<S> leg_terms(const StewartModel& model, const StewartDataTpl<S>& d, int i,
                                             const Vector3<S>& w, const Vector3<S>& alpha,
                                             const Matrix3d& inertia) {
  const auto ii = static_cast<std::size_t>(i);
  const LegMassProperties& leg = model.legs[ii];
  const Matrix3<S>& T = d.T[ii];
  const Vector3<S> s = d.s.col(i);
  LegTerms<S> l;
  l.r_d = T * leg.r_d0.template cast<S>();
  l.r_u = d.S_.col(i) + T * leg.r_u0.template cast<S>();
  l.a_u = d.Ldd(i) * s + alpha.cross(l.r_u) + w.cross(w.cross(l.r_u)) + (S(2) * d.Ld(i)) * w.cross(s);
  const Matrix3<S> I0 = inertia.template cast<S>();
  l.IA = T * (I0 * (T.transpose() * alpha));
  l.IW = T * (I0 * (T.transpose() * w));
  return l;
}

/// Viscous friction of a leg's U and S joints (Dasgupta 1998 eqs. 17-18) for the leg angular
/// velocity w (3) and the platform's omega (3): adds Cu w + f to the leg moment vector C and
/// returns the S-joint moment f = Cs (w - omega) (zero without friction).
template <typename S>
MANIPDYN_ALWAYS_INLINE Vector3<S> add_joint_friction(const StewartModel& model, const Vector3<S>& w,
                                                     const Vector3<S>& omega, Vector3<S>& C) {
  Vector3<S> f = Vector3<S>::Zero();
  if (model.has_friction) {
    f = S(model.Cs) * (w - omega);
    C += S(model.Cu) * w + f;
  }
  return f;
}

/// The platform's COM r = R R0 (3, base frame), its acceleration a_c into data.a_c (Dasgupta
/// 1998 eqs. 30-31), and I alpha, I omega for the inertia I (platform frame) turned into the base
/// frame, I = R I R^T (eq. 32; Pedrammehr 2012 eq. 50 about the origin).
template <typename S>
struct PlatformInertiaTerms {
  Vector3<S> r, Ialpha, Iomega;
};
template <typename S>
MANIPDYN_ALWAYS_INLINE PlatformInertiaTerms<S> platform_inertia_terms(const StewartModel& model,
                                                                      StewartDataTpl<S>& d,
                                                                      const Matrix3d& inertia) {
  const PlatformMotionTpl<S>& m = d.motion;
  PlatformInertiaTerms<S> p;
  p.r = m.R * model.R0.template cast<S>();
  d.a_c = m.alpha.cross(p.r) + m.omega.cross(m.omega.cross(p.r)) + m.a;
  const Matrix3<S> I = inertia.template cast<S>();
  p.Ialpha = m.R * (I * (m.R.transpose() * m.alpha));
  p.Iomega = m.R * (I * (m.R.transpose() * m.omega));
  return p;
}

/// Stores what the per-leg reduction of leg i hands to the elimination (Dasgupta 1998 eqs. 11-24,
/// 36; Pedrammehr 2012 eqs. 26-40): the COM vectors r_d, r_u and acceleration a_u, the moment
/// vector C, the S-joint friction moment f, D_i = m_u s.(a_u - g) + Cp Ld (eq. 24) and column i
/// of H (eq. 36). K, M_u and its axis differ between the models and are stored by them.
template <typename S>
MANIPDYN_ALWAYS_INLINE void store_leg_reduction(const StewartModel& model, StewartDataTpl<S>& d, int i,
                                                const Vector3<S>& r_d, const Vector3<S>& r_u,
                                                const Vector3<S>& a_u, const Vector3<S>& C,
                                                const Vector3<S>& f) {
  const Vector3<S> s = d.s.col(i);
  // D_i of eq. 24 and column i of H (eq. 36)
  d.D(i) = S(model.legs[static_cast<std::size_t>(i)].m_u) * s.dot(a_u - model.gravity.template cast<S>());
  if (model.has_friction) d.D(i) += S(model.Cp) * d.Ld(i);
  d.H.template block<3, 1>(0, i) = s;
  d.H.template block<3, 1>(3, i) = d.q.col(i).cross(s);
  // the terms the constraint forces and the diagnostics read
  d.r_d.col(i) = r_d;
  d.r_u.col(i) = r_u;
  d.a_u.col(i) = a_u;
  d.C.col(i) = C;
  d.f.col(i) = f;
}

/// The last steps of either inverse dynamics once the legs and the platform are reduced: the
/// 6x6 solve (solve_leg_forces) and, on request, the constraint forces. Returns data.F.
template <typename S>
const Vector6<S>& solve_and_recover(const StewartModel& model, StewartDataTpl<S>& data,
                                    const InverseDynamicsOptions& options, const char* where) {
  solve_leg_forces(model, data, options, where);
  if (options.constraint_forces) constraint_forces(model, data);
  return data.F;
}

/// The checked entry of an inverse dynamics named `where`: checks the motion and the wrench,
/// stores the motion in data, runs `body` (the leg kinematics and the model's
/// *_from_kinematics), then checks the forces data.F (naming the largest input if they overflow).
template <typename S, typename Body>
const Vector6<S>& checked_inverse_dynamics(const char* where, StewartDataTpl<S>& data,
                                           const PlatformMotionTpl<S>& motion,
                                           const ExternalWrenchTpl<S>& wrench, Body&& body) {
  check_motion(where, motion);
  check_finite(where, "wrench.f", wrench.f);
  check_finite(where, "wrench.m", wrench.m);
  data.motion = motion;
  body();
  check_forces(where, data.F, motion, wrench);
  return data.F;
}

}  // namespace manipdyn::stewart::detail
