// Inverse dynamics of the Stewart platform by Dasgupta & Mruthyunjaya 1998 (eqs. 11-42), and the
// final 6x6 solve shared with the improved model.
#include "manipdyn/stewart/inverse_dynamics_dasgupta.hpp"

#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <utility>

#include <Eigen/Eigenvalues>
#include <Eigen/SVD>

#include "manipdyn/core/check.hpp"
#include "manipdyn/core/counting_scalar.hpp"

namespace manipdyn::stewart {

namespace {

// LU factorisation of a 6x6 matrix with partial pivoting, in place; false on a zero pivot.
template <typename S>
bool lu_factor6(Matrix6<S>& a, std::array<int, kLegs>& perm) {
  double amax = 0;
  for (int r = 0; r < 6; ++r) {
    perm[static_cast<std::size_t>(r)] = r;
    for (int c = 0; c < 6; ++c) amax = std::max(amax, std::abs(math::value(a(r, c))));
  }
  for (int k = 0; k < 6; ++k) {
    int p = k;
    for (int r = k + 1; r < 6; ++r)
      if (std::abs(math::value(a(r, k))) > std::abs(math::value(a(p, k)))) p = r;
    if (!(std::abs(math::value(a(p, k))) > 1e-14 * amax)) return false;
    if (p != k) {
      a.row(k).swap(a.row(p));
      std::swap(perm[static_cast<std::size_t>(k)], perm[static_cast<std::size_t>(p)]);
    }
    const S inv = S(1) / a(k, k);
    for (int r = k + 1; r < 6; ++r) {
      a(r, k) *= inv;
      for (int c = k + 1; c < 6; ++c) a(r, c) -= a(r, k) * a(k, c);
    }
  }
  return true;
}

// Solves (P^T L U) y = b with the factors of lu_factor6.
template <typename S>
Vector6<S> lu_solve6(const Matrix6<S>& a, const std::array<int, kLegs>& perm, const Vector6<S>& b) {
  Vector6<S> y;
  for (int i = 0; i < 6; ++i) {
    y(i) = b(perm[static_cast<std::size_t>(i)]);
    for (int j = 0; j < i; ++j) y(i) -= a(i, j) * y(j);
  }
  for (int i = 5; i >= 0; --i) {
    for (int j = i + 1; j < 6; ++j) y(i) -= a(i, j) * y(j);
    y(i) /= a(i, i);
  }
  return y;
}

template <typename S>
Eigen::Matrix<double, 6, 6> to_double(const Matrix6<S>& m) {
  Eigen::Matrix<double, 6, 6> r;
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j) r(i, j) = math::value(m(i, j));
  return r;
}

}  // namespace

template <typename S>
void leg_dynamics_dasgupta(const StewartModel& model, StewartDataTpl<S>& d, int i, bool eq16_literal) {
  const auto ii = static_cast<std::size_t>(i);
  const LegMassProperties& leg = model.legs[ii];
  const Matrix3<S>& T = d.T[ii];
  const Vector3<S> s = d.s.col(i);
  const Vector3<S> W = d.W.col(i);
  const Vector3<S> A = d.A.col(i);
  const Vector3<S> g = model.g.template cast<S>();
  const S Ld = d.Ld(i);
  // centres of mass and their accelerations (eqs. 11-14)
  const Vector3<S> r_d = T * leg.r_d0.template cast<S>();
  const Vector3<S> r_u = d.S_.col(i) + T * leg.r_u0.template cast<S>();
  const Vector3<S> a_d = A.cross(r_d) + W.cross(W.cross(r_d));
  const Vector3<S> a_u = d.Ldd(i) * s + A.cross(r_u) + W.cross(W.cross(r_u)) + (S(2) * Ld) * W.cross(s);
  // (I_d + I_u) A and W x (I_d + I_u) W through the leg frame (eqs. 15-16, centroidal inertias)
  const Matrix3<S> I0 = model.I_leg0[ii].template cast<S>();
  const Vector3<S> IA = T * (I0 * (T.transpose() * A));
  const Vector3<S> IW = T * (I0 * (T.transpose() * W));
  // leg moment vector C (eqs. 19-20) and the friction at the U and S joints (eqs. 17-18)
  Vector3<S> C = S(leg.m_d) * r_d.cross(a_d - g) + S(leg.m_u) * r_u.cross(a_u - g) + IA + W.cross(IW);
  Vector3<S> f = Vector3<S>::Zero();
  if (model.has_friction) {
    f = S(model.Cs) * (W - d.motion.omega);
    C += S(model.Cu) * W + f;
  }
  // printed eq. 16: T m_u L^2 diag(0,1,1) T^T = m_u L^2 (E - s s^T); with s.A = s.W = 0 it adds
  // m_u L^2 A (and W x m_u L^2 W = 0)
  if (eq16_literal) C += (S(leg.m_u) * d.L(i) * d.L(i)) * A;
  // reduction to one unknown (eqs. 21, 24, 29) and column i of H (eq. 36)
  const S inv_L = S(1) / d.L(i);
  d.K.col(i) = C.cross(s) * inv_L;
  d.D(i) = S(leg.m_u) * s.dot(a_u - g);
  if (model.has_friction) d.D(i) += S(model.Cp) * Ld;
  d.M_u(i) = s.dot(C);
  d.M_u_axis.col(i) = s;
  d.H.template block<3, 1>(0, i) = s;
  d.H.template block<3, 1>(3, i) = d.q.col(i).cross(s);
  d.r_d.col(i) = r_d;
  d.r_u.col(i) = r_u;
  d.a_u.col(i) = a_u;
  d.C.col(i) = C;
  d.f.col(i) = f;
}

