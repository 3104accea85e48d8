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
#include <cmath>
#include <string_view>

#include "dh_rotations.hpp"
#include "manipdyn/serial/derivatives.hpp"
#include "newton_euler_core.hpp"

namespace manipdyn {

template <typename S>
DerivativesDataTpl<S>::DerivativesDataTpl(const SerialModel& model) : n(model.dof()), serial(model) {
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
}

namespace detail {

/// for a force). The per-link arithmetic runs on these 3-vector halves rather than on Vector6
/// temporaries: with Vector6, g++ wrote halves by scalar stores and read them back by packed
/// loads (store-forwarding stalls, the hottest instructions of the passes under perf annotate).
template <typename S>
struct Halves {
  Vector3<S> t, b;
};

template <typename S>
MANIPDYN_ALWAYS_INLINE Halves<S> halves(const Vector6<S>& x) {
  return {x.template head<3>(), x.template tail<3>()};
}

template <typename S>
MANIPDYN_ALWAYS_INLINE void store(const Halves<S>& x, Vector6<S>& out) {
  out.template head<3>() = x.t;
  out.template tail<3>() = x.b;
}

template <typename S>
MANIPDYN_ALWAYS_INLINE Halves<S> operator+(const Halves<S>& x, const Halves<S>& y) {
  return {x.t + y.t, x.b + y.b};
}

template <typename S>
MANIPDYN_ALWAYS_INLINE S dot(const Vector6<S>& x, const Halves<S>& y) {
  return x.template head<3>().dot(y.t) + x.template tail<3>().dot(y.b);
}

/// Motion cross product a x b = [wa x wb; wa x vb + va x wb].
template <typename S>
MANIPDYN_ALWAYS_INLINE Halves<S> cross_motion(const Halves<S>& a, const Halves<S>& b) {
  return {a.t.cross(b.t), a.t.cross(b.b) + a.b.cross(b.t)};
}

/// Force cross product a x* f = [wa x n + va x f; wa x f].
template <typename S>
MANIPDYN_ALWAYS_INLINE Halves<S> cross_force(const Halves<S>& a, const Halves<S>& f) {
  return {a.t.cross(f.t) + a.b.cross(f.b), a.t.cross(f.b)};
}

/// I x for the spatial inertia I = [[Io, [h]x], [-[h]x, m E]] about the world origin
/// (Featherstone RBDA eq. 2.63): [Io x_w + h x x_v; m x_v - h x x_w].
template <typename S>
MANIPDYN_ALWAYS_INLINE Halves<S> apply_inertia(const Matrix3<S>& Io, const Vector3<S>& h,
                                               const S& m, const Halves<S>& x) {
  return {mat_vec(Io, x.t) + h.cross(x.b), m * x.b - h.cross(x.t)};
}

/// B x for B = [[B11, 0], [-2 [l]x, 0]] (the structure of B x = I (x x V) + x x* I V + V x*
/// (I x), l the linear part of I V; docs/derivatives.md): [B11 x_w; -2 l x x_w].
template <typename S>
MANIPDYN_ALWAYS_INLINE Halves<S> apply_coriolis(const Matrix3<S>& B11, const Vector3<S>& l,
                                                const Vector3<S>& x_w) {
  return {mat_vec(B11, x_w), S(-2) * l.cross(x_w)};
}

/// The angular part of B^T s (its linear part is zero): B11^T s_w + 2 l x s_v.
template <typename S>
MANIPDYN_ALWAYS_INLINE Vector3<S> coriolis_transpose(const Matrix3<S>& B11, const Vector3<S>& l,
                                                     const Halves<S>& s) {
  return Vector3<S>(B11.col(0).dot(s.t), B11.col(1).dot(s.t), B11.col(2).dot(s.t)) +
         S(2) * l.cross(s.b);
}

/// Link k's rotational inertia about the world origin and first moment, Io = R Icom R^T + m
/// (|c|^2 E - c c^T) and h = m c, c its COM in the world frame (R, p: its frame k+1). Io is
/// symmetric: its six entries from T = R Icom (9 mul when Icom is diagonal, 27 otherwise) and
/// the rows of T against those of R (18 mul), not the two full 3x3 products (54 mul).
template <typename S>
MANIPDYN_ALWAYS_INLINE void world_inertia(const DhChain& ch, int k, const Matrix3<S>& R,
                                          const Vector3<S>& p, Matrix3<S>& Io, Vector3<S>& h) {
  const double m = ch.mass[k];
  const Matrix3d& Ic = ch.inertia_com[k];
  const Vector3<S> c = p + R * ch.com[k].template cast<S>();
  Matrix3<S> T;
  if (ch.ne_K_diagonal[k]) {
    for (int i = 0; i < 3; ++i) T.col(i) = R.col(i) * Ic(i, i);
  } else {
    T.noalias() = R * Ic.template cast<S>();
  }
  h = m * c;
  const S mc2 = h.dot(c);
  for (int a = 0; a < 3; ++a)
    for (int b = a; b < 3; ++b) {
      S v = T(a, 0) * R(b, 0) + T(a, 1) * R(b, 1) + T(a, 2) * R(b, 2) - h[a] * c[b];
      if (a == b) v += mc2;
      Io(a, b) = v;
      Io(b, a) = v;
    }
}

/// B11 of link k: with W = [w]x, U = [v]x (V = [w; v]), P = W Io and I V = [n; l],
/// B11 = P + P^T - (h v^T + v h^T) + 2 (v . h) E - [n]x (the upper-left block of B; its
/// upper-right block is zero and its lower-left -2 [l]x, docs/derivatives.md).
template <typename S>
MANIPDYN_ALWAYS_INLINE Matrix3<S> coriolis_block(const Matrix3<S>& Io, const Vector3<S>& h,
                                                 const Halves<S>& V, const Vector3<S>& n) {
  const Vector3<S>& w = V.t;
  const Vector3<S>& v = V.b;
  Matrix3<S> P;  // column c of W Io is w x (column c of Io)
  for (int c = 0; c < 3; ++c) P.col(c) = w.cross(Io.col(c));
  // the symmetric part P + P^T - (h v^T + v h^T) + 2 (v . h) E entry by entry, then - [n]x
  const S vh2 = S(2) * v.dot(h);
  Matrix3<S> B;
  for (int a = 0; a < 3; ++a)
    for (int b = a; b < 3; ++b) {
      S e = P(a, b) + P(b, a) - (h[a] * v[b] + v[a] * h[b]);
      if (a == b) e += vh2;
      B(a, b) = e;
      B(b, a) = e;
    }
  B(0, 1) += n[2];
  B(1, 0) -= n[2];
  B(0, 2) -= n[1];
  B(2, 0) += n[1];
  B(1, 2) += n[0];
  B(2, 1) -= n[0];
  return B;
}

/// Forward pass over the links (Carpentier & Mansard 2018, Alg. 1's forward pass in the world
/// frame): screws S_k, dv_k, ca_k, link inertias (Io, h), B11 blocks and momenta l, forces F_k
/// into data; frame n's rotation and origin into R, p.
template <typename S>
void forward_pass(const DhChain& ch, DerivativesDataTpl<S>& data,
                  const Eigen::Ref<const VectorX<S>>& q, const Eigen::Ref<const VectorX<S>>& qd,
                  const Eigen::Ref<const VectorX<S>>& qdd, const Vector3<S>& gravity,
                  Matrix3<S>& R, Vector3<S>& p) {
  const SerialDataTpl<S>& trig = data.serial;
  R = ch.base.linear().template cast<S>();
  p = ch.base.translation().template cast<S>();
  Halves<S> V{Vector3<S>::Zero(), Vector3<S>::Zero()}, A{Vector3<S>::Zero(), -gravity};
  for (int k = 0; k < ch.n; ++k) {
    // joint k's screw about its axis z_k through origin k
    const bool revolute = ch.type[k] == JointType::revolute;
    const Vector3<S> z = R.col(2);
    const Halves<S> Sk = revolute ? Halves<S>{z, p.cross(z)} : Halves<S>{Vector3<S>::Zero(), z};
    // the partials' column terms, then V_k and A_k
    const Halves<S> dv = cross_motion<S>(V, Sk);
    store(dv, data.dv[k]);
    store(cross_motion<S>(A, Sk) + cross_motion<S>(V, dv), data.ca[k]);
    store(Sk, data.screw[k]);
    V.t += Sk.t * qd[k];
    V.b += Sk.b * qd[k];
    A.t += Sk.t * qdd[k] + dv.t * qd[k];
    A.b += Sk.b * qdd[k] + dv.b * qd[k];
    // frame k+1 = frame k Rz(theta) Tz(d) Tx(a) Rx(alpha)
    const S& st = trig.sin_theta[k];
    const S& ct = trig.cos_theta[k];
    const Vector3<S> e0 = ct * R.col(0) + st * R.col(1);
    const Vector3<S> e1 = ct * R.col(1) - st * R.col(0);
    const S d = revolute ? S(ch.d[k]) : S(q[k] + ch.d[k]);
    p += ch.a[k] * e0 + d * z;
    R.col(1) = ch.cos_alpha[k] * e1 + ch.sin_alpha[k] * z;
    R.col(2) = ch.cos_alpha[k] * z - ch.sin_alpha[k] * e1;
    R.col(0) = e0;
    // link k's inertia, momentum I V = [n; l], force F_k = I A + V x* I V and B11
    Matrix3<S>& Io = data.inertia_o[k];
    Vector3<S>& h = data.first_moment[k];
    world_inertia<S>(ch, k, R, p, Io, h);
    const S m = S(ch.mass[k]);
    data.mass[k] = m;
    const Halves<S> IV = apply_inertia<S>(Io, h, m, V);
    data.momentum[k] = IV.b;
    store(apply_inertia<S>(Io, h, m, A) + cross_force<S>(V, IV), data.force[k]);
    data.coriolis[k] = coriolis_block<S>(Io, h, V, IV.t);
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

/// Link k's terms plus the composite terms of links k+1..n-1 (the end-effector wrench in the
/// last force).
template <typename S>
MANIPDYN_ALWAYS_INLINE void add_outboard(DerivativesDataTpl<S>& data, int k,
                                         const Vector6<S>& F_ext) {
  if (k + 1 == data.n) {
    data.force[k] += F_ext;
    return;
  }
  data.inertia_o[k] += data.inertia_o[k + 1];
  data.first_moment[k] += data.first_moment[k + 1];
  data.mass[k] += data.mass[k + 1];
  data.coriolis[k] += data.coriolis[k + 1];
  data.momentum[k] += data.momentum[k + 1];
  data.force[k] += data.force[k + 1];
}

/// Backward pass (Carpentier & Mansard 2018, Alg. 1's backward pass): the composite sums, tau,
/// and column k of dtau/dq, dtau/dqd and M (rows j >= k from u_j = Ibar_j S_j and the angular
/// w_j of Bbar_j^T S_j; rows j < k from the composite terms of link k) — the equations of the
/// file comment.
template <typename S>
void backward_pass(DerivativesDataTpl<S>& data, const Vector6<S>& F_ext) {
  const int n = data.n;
  for (int k = n - 1; k >= 0; --k) {
    add_outboard<S>(data, k, F_ext);
    const Matrix3<S>& Io = data.inertia_o[k];
    const Vector3<S>& h = data.first_moment[k];
    const S& m = data.mass[k];
    const Matrix3<S>& B = data.coriolis[k];
    const Vector3<S>& l = data.momentum[k];
    const Halves<S> Sk = halves(data.screw[k]), dv = halves(data.dv[k]),
                    ca = halves(data.ca[k]);
    store(apply_inertia<S>(Io, h, m, Sk), data.u[k]);
    data.w[k] = coriolis_transpose<S>(B, l, Sk);
    data.tau[k] = dot(data.force[k], Sk);
    // rows j >= k
    const Halves<S> dv2{S(2) * dv.t, S(2) * dv.b};
    for (int j = k; j < n; ++j) {
      const Vector6<S>& uj = data.u[j];
      const Vector3<S>& wj = data.w[j];
      data.dtau_dq(j, k) = dot(uj, ca) + wj.dot(dv.t);
      data.dtau_dqd(j, k) = dot(uj, dv2) + wj.dot(Sk.t);
      data.dtau_dqdd(j, k) = dot(uj, Sk);
      data.dtau_dqdd(k, j) = data.dtau_dqdd(j, k);
    }
    if (k == 0) continue;
    // rows j < k
    const Halves<S> y = apply_inertia<S>(Io, h, m, ca) + apply_coriolis<S>(B, l, dv.t) +
                        cross_force<S>(Sk, halves(data.force[k]));
    const Halves<S> z = apply_inertia<S>(Io, h, m, dv2) + apply_coriolis<S>(B, l, Sk.t);
    for (int j = 0; j < k; ++j) {
      data.dtau_dq(j, k) = dot(data.screw[j], y);
      data.dtau_dqd(j, k) = dot(data.screw[j], z);
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
    const LinkParameters& l = model.links[i];
    const double g = l.gear_ratio < 0.0 ? -l.gear_ratio : l.gear_ratio;
    data.dtau_dqdd(i, i) += model.reflected_inertia[i];
    S d = S(l.viscous * g * g);
    if (l.coulomb_velocity_scale > 0.0) {
      const S t = math::tanh(S(qd[i] / S(l.coulomb_velocity_scale)));
      d += (0.5 * g * (l.coulomb_positive - l.coulomb_negative) / l.coulomb_velocity_scale) *
           (S(1) - t * t);
    }
    data.dtau_dqd(i, i) += d;
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
  Matrix3<S> R;
  Vector3<S> p;
  forward_pass<S>(ch, data, q, qd, qdd, gravity, R, p);
  backward_pass<S>(data, world_wrench<S>(ch, R, p, f_ext));
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
  Halves<S> dA{Vector3<S>::Zero(), Vector3<S>::Zero()};
  for (int k = 0; k < n; ++k) {
    store(dA, data.dacc[k]);
    const Halves<S> Sk = halves(data.screw[k]);
    dA.t += Sk.t * qdd[k];
    dA.b += Sk.b * qdd[k];
  }
  // backward: the changes of ca_k, Fbar_k and of column k of dtau/dq
  Halves<S> uq{Vector3<S>::Zero(), Vector3<S>::Zero()};  // sum_{j >= k} u_j qdd_j
  for (int k = n - 1; k >= 0; --k) {
    const Halves<S> Sk = halves(data.screw[k]), u = halves(data.u[k]),
                    dacc = halves(data.dacc[k]);
    uq.t += u.t * qdd[k];
    uq.b += u.b * qdd[k];
    const Halves<S> dca = cross_motion<S>(dacc, Sk);
    store(halves(data.ca[k]) + dca, data.ca[k]);
    for (int j = k; j < n; ++j) data.dtau_dq(j, k) += dot(data.u[j], dca);
    const Matrix3<S>& Io = data.inertia_o[k];
    const Vector3<S>& h = data.first_moment[k];
    const Halves<S> dF = apply_inertia<S>(Io, h, data.mass[k], dacc) + uq;
    store(halves(data.force[k]) + dF, data.force[k]);
    if (k == 0) continue;
    const Halves<S> dy = apply_inertia<S>(Io, h, data.mass[k], dca) + cross_force<S>(Sk, dF);
    for (int j = 0; j < k; ++j) data.dtau_dq(j, k) += dot(data.screw[j], dy);
  }
}


/// Throws std::invalid_argument if an output is not finite: dqdd_dq, dqdd_dqd, dqdd_dtau when
/// `forward`, else dtau_dq, dtau_dqd, dtau_dqdd; the message names the largest of q, qd, `third`
/// (named third_name: qdd or tau), gravity, f_ext (inverse_dynamics_derivatives.cpp).
template <typename S>
void check_derivatives_result(std::string_view where, const DerivativesDataTpl<S>& data,
                              bool forward, JointVectorIn<S> q, JointVectorIn<S> qd,
                              std::string_view third_name, JointVectorIn<S> third,
                              const Vector3<S>& gravity, const Vector6<S>& f_ext);

}  // namespace detail
}  // namespace manipdyn
