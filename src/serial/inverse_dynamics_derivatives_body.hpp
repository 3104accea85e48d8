#pragma once
/// \file inverse_dynamics_derivatives_body.hpp
/// Private to src/serial: the body of inverse_dynamics_derivatives (serial/derivatives.hpp) as
/// templates on the scalar, for every translation unit that instantiates it: double and the
/// tracing scalar of code generation (inverse_dynamics_derivatives.cpp), the forward derivatives
/// (forward_dynamics_derivatives_body.hpp), the SIMD lane scalars of the batch layer. The
/// recursive derivatives of the Newton-Euler algorithm in the world frame (Carpentier & Mansard,
/// RSS 2018, sec. IV; docs/derivatives.md has the derivation in this file's notation).
///
/// Notation: spatial motion vectors [w; v] and force vectors [n; f] in the world frame about the
/// world origin (Featherstone RBDA, ch. 2); x is the motion cross product, x* the force one. S_k
/// is joint k's screw, V_k and A_k link k's velocity and acceleration (A_{-1} = [0; -g]: gravity
/// as a base acceleration), I_k its spatial inertia, F_k = I_k A_k + V_k x* I_k V_k. Every
/// world-frame quantity of a link i >= k moves with joint k as dX/dq_k = S_k x X, apart from:
///   dV_i/dq_k - S_k x V_i = V_{k-1} x S_k                                     =: dv_k
///   dA_i/dq_k - S_k x A_i = A_{k-1} x S_k + V_{k-1} x dv_k + dv_k x V_i      (ca_k + dv_k x V_i)
///   dV_i/dqd_k = S_k,  dA_i/dqd_k = 2 dv_k + S_k x V_i,
/// so that dF_i/dq_k = S_k x* F_i + I_i ca_k + B_i dv_k and dF_i/dqd_k = 2 I_i dv_k + B_i S_k
/// with B_i x = I_i (x x V_i) + x x* (I_i V_i) + V_i x* (I_i x) (Carpentier & Mansard's
/// Coriolis-like matrix). With the composite sums over links >= k (Ibar_k, Bbar_k, Fbar_k, the
/// end-effector wrench in Fbar), tau_j = S_j . Fbar_j and, for k <= j (the S_k x terms cancel
/// against dS_j/dq_k = S_k x S_j):
///   dtau_j/dq_k = (Ibar_j S_j) . ca_k + (Bbar_j^T S_j) . dv_k,
///   dtau_j/dqd_k = 2 (Ibar_j S_j) . dv_k + (Bbar_j^T S_j) . S_k,   M_jk = (Ibar_j S_j) . S_k;
/// for k > j:
///   dtau_j/dq_k = S_j . (Ibar_k ca_k + Bbar_k dv_k + S_k x* Fbar_k),
///   dtau_j/dqd_k = S_j . (2 Ibar_k dv_k + Bbar_k S_k).
/// The arm runs in its standard-DH chain (model.standard, exact for either convention).
///
/// Arithmetic: the passes run on a small 3-vector type (V3, M3 of src/core/spatial.hpp, the
/// library's one spatial-algebra header; for double, GCC vectors
/// holding (x, y) and (z, x) in SSE2 registers, so that sums, scalings and cross products take
/// pairs and a cross product two lane shuffles), not on Eigen's Vector3, whose packed additions
/// read back vectors written entry by entry (store-forwarding stalls); the composites are
/// carried in locals; the (joint, joint) dot products are summed by component; the model's
/// constants (DH alpha a multiple of pi/2, zero a, d and COM entries; the base at rest) decide per
/// joint what the frame update and the first joint compute. On the PUMA 560 this takes the
/// call from 11 760 to 10 830 instructions and 0.66-0.71 x to 0.57 x KDL's inverse dynamics
/// (docs/derivatives.md, "Cost"). The double and generic paths do the same operations in the
/// same order, so the generated code (traced through the generic one) equals the library bit
/// for bit.
#include <cassert>
#include <cmath>
#include <string_view>
#include <type_traits>

