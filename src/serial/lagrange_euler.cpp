/// \file lagrange_euler.cpp
/// The Lagrange-Euler formulation in the 4x4 trace form (Turney, Mudge, Lee 1980, eqs 2.1-2.11 and
/// appendix A; Lee, Chung, Mudge, Turney 1982, eqs 3.6-3.10), in the standard DH frames of
/// model.standard:
///
///   tau_i = sum_k D_ik qdd_k + sum_{k,m} h_ikm qd_k qd_m + c_i,
///   D_ik  = sum_{j >= max(i,k)}   tr(U_jk  J_j U_ji^T),
///   h_ikm = sum_{j >= max(i,k,m)} tr(U_jkm J_j U_ji^T),
///   c_i   = -sum_{j >= i} m_j g^T U_ji rbar_j      (g = [g; 0] in chain frame 0),
///
/// with U_ij = d(0T_i)/dq_j = 0T_{j-1} Q_j T_{j-1}^i and U_ijk = d^2(0T_i)/dq_j dq_k.
///
/// Signs. c_i is the torque that holds the arm against gravity, i.e. +dV/dq with the potential
/// V = -sum m_j g^T p_com_j (Lee et al. 1982 eq. 3.6, g = (0, 0, -|g|, 0)). Turney et al. 1980
/// write eq. 2.7 with "- dP.E./dq" and eq. 2.1 with P.E. = -sum g z0^T T m r; the two sign slips
/// cancel only if g there is the magnitude; Lee et al. eq. 3.10 drops the minus sign of 3.6.
/// The tests (regression/serial_closed_form.cpp: pendulum; crosscheck/serial_energy.cpp:
/// G = dV/dq by finite differences) fix the sign used here.
///
/// Derivatives. Moving Q to the left (Turney et al. eqs 1.9, 1.11, 1.12):
///   U_ij  = Q0_j 0T_i,  Q0_j = 0T_{j-1} Q_j (0T_{j-1})^{-1},
///   U_ijk = Q0_j Q0_k 0T_i = Q0_j U_ik   (j <= k <= i),
/// with, for a revolute joint about the axis z through the point o (both in frame 0),
///   Q0 = [[S(z), o x z], [0, 0]]   (S(z) b = z x b),
/// and for a prismatic joint along z, Q0 = [[0, z], [0, 0]]. Hence Q0_j U_ik = 0 for a prismatic
/// joint j, and U_ik has only its translation column when joint k is prismatic. The products
/// with Q0 are cross products (6 multiplications, 3 additions each); with the base axis
/// z_0 = (0, 0, 1), o_0 = 0 they are a row exchange and a negation (not counted, as in the
/// paper's appendix).
///
/// Organisation (appendix A of Turney et al.): (1) the link transforms and 0T_i; (2) the first and
/// (3) second partials; (4) per link q the "kinetic term"
///   K_q = [sum_j U_qj qdd_j + sum_{j,k} U_qjk qd_j qd_k] J_q;
/// (5) tau_i = sum_{q >= i} tr(K_q U_qi^T); (6) the gravity terms. This is O(n^3); the separate
/// D and h (mass_matrix_lagrange_euler, velocity_coupling_lagrange_euler) are O(n^3) and O(n^4).
///
/// All loops are written out by hand (no Eigen products) so that the counting scalar sees exactly
/// the operations done, and so that double and Counted round identically.
#include <algorithm>
#include <array>
#include <string>
#include <string_view>

#include "manipdyn/core/check.hpp"
#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/core/dual.hpp"
#include "manipdyn/serial/dh_transform.hpp"
#include "manipdyn/serial/drive.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "checked_entry.hpp"
#include "input_checks.hpp"
#include "newton_euler_core.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "scalars.hpp"