template <typename S>
void platform_terms(const StewartModel& model, StewartDataTpl<S>& d,
                    const ExternalWrenchTpl<S>& wrench) {
  const PlatformMotionTpl<S>& m = d.motion;
  // COM position and acceleration (eqs. 30-31)
  const Vector3<S> r = m.R * model.R0.template cast<S>();
  d.a_c = m.alpha.cross(r) + m.omega.cross(m.omega.cross(r)) + m.a;
  // I alpha and omega x I omega with I = R I_p R^T (eq. 32)
  const Matrix3<S> Ip = model.I_p.template cast<S>();
  const Vector3<S> Ialpha = m.R * (Ip * (m.R.transpose() * m.alpha));
  const Vector3<S> Iomega = m.R * (Ip * (m.R.transpose() * m.omega));
  // right-hand side with massless legs (eq. 41)
  const Vector3<S> gma = model.g.template cast<S>() - d.a_c;
  d.c0.template head<3>() = m.R * wrench.f + S(model.M) * gma;
  d.c0.template tail<3>() = S(model.M) * r.cross(gma) - Ialpha - m.omega.cross(Iomega) + m.R * wrench.m;
}

template <typename S>
void eliminated_right_hand_side(const StewartModel& model, StewartDataTpl<S>& d) {
  Vector3<S> sumK = d.K.col(0);
  Vector3<S> sumM = d.q.col(0).cross(d.K.col(0));
  for (int i = 1; i < kLegs; ++i) {
    sumK += d.K.col(i);
    sumM += d.q.col(i).cross(d.K.col(i));
  }
  if (model.has_friction)
    for (int i = 0; i < kLegs; ++i) sumM -= d.f.col(i);
  d.rhs.template head<3>() = d.c0.template head<3>() - sumK;
  d.rhs.template tail<3>() = d.c0.template tail<3>() - sumM;
}