#include "../core/spatial.hpp"
#include "dh_rotations.hpp"
#include "manipdyn/serial/derivatives.hpp"
#include "newton_euler_core.hpp"
#include "tree_algorithms.hpp"

namespace manipdyn {

namespace detail {
template <typename S>
void size_tree_derivative_buffers(const SerialModel& model, DerivativesDataTpl<S>& data);
}  // namespace detail

template <typename S>
DerivativesDataTpl<S>::DerivativesDataTpl(const SerialModel& model) : n(model.nv()), serial(model) {
  tau = VectorX<S>::Zero(n);
  qdd = VectorX<S>::Zero(n);
  zero = VectorX<S>::Zero(n);
  for (MatrixX<S>* m : {&dtau_dq, &dtau_dqd, &dtau_dqdd, &dqdd_dq, &dqdd_dqd, &dqdd_dtau, &llt})
    m->setZero(n, n);
  for (AlignedVector<Vector6<S>>* v : {&screw, &dv, &ca, &force, &u, &dacc})
    v->assign(n, Vector6<S>::Zero());
  for (AlignedVector<Vector3<S>>* v : {&first_moment, &momentum, &w})
    v->assign(n, Vector3<S>::Zero());
  inertia_o.assign(n, Matrix3<S>::Zero());
  coriolis.assign(n, Matrix3<S>::Zero());
  mass = VectorX<S>::Zero(n);
  if (detail::uses_tree_path(model)) detail::size_tree_derivative_buffers(model, *this);
}

namespace detail {

/// Sizes the tree workspace of `data` (tree_*: the tree body's, tree_derivatives_body.hpp) unless
/// already sized: in the constructor for a tree or a free-flyer, on first use of the link-wrench
/// overload for a fixed-root chain.
template <typename S>
void size_tree_derivative_buffers(const SerialModel& model, DerivativesDataTpl<S>& data) {
  if (static_cast<int>(data.tree_inertia.size()) == data.n) return;
  data.tree_inertia.assign(data.n, Matrix6<S>::Zero());
  data.tree_coriolis.assign(data.n, Matrix6<S>::Zero());
  for (AlignedVector<Vector6<S>>* v : {&data.tree_bts, &data.tree_dvq, &data.tree_uq})
    v->assign(data.n, Vector6<S>::Zero());
  const int joints = model.dof();
  data.tree_rot.assign(joints, Matrix3<S>::Identity());
  data.tree_pos.assign(joints, Vector3<S>::Zero());
  data.tree_velocity.assign(joints, Vector6<S>::Zero());
  data.tree_acceleration.assign(joints, Vector6<S>::Zero());
}

using spatial::Halves;
using spatial::Inertia;
using spatial::M3;
using spatial::V3;
using spatial::cross_force;
using spatial::cross_motion;
using spatial::dot2;
using spatial::dot3;

/// B = [[B11, 0], [-2 [l]x, 0]] (the structure of B x = I (x x V) + x x* I V + V x* (I x), l the
/// linear part of I V; docs/derivatives.md), of a link or a composite.
template <typename S>
struct Coriolis {
  M3<S> B11;
  V3<S> lm2;  // -2 l
  /// B x for x with angular part x_w: [B11 x_w; -2 l x x_w].
  MANIPDYN_ALWAYS_INLINE Halves<S> operator*(const V3<S>& x_w) const {
    return {B11 * x_w, lm2.cross(x_w)};
  }
  /// The angular part of B^T s (its linear part is zero): B11^T s_w + 2 l x s_v.
  MANIPDYN_ALWAYS_INLINE V3<S> transpose_times(const Halves<S>& s) const {
    return B11.transpose_times(s.t) + s.b.cross(lm2);
  }
};

/// Link k's spatial inertia about the world origin (R, p: its frame k+1): Io = R Icom R^T + m
/// (|c|^2 E - c c^T) and h = m c, c its COM in the world frame. Io column by column from T = R
/// Icom (9 mul when Icom is diagonal, 27 otherwise) and the entries of R (27 mul), on pairs of
/// entries for double (entry by entry, from the six distinct entries, was slower: the entries
/// were read back out of the pairs).
template <typename S>
MANIPDYN_ALWAYS_INLINE Inertia<S> world_inertia(const DhChain& ch, int k, const M3<S>& R,
                                                const V3<S>& p) {
  const S m = S(ch.mass[k]);
  const Matrix3d& Ic = ch.inertia_com[k];
  const Vector3d& com = ch.com[k];
  V3<S> c = p;  // p + R com, skipping the zero entries of com
  for (int i = 0; i < 3; ++i)
    if (com[i] != 0.0) c = c + R.col(i) * S(com[i]);
  M3<S> T;
  if (ch.ne_K_diagonal[k]) {
    T = {R.c0 * S(Ic(0, 0)), R.c1 * S(Ic(1, 1)), R.c2 * S(Ic(2, 2))};
  } else {
    T = {R * V3<S>::load(Ic.col(0)), R * V3<S>::load(Ic.col(1)), R * V3<S>::load(Ic.col(2))};
  }
  const V3<S> h = c * m;
  const S mc2 = h.dot(c);
  // column b: sum_i T.col(i) R(b, i) - h c[b] + m |c|^2 e_b (pairs of entries for double)
  const S zero(0);
  auto column = [&](int b, const V3<S>& diagonal) {
    return T.c0 * R.c0[b] + T.c1 * R.c1[b] + T.c2 * R.c2[b] - h * c[b] + diagonal;
  };
  return {{column(0, V3<S>::make(mc2, zero, zero)), column(1, V3<S>::make(zero, mc2, zero)),
           column(2, V3<S>::make(zero, zero, mc2))},
          h,
          m};
}

/// B11 of link k: with W = [w]x (V = [w; v]), P = W Io and I V = [n; l], B11 = P + P^T - (h v^T +
/// v h^T) + 2 (v . h) E - [n]x (docs/derivatives.md).
template <typename S>
MANIPDYN_ALWAYS_INLINE M3<S> coriolis_block(const Inertia<S>& I, const Halves<S>& V,
                                                  const Halves<S>& IV) {
  const S w0 = V.t.x(), w1 = V.t.y(), w2 = V.t.z(), v0 = V.b.x(), v1 = V.b.y(), v2 = V.b.z();
  const S h0 = I.h.x(), h1 = I.h.y(), h2 = I.h.z();
  const V3<S>& n = IV.t;
  // Io's six entries (symmetric), then P = W Io entry by entry: P(a, b) = (w x Io.col(b))[a]
  const S I00 = I.Io.c0.x(), I10 = I.Io.c0.y(), I20 = I.Io.c0.z();
  const S I11 = I.Io.c1.y(), I21 = I.Io.c1.z(), I22 = I.Io.c2.z();
  const S P00 = w1 * I20 - w2 * I10, P11 = w2 * I10 - w0 * I21, P22 = w0 * I21 - w1 * I20;
  const S P01 = w1 * I21 - w2 * I11, P10 = w2 * I00 - w0 * I20;
  const S P02 = w1 * I22 - w2 * I21, P20 = w0 * I10 - w1 * I00;
  const S P12 = w2 * I20 - w0 * I22, P21 = w0 * I11 - w1 * I10;
  const S vh2 = S(2) * (v0 * h0 + v1 * h1 + v2 * h2);
  // the symmetric part P + P^T - (h v^T + v h^T) + 2 (v . h) E, then - [n]x
  const S s00 = P00 + P00 - (h0 * v0 + v0 * h0) + vh2;
  const S s11 = P11 + P11 - (h1 * v1 + v1 * h1) + vh2;
  const S s22 = P22 + P22 - (h2 * v2 + v2 * h2) + vh2;
  const S s01 = P01 + P10 - (h0 * v1 + v0 * h1);
  const S s02 = P02 + P20 - (h0 * v2 + v0 * h2);
  const S s12 = P12 + P21 - (h1 * v2 + v1 * h2);
  return {V3<S>::make(s00, s01 - n.z(), s02 + n.y()), V3<S>::make(s01 + n.z(), s11, s12 - n.x()),
          V3<S>::make(s02 - n.y(), s12 + n.x(), s22)};
}

/// Frame k+1 = frame k Rz(theta) Tz(d) Tx(a) Rx(alpha) in the world frame (R, p updated in
/// place). The model's constants decide, per joint, what is computed: alpha a multiple of pi / 2
/// (DhChain::ne_alpha_kind) by sign flips, zero a or d skipped.
template <typename S>
MANIPDYN_ALWAYS_INLINE void next_frame(const DhChain& ch, int k, const SerialDataTpl<S>& trig,
                                       const Eigen::Ref<const VectorX<S>>& q, M3<S>& R,
                                       V3<S>& p) {
  const S& st = trig.sin_theta[k];
  const S& ct = trig.cos_theta[k];
  const V3<S> z = R.c2;
  const V3<S> e0 = R.c0 * ct + R.c1 * st;
  const V3<S> e1 = R.c1 * ct - R.c0 * st;
  if (ch.a[k] != 0.0) p = p + e0 * S(ch.a[k]);
  if (ch.type[k] != JointType::revolute)
    p = p + z * S(q[k] + ch.d[k]);
  else if (ch.d[k] != 0.0)
    p = p + z * S(ch.d[k]);
  const double sa = ch.sin_alpha[k], ca = ch.cos_alpha[k];
  switch (ch.ne_alpha_kind[k]) {
    case 1: R = ca > 0 ? M3<S>{e0, e1, z} : M3<S>{e0, -e1, -z}; break;
    case 2: R = sa > 0 ? M3<S>{e0, z, -e1} : M3<S>{e0, -z, e1}; break;
    default: R = {e0, e1 * S(ca) + z * S(sa), z * S(ca) - e1 * S(sa)};
  }
}

/// Forward pass over the links (Carpentier & Mansard 2018, Alg. 1's forward pass in the world
/// frame): screws S_k, dv_k, ca_k, link inertias (Io, h, m), B blocks (B11, l) and forces F_k
/// into data; frame n's rotation and origin into R, p.
template <typename S>
void forward_pass(const DhChain& ch, DerivativesDataTpl<S>& data,
                  const Eigen::Ref<const VectorX<S>>& q, const Eigen::Ref<const VectorX<S>>& qd,
                  const Eigen::Ref<const VectorX<S>>& qdd, const Vector3<S>& gravity, M3<S>& R,
                  V3<S>& p) {
  const SerialDataTpl<S>& trig = data.serial;
  R = M3<S>::load(ch.base.linear());
  p = V3<S>::load(ch.base.translation());
  Halves<S> V{V3<S>::zero(), V3<S>::zero()}, A{V3<S>::zero(), -V3<S>::load(gravity)};
  for (int k = 0; k < ch.n; ++k) {
    // joint k's screw about its axis z_k through origin k
    const bool revolute = ch.type[k] == JointType::revolute;
    const V3<S> z = R.c2;
    const Halves<S> Sk = revolute ? Halves<S>{z, p.cross(z)} : Halves<S>{V3<S>::zero(), z};
    // the partials' column terms, then V_k and A_k
    Sk.store(data.screw[k]);
    if (k == 0) {
      // the base at rest, V = 0 and A = [0; -g]: dv = 0, ca = A x S = [0; -g x S_w]
      Halves<S>{V3<S>::zero(), V3<S>::zero()}.store(data.dv[k]);
      Halves<S>{V3<S>::zero(), A.b.cross(Sk.t)}.store(data.ca[k]);
      V = Sk * S(qd[k]);
      A = A + Sk * S(qdd[k]);
    } else {
      const Halves<S> dv = cross_motion<S>(V, Sk);
      dv.store(data.dv[k]);
      (cross_motion<S>(A, Sk) + cross_motion<S>(V, dv)).store(data.ca[k]);
      V = V + Sk * S(qd[k]);
      A = A + Sk * S(qdd[k]) + dv * S(qd[k]);
    }
    next_frame<S>(ch, k, trig, q, R, p);
    // link k's inertia, momentum I V = [n; l], force F_k = I A + V x* I V and B
    const Inertia<S> I = world_inertia<S>(ch, k, R, p);
    const Halves<S> IV = I * V;
    (I * A + cross_force<S>(V, IV)).store(data.force[k]);
    const M3<S> B11 = coriolis_block<S>(I, V, IV);
    I.Io.store(data.inertia_o[k]);
    I.h.store(data.first_moment[k]);
    data.mass[k] = I.m;
    B11.store(data.coriolis[k]);
    IV.b.store(data.momentum[k]);
  }
}

/// f_ext = [f; n] (end-effector frame, moment about its origin) as a world-frame spatial force
/// about the world origin, [R n + p x R f; R f], (R, p) = frame n times the chain's tool.
template <typename S>
Vector6<S> world_wrench(const DhChain& ch, const Matrix3<S>& R_n, const Vector3<S>& p_n,
                        const Vector6<S>& f_ext) {
  if (!any_nonzero(f_ext)) return Vector6<S>::Zero();  // the common case: no wrench
  const Matrix3<S> R = R_n * ch.tool.linear().template cast<S>();
  const Vector3<S> p = p_n + R_n * ch.tool.translation().template cast<S>();
  const Vector3<S> f = R * f_ext.template head<3>();
  Vector6<S> F;
  F.template head<3>() = R * f_ext.template tail<3>() + p.cross(f);
  F.template tail<3>() = f;
  return F;
}

/// The rows j >= k of column k of dtau/dq, dtau/dqd and M (and M's row k) from u_j = Ibar_j S_j
/// and the angular w_j of Bbar_j^T S_j: the file comment's equations. Row k from u, w (this
/// link's, in registers; data.u[k], data.w[k] were just stored), rows j > k from data.
template <typename S>
MANIPDYN_ALWAYS_INLINE void rows_below(DerivativesDataTpl<S>& data, int k, const Halves<S>& u,
                                       const V3<S>& w, const Halves<S>& Sk, const Halves<S>& dv2,
                                       const Halves<S>& ca, const V3<S>& dv_w) {
  data.dtau_dq(k, k) = dot3(u.t, ca.t, u.b, ca.b, w, dv_w);
  data.dtau_dqd(k, k) = dot3(u.t, dv2.t, u.b, dv2.b, w, Sk.t);
  data.dtau_dqdd(k, k) = u.dot(Sk);
  for (int j = k + 1; j < data.n; ++j) {
    const Halves<S> uj = Halves<S>::load(data.u[j]);
    const V3<S> wj = V3<S>::load(data.w[j]);
    data.dtau_dq(j, k) = dot3(uj.t, ca.t, uj.b, ca.b, wj, dv_w);
    data.dtau_dqd(j, k) = dot3(uj.t, dv2.t, uj.b, dv2.b, wj, Sk.t);
    const S M = uj.dot(Sk);
    data.dtau_dqdd(j, k) = M;
    data.dtau_dqdd(k, j) = M;
  }
}

/// Backward pass (Carpentier & Mansard 2018, Alg. 1's backward pass): the composite sums over
/// links >= k (carried in locals; Ibar and Fbar also into data for add_acceleration_terms), tau,
/// and column k of dtau/dq, dtau/dqd and M (rows j >= k: rows_below; rows j < k from the
/// composite terms of link k) — the equations of the file comment.
template <typename S>
void backward_pass(DerivativesDataTpl<S>& data, const Vector6<S>& F_ext) {
  const int n = data.n;
  Inertia<S> I{{V3<S>::zero(), V3<S>::zero(), V3<S>::zero()}, V3<S>::zero(), S(0)};
  M3<S> B11{V3<S>::zero(), V3<S>::zero(), V3<S>::zero()};
  V3<S> l = V3<S>::zero();
  Halves<S> F = Halves<S>::load(F_ext);
  for (int k = n - 1; k >= 0; --k) {
    // link k's terms plus the composite terms of links k+1..n-1
    I = I + Inertia<S>{M3<S>::load(data.inertia_o[k]), V3<S>::load(data.first_moment[k]),
                       data.mass[k]};
    B11 = B11 + M3<S>::load(data.coriolis[k]);
    l = l + V3<S>::load(data.momentum[k]);
    const Coriolis<S> B{B11, l * S(-2)};
    F = F + Halves<S>::load(data.force[k]);
    I.Io.store(data.inertia_o[k]);
    I.h.store(data.first_moment[k]);
    data.mass[k] = I.m;
    F.store(data.force[k]);
    const Halves<S> Sk = Halves<S>::load(data.screw[k]), dv = Halves<S>::load(data.dv[k]),
                    ca = Halves<S>::load(data.ca[k]);
    const Halves<S> u = I * Sk;
    const V3<S> w = B.transpose_times(Sk);
    u.store(data.u[k]);
    w.store(data.w[k]);
    data.tau[k] = F.dot(Sk);
    const Halves<S> dv2 = dv + dv;
    rows_below<S>(data, k, u, w, Sk, dv2, ca, dv.t);
    if (k == 0) continue;
    // rows j < k
    const Halves<S> y = I * ca + B * dv.t + cross_force<S>(Sk, F);
    const Halves<S> z = I * dv2 + B * Sk.t;
    for (int j = 0; j < k; ++j) {
      const Halves<S> Sj = Halves<S>::load(data.screw[j]);
      data.dtau_dq(j, k) = Sj.dot(y);
      data.dtau_dqd(j, k) = Sj.dot(z);
    }
  }
}

/// The drive terms and their derivatives (drive.hpp): tau += G^2 Jm qdd + friction(qd);
/// dtau/dqdd += diag(G^2 Jm); dtau/dqd += diag(G^2 B + the derivative of the smooth Coulomb
/// model, |G| (Tc+ - Tc-) / (2 v_s) (1 - tanh^2(qd / v_s)); zero for the switching model).
template <typename S>
void add_drive_derivatives(const SerialModel& model, DerivativesDataTpl<S>& data,
                           const Eigen::Ref<const VectorX<S>>& qd,
                           const Eigen::Ref<const VectorX<S>>& qdd) {
  if (!model.has_drive) return;
  add_drive_unchecked<S>(model, qd, qdd, data.tau);
  for (int i = 0; i < model.dof(); ++i) {
    data.dtau_dqdd(i, i) += model.reflected_inertia[i];
    data.dtau_dqd(i, i) += drive_damping<S>(model.links[i], S(qd[i]));
  }
}


/// The body of inverse_dynamics_derivatives (both entries).
template <typename S>
void inverse_dynamics_derivatives_body(const SerialModel& model, DerivativesDataTpl<S>& data,
                                       JointVectorIn<S> q, JointVectorIn<S> qd,
                                       JointVectorIn<S> qdd, const Vector3<S>& gravity,
                                       const Vector6<S>& f_ext) {
  const DhChain& ch = model.standard;
  joint_trig(ch, data.serial, q);
  M3<S> R;
  V3<S> p;
  forward_pass<S>(ch, data, q, qd, qdd, gravity, R, p);
  Vector6<S> F_ext = Vector6<S>::Zero();
  if (any_nonzero(f_ext)) {
    Matrix3<S> R_n;
    Vector3<S> p_n;
    R.store(R_n);
    p.store(p_n);
    F_ext = world_wrench<S>(ch, R_n, p_n, f_ext);
  }
  backward_pass<S>(data, F_ext);
  add_drive_derivatives<S>(model, data, qd, qdd);
}

/// dtau/dq at qdd from dtau/dq at qdd = 0 (data as inverse_dynamics_derivatives_body left it
/// for qdd = 0): tau is affine in qdd, and only ca_k and Fbar_k depend on it. With dA_k = sum_{j
/// <= k} S_j qdd_j: ca_k += dA_{k-1} x S_k, Fbar_k += Ibar_k dA_{k-1} + sum_{j >= k} u_j qdd_j
/// (u_j = Ibar_j S_j); the entries of dtau/dq change by u_j . dca_k (j >= k) and by S_j .
/// (Ibar_k dca_k + S_k x* dFbar_k) (j < k), the file comment's equations differenced.
template <typename S>
void add_acceleration_terms(DerivativesDataTpl<S>& data, JointVectorIn<S> qdd) {
  const int n = data.n;
  // forward: dA_{k-1} into data.dacc[k]
  Halves<S> dA{V3<S>::zero(), V3<S>::zero()};
  for (int k = 0; k < n; ++k) {
    dA.store(data.dacc[k]);
    dA = dA + Halves<S>::load(data.screw[k]) * S(qdd[k]);
  }
  // backward: the changes of ca_k, Fbar_k and of column k of dtau/dq
  Halves<S> uq{V3<S>::zero(), V3<S>::zero()};  // sum_{j >= k} u_j qdd_j
  for (int k = n - 1; k >= 0; --k) {
    const Halves<S> Sk = Halves<S>::load(data.screw[k]), dacc = Halves<S>::load(data.dacc[k]);
    uq = uq + Halves<S>::load(data.u[k]) * S(qdd[k]);
    const Halves<S> dca = cross_motion<S>(dacc, Sk);
    (Halves<S>::load(data.ca[k]) + dca).store(data.ca[k]);
    for (int j = k; j < n; ++j) data.dtau_dq(j, k) += Halves<S>::load(data.u[j]).dot(dca);
    const Inertia<S> I{M3<S>::load(data.inertia_o[k]), V3<S>::load(data.first_moment[k]),
                       data.mass[k]};
    const Halves<S> dF = I * dacc + uq;
    (Halves<S>::load(data.force[k]) + dF).store(data.force[k]);
    if (k == 0) continue;
    const Halves<S> dy = I * dca + cross_force<S>(Sk, dF);
    for (int j = 0; j < k; ++j) data.dtau_dq(j, k) += Halves<S>::load(data.screw[j]).dot(dy);
  }
}

/// The input checks of the derivative functions for a tree or a free-flyer (uses_tree_path):
/// those of inverse_dynamics on such a model (q of size nq with a unit quaternion, qd and `third`
/// nv, named) and a Data built for this model's nv (inverse_dynamics_derivatives.cpp).
template <typename S>
void check_tree_derivatives_inputs(std::string_view where, const SerialModel& model,
                                   const DerivativesDataTpl<S>& data, JointVectorIn<S> q,
                                   JointVectorIn<S> qd, std::string_view third_name,
                                   JointVectorIn<S> third, const Vector3<S>& gravity,
                                   const Vector6<S>& f_ext);

/// Throws std::invalid_argument if an output is not finite: dqdd_dq, dqdd_dqd, dqdd_dtau when
/// `forward`, else dtau_dq, dtau_dqd, dtau_dqdd; the message names the largest of q, qd, `third`
/// (named third_name: qdd or tau), gravity, f_ext (inverse_dynamics_derivatives.cpp).
template <typename S>
void check_derivatives_result(std::string_view where, const DerivativesDataTpl<S>& data,
                              bool forward, JointVectorIn<S> q, JointVectorIn<S> qd,
                              std::string_view third_name, JointVectorIn<S> third,
                              const Vector3<S>& gravity, const Vector6<S>& f_ext);

}  // namespace detail

/// The unchecked entry (serial/derivatives.hpp): the body above, no input checks.
template <typename S>
const DerivativesDataTpl<S>& inverse_dynamics_derivatives(
    Unchecked, const SerialModel& model, DerivativesDataTpl<S>& data, JointVectorIn<S> q,
    JointVectorIn<S> qd, JointVectorIn<S> qdd, const Vector3In<S>& gravity,
    const Vector6In<S>& f_ext) {
  if constexpr (std::is_same_v<S, double>) {
    if (detail::uses_tree_path(model)) [[unlikely]] {
      assert(data.n == model.nv() && q.size() == model.nq() && qd.size() == data.n &&
             qdd.size() == data.n);
      detail::tree_inverse_dynamics_derivatives<S>(model, data, q, qd, qdd, gravity, f_ext,
                                                   nullptr);
      return data;
    }
  }
  assert(data.n == model.dof() && q.size() == data.n && qd.size() == data.n &&
         qdd.size() == data.n);
  detail::inverse_dynamics_derivatives_body<S>(model, data, q, qd, qdd, gravity, f_ext);
  return data;
}

}  // namespace manipdyn