namespace manipdyn {

namespace {

// The entries of a U or U3 matrix that can be nonzero: rows [r0, r1), columns [c0, 4) (the
// bottom row of a derivative of a homogeneous transform is always zero).
struct Shape {
  int r0 = 0, r1 = 3, c0 = 0;
  bool empty() const { return r0 >= r1; }
};

// U_qj = Q0_j 0T_q: all columns for a revolute joint j, only the translation column (the axis
// z_j) for a prismatic one. For j = 0 (z_0 = (0, 0, 1), o_0 = 0) row 2 of a revolute U is zero
// and a prismatic U is the single entry (2, 3) = 1.
Shape u_shape(const DhChain& c, int j) {
  const bool revolute = c.type[j] == JointType::revolute;
  if (j == 0) return revolute ? Shape{0, 2, 0} : Shape{2, 3, 3};
  return revolute ? Shape{0, 3, 0} : Shape{0, 3, 3};
}

// U_qjk = Q0_j U_qk for j <= k: zero for a prismatic joint j; otherwise the rows of Q0_j (0-1
// for j = 0) and the columns of U_qk.
Shape u3_shape(const DhChain& c, int j, int k) {
  if (c.type[j] == JointType::prismatic) return Shape{0, 0, 3};
  return Shape{0, j == 0 ? 2 : 3, u_shape(c, k).c0};
}

// out = a b for homogeneous transforms a, b (bottom rows 0 0 0 1): R = Ra Rb, p = Ra pb + pa.
// 36 multiplications, 27 additions.
template <typename S>
void multiply_homogeneous(const Matrix4<S>& a, const Matrix4<S>& b, Matrix4<S>& out) {
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c)
      out(r, c) = a(r, 0) * b(0, c) + a(r, 1) * b(1, c) + a(r, 2) * b(2, c);
    out(r, 3) = a(r, 0) * b(0, 3) + a(r, 1) * b(1, 3) + a(r, 2) * b(2, 3) + a(r, 3);
  }
  out(3, 0) = S(0);
  out(3, 1) = S(0);
  out(3, 2) = S(0);
  out(3, 3) = S(1);
}

// out[0..2] = z x v (6 multiplications, 3 additions).
template <typename S>
void cross(const S& z0, const S& z1, const S& z2, const S& v0, const S& v1, const S& v2, S& o0,
           S& o1, S& o2) {
  o0 = z1 * v2 - z2 * v1;
  o1 = z2 * v0 - z0 * v2;
  o2 = z0 * v1 - z1 * v0;
}

// out = Q0_j M for a matrix M with a zero bottom row or a homogeneous transform (`homogeneous`
// adds the o x z column times M's bottom row (0 0 0 1)); only the columns [first, 4) of M can
// be nonzero. Joint j = 0 of the chain has z = (0, 0, 1), o = 0: a row exchange and a negation.
template <typename S>
void multiply_q0(const DhChain& chain, const SerialDataTpl<S>& data, int j, const Matrix4<S>& m,
                 int first, bool homogeneous, Matrix4<S>& out) {
  out.setZero();
  const Matrix4<S>& Q = data.Q0[j];
  if (chain.type[j] == JointType::prismatic) {
    // Q0 = [[0, z], [0, 0]]: only the bottom row of m (0 0 0 1 for a transform) contributes.
    if (homogeneous) out.template block<3, 1>(0, 3) = Q.template block<3, 1>(0, 3);
    return;
  }
  for (int c = first; c < 4; ++c) {
    if (j == 0) {
      out(0, c) = -m(1, c);
      out(1, c) = m(0, c);
    } else {
      // S(z) v with z = (Q(2,1), Q(0,2), Q(1,0)).
      cross(Q(2, 1), Q(0, 2), Q(1, 0), m(0, c), m(1, c), m(2, c), out(0, c), out(1, c),
            out(2, c));
    }
  }
  if (homogeneous && j != 0)
    for (int r = 0; r < 3; ++r) out(r, 3) += Q(r, 3);
}

// The heap bytes of the Lagrange-Euler buffers for n joints: A, T0_le, Q0 (3n + 1 4x4), U (n^2
// 4x4), qd_pairs and the output M (n^2 scalars each), with `second_partials` U3 (n^3 4x4), with
// `coupling` the C^k (n^3 scalars). In floating point, so that it cannot wrap for a huge n.
template <typename S>
double workspace_bytes_needed(int n, bool second_partials, bool coupling) {
  const double nd = n, m4 = sizeof(Matrix4<S>), s = sizeof(S);
  double bytes = m4 * (nd * nd + 3.0 * nd + 1.0) + 2.0 * s * nd * nd;
  if (second_partials) bytes += m4 * nd * nd * nd;
  if (coupling) bytes += s * nd * nd * nd;
  return bytes;
}

