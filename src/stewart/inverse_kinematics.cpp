// Inverse kinematics of the Stewart platform (Dasgupta 1998 eqs. 1-10; Pedrammehr 2012 eqs. 12-25).
#include "manipdyn/stewart/inverse_kinematics.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "manipdyn/core/check.hpp"
#include "manipdyn/core/complex_step.hpp"
#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/stewart/derivatives.hpp"
#include "scalars.hpp"

namespace manipdyn::stewart {

template <typename S>
void check_motion(const char* where, const PlatformMotionTpl<S>& m) {
  check_finite(where, "motion.t", m.t);
  check_finite(where, "motion.R", m.R);
  check_finite(where, "motion.v", m.v);
  check_finite(where, "motion.omega", m.omega);
  check_finite(where, "motion.a", m.a);
  check_finite(where, "motion.alpha", m.alpha);
  Matrix3d R;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) R(r, c) = math::value(m.R(r, c));
  const double err = (R.transpose() * R - Matrix3d::Identity()).cwiseAbs().maxCoeff();
  if (err > 1e-6 || R.determinant() < 0) {
    std::ostringstream os;
    os << where << ": motion.R is not a rotation matrix (|R^T R - I| = " << err
       << ", det = " << R.determinant() << ")";
    throw std::invalid_argument(os.str());
  }
}

template <typename S>
std::string describe_pose(const PlatformMotionTpl<S>& m) {
  Matrix3d R;
  Vector3d t;
  for (int r = 0; r < 3; ++r) {
    t(r) = math::value(m.t(r));
    for (int c = 0; c < 3; ++c) R(r, c) = math::value(m.R(r, c));
  }
  const double thy = std::atan2(-R(2, 0), std::hypot(R(0, 0), R(1, 0))) + 0.0;  // no "-0"
  const double thx = std::atan2(R(2, 1), R(2, 2)) + 0.0;
  const double thz = std::atan2(R(1, 0), R(0, 0)) + 0.0;
  std::ostringstream os;
  os << "pose t = [" << t(0) + 0.0 << ", " << t(1) + 0.0 << ", " << t(2) + 0.0 << "], rpy = [" << thx << ", " << thy
     << ", " << thz << "]";
  return os.str();
}

namespace {

// The error of a leg length that overflows: names the largest of the inputs that make up the leg
// vector S_i = R p_i + t - b_i (eq. 1), i.e. the one that overflowed.
template <typename S>
[[noreturn]] void throw_leg_overflow(const StewartModel& model, const PlatformMotionTpl<S>& m, int i) {
  double t_max = 0;
  for (int r = 0; r < 3; ++r) t_max = std::max(t_max, std::abs(math::value(m.t(r))));
  const double b_max = model.b.col(i).cwiseAbs().maxCoeff(), p_max = model.p.col(i).cwiseAbs().maxCoeff();
  std::ostringstream os;
  os << "inverse_kinematics: leg " << i + 1 << " length is not finite (overflow: ";
  if (t_max >= b_max && t_max >= p_max)
    os << "the position t is too large";
  else if (b_max >= p_max)
    os << "the base point b_" << i + 1 << " is too large, |b_" << i + 1 << "| = " << model.b.col(i).stableNorm()
       << " m";
  else
    os << "the platform point p_" << i + 1 << " is too large, |p_" << i + 1
       << "| = " << model.p.col(i).stableNorm() << " m";
  os << ") at " << describe_pose(m);
  throw std::invalid_argument(os.str());
}

}  // namespace

