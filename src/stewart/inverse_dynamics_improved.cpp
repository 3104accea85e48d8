// Inverse dynamics of the Stewart platform, improved model of Pedrammehr et al. 2012 (eqs. 26-51),
// re-derived (see inverse_dynamics_improved.hpp and docs/stewart.md).
#include "manipdyn/stewart/inverse_dynamics_improved.hpp"

#include "manipdyn/core/check.hpp"
#include "manipdyn/core/complex_step.hpp"
#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/stewart/derivatives.hpp"
#include "shared_terms.hpp"
#include "manipdyn/stewart/inverse_dynamics_dasgupta.hpp"
#include "manipdyn/stewart/task_space_elimination.hpp"
#include "scalars.hpp"

namespace manipdyn::stewart {

template <typename S>
void leg_dynamics_improved(const StewartModel& model, StewartDataTpl<S>& d, int i) {
  const LegMassProperties& leg = model.legs[static_cast<std::size_t>(i)];
  const Vector3<S> s = d.s.col(i);
  const Vector3<S> c = d.c.col(i);
  const Vector3<S> w = d.omega_l.col(i);
  const Vector3<S> al = d.alpha_l.col(i);
  const Vector3<S> g = model.gravity.template cast<S>();
  // centres of mass (eqs. 26-27) and the upper COM acceleration (eq. 30); the lower part about
  // the fixed U-joint centre (parallel axes, eq. 32) + the upper part about its COM
  const auto [r_d, r_u, a_u, IA, IW] =
      detail::leg_terms(model, d, i, w, al, model.I_leg_pivot0[static_cast<std::size_t>(i)]);
  // moment vector N_i of eq. 36 (all moments about b_i except the joint reactions)
  Vector3<S> C = IA + w.cross(IW) - S(leg.m_d) * r_d.cross(g) + S(leg.m_u) * r_u.cross(a_u - g);
  const Vector3<S> f = detail::add_joint_friction(model, w, d.motion.omega, C);
  // U-joint moment along c (eqs. 34, 37) and the S-joint force's known part (eq. 38)
  const S Mu = s.dot(C) / s.dot(c);
  d.K.col(i) = (C - Mu * c).cross(s) / d.L(i);
  d.M_u(i) = Mu;
  d.M_u_axis.col(i) = c;
  // D (eq. 24 with eq. 30's a_u) and column i of H (eq. 36)
  detail::store_leg_reduction(model, d, i, r_d, r_u, a_u, C, f);
}

template <typename S>
void platform_terms_improved(const StewartModel& model, StewartDataTpl<S>& d,
                             const ExternalWrenchTpl<S>& wrench) {
  const PlatformMotionTpl<S>& m = d.motion;
  // COM (eqs. 46-47); inertia about the platform origin (eq. 50): moments = I_O alpha +
  // w x I_O w + M r x a_origin
  const detail::PlatformInertiaTerms<S> p = detail::platform_inertia_terms(model, d, model.I_p_origin);
  const Vector3<S> g = model.gravity.template cast<S>();
  d.c0.template head<3>() = m.R * wrench.f + S(model.M) * (g - d.a_c);
  d.c0.template tail<3>() = S(model.M) * p.r.cross(g - m.a) - p.Ialpha - m.omega.cross(p.Iomega) + m.R * wrench.m;
}

template <typename S>
const Vector6<S>& inverse_dynamics_improved_from_kinematics(const StewartModel& model,
                                                            StewartDataTpl<S>& data,
                                                            const ExternalWrenchTpl<S>& wrench,
                                                            const InverseDynamicsOptions& options) {
  data.model_used = DynamicsModel::improved;
  for (int i = 0; i < kLegs; ++i) leg_dynamics_improved(model, data, i);
  platform_terms_improved(model, data, wrench);
  return detail::solve_and_recover(model, data, options, "inverse_dynamics_improved");
}

template <typename S>
const Vector6<S>& inverse_dynamics_improved(const StewartModel& model, StewartDataTpl<S>& data,
                                            const PlatformMotionTpl<S>& motion,
                                            const ExternalWrenchTpl<S>& wrench,
                                            const InverseDynamicsOptions& options) {
  return detail::checked_inverse_dynamics("inverse_dynamics_improved", data, motion, wrench, [&] {
    for (int i = 0; i < kLegs; ++i) {
      leg_kinematics_no_spin(model, data, i);
      leg_kinematics_universal_joint(model, data, i);
    }
    inverse_dynamics_improved_from_kinematics(model, data, wrench, options);
  });
}

#define MANIPDYN_INSTANTIATE(S)                                                                   \
  template void leg_dynamics_improved<S>(const StewartModel&, StewartDataTpl<S>&, int);          \
  template void platform_terms_improved<S>(const StewartModel&, StewartDataTpl<S>&,             \
                                           const ExternalWrenchTpl<S>&);                          \
  template const Vector6<S>& inverse_dynamics_improved_from_kinematics<S>(                        \
      const StewartModel&, StewartDataTpl<S>&, const ExternalWrenchTpl<S>&,                       \
      const InverseDynamicsOptions&);                                                             \
  template const Vector6<S>& inverse_dynamics_improved<S>(                                        \
      const StewartModel&, StewartDataTpl<S>&, const PlatformMotionTpl<S>&,                       \
      const ExternalWrenchTpl<S>&, const InverseDynamicsOptions&);
MANIPDYN_FOR_STEWART_SCALARS(MANIPDYN_INSTANTIATE)
#undef MANIPDYN_INSTANTIATE

}  // namespace manipdyn::stewart