// Refuses (std::invalid_argument naming the function, n and the limit) an n whose buffers would
// exceed kMaxWorkspaceBytes, before anything is allocated.
template <typename S>
void check_le_limit(std::string_view where, int n, bool second_partials, bool coupling) {
  detail::check_workspace_limit(where, n, workspace_bytes_needed<S>(n, second_partials, coupling),
                                second_partials
                                    ? "the Lagrange-Euler partials U_ij, U_ijk: 128 n^3 "
                                      "bytes"
                                    : "the Lagrange-Euler partials U_ij: 128 n^2 bytes");
}

// Sizes the Lagrange-Euler workspace on first use (and if the model changed size); the caller
// has checked the limit.
template <typename S>
void ensure_workspace(SerialDataTpl<S>& data, int n, bool second_partials) {
  const std::size_t nn = static_cast<std::size_t>(n) * n;
  if (data.A.size() != static_cast<std::size_t>(n)) data.A.assign(n, Matrix4<S>::Identity());
  if (data.T0_le.size() != static_cast<std::size_t>(n + 1))
    data.T0_le.assign(n + 1, Matrix4<S>::Identity());
  if (data.Q0.size() != static_cast<std::size_t>(n)) data.Q0.assign(n, Matrix4<S>::Zero());
  if (data.U.size() != nn) data.U.assign(nn, Matrix4<S>::Zero());
  if (second_partials && data.U3.size() != nn * n) data.U3.assign(nn * n, Matrix4<S>::Zero());
  detail::ensure_size(data.qd_pairs, n, n);
}

// Steps 1-3 of appendix A: link transforms A_i, 0T_i, Q0_j, U_ij and (if asked) U_ijk.
// Indices are 0-based: link q (frame q+1) moved by joints 0..q; U[q*n + j] = d(0T_{q+1})/dq_j,
// U3[(q*n + j)*n + k] = d^2(0T_{q+1})/dq_j dq_k (both halves j <= k and j > k are stored).
template <typename S>
void lagrange_euler_kinematics(const DhChain& chain, SerialDataTpl<S>& data, JointVectorIn<S> q,
                               bool second_partials) {
  const int n = chain.n;
  ensure_workspace(data, n, second_partials);
  // (1) the link transforms {i-1}T{i} and 0T_i = 0T_{i-1} {i-1}T{i}, chain frame 0.
  data.T0_le[0].setIdentity();
  for (int i = 0; i < n; ++i) {
    data.A[i] = dh_link_transform<S>(chain, i, q[i]);
    if (i == 0)
      data.T0_le[1] = data.A[0];
    else
      multiply_homogeneous(data.T0_le[i], data.A[i], data.T0_le[i + 1]);
  }
  // Q0_j from the axis z_{j-1} and origin o_{j-1} of frame j-1 (eq. 1.11): [[S(z), o x z], 0].
  for (int j = 0; j < n; ++j) {
    Matrix4<S>& Q = data.Q0[j];
    Q.setZero();
    const Matrix4<S>& T = data.T0_le[j];
    if (chain.type[j] == JointType::prismatic) {
      Q.template block<3, 1>(0, 3) = T.template block<3, 1>(0, 2);
      continue;
    }
    if (j == 0) {  // z_0 = (0, 0, 1), o_0 = 0
      Q(0, 1) = S(-1);
      Q(1, 0) = S(1);
      continue;
    }
    const S& z0 = T(0, 2);
    const S& z1 = T(1, 2);
    const S& z2 = T(2, 2);
    Q(0, 1) = -z2;
    Q(0, 2) = z1;
    Q(1, 0) = z2;
    Q(1, 2) = -z0;
    Q(2, 0) = -z1;
    Q(2, 1) = z0;
    cross(T(0, 3), T(1, 3), T(2, 3), z0, z1, z2, Q(0, 3), Q(1, 3), Q(2, 3));
  }
  // (2) first partials U_qj = Q0_j 0T_q (eq. 1.11), j <= q.
  for (int qi = 0; qi < n; ++qi)
    for (int j = 0; j <= qi; ++j)
      multiply_q0(chain, data, j, data.T0_le[qi + 1], 0, true, data.U[qi * n + j]);
  if (!second_partials) return;
  // (3) second partials U_qjk = Q0_j U_qk (eq. 1.12), j <= k <= q, mirrored to U_qkj.
  for (int qi = 0; qi < n; ++qi)
    for (int k = 0; k <= qi; ++k)
      for (int j = 0; j <= k; ++j) {
        Matrix4<S>& out = data.U3[(qi * n + j) * n + k];
        if (u3_shape(chain, j, k).empty())
          out.setZero();
        else
          multiply_q0(chain, data, j, data.U[qi * n + k], u_shape(chain, k).c0, false, out);
        if (j != k) data.U3[(qi * n + k) * n + j] = out;
      }
}

