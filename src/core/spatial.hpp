#pragma once
/// \file spatial.hpp
/// Private to the library (src/): the spatial algebra of Featherstone's Rigid Body Dynamics
/// Algorithms (2008, ch. 2), one home for the algorithms that use it. Spatial vectors are
/// [angular; linear] for a motion and [moment; force] for a force; x is the motion cross product
/// (RBDA eq. 2.31), x* the force one (eq. 2.32); a rigid-body inertia is [[Io, [h]x], [-[h]x,
/// m E]] about a point (eq. 2.63).
///
/// Two representations, each for the passes it serves:
///  - on Eigen's Vector6 / Matrix6, link-local (the articulated-body algorithm,
///    src/serial/articulated_body.cpp): the cross products, the Plucker transform between a
///    link frame and its parent (motion to child, force to parent, X^T I X to parent) in 3x3
///    blocks;
///  - in registers (the analytic derivatives, src/serial/inverse_dynamics_derivatives_body.hpp):
///    a 3-vector V3 (for double two SSE2 pairs), a 3x3 M3 by columns, a spatial vector by its
///    halves, the cross products and the rigid-body inertia on them. The derivative passes were
///    tuned on these (docs/derivatives.md, "Cost": Eigen's Vector3 there costs store-forwarding
///    stalls); they compute the same operations in the same order for every scalar, so that
///    the generated code (traced through the generic V3) equals the library bit for bit.
/// Both forms compute the cross products entry by entry in the same order.
#include <Eigen/Core>

#include "manipdyn/core/scalar_math.hpp"
#include "manipdyn/core/types.hpp"

