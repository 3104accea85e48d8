// Forward dynamics of the Stewart platform: task-space inertia (direct and by strobing the inverse
// dynamics, Turney et al. 1980), bias, and the L D L^T solve (see forward_dynamics.hpp).
#include "manipdyn/stewart/forward_dynamics.hpp"

#include <cmath>
#include <sstream>
#include <stdexcept>

#include "manipdyn/core/check.hpp"
#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/stewart/derivatives.hpp"
#include "manipdyn/stewart/inverse_dynamics_dasgupta.hpp"
#include "manipdyn/stewart/inverse_dynamics_improved.hpp"
#include "manipdyn/stewart/inverse_kinematics.hpp"

namespace manipdyn::stewart {

namespace {

// -[r]x^2 = |r|^2 E - r r^T: the inertia of a unit point mass at r about the origin
template <typename S>
Matrix3<S> point_inertia(const Vector3<S>& r) {
  Matrix3<S> m = -r * r.transpose();
  const S r2 = r.squaredNorm();
  for (int j = 0; j < 3; ++j) m(j, j) += r2;
  return m;
}

// Leg kinematics of model `which` for every leg (data.motion set by the caller).
template <typename S>
void legs_kinematics(const StewartModel& model, StewartDataTpl<S>& d, DynamicsModel which) {
  for (int i = 0; i < kLegs; ++i) {
    leg_kinematics_no_spin(model, d, i);
    if (which == DynamicsModel::improved) leg_kinematics_universal_joint(model, d, i);
  }
}

// Lambda = L D L^T without pivoting, in place in `f` (unit L below the diagonal, D on it); false
// on a vanishing pivot. `positive` tells whether every pivot is positive.
template <typename S>
bool ldlt6(const Matrix6<S>& a, Matrix6<S>& f, bool& positive) {
  double scale = 0;
  for (int j = 0; j < 6; ++j) scale = std::max(scale, std::abs(math::value(a(j, j))));
  positive = true;
  for (int j = 0; j < 6; ++j) {
    // D_j = a_jj - sum_k L_jk^2 D_k; column j of L (Golub & Van Loan, Algorithm 4.1.2)
    S dj = a(j, j);
    for (int k = 0; k < j; ++k) dj -= f(j, k) * f(j, k) * f(k, k);
    if (!(std::abs(math::value(dj)) > 1e-14 * scale)) return false;
    if (!(math::value(dj) > 0)) positive = false;
    f(j, j) = dj;
    const S inv = S(1) / dj;
    for (int i = j + 1; i < 6; ++i) {
      S v = a(i, j);
      for (int k = 0; k < j; ++k) v -= f(i, k) * f(j, k) * f(k, k);
      f(i, j) = v * inv;
    }
  }
  return true;
}

// Solves L D L^T x = b with the factors of ldlt6.
template <typename S>
Vector6<S> ldlt6_solve(const Matrix6<S>& f, const Vector6<S>& b) {
  Vector6<S> x = b;
  for (int i = 0; i < 6; ++i)
    for (int k = 0; k < i; ++k) x(i) -= f(i, k) * x(k);
  for (int i = 0; i < 6; ++i) x(i) /= f(i, i);
  for (int i = 5; i >= 0; --i)
    for (int k = i + 1; k < 6; ++k) x(i) -= f(k, i) * x(k);
  return x;
}

}  // namespace

template <typename S>
Vector6<S> actuator_wrench_from_motion(DynamicsModel which, const StewartModel& model,
                                       StewartDataTpl<S>& d, const ExternalWrenchTpl<S>& wrench) {
  // leg kinematics, per-leg reduction and platform terms (eqs. 1-32 / Pedrammehr eqs. 12-50)
  legs_kinematics(model, d, which);
  d.model_used = which;
  d.has_constraint_forces = false;  // F_s, F_u, ... of an earlier inverse dynamics are stale now
  if (which == DynamicsModel::improved) {
    for (int i = 0; i < kLegs; ++i) leg_dynamics_improved(model, d, i);
    platform_terms_improved(model, d, wrench);
  } else {
    for (int i = 0; i < kLegs; ++i) leg_dynamics_dasgupta(model, d, i);
    platform_terms(model, d, wrench);
  }
  // c of eq. 35: c0 - [sum K; sum (q x K - f)]
  eliminated_right_hand_side(model, d);
  // H F = H (D - x) = H D - c (eqs. 36-37)
  return d.H * d.D - d.rhs;
}

template <typename S>
const Matrix6<S>& task_space_inertia_from_kinematics(DynamicsModel which,
                                                     const StewartModel& model,
                                                     StewartDataTpl<S>& d) {
  const PlatformMotionTpl<S>& m = d.motion;
  Matrix6<S>& Lam = d.Lambda;
  // platform: spatial inertia about its frame origin t (eqs. 30-32; Pedrammehr eq. 50)
  const Vector3<S> r = m.R * model.R0.template cast<S>();
  const S M(model.M);
  const Matrix3<S> Ic = m.R * model.I_p.template cast<S>() * m.R.transpose();
  Matrix3<S> rx;
  rx << S(0), -r(2), r(1), r(2), S(0), -r(0), -r(1), r(0), S(0);
  Lam.setZero();
  for (int j = 0; j < 3; ++j) Lam(j, j) = M;
  Lam.template block<3, 3>(3, 0) = M * rx;
  Lam.template block<3, 3>(0, 3) = -M * rx;
  Lam.template block<3, 3>(3, 3) = Ic + M * point_inertia(r);
  for (int i = 0; i < kLegs; ++i) {
    const auto ii = static_cast<std::size_t>(i);
    const LegMassProperties& leg = model.legs[ii];
    const Matrix3<S>& T = d.T[ii];
    const Vector3<S> s = d.s.col(i);
    const Vector3<S> q = d.q.col(i);
    const S inv_L = S(1) / d.L(i);
    // h = [s; q x s]: Ld = h^T xd, Ldd = h^T xdd + (velocity terms) (eqs. 5, 8)
    Vector6<S> h;
    h.template head<3>() = s;
    h.template tail<3>() = q.cross(s);
    // B: the leg angular acceleration per unit xdd, A = (s x (a + alpha x q))/L + ... (eq. 9);
    // for the exact U joint alpha_l = (E - s c^T/(s.c)) A + ... (Pedrammehr eqs. 21-25)
    Eigen::Matrix<S, 3, 6> B;
    B.template leftCols<3>() << S(0), -s(2), s(1), s(2), S(0), -s(0), -s(1), s(0), S(0);
    B.template rightCols<3>() = -q * s.transpose();
    const S sq = s.dot(q);
    for (int j = 0; j < 3; ++j) B(j, 3 + j) += sq;
    B *= inv_L;
    if (which == DynamicsModel::improved) {
      const Vector3<S> c = d.c.col(i);
      const Eigen::Matrix<S, 1, 6> cB = c.transpose() * B;
      B -= (s / s.dot(c)) * cB;
    }
    // J: both parts about the U-joint centre b_i (centroidal + parallel axes, eqs. 15-16, 19)
    const Vector3<S> r_d = T * leg.r_d0.template cast<S>();
    const Vector3<S> r_u = d.S_.col(i) + T * leg.r_u0.template cast<S>();
    const Matrix3<S> J = T * model.I_leg0[ii].template cast<S>() * T.transpose() +
                         S(leg.m_d) * point_inertia(r_d) + S(leg.m_u) * point_inertia(r_u);
    // kinetic energy of the leg: 1/2 m_u Ld^2 + m_u Ld u.w + 1/2 w^T J w, u = r_u x s
    const Vector6<S> Bu = B.transpose() * r_u.cross(s);
    const Eigen::Matrix<S, 3, 6> JB = J * B;
    const Vector6<S> mh = S(leg.m_u) * h, mhBu = mh + S(leg.m_u) * Bu;
    // lower triangle only (the upper one is mirrored below)
    for (int j = 0; j < 6; ++j)
      for (int k = j; k < 6; ++k)
        Lam(k, j) += B.col(k).dot(JB.col(j)) + mhBu(k) * h(j) + mh(k) * Bu(j);
  }
  // exact symmetry: the upper triangle mirrors the lower one
  for (int j = 0; j < 6; ++j)
    for (int i = j + 1; i < 6; ++i) Lam(j, i) = Lam(i, j);
  return Lam;
}

template <typename S>
const Matrix6<S>& task_space_inertia(DynamicsModel which, const StewartModel& model,
                                     StewartDataTpl<S>& d, const PlatformMotionTpl<S>& pose,
                                     TaskSpaceMethod method) {
  check_motion("task_space_inertia", pose);
  d.motion = PlatformMotionTpl<S>{};
  d.motion.t = pose.t;
  d.motion.R = pose.R;
  if (method == TaskSpaceMethod::direct) {
    legs_kinematics(model, d, which);
    task_space_inertia_from_kinematics(which, model, d);
  } else {
    // strobing (Turney et al. 1980): column j = (H D - c)(e_j) - (H D - c)(0), at rest
    Matrix6<S> Lam;
    for (int j = 0; j < 6; ++j) {
      d.motion.a.setZero();
      d.motion.alpha.setZero();
      (j < 3 ? d.motion.a : d.motion.alpha)(j % 3) = S(1);
      Lam.col(j) = actuator_wrench_from_motion(which, model, d, ExternalWrenchTpl<S>{});
    }
    d.motion.a.setZero();
    d.motion.alpha.setZero();
    const Vector6<S> u0 = actuator_wrench_from_motion(which, model, d, ExternalWrenchTpl<S>{});
    for (int j = 0; j < 6; ++j) Lam.col(j) -= u0;
    // the strobed matrix is symmetric to rounding; its mean with the transpose is exactly so
    d.Lambda = S(0.5) * (Lam + Lam.transpose());
  }
  check_result("task_space_inertia", "Lambda", d.Lambda, result_input("pose.t", pose.t));
  return d.Lambda;
}

template <typename S>
const Vector6<S>& task_space_bias(DynamicsModel which, const StewartModel& model,
                                  StewartDataTpl<S>& d, const PlatformMotionTpl<S>& state,
                                  const ExternalWrenchTpl<S>& wrench) {
  check_motion("task_space_bias", state);
  check_finite("task_space_bias", "wrench.f", wrench.f);
  check_finite("task_space_bias", "wrench.m", wrench.m);
  d.motion = state;
  d.motion.a.setZero();
  d.motion.alpha.setZero();
  d.mu = actuator_wrench_from_motion(which, model, d, wrench);
  check_result("task_space_bias", "mu", d.mu, result_input("state.t", state.t),
               result_input("state.v", state.v), result_input("state.omega", state.omega),
               result_input("wrench.f", wrench.f), result_input("wrench.m", wrench.m));
  return d.mu;
}

template <typename S>
const Vector6<S>& forward_dynamics(DynamicsModel which, const StewartModel& model,
                                   StewartDataTpl<S>& d, const PlatformMotionTpl<S>& state,
                                   const Vector6<S>& F, const ExternalWrenchTpl<S>& wrench,
                                   const ForwardDynamicsOptions& options) {
  check_motion("forward_dynamics", state);
  check_finite("forward_dynamics", "F", F);
  check_finite("forward_dynamics", "wrench.f", wrench.f);
  check_finite("forward_dynamics", "wrench.m", wrench.m);
  // task-space inertia (pose only); strobing leaves data at rest, so it comes first
  if (options.method == TaskSpaceMethod::strobe)
    task_space_inertia(which, model, d, state, TaskSpaceMethod::strobe);
  // bias: the inverse dynamics at zero acceleration, H F(0) = H D - c
  d.motion = state;
  d.motion.a.setZero();
  d.motion.alpha.setZero();
  d.mu = actuator_wrench_from_motion(which, model, d, wrench);
  if (options.method == TaskSpaceMethod::direct) task_space_inertia_from_kinematics(which, model, d);
  // Lambda xdd = H F - mu by L D L^T
  if (!ldlt6(d.Lambda, d.Lambda_ldlt, d.Lambda_positive_definite)) {
    std::ostringstream os;
    os << "forward_dynamics: the task-space inertia Lambda is singular at " << describe_pose(state)
       << " (a zero pivot in L D L^T); the model's mass properties are degenerate";
    throw std::invalid_argument(os.str());
  }
  d.xdd = ldlt6_solve(d.Lambda_ldlt, Vector6<S>(d.H * F - d.mu));
  d.motion.a = d.xdd.template head<3>();
  d.motion.alpha = d.xdd.template tail<3>();
  check_result("forward_dynamics", "xdd", d.xdd, result_input("state.t", state.t),
               result_input("state.v", state.v), result_input("state.omega", state.omega),
               result_input("F", F), result_input("wrench.f", wrench.f),
               result_input("wrench.m", wrench.m));
  return d.xdd;
}

template <typename S>
Vector6<S> solve_task_space_inertia(const StewartDataTpl<S>& d, const Vector6<S>& b) {
  return ldlt6_solve(d.Lambda_ldlt, b);
}

#define MANIPDYN_INSTANTIATE(S)                                                                   \
  template Vector6<S> actuator_wrench_from_motion<S>(DynamicsModel, const StewartModel&,          \
                                                     StewartDataTpl<S>&,                          \
                                                     const ExternalWrenchTpl<S>&);                \
  template const Matrix6<S>& task_space_inertia_from_kinematics<S>(                               \
      DynamicsModel, const StewartModel&, StewartDataTpl<S>&);                                    \
  template const Matrix6<S>& task_space_inertia<S>(DynamicsModel, const StewartModel&,            \
                                                   StewartDataTpl<S>&, const PlatformMotionTpl<S>&, \
                                                   TaskSpaceMethod);                              \
  template const Vector6<S>& task_space_bias<S>(DynamicsModel, const StewartModel&,               \
                                                StewartDataTpl<S>&, const PlatformMotionTpl<S>&,  \
                                                const ExternalWrenchTpl<S>&);                     \
  template const Vector6<S>& forward_dynamics<S>(                                                 \
      DynamicsModel, const StewartModel&, StewartDataTpl<S>&, const PlatformMotionTpl<S>&,        \
      const Vector6<S>&, const ExternalWrenchTpl<S>&, const ForwardDynamicsOptions&);           \
  template Vector6<S> solve_task_space_inertia<S>(const StewartDataTpl<S>&, const Vector6<S>&);
MANIPDYN_INSTANTIATE(double)
MANIPDYN_INSTANTIATE(Counted)
MANIPDYN_INSTANTIATE(StewartDual)  // derivatives.hpp
#undef MANIPDYN_INSTANTIATE

}  // namespace manipdyn::stewart