// acc (+)= x, where the first contribution is an assignment (no addition counted).
template <typename S>
void accumulate(S& acc, const S& x, bool& live) {
  if (live)
    acc += x;
  else {
    acc = x;
    live = true;
  }
}

// A 3 x 4 sum of U or U3 blocks times scalars, tracking which entries have been written so that
// the first contribution to an entry is an assignment.
template <typename S>
struct BlockSum {
  Matrix4<S> value = Matrix4<S>::Zero();
  std::array<bool, 12> live{};  // entry (r, c) at r * 4 + c
  void add(const Matrix4<S>& u, Shape sh, const S& factor) {
    for (int r = sh.r0; r < sh.r1; ++r)
      for (int c = sh.c0; c < 4; ++c)
        accumulate(value(r, c), u(r, c) * factor, live[r * 4 + c]);
  }
  std::array<bool, 3> rows() const {
    std::array<bool, 3> out{};
    for (int r = 0; r < 3; ++r)
      out[r] = live[r * 4] || live[r * 4 + 1] || live[r * 4 + 2] || live[r * 4 + 3];
    return out;
  }
};

// P = U J (rows [r0, r1) of P) for a U of shape sh and the pseudo-inertia J (4 x 4).
template <typename S>
void times_pseudo_inertia(const Matrix4<S>& u, Shape sh, const Matrix4d& J, Matrix4<S>& P) {
  P.setZero();
  for (int r = sh.r0; r < sh.r1; ++r)
    for (int c = 0; c < 4; ++c) {
      bool live = false;
      for (int l = sh.c0; l < 4; ++l) accumulate(P(r, c), u(r, l) * J(l, c), live);
    }
}

// The rows [r0, r1) as a mask.
std::array<bool, 3> row_mask(Shape sh) {
  std::array<bool, 3> m{};
  for (int r = sh.r0; r < sh.r1; ++r) m[r] = true;
  return m;
}

// P = B J (3 x 4) for the pseudo-inertia J (4 x 4), over the live columns of B.
template <typename S>
void times_pseudo_inertia(const BlockSum<S>& b, const Matrix4d& J, Matrix4<S>& P) {
  P.setZero();
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 4; ++c) {
      bool live = false;
      for (int l = 0; l < 4; ++l)
        if (b.live[r * 4 + l]) accumulate(P(r, c), b.value(r, l) * J(l, c), live);
    }
}

// tr(P U^T) = sum of the entrywise products over the nonzero entries of U of shape sh, in the
// rows where P can be nonzero (p_rows). Zero (no operation) if they do not meet.
template <typename S>
S trace_product(const Matrix4<S>& P, const std::array<bool, 3>& p_rows, const Matrix4<S>& u,
                Shape sh) {
  S t(0);
  bool live = false;
  for (int r = sh.r0; r < sh.r1; ++r)
    if (p_rows[r])
      for (int c = sh.c0; c < 4; ++c) accumulate(t, P(r, c) * u(r, c), live);
  return t;
}

// Gravity in chain frame 0: base^T g (free when the base rotation is the identity).
template <typename S>
Vector3<S> gravity_in_chain(const DhChain& chain, const Vector3<S>& gravity) {
  const Matrix3d R = chain.base.linear();
  if (R == Matrix3d::Identity()) return gravity;
  Vector3<S> g0;
  for (int r = 0; r < 3; ++r)
    g0[r] = R(0, r) * gravity[0] + R(1, r) * gravity[1] + R(2, r) * gravity[2];
  return g0;
}