template <typename S>
void solve_leg_forces(const StewartModel& model, StewartDataTpl<S>& d,
                      const InverseDynamicsOptions& options, const char* where) {
  // the thresholds on cond(H) >= 1 (inf: never)
  for (const auto& [name, x] : {std::pair{"options.condition_warning", options.condition_warning},
                                std::pair{"options.singular_condition", options.singular_condition}})
    if (!(x >= 1)) {
      std::ostringstream os;
      os << where << ": " << name << " = " << x << " must be >= 1 (a condition number is at least 1; inf for none)";
      throw std::invalid_argument(os.str());
    }
  // right-hand side c of eq. 35
  eliminated_right_hand_side(model, d);
  // conditioning (sec. 4.2): ratio of extreme singular values, in double
  double cond = 0;
  if (options.condition_number) {
    // singular values as square roots of the eigenvalues of H^T H (sec. 4.2); accurate while
    // cond^2 << 1/eps, so a one-sided Jacobi SVD takes over for ill-conditioned H
    const Eigen::Matrix<double, 6, 6> Hd = to_double(d.H);
    Eigen::SelfAdjointEigenSolver<Eigen::Matrix<double, 6, 6>> eig(Hd.transpose() * Hd,
                                                                   Eigen::EigenvaluesOnly);
    const auto& ev = eig.eigenvalues();  // ascending
    cond = ev(0) > 0 ? std::sqrt(ev(5) / ev(0)) : std::numeric_limits<double>::infinity();
    if (!(cond < 1e4)) {
      Eigen::JacobiSVD<Eigen::Matrix<double, 6, 6>> svd(Hd);
      const auto& sv = svd.singularValues();
      cond = sv(5) > 0 ? sv(0) / sv(5) : std::numeric_limits<double>::infinity();
    }
  }
  d.condition_number = cond;
  d.ill_conditioned = cond > options.condition_warning;
  // LU of H; a zero pivot or a huge condition number is a singular pose
  d.lu = d.H;
  const bool ok = lu_factor6(d.lu, d.perm);
  if (!ok || !(cond <= options.singular_condition)) {
    Eigen::JacobiSVD<Eigen::Matrix<double, 6, 6>> svd(to_double(d.H), Eigen::ComputeFullV);
    Eigen::Index leg = 0;
    svd.matrixV().col(5).cwiseAbs().maxCoeff(&leg);
    const double c = svd.singularValues()(5) > 0
                         ? svd.singularValues()(0) / svd.singularValues()(5)
                         : std::numeric_limits<double>::infinity();
    std::ostringstream os;
    os << where << ": singular configuration at " << describe_pose(d.motion)
       << ": H has condition number " << c << " (limit " << options.singular_condition
       << "); leg " << leg + 1
       << " dominates the null direction of H, no leg forces can balance the platform";
    throw std::invalid_argument(os.str());
  }
  // leg forces (eq. 37) and the massless-leg forces (eqs. 41-42)
  d.x = lu_solve6(d.lu, d.perm, d.rhs);
  d.F = d.D - d.x;
  d.F0 = lu_solve6(d.lu, d.perm, Vector6<S>(-d.c0));
  d.Fd = d.F - d.F0;
  for (int i = 0; i < kLegs; ++i) d.dynamic_fraction(i) = d.Fd(i) / d.F(i);
  d.has_constraint_forces = false;
}

template <typename S>
void constraint_forces(const StewartModel& model, StewartDataTpl<S>& d) {
  const bool improved = d.model_used == DynamicsModel::improved;
  const Vector3<S> g = model.g.template cast<S>();
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
  solve_leg_forces(model, data, options, "inverse_dynamics_dasgupta");
  if (options.constraint_forces) constraint_forces(model, data);
  return data.F;
}

template <typename S>
const Vector6<S>& inverse_dynamics_dasgupta(const StewartModel& model, StewartDataTpl<S>& data,
                                            const PlatformMotionTpl<S>& motion,
                                            const ExternalWrenchTpl<S>& wrench,
                                            const InverseDynamicsOptions& options) {
  check_motion("inverse_dynamics_dasgupta", motion);
  check_finite("inverse_dynamics_dasgupta", "wrench.f", wrench.f);
  check_finite("inverse_dynamics_dasgupta", "wrench.m", wrench.m);
  data.motion = motion;
  for (int i = 0; i < kLegs; ++i) leg_kinematics_no_spin(model, data, i);
  inverse_dynamics_dasgupta_from_kinematics(model, data, wrench, options);
  check_forces("inverse_dynamics_dasgupta", data.F, motion, wrench);
  return data.F;
}

#define MANIPDYN_INSTANTIATE(S)                                                                   \
  template void leg_dynamics_dasgupta<S>(const StewartModel&, StewartDataTpl<S>&, int, bool);    \
  template void platform_terms<S>(const StewartModel&, StewartDataTpl<S>&,                      \
                                  const ExternalWrenchTpl<S>&);                                   \
  template void eliminated_right_hand_side<S>(const StewartModel&, StewartDataTpl<S>&);         \
  template void solve_leg_forces<S>(const StewartModel&, StewartDataTpl<S>&,                    \
                                    const InverseDynamicsOptions&, const char*);                  \
  template void constraint_forces<S>(const StewartModel&, StewartDataTpl<S>&);                  \
  template const Vector6<S>& inverse_dynamics_dasgupta_from_kinematics<S>(                        \
      const StewartModel&, StewartDataTpl<S>&, const ExternalWrenchTpl<S>&,                       \
      const InverseDynamicsOptions&);                                                             \
  template const Vector6<S>& inverse_dynamics_dasgupta<S>(                                        \
      const StewartModel&, StewartDataTpl<S>&, const PlatformMotionTpl<S>&,                       \
      const ExternalWrenchTpl<S>&, const InverseDynamicsOptions&);
MANIPDYN_INSTANTIATE(double)
MANIPDYN_INSTANTIATE(Counted)
#undef MANIPDYN_INSTANTIATE

}  // namespace manipdyn::stewart