template <typename S>
void leg_kinematics_no_spin(const StewartModel& model, StewartDataTpl<S>& d, int i) {
  const PlatformMotionTpl<S>& m = d.motion;
  // leg vector, length and axis (eqs. 1-3)
  const Vector3<S> q = m.R * model.p.col(i).template cast<S>();
  const Vector3<S> Sv = q + m.t - model.b.col(i).template cast<S>();
  const S L = math::sqrt(Sv.squaredNorm());
  if (!std::isfinite(math::value(L))) throw_leg_overflow(model, m, i);
  if (!(math::value(L) > 1e-12)) {
    std::ostringstream os;
    os << "inverse_kinematics: leg " << i + 1 << " has zero length at " << describe_pose(m);
    throw std::invalid_argument(os.str());
  }
  const S inv_L = S(1) / L;
  const Vector3<S> s = Sv * inv_L;
  // velocities (eqs. 4-6)
  const Vector3<S> Sd = m.omega.cross(q) + m.v;
  const S Ld = s.dot(Sd);
  const Vector3<S> W = s.cross(Sd) * inv_L;
  // accelerations (eqs. 7-9; eq. 9 as A = (s x S'' - 2 L' W)/L)
  const Vector3<S> Sdd = m.alpha.cross(q) + m.omega.cross(m.omega.cross(q)) + m.a;
  const S Ldd = s.dot(Sdd) + L * W.squaredNorm();
  const Vector3<S> A = (s.cross(Sdd) - S(2) * Ld * W) * inv_L;
  // leg frame (eq. 10)
  const Vector3<S> kxs = model.k.col(i).template cast<S>().cross(s);
  const S nk = math::sqrt(kxs.squaredNorm());
  if (!(math::value(nk) > 1e-9)) {
    std::ostringstream os;
    os << "inverse_kinematics: leg " << i + 1 << " axis is parallel to its U-joint axis k_"
       << i + 1 << " (|k x s| = " << math::value(nk) << ") at " << describe_pose(m);
    throw std::invalid_argument(os.str());
  }
  const Vector3<S> y = kxs / nk;
  Matrix3<S>& T = d.T[static_cast<std::size_t>(i)];
  T.col(0) = s;
  T.col(1) = y;
  T.col(2) = s.cross(y);
  d.q.col(i) = q;
  d.S_.col(i) = Sv;
  d.s.col(i) = s;
  d.L(i) = L;
  d.Sd.col(i) = Sd;
  d.Ld(i) = Ld;
  d.W.col(i) = W;
  d.Sdd.col(i) = Sdd;
  d.Ldd(i) = Ldd;
  d.A.col(i) = A;
}

template <typename S>
void leg_kinematics_universal_joint(const StewartModel& model, StewartDataTpl<S>& d, int i) {
  const Vector3<S> s = d.s.col(i);
  const Vector3<S> k = model.k.col(i).template cast<S>();
  const Vector3<S> v = d.T[static_cast<std::size_t>(i)].col(1);
  const Vector3<S> W = d.W.col(i);
  const Vector3<S> A = d.A.col(i);
  // cross normal and s.c = -|k x s| (never zero once eq. 10 succeeded)
  const Vector3<S> c = k.cross(v);
  const S sc = s.dot(c);
  // angular velocity: omega_l = W + w_t s with omega_l.c = 0 (eqs. 15-17)
  const S wt = -W.dot(c) / sc;
  const Vector3<S> wl = W + wt * s;
  const S wu = wl.dot(k);
  const S wv = wl.dot(v);
  // angular acceleration: d/dt(omega_l.c) = 0 with dc/dt = -w_u v gives alpha_l.c = w_u w_v
  const Vector3<S> sd = W.cross(s);
  const Vector3<S> base = A + wt * sd;
  const S at = (wu * wv - base.dot(c)) / sc;
  d.c.col(i) = c;
  d.omega_l.col(i) = wl;
  d.alpha_l.col(i) = base + at * s;
  d.spin(i) = wt;
  d.spin_acc(i) = at;
  d.omega_u(i) = wu;
  d.omega_v(i) = wv;
}

template <typename S>
const StewartDataTpl<S>& inverse_kinematics(const StewartModel& model, StewartDataTpl<S>& data,
                                            const PlatformMotionTpl<S>& motion) {
  check_motion("inverse_kinematics", motion);
  data.motion = motion;
  for (int i = 0; i < kLegs; ++i) {
    leg_kinematics_no_spin(model, data, i);
    leg_kinematics_universal_joint(model, data, i);
  }
  return data;
}

template <typename S>
void check_forces(const char* where, const Vector6<S>& F, const PlatformMotionTpl<S>& m,
                  const ExternalWrenchTpl<S>& w) {
  check_result(where, "F", F, result_input("motion.t", m.t), result_input("motion.v", m.v),
               result_input("motion.omega", m.omega), result_input("motion.a", m.a),
               result_input("motion.alpha", m.alpha), result_input("wrench.f", w.f),
               result_input("wrench.m", w.m));
}

#define MANIPDYN_INSTANTIATE(S)                                                                 \
  template void check_motion<S>(const char*, const PlatformMotionTpl<S>&);                     \
  template void check_forces<S>(const char*, const Vector6<S>&, const PlatformMotionTpl<S>&,   \
                                const ExternalWrenchTpl<S>&);                                   \
  template std::string describe_pose<S>(const PlatformMotionTpl<S>&);                          \
  template void leg_kinematics_no_spin<S>(const StewartModel&, StewartDataTpl<S>&, int);       \
  template void leg_kinematics_universal_joint<S>(const StewartModel&, StewartDataTpl<S>&, int); \
  template const StewartDataTpl<S>& inverse_kinematics<S>(const StewartModel&, StewartDataTpl<S>&, \
                                                          const PlatformMotionTpl<S>&);
MANIPDYN_FOR_STEWART_SCALARS(MANIPDYN_INSTANTIATE)
#undef MANIPDYN_INSTANTIATE

}  // namespace manipdyn::stewart