// (6) c_i = -g^T sum_{q >= i} U_qi (m_q rbar_q; m_q) (Lee et al. 1982 eq. 3.6), into out.
template <typename S>
void gravity_terms(const DhChain& chain, const SerialDataTpl<S>& data, const Vector3<S>& g0,
                   VectorX<S>& out, bool add_to_out) {
  const int n = chain.n;
  for (int i = 0; i < n; ++i) {
    // Only the rows of U_qi that are nonzero and meet a nonzero component of g are needed (for
    // g along z_0 one row, as in the paper's appendix).
    const Shape sh = u_shape(chain, i);
    std::array<bool, 3> rows{};
    for (int r = sh.r0; r < sh.r1; ++r) rows[r] = math::value(g0[r]) != 0.0;
    std::array<S, 3> s{};
    std::array<bool, 3> live{};
    for (int qi = i; qi < n; ++qi) {
      const Matrix4<S>& u = data.U[qi * n + i];
      const Vector3d& h = chain.first_moment[qi];
      const double m = chain.mass[qi];
      for (int r = 0; r < 3; ++r) {
        if (!rows[r]) continue;
        S v = u(r, 3) * m;
        if (sh.c0 == 0) v = u(r, 0) * h[0] + u(r, 1) * h[1] + u(r, 2) * h[2] + v;
        accumulate(s[r], v, live[r]);
      }
    }
    S c(0);
    bool any = false;
    for (int r = 0; r < 3; ++r)
      if (rows[r]) accumulate(c, g0[r] * s[r], any);
    if (!any) {
      if (!add_to_out) out[i] = S(0);
      continue;
    }
    if (add_to_out)
      out[i] -= c;
    else
      out[i] = -c;
  }
}

// tau += J^T f_ext for the wrench f_ext = [f; n] that the end-effector exerts on the environment,
// in the end-effector frame (frame n * tool), moment about its origin: with f0, n0 in chain
// frame 0, tau_j += z . ((p_ee - o) x f0 + n0) (revolute) or z . f0 (prismatic).
template <typename S>
void add_external_wrench(const DhChain& chain, const SerialDataTpl<S>& data,
                         const Vector6<S>& f_ext, VectorX<S>& tau) {
  const int n = chain.n;
  const Matrix4<S>& Tn = data.T0_le[n];
  Matrix4<S> Tee;
  if (chain.tool.matrix() == Matrix4d::Identity())
    Tee = Tn;
  else
    multiply_homogeneous(Tn, to_matrix4<S>(chain.tool), Tee);
  Vector3<S> f0, n0;
  for (int r = 0; r < 3; ++r) {
    f0[r] = Tee(r, 0) * f_ext[0] + Tee(r, 1) * f_ext[1] + Tee(r, 2) * f_ext[2];
    n0[r] = Tee(r, 0) * f_ext[3] + Tee(r, 1) * f_ext[4] + Tee(r, 2) * f_ext[5];
  }
  for (int j = 0; j < n; ++j) {
    const Matrix4<S>& T = data.T0_le[j];
    const S& z0 = T(0, 2);
    const S& z1 = T(1, 2);
    const S& z2 = T(2, 2);
    if (chain.type[j] == JointType::prismatic) {
      tau[j] += z0 * f0[0] + z1 * f0[1] + z2 * f0[2];
      continue;
    }
    const S d0 = Tee(0, 3) - T(0, 3), d1 = Tee(1, 3) - T(1, 3), d2 = Tee(2, 3) - T(2, 3);
    S m0, m1, m2;
    cross(d0, d1, d2, f0[0], f0[1], f0[2], m0, m1, m2);
    tau[j] += z0 * (m0 + n0[0]) + z1 * (m1 + n0[1]) + z2 * (m2 + n0[2]);
  }
}

template <typename S>
bool is_zero(const Vector6<S>& v) {
  for (int k = 0; k < 6; ++k)
    if (math::value(v[k]) != 0.0) return false;
  return true;
}

}  // namespace

