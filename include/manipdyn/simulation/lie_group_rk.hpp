#pragma once
/// \file lie_group_rk.hpp
/// The local coordinates that let the Runge-Kutta integrators of
/// core/integrators.hpp step a free-flyer's configuration on its group (Munthe-Kaas 1998,
/// "Runge-Kutta methods on Lie groups", BIT 38; RKMK). Within one integrator call the
/// configuration is q(t) = integrate(q_start, u(t), 1) with u (nv) in the tangent space at the
/// call's start q_start; the integrators see the vector state [u; v] and step it as usual (its
/// stages are integrate(q_start, u_stage, 1): the stage's configuration from the call's start),
/// and u' = dexp^-1_{-u}(v) on the base's six entries (the joints: u_j' = v_j). After the call
/// q_start <- integrate(q_start, u, 1) and u <- 0, so u stays small (one step or one sample).
/// With v the body twist of M(q) = M(q_start) exp(u),
///   u' = v + 1/2 ad_u v + 1/12 ad_u^2 v - 1/720 ad_u^4 v + O(|u|^6 |v|)
/// (the Bernoulli series of dexp^-1; ad on se(3) in [linear; angular] order:
/// ad_(a, b) (c, d) = (b x c + a x d, b x d)); RK4 on [u; v] with this series truncated after
/// ad^2 keeps its fourth order (Munthe-Kaas, Theorem 2: q - 2 = 2 terms), the ad^4 term makes
/// the truncation negligible at the sizes of u a step reaches. Used by simulate() and the
/// free-floating study (analysis/free_floating_study.hpp).
#include "manipdyn/core/types.hpp"

namespace manipdyn {

/// ad_x y on se(3), [linear; angular] order.
inline Vector6d se3_ad(const Vector6d& x, const Vector6d& y) {
  Vector6d r;
  r.head<3>() = x.tail<3>().cross(y.head<3>()) + x.head<3>().cross(y.tail<3>());
  r.tail<3>() = x.tail<3>().cross(y.tail<3>());
  return r;
}

/// The rate u' (nv) of the local coordinate u for the body twist v at the local coordinate u (both nv; the base's six entries first):
/// dexp^-1_{-u}(v) on the base (file comment), v on the joints.
template <typename Out>
void local_coordinate_rate(const Eigen::Ref<const VectorXd>& u,
                           const Eigen::Ref<const VectorXd>& v, Out&& udot) {
  udot = v;
  const Vector6d ub = u.head<6>(), vb = v.head<6>();
  const Vector6d a1 = se3_ad(ub, vb), a2 = se3_ad(ub, a1), a3 = se3_ad(ub, a2),
                 a4 = se3_ad(ub, a3);
  udot.template head<6>() += 0.5 * a1 + (1.0 / 12.0) * a2 - (1.0 / 720.0) * a4;
}

}  // namespace manipdyn
