/// \file modified_newton_euler.cpp
/// The modified Newton-Euler of Turney, Mudge & Lee 1980 sec. 5, standard DH link coordinates,
/// organised as the paper does: eqs 3.15-3.16 for w_i and alpha_i, the matrix
///   A_i = w_i w_i^t - Tr{w_i w_i^t} E + (alpha_i)^t sigma,  A_i b = alpha_i x b + w_i x (w_i x b),
/// then eq. 5.1
///   a_i = A_i r_i + R^T a_{i-1},  f_i = m_i A_i (rbar_i + r_i) + m_i R^T a_{i-1} + R f_{i+1},
/// and eq. 5.2
///   n_i = Tr{A_i K_i sigma^t} + m_i (rbar_i + r_i) x abar_i + r_i x R f_{i+1} + R n_{i+1},
/// with K_i = integral of rho rho^T dm about the COM in frame i = tr(I)/2 E - I (the paper prints
/// the diagonal form for principal axes along frame i; we use the full symmetric K_i, and the
/// diagonal 6-multiplication form when it is diagonal).
/// Corrections to the printed text: A_i(3,2) is w_z w_y + alpha_x (printed "+ alpha_z"); the
/// component x of Tr{A K sigma^t} is (A K)_zy - (A K)_yz (the text says "yz - zy"; the sign is
/// fixed by requiring eq. 5.2 to equal eq. 3.20, which tests/crosscheck checks); K_i is about the
/// COM, not "about the i-1th origin", since the m_i (rbar_i + r_i) x abar_i term carries the
/// transfer to origin i-1.
/// Prismatic joints (not treated in the report) are handled as in newton_euler.cpp: w_i and
/// alpha_i are rotated without joint terms, and R^T a_{i-1} in eq. 5.1 becomes
/// b_i = R^T (a_{i-1} + qdd z0 + 2 w_{i-1} x z0 qd), with r_i = (a_i, d_i sin alpha_i,
/// d_i cos alpha_i) depending on q_i; then a_i = A_i r_i + b_i and f_i = m_i A_i (rbar_i + r_i) +
/// m_i b_i + R f_{i+1}, and tau_i = (R^T z0)^t f_i.
#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/core/dual.hpp"
#include "checked_entry.hpp"
#include "input_checks.hpp"
#include "newton_euler_core.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"

namespace manipdyn {

namespace {

// Forward recursion (Turney et al. 1980): w_i, alpha_i (eqs 3.15-3.16), A_i, a_i and m_i abar_i
// (eq. 5.1) into data.w, wd, Amat, vd, F (and p*_i, p*_i + rbar_i into data.p, data.pc). Needs
// joint_trig.
template <typename S>
void modified_newton_euler_forward(const DhChain& ch, SerialDataTpl<S>& data, JointVectorIn<S> q,
                                   JointVectorIn<S> qd, JointVectorIn<S> qdd,
                                   const Vector3<S>& gravity) {
  const int n = ch.n;
  Vector3<S> wp = Vector3<S>::Zero(), ap = Vector3<S>::Zero();
  Vector3<S> vp = detail::base_acceleration(ch, gravity);
  for (int k = 0; k < n; ++k) {
    const auto [st, ct, sa, ca] = detail::link_trig(ch, data, k);
    const double m = ch.mass[k];
    Vector3<S>& w = data.w[k];
    Vector3<S>& al = data.wd[k];
    Vector3<S> b;    // R^T a_{i-1} (revolute), with the sliding terms (prismatic)
    Vector3<S> mpc;  // m_i (rbar_i + r_i), constant for a revolute joint
    if (ch.type[k] == JointType::revolute) {
      w = detail::std_to_child(st, ct, sa, ca, Vector3<S>(wp[0], wp[1], wp[2] + qd[k]));
      al = detail::std_to_child(
          st, ct, sa, ca, Vector3<S>(ap[0] + wp[1] * qd[k], ap[1] - wp[0] * qd[k], ap[2] + qdd[k]));
      b = detail::std_to_child(st, ct, sa, ca, vp);
      data.p[k] = ch.ne_p[k].template cast<S>();
      data.pc[k] = ch.ne_p_com[k].template cast<S>();
      mpc = (m * ch.ne_p_com[k]).template cast<S>();
    } else {
      w = detail::std_to_child(st, ct, sa, ca, wp);
      al = detail::std_to_child(st, ct, sa, ca, ap);
      const S t = qd[k] + qd[k];
      b = detail::std_to_child(st, ct, sa, ca,
                               Vector3<S>(vp[0] + t * wp[1], vp[1] - t * wp[0], vp[2] + qdd[k]));
      const S d = q[k] + ch.d[k];
      data.p[k] = Vector3<S>(S(ch.a[k]), d * sa, d * ca);
      data.pc[k] = data.p[k] + ch.com[k].template cast<S>();
      mpc = m * data.pc[k];
    }
    Matrix3<S>& A = data.Amat[k];
    detail::build_A(w, al, A);
    // eq. 5.1: m_i abar_i = m_i A_i (rbar_i + r_i) + m_i R^T a_{i-1};
    // a_i = A_i r_i + R^T a_{i-1}, needed by the next link only (Table 4: a_i 18(n-1))
    data.F[k] = detail::mat_vec(A, mpc) + m * b;
    if (k + 1 < n) data.vd[k] = detail::mat_vec(A, data.p[k]) + b;
    wp = w;
    ap = al;
    vp = data.vd[k];
  }
}

// Backward recursion: f_i (eq. 5.1), n_i (eq. 5.2), tau_i = (R^T z0)^t n_i (eq. 3.21) into
// data.f, data.nm, data.tau (rigid body). The wrist wrench f_{n+1}, n_{n+1} in frame n; with
// f_{n+1} = n_{n+1} = 0 (the paper's case) the last link has no child terms (Table 4: f_i
// 9(n-1)).
template <typename S>
void modified_newton_euler_backward(const DhChain& ch, SerialDataTpl<S>& data,
                                    const Vector6<S>& f_ext) {
  const int n = ch.n;
  Vector3<S> fc, nc;  // R f_{i+1}, R n_{i+1}
  detail::wrench_in_frame_n(ch, f_ext, fc, nc);
  bool child = detail::any_nonzero(f_ext);
  for (int k = n - 1; k >= 0; --k) {
    const Vector3<S>& F = data.F[k];
    data.nm[k] = detail::inertia_moment(data.Amat[k], ch.ne_K[k], ch.ne_K_diagonal[k] != 0) +
                 data.pc[k].cross(F);
    if (child) {
      data.f[k] = F + fc;
      data.nm[k] += data.p[k].cross(fc) + nc;
    } else {
      data.f[k] = F;
    }
    child = true;
    detail::std_joint_torque_and_child_terms<S>(ch, data, k, fc, nc);
  }
}

}  // namespace

template <typename S>
const VectorX<S>& inverse_dynamics_modified_newton_euler(Unchecked, const SerialModel& model,
                                                         SerialDataTpl<S>& data, JointVectorIn<S> q,
                                                         JointVectorIn<S> qd, JointVectorIn<S> qdd,
                                                         const Vector3In<S>& gravity,
                                                         const Vector6In<S>& f_ext) {
  return detail::standard_dh_inverse_dynamics<S>(model, data, q, qd, qdd, [&](const DhChain& ch) {
    modified_newton_euler_forward<S>(ch, data, q, qd, qdd, gravity);
    modified_newton_euler_backward<S>(ch, data, f_ext);
  });
}

MANIPDYN_INVERSE_DYNAMICS_ENTRIES(inverse_dynamics_modified_newton_euler)

}  // namespace manipdyn
