#pragma once
/// \file mass_matrix_body.hpp
/// The body of mass_matrix (serial/dynamics_terms.hpp) as templates on the scalar: the joint-space
/// mass matrix M(q) by the composite-rigid-body algorithm (Walker & Orin 1982, method 3;
/// Featherstone RBDA sec. 6.2) in the standard DH link coordinates of the Newton-Euler family, and
/// its unchecked entry. Private (src/serial): mass_matrix.cpp instantiates it for double, Counted
/// and Dual1, src/codegen/traced_instantiations.cpp for the tracing scalar of code generation.
#include <cassert>

#include "manipdyn/serial/dynamics_terms.hpp"
#include "newton_euler_core.hpp"
#include "tree_mass_matrix_body.hpp"

namespace manipdyn {

namespace detail {
// The helpers have internal linkage, as when they were local to mass_matrix.cpp: the compiler
// then sees every call of each and inlines them into mass_matrix_from_trig as before (with
// external linkage g++-12 kept crba_mass_matrix and the column loops out of line). Each file
// that includes this header instantiates a different scalar, so no two copies meet.
namespace {

// From this many joints a chain without DH structure (DhChain::ne_sparse false) projects the
// composite wrenches on the joint axes in frame 0 instead of carrying them down link by link.
// Measured on the random arms of bench_serial (CPU time, carry-down / projection, 2026-11-26,
// composites about their own joint): n = 4 193 / 199 ns, n = 8 572 / 394 ns, n = 16 2017 /
// 904 ns, n = 32 7.69 / 2.30 us, n = 64 29.8 / 6.6 us.
// Chains with DH structure (PUMA-like, cheaper rotations by sign flips) keep the carry-down.
constexpr int kMassMatrixWorldFrom = 8;

// The joint axes in chain frame 0 for crba_mass_matrix's projection (kWorld): R_{0,k} in
// data.crba_rotation[k] (k = 0..n; its column 2 is the axis z_k), the origin o_k in
// data.crba_origin[k] (k = 0..n) and o_k x z_k in data.wd[k] (k = 0..n-1; data.hpp), by
// R_{0,k+1} = R_{0,k} Rz(theta_k) Rx(alpha_k) and o_{k+1} = o_k + d_k z_k + a_k x_{k+1}
// (standard DH).
template <typename S>
void crba_world_axes(const DhChain& ch, SerialDataTpl<S>& data,
                     const Eigen::Ref<const VectorX<S>>& q) {
  const int n = ch.n;
  data.crba_rotation[0].setIdentity();
  data.crba_origin[0].setZero();
  for (int k = 0; k < n; ++k) {
    const Matrix3<S>& P = data.crba_rotation[k];
    Matrix3<S>& C = data.crba_rotation[k + 1];
    const S& st = data.sin_theta[k];
    const S& ct = data.cos_theta[k];
    const double sa = ch.sin_alpha[k], ca = ch.cos_alpha[k];
    // R_{0,k} Rz(theta): columns (c x + s y, -s x + c y, z); then Rx(alpha) on the last two
    const Vector3<S> x = ct * P.col(0) + st * P.col(1);
    const Vector3<S> y = ct * P.col(1) - st * P.col(0);
    C.col(0) = x;
    C.col(1) = ca * y + sa * P.col(2);
    C.col(2) = ca * P.col(2) - sa * y;
    const S d = ch.type[k] == JointType::prismatic ? S(q[k] + ch.d[k]) : S(ch.d[k]);
    data.wd[k] = data.crba_origin[k].cross(Vector3<S>(P.col(2)));
    data.crba_origin[k + 1] = data.crba_origin[k] + d * P.col(2) + ch.a[k] * x;
  }
}

// p*_k = (a, d sa, d ca) of a prismatic joint, d = q_k + d_k (counted; a revolute joint's is the
// model constant DhChain::ne_p).
template <typename S>
Vector3<S> prismatic_p(const DhChain& ch, const Eigen::Ref<const VectorX<S>>& q, int k) {
  const S d = q[k] + ch.d[k];
  return Vector3<S>(S(ch.a[k]), d * ch.sin_alpha[k], d * ch.cos_alpha[k]);
}

// A composite body: mass (a model constant), first moment h and the 6 entries of the symmetric
// inertia J about a reference point, in one frame.
template <typename S>
struct Composite {
  double m = 0.0;
  Vector3<S> h;
  // (in this order, the entries that a column's wrench reads together, J_xz and J_yz, are not
  // side by side: g++-12 loaded them as one pair after storing them one by one, a store-to-load
  // forwarding stall of about 5 % of the call)
  S xx, xy, yy, xz, zz, yz;
};

// The composite moved by p (positions x -> x + p, parallel axes): with g = h + m p / 2,
// J += 2 (g.p) E - (g p^T + p g^T) and h += m p, the terms of p's zero entries skipped when
// kSparse (p a model constant, m p / 2 and m p model constants too).
template <bool kSparse, typename S>
void shift_composite(const Vector3d& p, Composite<S>& c) {
  const Vector3d half = (0.5 * c.m) * p;
  const auto nz = [&](int k) { return !kSparse || p[k] != 0.0; };
  Vector3<S> g = c.h;
  S gp2 = S(0);
  bool first = true;
  for (int k = 0; k < 3; ++k)
    if (nz(k)) {
      g[k] += half[k];
      const S t = g[k] * (p[k] + p[k]);
      gp2 = first ? t : S(gp2 + t);
      first = false;
    }
  if (first) return;  // p = 0
  // (sums written out: the same scalar code must give the same bits for every scalar type,
  // codegen's tracing one included)
  c.xx += nz(0) ? S(gp2 - g[0] * (p[0] + p[0])) : gp2;
  c.yy += nz(1) ? S(gp2 - g[1] * (p[1] + p[1])) : gp2;
  c.zz += nz(2) ? S(gp2 - g[2] * (p[2] + p[2])) : gp2;
  const auto off = [&](S& j, int r, int k) {
    if (nz(r) && nz(k)) j -= g[r] * p[k] + p[r] * g[k];
    else if (nz(k)) j -= g[r] * p[k];
    else if (nz(r)) j -= p[r] * g[k];
  };
  off(c.xy, 0, 1);
  off(c.xz, 0, 2);
  off(c.yz, 1, 2);
  for (int k = 0; k < 3; ++k)
    if (nz(k)) c.h[k] += c.m * p[k];
}

// The same for p*_k of a prismatic joint (counted, dense).
template <typename S>
void shift_composite(const Vector3<S>& p, Composite<S>& c) {
  Vector3<S> g = c.h + Vector3<S>((0.5 * c.m) * p);
  const S gp2 = (g[0] * p[0] + g[1] * p[1] + g[2] * p[2]) * 2.0;
  c.xx += gp2 - g[0] * (p[0] + p[0]);
  c.yy += gp2 - g[1] * (p[1] + p[1]);
  c.zz += gp2 - g[2] * (p[2] + p[2]);
  c.xy -= g[0] * p[1] + p[0] * g[1];
  c.xz -= g[0] * p[2] + p[0] * g[2];
  c.yz -= g[1] * p[2] + p[1] * g[2];
  c.h += Vector3<S>(c.m * p);
}

// A symmetric 2x2 block [a b; b d] rotated by the angle phi (R [a b; b d] R^T), from cos 2phi
// and sin 2phi: with mid = (a + d)/2, e = (a - d)/2, t = e cos 2phi - b sin 2phi:
// a' = mid + t, d' = mid - t, b' = e sin 2phi + b cos 2phi.
template <typename S, typename T>
MANIPDYN_ALWAYS_INLINE void rotate_symmetric_2x2(const T& c2, const T& s2, S& a, S& b, S& d) {
  const S mid = (a + d) * 0.5, e = (a - d) * 0.5;
  const S t = e * c2 - b * s2;
  b = e * s2 + b * c2;
  a = mid + t;
  d = mid - t;
}

// The composite rotated by Rx(alpha_k) (the alpha part of R_k = Rz(theta_k) Rx(alpha_k)): the
// pairs (J_xy, J_xz) and (h_y, h_z) as vectors of the y-z plane, the y-z block by the double
// angle; sign flips and swaps for alpha kinds 1 and 2 (DhChain::ne_alpha_kind).
template <bool kSparse, typename S>
void rotate_composite_x(const DhChain& ch, int k, Composite<S>& c) {
  const double sa = ch.sin_alpha[k], ca = ch.cos_alpha[k];
  const char kind = kSparse ? ch.ne_alpha_kind[k] : 0;
  S y, z;
  detail::rotate_yz<kSparse>(sa, ca, kind, c.xy, c.xz, y, z);
  c.xy = y;
  c.xz = z;
  detail::rotate_yz<kSparse>(sa, ca, kind, c.h[1], c.h[2], y, z);
  c.h[1] = y;
  c.h[2] = z;
  if (kind == 2) {  // alpha = +-pi/2: y and z swap, J_yz changes sign
    std::swap(c.yy, c.zz);
    c.yz = -c.yz;
  } else if (kind == 0) {
    rotate_symmetric_2x2(ca * ca - sa * sa, 2.0 * sa * ca, c.yy, c.yz, c.zz);
  }  // kind 1 (alpha = 0 or pi): the y-z block is unchanged
}

// The composite rotated by Rz(theta_k): the x-y block by the double angle, (J_xz, J_yz) and
// (h_x, h_y) as vectors of the x-y plane; J_zz and h_z unchanged.
template <typename S>
void rotate_composite_z(const S& st, const S& ct, Composite<S>& c) {
  const S c2 = ct * ct - st * st;
  const S s2 = st * ct + st * ct;
  rotate_symmetric_2x2(c2, s2, c.xx, c.xy, c.yy);
  const S xz = c.xz, hx = c.h[0];
  c.xz = ct * xz - st * c.yz;
  c.yz = st * xz + ct * c.yz;
  c.h[0] = ct * hx - st * c.h[1];
  c.h[1] = st * hx + ct * c.h[1];
}

// Composite j: links j..n-1 about origin j, in frame j (standard DH: the frame of joint j's
// axis). From composite j+1 (about origin j+1, frame j+1; empty for j = n-1): link j added (its
// inertia about origin j+1, DhChain::inertia_origin), moved by p*_j to origin j, rotated by
// R_j = Rz(theta_j) Rx(alpha_j) into frame j (the Rz part left out when axis_only: J_zz and the
// mass are all that M(j, j) needs, as for j = 0; Rz leaves them unchanged).
template <typename S, bool kSparse>
void next_composite(const DhChain& ch, const SerialDataTpl<S>& data,
                    const Eigen::Ref<const VectorX<S>>& q, int j, bool axis_only,
                    Composite<S>& c) {
  const Matrix3d& I = ch.inertia_origin[j];
  const Vector3d& h = ch.first_moment[j];
  if (j == ch.n - 1) {
    c.m = ch.mass[j];
    c.h = h.template cast<S>();
    c.xx = S(I(0, 0)), c.yy = S(I(1, 1)), c.zz = S(I(2, 2));
    c.xy = S(I(0, 1)), c.xz = S(I(0, 2)), c.yz = S(I(1, 2));
  } else {
    c.m += ch.mass[j];
    c.h += h.template cast<S>();
    c.xx += I(0, 0), c.yy += I(1, 1), c.zz += I(2, 2);
    c.xy += I(0, 1), c.xz += I(0, 2), c.yz += I(1, 2);
  }
  if (ch.type[j] == JointType::revolute)
    shift_composite<kSparse>(ch.ne_p[j], c);
  else
    shift_composite(prismatic_p(ch, q, j), c);
  rotate_composite_x<kSparse>(ch, j, c);
  if (!axis_only) rotate_composite_z(data.sin_theta[j], data.cos_theta[j], c);
}

// M(0..j-1, j) from the wrench (F, N about origin j, frame j) that gives composite j a unit
// acceleration of joint j, by projection (kWorld): into frame 0, moment about origin 0; then
// M(k, j) = z_k . N + (o_k x z_k) . F (revolute) or z_k . F (prismatic), Plucker coordinates of
// joint axis k (crba_world_axes). Mirrored into row j.
template <typename S>
void mass_matrix_column_by_projection(const DhChain& ch, SerialDataTpl<S>& data, int j,
                                      const Vector3<S>& F, const Vector3<S>& N) {
  const Matrix3<S>& R = data.crba_rotation[j];
  const Vector3<S> Fw = detail::mat_vec(R, F);
  const Vector3<S> Nw = detail::mat_vec(R, N) + data.crba_origin[j].cross(Fw);
  for (int k = j - 1; k >= 0; --k) {
    const auto z = data.crba_rotation[k].col(2);
    const Vector3<S>& zo = data.wd[k];
    const S m_kj = ch.type[k] == JointType::revolute
                       ? S(z[0] * Nw[0] + z[1] * Nw[1] + z[2] * Nw[2] +
                           (zo[0] * Fw[0] + zo[1] * Fw[1] + zo[2] * Fw[2]))
                       : S(z[0] * Fw[0] + z[1] * Fw[1] + z[2] * Fw[2]);
    data.M(k, j) = m_kj;
    data.M(j, k) = m_kj;
  }
}

// M(0..j-1, j) from the same wrench carried down link by link: at joint k the moment about
// origin k (N += p*_k x F, frame k+1), M(k, j) its component on the axis of joint k (revolute)
// or the force's (prismatic), then F and N rotated into frame k. Mirrored into row j.
template <typename S, bool kSparse>
void mass_matrix_column_by_carry_down(const DhChain& ch, SerialDataTpl<S>& data,
                                      const Eigen::Ref<const VectorX<S>>& q, int j, Vector3<S> F,
                                      Vector3<S> N) {
  for (int k = j - 1; k >= 0; --k) {
    const double sk = ch.sin_alpha[k], ck = ch.cos_alpha[k];
    const char kind = ch.ne_alpha_kind[k];
    const bool revolute = ch.type[k] == JointType::revolute;
    N = revolute ? detail::cross_const_add<kSparse>(ch.ne_p[k], F, N)
                 : Vector3<S>(N + prismatic_p(ch, q, k).cross(F));
    const S m_kj = detail::fast_axis_component<kSparse>(sk, ck, kind, revolute ? N : F);
    data.M(k, j) = m_kj;
    data.M(j, k) = m_kj;
    if (k == 0) break;
    F = detail::fast_to_parent<kSparse>(data.sin_theta[k], data.cos_theta[k], sk, ck, kind, F);
    N = detail::fast_to_parent<kSparse>(data.sin_theta[k], data.cos_theta[k], sk, ck, kind, N);
  }
}

// M by the composite-rigid-body algorithm (Walker & Orin 1982, method 3; Featherstone RBDA
// sec. 6.2, Table 6.2) in the standard DH link coordinates of the Newton-Euler family, inputs
// checked, trig done. Backward over j = n-1..0: composite j (links j..n-1, about origin j on the
// axis of joint j, in frame j; next_composite). A unit acceleration of joint j then needs the
// wrench F = z x h, N = J z (revolute: M(j, j) = J_zz) or F = m z, N = h x z (prismatic:
// M(j, j) = m), which is carried down to joints j-1..0 (or projected on their axes, kWorld),
// whose axis components are M(0..j-1, j). Rigid body; the caller adds the reflected inertia.
template <typename S, bool kSparse, bool kWorld>
void crba_mass_matrix(const DhChain& ch, SerialDataTpl<S>& data,
                      const Eigen::Ref<const VectorX<S>>& q) {
  const int n = ch.n;
  if constexpr (kWorld) crba_world_axes(ch, data, q);
  Composite<S> c;
  for (int j = n - 1; j >= 0; --j) {
    next_composite<S, kSparse>(ch, data, q, j, j == 0, c);
    const bool revolute = ch.type[j] == JointType::revolute;
    data.M(j, j) = revolute ? c.zz : S(c.m);
    if (j == 0) break;
    // the wrench of a unit qdd_j (frame j, about origin j), then column j of M above the diagonal
    const Vector3<S> F = revolute ? Vector3<S>(-c.h[1], c.h[0], S(0)) : Vector3<S>(S(0), S(0), S(c.m));
    const Vector3<S> N = revolute ? Vector3<S>(c.xz, c.yz, c.zz) : Vector3<S>(c.h[1], -c.h[0], S(0));
    if constexpr (kWorld)
      mass_matrix_column_by_projection(ch, data, j, F, N);
    else
      mass_matrix_column_by_carry_down<S, kSparse>(ch, data, q, j, F, N);
  }
}

// M by the composite-rigid-body algorithm, then G^2 Jm on the diagonal; needs joint_trig first.
template <typename S>
void mass_matrix_from_trig(const SerialModel& model, SerialDataTpl<S>& data,
                           const Eigen::Ref<const VectorX<S>>& q) {
  const DhChain& ch = model.standard;
  detail::ensure_size(data.M, ch.n, ch.n);  // sized on first use
  // carry-down in link frames for short or DH-structured chains, projection on the joint axes in
  // frame 0 for long general ones (fewer operations per entry: 11 against ~44)
  if (ch.ne_sparse)
    crba_mass_matrix<S, true, false>(ch, data, q);
  else if (ch.n < kMassMatrixWorldFrom)
    crba_mass_matrix<S, false, false>(ch, data, q);
  else
    crba_mass_matrix<S, false, true>(ch, data, q);
  if (model.has_drive)
    for (int j = 0; j < ch.n; ++j) data.M(j, j) += model.reflected_inertia[j];
}

}  // namespace
}  // namespace detail

template <typename S>
const MatrixX<S>& mass_matrix(Unchecked, const SerialModel& model, SerialDataTpl<S>& data,
                              JointVectorIn<S> q) {
  assert(data.n == model.dof() && q.size() == model.nq());
  if (detail::uses_tree_path(model)) [[unlikely]] {  // a tree: tree_mass_matrix.cpp
    detail::tree_mass_matrix<S>(model, data, q);
    return data.M;
  }
  detail::joint_trig(model.standard, data, q);
  detail::mass_matrix_from_trig(model, data, q);
  return data.M;
}

}  // namespace manipdyn