template <typename S>
const VectorX<S>& inverse_dynamics_lagrange_euler(Unchecked, const SerialModel& model,
                                                  SerialDataTpl<S>& data, JointVectorIn<S> q,
                                                  JointVectorIn<S> qd, JointVectorIn<S> qdd,
                                                  const Vector3In<S>& gravity,
                                                  const Vector6In<S>& f_ext) {
  const int n = model.dof();
  // the memory limit is a resource guard, kept in the unchecked overload too
  check_le_limit<S>("inverse_dynamics_lagrange_euler", n, true, false);
  const DhChain& chain = model.standard;
  if (data.tau.size() != n) data.tau = VectorX<S>::Zero(n);

  // (1)-(3) transforms, first and second partials.
  lagrange_euler_kinematics(chain, data, q, true);

  // Velocity products qd_j qd_k, doubled for j < k (U_qjk = U_qkj).
  for (int k = 0; k < n; ++k)
    for (int j = 0; j <= k; ++j) {
      const S p = qd[j] * qd[k];
      data.qd_pairs(j, k) = j == k ? p : p + p;
    }

  // (4)-(5) per link q: K_q = [sum_j U_qj qdd_j + sum_{j<=k} U_qjk qd_j qd_k] J_q, then
  // tau_i += tr(K_q U_qi^T) for i <= q.
  Matrix4<S> K;
  for (int qi = 0; qi < n; ++qi) {
    BlockSum<S> b;
    for (int j = 0; j <= qi; ++j) b.add(data.U[qi * n + j], u_shape(chain, j), qdd[j]);
    for (int k = 0; k <= qi; ++k)
      for (int j = 0; j <= k; ++j)
        b.add(data.U3[(qi * n + j) * n + k], u3_shape(chain, j, k), data.qd_pairs(j, k));
    times_pseudo_inertia(b, chain.pseudo_inertia[qi], K);
    const std::array<bool, 3> k_rows = b.rows();
    for (int i = 0; i <= qi; ++i) {
      const S t = trace_product(K, k_rows, data.U[qi * n + i], u_shape(chain, i));
      if (i == qi)
        data.tau[i] = t;
      else
        data.tau[i] += t;
    }
  }

  // (6) gravity, then the external wrench and the drive.
  gravity_terms(chain, data, gravity_in_chain<S>(chain, gravity), data.tau, true);
  if (!is_zero<S>(f_ext)) add_external_wrench(chain, data, f_ext, data.tau);
  detail::add_drive_unchecked<S>(model, qd, qdd, data.tau);
  return data.tau;
}

template <typename S>
const VectorX<S>& inverse_dynamics_lagrange_euler(const SerialModel& model,
                                                  SerialDataTpl<S>& data, JointVectorIn<S> q,
                                                  JointVectorIn<S> qd, JointVectorIn<S> qdd,
                                                  const Vector3In<S>& gravity,
                                                  const Vector6In<S>& f_ext) {
  constexpr std::string_view where = "inverse_dynamics_lagrange_euler";
  const int n = model.dof();
  detail::check_model_built(where, model);
  check_vector(where, "q", q, n);
  check_vector(where, "qd", qd, n);
  check_vector(where, "qdd", qdd, n);
  check_finite(where, "gravity", gravity);
  check_finite(where, "f_ext", f_ext);
  inverse_dynamics_lagrange_euler<S>(unchecked, model, data, q, qd, qdd, gravity, f_ext);
  check_result(where, "tau", data.tau, result_input("q", q), result_input("qd", qd),
               result_input("qdd", qdd), result_input("gravity", gravity),
               result_input("f_ext", f_ext));
  return data.tau;
}

template <typename S>
const MatrixX<S>& mass_matrix_lagrange_euler(const SerialModel& model, SerialDataTpl<S>& data,
                                             JointVectorIn<S> q) {
  constexpr std::string_view where = "mass_matrix_lagrange_euler";
  const int n = model.dof();
  detail::check_model_built(where, model);
  check_vector(where, "q", q, n);
  check_le_limit<S>(where, n, false, false);
  const DhChain& chain = model.standard;
  detail::ensure_size(data.M, n, n);
  lagrange_euler_kinematics(chain, data, q, false);

  // D_ik = sum_{q >= max(i,k)} tr(U_qk J_q U_qi^T) for i <= k (eq. 2.11 / Lee eq. 3.8):
  // P = U_qk J_q once per (q, k), then one trace per i <= k.
  Matrix4<S> P;
  for (int qi = 0; qi < n; ++qi)
    for (int k = 0; k <= qi; ++k) {
      const Shape sk = u_shape(chain, k);
      times_pseudo_inertia(data.U[qi * n + k], sk, chain.pseudo_inertia[qi], P);
      for (int i = 0; i <= k; ++i) {
        const S t = trace_product(P, row_mask(sk), data.U[qi * n + i], u_shape(chain, i));
        if (qi == k)
          data.M(i, k) = t;
        else
          data.M(i, k) += t;
      }
    }
  // Symmetry, then the reflected motor inertias G^2 Jm on the diagonal.
  for (int k = 0; k < n; ++k)
    for (int i = 0; i < k; ++i) data.M(k, i) = data.M(i, k);
  if (model.has_drive)
    for (int i = 0; i < n; ++i)
      if (model.reflected_inertia[i] != 0.0) data.M(i, i) += model.reflected_inertia[i];
  check_result(where, "M", data.M, result_input("q", q));
  return data.M;
}

