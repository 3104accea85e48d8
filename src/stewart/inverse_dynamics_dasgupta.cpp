// Inverse dynamics of the Stewart platform by Dasgupta & Mruthyunjaya 1998 (eqs. 11-42); the final
// 6x6 solve, shared with the improved model, is in task_space_elimination.cpp.
#include "manipdyn/stewart/inverse_dynamics_dasgupta.hpp"

#include "manipdyn/core/check.hpp"
#include "manipdyn/core/complex_step.hpp"
#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/stewart/derivatives.hpp"
#include "shared_terms.hpp"
#include "scalars.hpp"

namespace manipdyn::stewart {

template <typename S>
void leg_dynamics_dasgupta(const StewartModel& model, StewartDataTpl<S>& d, int i, bool eq16_literal) {
  const LegMassProperties& leg = model.legs[static_cast<std::size_t>(i)];
  const Vector3<S> s = d.s.col(i);
  const Vector3<S> W = d.W.col(i);
  const Vector3<S> A = d.A.col(i);
  const Vector3<S> g = model.gravity.template cast<S>();
  // centres of mass and their accelerations (eqs. 11-14); (I_d + I_u) A and (I_d + I_u) W through
  // the leg frame (eqs. 15-16, centroidal inertias)
  const auto [r_d, r_u, a_u, IA, IW] =
      detail::leg_terms(model, d, i, W, A, model.I_leg0[static_cast<std::size_t>(i)]);
  const Vector3<S> a_d = A.cross(r_d) + W.cross(W.cross(r_d));
  // leg moment vector C (eqs. 19-20) and the friction at the U and S joints (eqs. 17-18)
  Vector3<S> C = S(leg.m_d) * r_d.cross(a_d - g) + S(leg.m_u) * r_u.cross(a_u - g) + IA + W.cross(IW);
  const Vector3<S> f = detail::add_joint_friction(model, W, d.motion.omega, C);
  // printed eq. 16: T m_u L^2 diag(0,1,1) T^T = m_u L^2 (E - s s^T); with s.A = s.W = 0 it adds
  // m_u L^2 A (and W x m_u L^2 W = 0)
  if (eq16_literal) C += (S(leg.m_u) * d.L(i) * d.L(i)) * A;
  // reduction to one unknown (eqs. 21, 29), D (eq. 24) and column i of H (eq. 36)
  d.K.col(i) = C.cross(s) * (S(1) / d.L(i));
  d.M_u(i) = s.dot(C);
  d.M_u_axis.col(i) = s;
  detail::store_leg_reduction(model, d, i, r_d, r_u, a_u, C, f);
}

template <typename S>
void platform_terms(const StewartModel& model, StewartDataTpl<S>& d,
                    const ExternalWrenchTpl<S>& wrench) {
  const PlatformMotionTpl<S>& m = d.motion;
  // COM position and acceleration (eqs. 30-31); I alpha and I omega with I = R I_p R^T (eq. 32)
  const detail::PlatformInertiaTerms<S> p = detail::platform_inertia_terms(model, d, model.I_p);
  // right-hand side with massless legs (eq. 41)
  const Vector3<S> gma = model.gravity.template cast<S>() - d.a_c;
  d.c0.template head<3>() = m.R * wrench.f + S(model.M) * gma;
  d.c0.template tail<3>() = S(model.M) * p.r.cross(gma) - p.Ialpha - m.omega.cross(p.Iomega) + m.R * wrench.m;
}

template <typename S>
void constraint_forces(const StewartModel& model, StewartDataTpl<S>& d) {
  const bool improved = d.model_used == DynamicsModel::improved;
  const Vector3<S> g = model.gravity.template cast<S>();
  for (int i = 0; i < kLegs; ++i) {
    const LegMassProperties& leg = model.legs[static_cast<std::size_t>(i)];
    const Vector3<S> w = improved ? Vector3<S>(d.omega_l.col(i)) : Vector3<S>(d.W.col(i));
    const Vector3<S> al = improved ? Vector3<S>(d.alpha_l.col(i)) : Vector3<S>(d.A.col(i));
    const Vector3<S> r_d = d.r_d.col(i);
    const Vector3<S> a_d = al.cross(r_d) + w.cross(w.cross(r_d));
    const Vector3<S> s = d.s.col(i);
    // eqs. 21, 26, 27, 28 (M_u, eq. 29, was stored by the leg reduction)
    d.F_s.col(i) = d.x(i) * s + d.K.col(i);
    d.F_p.col(i) = S(leg.m_u) * (d.a_u.col(i) - g) - d.F_s.col(i) + S(model.Cp) * d.Ld(i) * s;
    d.F_u.col(i) = S(leg.m_d) * (a_d - g) + S(leg.m_u) * (d.a_u.col(i) - g) - d.F_s.col(i);
    d.F_c.col(i) = d.F_p.col(i) - d.F(i) * s;
  }
  d.has_constraint_forces = true;
}

template <typename S>
const Vector6<S>& inverse_dynamics_dasgupta_from_kinematics(const StewartModel& model,
                                                            StewartDataTpl<S>& data,
                                                            const ExternalWrenchTpl<S>& wrench,
                                                            const InverseDynamicsOptions& options) {
  data.model_used = DynamicsModel::dasgupta;
  for (int i = 0; i < kLegs; ++i) leg_dynamics_dasgupta(model, data, i, options.dasgupta_eq16_literal);
  platform_terms(model, data, wrench);
  return detail::solve_and_recover(model, data, options, "inverse_dynamics_dasgupta");
}

template <typename S>
const Vector6<S>& inverse_dynamics_dasgupta(const StewartModel& model, StewartDataTpl<S>& data,
                                            const PlatformMotionTpl<S>& motion,
                                            const ExternalWrenchTpl<S>& wrench,
                                            const InverseDynamicsOptions& options) {
  return detail::checked_inverse_dynamics("inverse_dynamics_dasgupta", data, motion, wrench, [&] {
    for (int i = 0; i < kLegs; ++i) leg_kinematics_no_spin(model, data, i);
    inverse_dynamics_dasgupta_from_kinematics(model, data, wrench, options);
  });
}

#define MANIPDYN_INSTANTIATE(S)                                                                   \
  template void leg_dynamics_dasgupta<S>(const StewartModel&, StewartDataTpl<S>&, int, bool);    \
  template void platform_terms<S>(const StewartModel&, StewartDataTpl<S>&,                      \
                                  const ExternalWrenchTpl<S>&);                                   \
  template void constraint_forces<S>(const StewartModel&, StewartDataTpl<S>&);                  \
  template const Vector6<S>& inverse_dynamics_dasgupta_from_kinematics<S>(                        \
      const StewartModel&, StewartDataTpl<S>&, const ExternalWrenchTpl<S>&,                       \
      const InverseDynamicsOptions&);                                                             \
  template const Vector6<S>& inverse_dynamics_dasgupta<S>(                                        \
      const StewartModel&, StewartDataTpl<S>&, const PlatformMotionTpl<S>&,                       \
      const ExternalWrenchTpl<S>&, const InverseDynamicsOptions&);
MANIPDYN_FOR_STEWART_SCALARS(MANIPDYN_INSTANTIATE)
#undef MANIPDYN_INSTANTIATE

}  // namespace manipdyn::stewart