namespace manipdyn::spatial {

// ---- on Eigen's vectors (link-local) -------------------------------------------------------

// Static (internal linkage, each including file its own copy, as when these were local to
// articulated_body.cpp): g++ then inlines the once-called cross products into the ABA's velocity
// pass and passes arguments as it likes; with external linkage the ABA on the PUMA 560 took
// 11 681 instead of 11 536 instructions (callgrind).

// Skew-symmetric matrix [x]_x with [x]_x y = x cross y.
template <typename S>
static Matrix3<S> skew(const Vector3<S>& x) {
  Matrix3<S> m;
  m << S(0), -x[2], x[1], x[2], S(0), -x[0], -x[1], x[0], S(0);
  return m;
}

// Motion vector of the parent frame expressed in the child frame: X m with X = [E 0; -E[p]x E],
// E = rot^T (RBDA eq. 2.24 with the child frame's rotation `rot` and origin `pos` in the parent).
template <typename S>
static Vector6<S> motion_to_child(const Matrix3<S>& rot, const Vector3<S>& pos,
                                  const Vector6<S>& m) {
  Vector6<S> out;
  const Vector3<S> w = m.template head<3>();
  out.template head<3>().noalias() = rot.transpose() * w;
  const Vector3<S> lin = m.template tail<3>() + w.cross(pos);
  out.template tail<3>().noalias() = rot.transpose() * lin;
  return out;
}

// Force vector [moment; force] of the child frame expressed in the parent frame: X^T f.
template <typename S>
static Vector6<S> force_to_parent(const Matrix3<S>& rot, const Vector3<S>& pos,
                                  const Vector6<S>& f) {
  Vector6<S> out;
  out.template tail<3>().noalias() = rot * f.template tail<3>();
  const Vector3<S> n = rot * f.template head<3>();
  out.template head<3>() = n + pos.cross(Vector3<S>(out.template tail<3>()));
  return out;
}

// Adds X^T Ia X to `parent` (X = [E 0; -E[p]x E], E = rot^T: RBDA eq. 2.66) in 3x3 blocks:
// with Ia = [A B; B^T C], first rotate each block into the parent axes (A' = R A R^T, ...,
// R = rot), then shift the reference point by p (P = [p]x):
//   A'' = A' - B' P - P B'^T + P C' P,  B'' = B' - P C',  C'' = C'.
// About half the multiplications of two dense 6x6 products.
template <typename S>
static void add_inertia_to_parent(const Matrix3<S>& rot, const Vector3<S>& p, const Matrix6<S>& Ia,
                           Matrix6<S>& parent) {
  Matrix3<S> tmp;
  tmp.noalias() = rot * Ia.template topLeftCorner<3, 3>();
  Matrix3<S> A;
  A.noalias() = tmp * rot.transpose();
  tmp.noalias() = rot * Ia.template topRightCorner<3, 3>();
  Matrix3<S> B;
  B.noalias() = tmp * rot.transpose();
  tmp.noalias() = rot * Ia.template bottomRightCorner<3, 3>();
  Matrix3<S> C;
  C.noalias() = tmp * rot.transpose();
  // P C' (columns p x c_j) and B' P = -(P B'^T)^T.
  Matrix3<S> PC, PBt;
  for (int j = 0; j < 3; ++j) {
    PC.col(j) = p.cross(Vector3<S>(C.col(j)));
    PBt.col(j) = p.cross(Vector3<S>(B.row(j).transpose()));
  }
  // P (P C')^T = -(P C' P)^T = -P C' P (symmetric, as C' is).
  Matrix3<S> PCP;
  for (int j = 0; j < 3; ++j) PCP.col(j) = p.cross(Vector3<S>(PC.row(j).transpose()));
  // A'' = A' - B' P + P B'^T - P C' P with B' P = -(P B'^T)^T.
  parent.template topLeftCorner<3, 3>() += A + PBt.transpose() + PBt + PCP;
  parent.template topRightCorner<3, 3>() += B + PC;
  parent.template bottomLeftCorner<3, 3>() += B.transpose() + PC.transpose();
  parent.template bottomRightCorner<3, 3>() += C;
}

// Spatial cross product for motion vectors, v x m (RBDA eq. 2.31).
template <typename S>
static Vector6<S> cross_motion(const Vector6<S>& v, const Vector6<S>& m) {
  const Vector3<S> w = v.template head<3>(), vl = v.template tail<3>();
  const Vector3<S> mw = m.template head<3>(), ml = m.template tail<3>();
  Vector6<S> out;
  out.template head<3>() = w.cross(mw);
  out.template tail<3>() = w.cross(ml) + vl.cross(mw);
  return out;
}

// Spatial cross product for force vectors, v x* f (RBDA eq. 2.32).
template <typename S>
static Vector6<S> cross_force(const Vector6<S>& v, const Vector6<S>& f) {
  const Vector3<S> w = v.template head<3>(), vl = v.template tail<3>();
  const Vector3<S> fn = f.template head<3>(), ff = f.template tail<3>();
  Vector6<S> out;
  out.template head<3>() = w.cross(fn) + vl.cross(ff);
  out.template tail<3>() = w.cross(ff);
  return out;
}

// ---- in registers (the derivative passes) --------------------------------------------------

/// A 3-vector in three scalars, with the few operations the passes need. The passes' arithmetic
/// runs on these rather than on Eigen's Vector3: Eigen adds and scales a Vector3 by a packed
/// operation on its first two entries, and a Vector3 built from scalars (a cross product, a
/// matrix-vector product) is written to memory entry by entry first, so that the packed load
/// that follows waits for two scalar stores (store-forwarding stalls: the hottest instructions
/// of both passes under perf annotate). On plain scalars g++'s SLP vectoriser pairs what it
/// can in registers.
template <typename S>
struct V3 {
  S x_, y_, z_;
  MANIPDYN_ALWAYS_INLINE static V3 make(const S& x, const S& y, const S& z) { return {x, y, z}; }
  MANIPDYN_ALWAYS_INLINE static V3 zero() { return {S(0), S(0), S(0)}; }
  /// Entries at, at + 1, at + 2 of an Eigen vector (of S or of double).
  template <typename E>
  MANIPDYN_ALWAYS_INLINE static V3 load(const E& v, int at = 0) {
    return {S(v[at]), S(v[at + 1]), S(v[at + 2])};
  }
  template <typename E>
  MANIPDYN_ALWAYS_INLINE void store(E&& v, int at = 0) const {
    v[at] = x_;
    v[at + 1] = y_;
    v[at + 2] = z_;
  }
  MANIPDYN_ALWAYS_INLINE S x() const { return x_; }
  MANIPDYN_ALWAYS_INLINE S y() const { return y_; }
  MANIPDYN_ALWAYS_INLINE S z() const { return z_; }
  MANIPDYN_ALWAYS_INLINE S operator[](int i) const { return i == 0 ? x_ : i == 1 ? y_ : z_; }
  MANIPDYN_ALWAYS_INLINE S dot(const V3& b) const { return x_ * b.x_ + y_ * b.y_ + z_ * b.z_; }
  MANIPDYN_ALWAYS_INLINE V3 cross(const V3& b) const {
    return {y_ * b.z_ - z_ * b.y_, z_ * b.x_ - x_ * b.z_, x_ * b.y_ - y_ * b.x_};
  }
  MANIPDYN_ALWAYS_INLINE V3 operator+(const V3& b) const {
    return {x_ + b.x_, y_ + b.y_, z_ + b.z_};
  }
  MANIPDYN_ALWAYS_INLINE V3 operator-(const V3& b) const {
    return {x_ - b.x_, y_ - b.y_, z_ - b.z_};
  }
  MANIPDYN_ALWAYS_INLINE V3 operator-() const { return {-x_, -y_, -z_}; }
  MANIPDYN_ALWAYS_INLINE V3 operator*(const S& s) const { return {x_ * s, y_ * s, z_ * s}; }
};

#if defined(__GNUC__) && defined(__SSE2__)
/// V3 for double in two SSE2 registers (GCC vectors): (x, y) and (z, x), x twice, so that sums,
/// scalings and cross products run on pairs, and a cross product needs two lane shuffles (for
/// (y, z) of each operand): a x b = ((y, z) * (bz, bx) - (z, x) * (by, bz), (x, y) * (by, bz) -
/// (y, z) * (bx, by)), the second pair being (z, x) of the result. Every entry (both copies of
/// x) is computed by the same operations in the same order as the generic V3 (the generated
/// code, traced through the generic one, equals the library bit for bit).
template <>
struct V3<double> {
  typedef double D2 __attribute__((vector_size(16)));
  typedef long long I2 __attribute__((vector_size(16)));
  D2 xy, zx;
  MANIPDYN_ALWAYS_INLINE static V3 make(double x, double y, double z) {
    return {D2{x, y}, D2{z, x}};
  }
  MANIPDYN_ALWAYS_INLINE static V3 zero() { return {D2{0.0, 0.0}, D2{0.0, 0.0}}; }
  template <typename E>
  MANIPDYN_ALWAYS_INLINE static V3 load(const E& v, int at = 0) {
    const double x = double(v[at]);
    return {D2{x, double(v[at + 1])}, D2{double(v[at + 2]), x}};
  }
  template <typename E>
  MANIPDYN_ALWAYS_INLINE void store(E&& v, int at = 0) const {
    v[at] = xy[0];
    v[at + 1] = xy[1];
    v[at + 2] = zx[0];
  }
  MANIPDYN_ALWAYS_INLINE double x() const { return xy[0]; }
  MANIPDYN_ALWAYS_INLINE double y() const { return xy[1]; }
  MANIPDYN_ALWAYS_INLINE double z() const { return zx[0]; }
  MANIPDYN_ALWAYS_INLINE double operator[](int i) const { return i == 2 ? zx[0] : xy[i]; }
  MANIPDYN_ALWAYS_INLINE D2 yz() const {
#if defined(__clang__)
    return __builtin_shufflevector(xy, zx, 1, 2);
#else
    return __builtin_shuffle(xy, zx, I2{1, 2});
#endif
  }
  MANIPDYN_ALWAYS_INLINE double dot(const V3& b) const {
    const D2 p = xy * b.xy, q = zx * b.zx;
    return p[0] + p[1] + q[0];
  }
  MANIPDYN_ALWAYS_INLINE V3 cross(const V3& b) const {
    const D2 ayz = yz(), byz = b.yz();
    return {ayz * b.zx - zx * byz, xy * byz - ayz * b.xy};
  }
  MANIPDYN_ALWAYS_INLINE V3 operator+(const V3& b) const { return {xy + b.xy, zx + b.zx}; }
  MANIPDYN_ALWAYS_INLINE V3 operator-(const V3& b) const { return {xy - b.xy, zx - b.zx}; }
  MANIPDYN_ALWAYS_INLINE V3 operator-() const { return {-xy, -zx}; }
  MANIPDYN_ALWAYS_INLINE V3 operator*(double s) const {
    const D2 ss{s, s};
    return {xy * ss, zx * ss};
  }
};
#endif

/// a1 . b1 + a2 . b2 and a1 . b1 + a2 . b2 + a3 . b3, summed by component (the x terms, plus
/// the y terms, plus the z terms): for double the x and y terms in one register, one horizontal
/// addition for all.
template <typename S>
MANIPDYN_ALWAYS_INLINE S dot2(const V3<S>& a1, const V3<S>& b1, const V3<S>& a2,
                              const V3<S>& b2) {
  return (a1.x() * b1.x() + a2.x() * b2.x()) + (a1.y() * b1.y() + a2.y() * b2.y()) +
         (a1.z() * b1.z() + a2.z() * b2.z());
}
template <typename S>
MANIPDYN_ALWAYS_INLINE S dot3(const V3<S>& a1, const V3<S>& b1, const V3<S>& a2, const V3<S>& b2,
                              const V3<S>& a3, const V3<S>& b3) {
  return (a1.x() * b1.x() + a2.x() * b2.x() + a3.x() * b3.x()) +
         (a1.y() * b1.y() + a2.y() * b2.y() + a3.y() * b3.y()) +
         (a1.z() * b1.z() + a2.z() * b2.z() + a3.z() * b3.z());
}
#if defined(__GNUC__) && defined(__SSE2__)
MANIPDYN_ALWAYS_INLINE double dot2(const V3<double>& a1, const V3<double>& b1,
                                   const V3<double>& a2, const V3<double>& b2) {
  const V3<double>::D2 p = a1.xy * b1.xy + a2.xy * b2.xy, q = a1.zx * b1.zx + a2.zx * b2.zx;
  return p[0] + p[1] + q[0];
}
MANIPDYN_ALWAYS_INLINE double dot3(const V3<double>& a1, const V3<double>& b1,
                                   const V3<double>& a2, const V3<double>& b2,
                                   const V3<double>& a3, const V3<double>& b3) {
  const V3<double>::D2 p = a1.xy * b1.xy + a2.xy * b2.xy + a3.xy * b3.xy;
  const V3<double>::D2 q = a1.zx * b1.zx + a2.zx * b2.zx + a3.zx * b3.zx;
  return p[0] + p[1] + q[0];
}
#endif

/// A 3x3 matrix by its columns.
template <typename S>
struct M3 {
  V3<S> c0, c1, c2;
  template <typename E>
  MANIPDYN_ALWAYS_INLINE static M3 load(const E& m) {
    return {V3<S>::load(m.col(0)), V3<S>::load(m.col(1)), V3<S>::load(m.col(2))};
  }
  MANIPDYN_ALWAYS_INLINE void store(Matrix3<S>& m) const {
    c0.store(m.col(0));
    c1.store(m.col(1));
    c2.store(m.col(2));
  }
  MANIPDYN_ALWAYS_INLINE const V3<S>& col(int i) const { return i == 0 ? c0 : i == 1 ? c1 : c2; }
  MANIPDYN_ALWAYS_INLINE V3<S> operator*(const V3<S>& v) const {
    return c0 * v.x() + c1 * v.y() + c2 * v.z();
  }
  /// M^T v: the columns against v.
  MANIPDYN_ALWAYS_INLINE V3<S> transpose_times(const V3<S>& v) const {
    return V3<S>::make(c0.dot(v), c1.dot(v), c2.dot(v));
  }
  MANIPDYN_ALWAYS_INLINE M3 operator+(const M3& b) const { return {c0 + b.c0, c1 + b.c1, c2 + b.c2}; }
};

/// A spatial vector by its halves: [angular; linear] for a motion, [moment; force] for a force.
template <typename S>
struct Halves {
  V3<S> t, b;
  MANIPDYN_ALWAYS_INLINE static Halves load(const Vector6<S>& x) {
    return {V3<S>::load(x, 0), V3<S>::load(x, 3)};
  }
  MANIPDYN_ALWAYS_INLINE void store(Vector6<S>& out) const {
    t.store(out, 0);
    b.store(out, 3);
  }
  MANIPDYN_ALWAYS_INLINE Halves operator+(const Halves& y) const { return {t + y.t, b + y.b}; }
  MANIPDYN_ALWAYS_INLINE Halves operator*(const S& s) const { return {t * s, b * s}; }
  MANIPDYN_ALWAYS_INLINE S dot(const Halves& y) const { return dot2(t, y.t, b, y.b); }
};

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

/// The spatial inertia of a body (or of a composite) about a point (the world origin in the
/// derivative passes), [[Io, [h]x], [-[h]x, m E]] (Featherstone RBDA eq. 2.63): Io its
/// rotational inertia about that point, h its first moment, m its mass.
template <typename S>
struct Inertia {
  M3<S> Io;  // symmetric
  V3<S> h;
  S m;
  /// I x = [Io x_w + h x x_v; m x_v - h x x_w].
  MANIPDYN_ALWAYS_INLINE Halves<S> operator*(const Halves<S>& x) const {
    return {Io * x.t + h.cross(x.b), x.b * m - h.cross(x.t)};
  }
  MANIPDYN_ALWAYS_INLINE Inertia operator+(const Inertia& o) const {
    return {Io + o.Io, h + o.h, m + o.m};
  }
};

}  // namespace manipdyn::spatial
