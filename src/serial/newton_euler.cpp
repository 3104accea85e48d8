/// \file newton_euler.cpp
/// Recursive Newton-Euler in link coordinates, standard DH frames: Turney, Mudge & Lee 1980,
/// eqs 3.15-3.21 (Lee et al. 1982 eqs 3.21-3.27), base at rest with a_0 = -g, wrist wrench
/// f_{n+1}, n_{n+1}. Evaluated as the paper's Table 3 counts it: w x (w x b) + alpha x b through
/// the matrix A_i (built once per link, applied to r_i and rbar_i); I alpha + w x (I w) with the
/// full inertia tensor; rotations by R = Rz(theta) Rx(alpha) in factored form (8 mul 4 add).
/// Correction: eq. 3.16 is printed with w_i inside R^T(...); it is w_{i-1} (frame i-1), as in
/// Lee et al. 1982 eq. 3.22 (w_{i-1} + qd z0 gives the same result since z0 x z0 = 0).
/// Revolute joints as in the paper; prismatic joints as in Luh, Walker & Paul 1980 (the form of
/// Lee et al. 1982): w_i = R^T w_{i-1}, alpha_i = R^T alpha_{i-1},
/// a_i = R^T (a_{i-1} + qdd z0) + 2 w_i x (R^T z0 qd) + alpha_i x p*_i + w_i x (w_i x p*_i),
/// with p*_i = (a_i, d_i sin alpha_i, d_i cos alpha_i) depending on q_i, and
/// tau_i = (R^T z0)^t f_i.
#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/core/dual.hpp"
#include "checked_entry.hpp"
#include "input_checks.hpp"
#include "newton_euler_core.hpp"
#include "manipdyn/serial/drive.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"

namespace manipdyn {

namespace {

// Forward recursion (Turney et al. 1980 eqs 3.15-3.18), base at rest with a_0 = -g (frame 0):
// w_i, alpha_i, p*_i, A_i, a_i and abar_i into data.w, wd, p, Amat, vd, vcd. Needs joint_trig.
template <typename S>
void newton_euler_forward(const DhChain& ch, SerialDataTpl<S>& data, JointVectorIn<S> q,
                          JointVectorIn<S> qd, JointVectorIn<S> qdd, const Vector3<S>& gravity) {
  const int n = ch.n;
  Vector3<S> wp = Vector3<S>::Zero(), ap = Vector3<S>::Zero();
  Vector3<S> vp = detail::base_acceleration(ch, gravity);
  for (int k = 0; k < n; ++k) {
    const auto [st, ct, sa, ca] = detail::link_trig(ch, data, k);
    Vector3<S>& w = data.w[k];
    Vector3<S>& al = data.wd[k];
    Vector3<S>& a = data.vd[k];
    Vector3<S>& p = data.p[k];
    Vector3<S> b;  // R^T a_{i-1}, with the sliding terms for a prismatic joint
    if (ch.type[k] == JointType::revolute) {
      p = ch.ne_p[k].template cast<S>();
      // eq. 3.15: w_i = R^T (w_{i-1} + qd z0)
      w = detail::std_to_child(st, ct, sa, ca, Vector3<S>(wp[0], wp[1], wp[2] + qd[k]));
      // eq. 3.16: alpha_i = R^T (alpha_{i-1} + w_{i-1} x z0 qd + qdd z0)
      al = detail::std_to_child(
          st, ct, sa, ca, Vector3<S>(ap[0] + wp[1] * qd[k], ap[1] - wp[0] * qd[k], ap[2] + qdd[k]));
      b = detail::std_to_child(st, ct, sa, ca, vp);
    } else {
      const S d = q[k] + ch.d[k];
      p = Vector3<S>(S(ch.a[k]), d * sa, d * ca);
      w = detail::std_to_child(st, ct, sa, ca, wp);
      al = detail::std_to_child(st, ct, sa, ca, ap);
      // R^T (a_{i-1} + qdd z0 + 2 w_{i-1} x z0 qd) = R^T (a_{i-1} + qdd z0) + 2 w_i x R^T z0 qd
      const S t = qd[k] + qd[k];
      b = detail::std_to_child(st, ct, sa, ca,
                               Vector3<S>(vp[0] + t * wp[1], vp[1] - t * wp[0], vp[2] + qdd[k]));
    }
    // The operator b -> w_i x (w_i x b) + alpha_i x b as the matrix A_i (Turney et al. sec. 5),
    // built once and applied to r_i and rbar_i, as the operation counts of Table 3 assume.
    Matrix3<S>& A = data.Amat[k];
    detail::build_A(w, al, A);
    // eq. 3.17: a_i = w_i x (w_i x p*_i) + alpha_i x p*_i + R^T a_{i-1}
    a = detail::mat_vec(A, p) + b;
    // eq. 3.18: abar_i = w_i x (w_i x rbar_i) + alpha_i x rbar_i + a_i
    data.vcd[k] = detail::mat_vec(A, ch.com[k]) + a;
    wp = w;
    ap = al;
    vp = a;
  }
}

// Backward recursion (eqs 3.19-3.21) from the wrist wrench f_{n+1}, n_{n+1} (frame n): f_i, n_i
// into data.f, data.nm and the rigid-body torques into data.tau.
template <typename S>
void newton_euler_backward(const DhChain& ch, SerialDataTpl<S>& data, const Vector6<S>& f_ext) {
  const int n = ch.n;
  Vector3<S> fc, nc;  // R_i^{i+1} f_{i+1}, R_i^{i+1} n_{i+1}: the child's force and moment here
  detail::wrench_in_frame_n(ch, f_ext, fc, nc);
  for (int k = n - 1; k >= 0; --k) {
    const Matrix3<S> I = ch.inertia_com[k].template cast<S>();
    const Vector3<S>& w = data.w[k];
    const Vector3<S>& p = data.p[k];
    const double m = ch.mass[k];
    // m_i (rbar_i + p*_i), constant for a revolute joint
    const Vector3<S> mpc = ch.type[k] == JointType::revolute
                               ? Vector3<S>((m * ch.ne_p_com[k]).template cast<S>())
                               : Vector3<S>(m * (p + ch.com[k].template cast<S>()));
    // eq. 3.19: f_i = m_i abar_i + R f_{i+1}
    const Vector3<S>& abar = data.vcd[k];
    data.f[k] = m * abar + fc;
    // eq. 3.20: n_i = I alpha + w x (I w) + m (rbar + p*) x abar + p* x R f_{i+1} + R n_{i+1}
    data.nm[k] = I * data.wd[k] + w.cross(I * w) + mpc.cross(abar) + p.cross(fc) + nc;
    // eq. 3.21: tau_i = (R^T z0)^t n_i (revolute), (R^T z0)^t f_i (prismatic)
    detail::std_joint_torque_and_child_terms<S>(ch, data, k, fc, nc);
  }
}

}  // namespace

template <typename S>
const VectorX<S>& inverse_dynamics_newton_euler(Unchecked, const SerialModel& model,
                                                SerialDataTpl<S>& data, JointVectorIn<S> q,
                                                JointVectorIn<S> qd, JointVectorIn<S> qdd,
                                                const Vector3In<S>& gravity,
                                                const Vector6In<S>& f_ext) {
  return detail::standard_dh_inverse_dynamics<S>(model, data, q, qd, qdd, [&](const DhChain& ch) {
    newton_euler_forward<S>(ch, data, q, qd, qdd, gravity);
    newton_euler_backward<S>(ch, data, f_ext);
  });
}

MANIPDYN_INVERSE_DYNAMICS_ENTRIES(inverse_dynamics_newton_euler)

}  // namespace manipdyn