template <typename S>
const VectorX<S>& gravity_torques_lagrange_euler(const SerialModel& model,
                                                 SerialDataTpl<S>& data, JointVectorIn<S> q,
                                                 const Vector3In<S>& gravity) {
  constexpr std::string_view where = "gravity_torques_lagrange_euler";
  const int n = model.dof();
  detail::check_model_built(where, model);
  check_vector(where, "q", q, n);
  check_finite(where, "gravity", gravity);
  check_le_limit<S>(where, n, false, false);
  const DhChain& chain = model.standard;
  if (data.G.size() != n) data.G = VectorX<S>::Zero(n);
  lagrange_euler_kinematics(chain, data, q, false);
  gravity_terms(chain, data, gravity_in_chain<S>(chain, gravity), data.G, false);
  check_result(where, "G", data.G, result_input("q", q), result_input("gravity", gravity));
  return data.G;
}

template <typename S>
const std::vector<MatrixX<S>>& velocity_coupling_lagrange_euler(const SerialModel& model,
                                                                SerialDataTpl<S>& data,
                                                                JointVectorIn<S> q) {
  constexpr std::string_view where = "velocity_coupling_lagrange_euler";
  const int n = model.dof();
  detail::check_model_built(where, model);
  check_vector(where, "q", q, n);
  // C^k (n^3 scalars) and U_ijk (n^3 4x4) within kMaxWorkspaceBytes, before allocating
  check_le_limit<S>(where, n, true, true);
  const DhChain& chain = model.standard;
  detail::ensure_velocity_coupling(where, data, n);
  for (auto& c : data.Ck) c.setZero();
  lagrange_euler_kinematics(chain, data, q, true);

  // h_ikm = sum_{q >= max(i,k,m)} tr(U_qkm J_q U_qi^T) for k <= m (Turney eq. 2.11, C^i_km):
  // P = U_qkm J_q once per (q, k, m), then one trace per i <= q.
  Matrix4<S> P;
  for (int qi = 0; qi < n; ++qi)
    for (int m = 0; m <= qi; ++m)
      for (int k = 0; k <= m; ++k) {
        const Shape skm = u3_shape(chain, k, m);
        if (skm.empty()) continue;
        times_pseudo_inertia(data.U3[(qi * n + k) * n + m], skm, chain.pseudo_inertia[qi], P);
        for (int i = 0; i <= qi; ++i) {
          const S t = trace_product(P, row_mask(skm), data.U[qi * n + i], u_shape(chain, i));
          // The first contribution to h_ikm comes from q = max(i, m).
          if (qi == std::max(i, m))
            data.Ck[i](k, m) = t;
          else
            data.Ck[i](k, m) += t;
        }
      }
  // C^i is symmetric (the order of the partials is immaterial).
  for (int i = 0; i < n; ++i)
    for (int m = 0; m < n; ++m)
      for (int k = 0; k < m; ++k) data.Ck[i](m, k) = data.Ck[i](k, m);
  // one check of all n^3 entries (the computation is O(n^4))
  for (int i = 0; i < n; ++i)
    if (!all_finite(data.Ck[i])) [[unlikely]]
      check_result(where, "Ck[" + std::to_string(i) + "]", data.Ck[i], result_input("q", q));
  return data.Ck;
}

#define MANIPDYN_INSTANTIATE(S)                                                                  \
  MANIPDYN_INSTANTIATE_ENTRIES(const VectorX<S>&, inverse_dynamics_lagrange_euler, S,             \
                               MANIPDYN_INVERSE_DYNAMICS_PARAMS(S));                             \
  template const MatrixX<S>& mass_matrix_lagrange_euler<S>(const SerialModel&,                   \
                                                           SerialDataTpl<S>&, JointVectorIn<S>); \
  template const VectorX<S>& gravity_torques_lagrange_euler<S>(                                  \
      const SerialModel&, SerialDataTpl<S>&, JointVectorIn<S>, const Vector3In<S>&);             \
  template const std::vector<MatrixX<S>>& velocity_coupling_lagrange_euler<S>(                   \
      const SerialModel&, SerialDataTpl<S>&, JointVectorIn<S>);
MANIPDYN_FOR_SERIAL_SCALARS(MANIPDYN_INSTANTIATE)
#undef MANIPDYN_INSTANTIATE

}  // namespace manipdyn
