#pragma once
/// \file joint_motion.hpp
/// Private to src/serial: the one place the tree algorithms (tree_*.cpp) and the articulated-body
/// algorithm dispatch on the kind of a joint, and the placement of a joint on its antecedent.
/// In its own frame (model.modified, Khalil & Kleinfinger's frame i on joint i) a joint moves
/// about or along z_i, so its motion subspace S_i is a unit spatial vector (Featherstone RBDA
/// Table 4.1: revolute [0 0 1 0 0 0]^T, prismatic [0 0 0 0 0 1]^T): the algorithms need only its
/// index. A new joint kind touches these functions, its tests and nothing else.
#include <type_traits>

#include "manipdyn/core/scalar_math.hpp"
#include "manipdyn/core/types.hpp"
#include "manipdyn/serial/dh_transform.hpp"
#include "manipdyn/serial/model.hpp"

namespace manipdyn::detail {

/// The index of joint i's motion subspace S_i in a spatial vector [angular; linear] of frame i:
/// 2 (rotation about z_i) for a revolute joint, 5 (translation along z_i) for a prismatic one.
inline int motion_axis(JointType type) {
  switch (type) {
    case JointType::revolute:
      return 2;
    case JointType::prismatic:
      return 5;
  }
  return 2;
}

/// The placement of joint i on its antecedent a(i) for the joint value qi: the rotation `rot`
/// (frame a(i) <- frame i) and the origin `pos` of frame i in frame a(i), from the row's
/// Rz(gamma) Tz(b) Rx(alpha) Tx(a) Rz(theta) Tz(d) (model.hpp; Khalil & Kleinfinger 1986):
/// rot = Rz(gamma) Rx(alpha) Rz(theta), pos = Rz(gamma) (a, -sin(alpha) d, cos(alpha) d) +
/// (0, 0, b). On a chain (or a joint with gamma = b = 0) the modified-DH row alone.
template <typename S>
MANIPDYN_ALWAYS_INLINE void joint_placement(const DhChain& chain, int i, const S& qi,
                                            Matrix3<S>& rot, Vector3<S>& pos) {
  S theta, d;
  dh_joint_values(chain, i, qi, theta, d);
  S st, ct;
  math::sincos(theta, st, ct);
  const double sa = chain.sin_alpha[i], ca = chain.cos_alpha[i];
  rot << ct, -st, S(0), ca * st, ca * ct, S(-sa), sa * st, sa * ct, S(ca);
  pos << S(chain.a[i]), -sa * d, ca * d;
  if (!chain.is_chain && (chain.gamma[i] != 0.0 || chain.b[i] != 0.0)) {
    // Rz(gamma) on the rows x and y, then b along z_{a(i)}
    const double sg = chain.sin_gamma[i], cg = chain.cos_gamma[i];
    for (int c = 0; c < 3; ++c) {
      const S x = rot(0, c), y = rot(1, c);
      rot(0, c) = cg * x - sg * y;
      rot(1, c) = sg * x + cg * y;
    }
    const S x = pos[0], y = pos[1];
    pos[0] = cg * x - sg * y;
    pos[1] = sg * x + cg * y;
    pos[2] += chain.b[i];
  }
}

/// Spatial inertia of link i about the origin of its frame, [Io m[c]x; m[c]x^T m 1] (RBDA
/// eq. 2.63), from the chain's precomputed inertia about the origin and first moment.
template <typename S>
Matrix6<S> link_spatial_inertia(const DhChain& chain, int i) {
  Matrix6<S> I;
  Matrix3d h;
  const Vector3d& x = chain.first_moment[i];
  h << 0.0, -x[2], x[1], x[2], 0.0, -x[0], -x[1], x[0], 0.0;
  I.template topLeftCorner<3, 3>() = chain.inertia_origin[i].template cast<S>();
  I.template topRightCorner<3, 3>() = h.template cast<S>();
  I.template bottomLeftCorner<3, 3>() = h.transpose().template cast<S>();
  I.template bottomRightCorner<3, 3>() = (chain.mass[i] * Matrix3d::Identity()).template cast<S>();
  return I;
}

/// I_i m for link i's spatial inertia about origin i (RBDA eq. 2.63) and a motion m = [w; v]:
/// [Io w + h x v; mass v - h x w], h the first moment; without building the 6 x 6 matrix.
template <typename S>
MANIPDYN_ALWAYS_INLINE Vector6<S> link_inertia_times(const DhChain& chain, int i,
                                                     const Vector6<S>& m) {
  const Vector3<S> w = m.template head<3>(), v = m.template tail<3>();
  const Vector3<S> h = chain.first_moment[i].template cast<S>();
  // Io as a matrix of S before the product: Eigen multiplies a cast expression by another path
  // (its coefficients summed in another order) than a matrix of S, which the batch lanes must
  // follow bit for bit (for double the cast is the matrix itself: a reference, no copy)
  using Inertia = std::conditional_t<std::is_same_v<S, double>, const Matrix3d&, const Matrix3<S>>;
  Inertia Io = chain.inertia_origin[i].template cast<S>();
  Vector6<S> out;
  out.template head<3>() = Io * w + h.cross(v);
  out.template tail<3>() = v * chain.mass[i] - h.cross(w);
  return out;
}

}  // namespace manipdyn::detail
