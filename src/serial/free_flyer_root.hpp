#pragma once
/// \file free_flyer_root.hpp
/// Private to src/serial: the free-flyer root of the tree algorithms (model.hpp, RootJoint;
/// Pinocchio's conventions): q = [position of the base in the world (3), quaternion (x, y, z, w)
/// of world <- base (4), joints], v = [linear velocity (3), angular velocity (3) of the base,
/// both in the base frame, joint rates], the first six generalized forces the wrench [force;
/// torque] on the base in the base frame (configuration.hpp: the checks and the base pose). The
/// base is a rigid body (model.base_inertia); frame 0,
/// which the joints on the base hang from, is fixed on it (model.modified.base: base <- frame 0).
/// Spatial vectors in the base frame are [angular; linear] (src/core/spatial.hpp): the six
/// generalized coordinates are their halves swapped.
#include "base_quaternion.hpp"
#include "manipdyn/core/scalar_math.hpp"
#include "manipdyn/core/types.hpp"
#include "manipdyn/core/check.hpp"
#include "manipdyn/serial/configuration.hpp"
#include "manipdyn/serial/model.hpp"

namespace manipdyn::detail {

/// world <- base rotation of q (nq) (configuration.hpp's base_pose: the quaternion q[3..6]
/// normalised; base_quaternion.hpp, without branches on values, so the batch lanes run it too).
template <typename S, typename Q>
Matrix3<S> base_rotation(const SerialModel& model, const Q& q) {
  if (model.root != RootJoint::free_flyer) return Matrix3<S>::Identity();
  return quat_rotation<S>(unit_base_quaternion<S>(q));
}

/// The base body's spatial inertia about the base frame's origin, in the base frame (RBDA
/// eq. 2.63): [[Ic + m (|c|^2 E - c c^T), m [c]x], [m [c]x^T, m E]].
template <typename S>
Matrix6<S> base_spatial_inertia(const BodyInertia& body) {
  const Vector3d& c = body.com;
  Matrix3d h;
  h << 0.0, -c[2], c[1], c[2], 0.0, -c[0], -c[1], c[0], 0.0;
  h *= body.mass;
  Matrix6<double> I;
  I.topLeftCorner<3, 3>() =
      body.inertia + body.mass * (c.squaredNorm() * Matrix3d::Identity() - c * c.transpose());
  I.topRightCorner<3, 3>() = h;
  I.bottomLeftCorner<3, 3>() = h.transpose();
  I.bottomRightCorner<3, 3>() = body.mass * Matrix3d::Identity();
  return I.template cast<S>();
}

/// The spatial vector [angular; linear] of the six base coordinates v[at..at+5] = [linear;
/// angular] (Pinocchio's order).
template <typename S, typename V>
Vector6<S> base_motion(const V& v) {
  Vector6<S> m;
  m << v[3], v[4], v[5], v[0], v[1], v[2];
  return m;
}

}  // namespace manipdyn::detail
