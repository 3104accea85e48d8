#pragma once
/// \file base_quaternion.hpp
/// Private to src/serial: the free-flyer's quaternion (x, y, z, w) as a rotation, for the
/// configuration arithmetic (configuration.cpp) and the tree algorithms (free_flyer_root.hpp).
/// Templated on the scalar and free of branches on values, so that the batch lanes
/// (src/serial/lanes_run.hpp) normalise and rotate every lane's quaternion alike.
#include "manipdyn/core/scalar_math.hpp"
#include "manipdyn/core/types.hpp"

namespace manipdyn::detail {

/// A quaternion as a 4-vector in q's order (x, y, z, w).
template <typename S>
using Quat = Eigen::Matrix<S, 4, 1>;

/// The rotation matrix of a unit quaternion (x, y, z, w).
template <typename S>
Matrix3<S> quat_rotation(const Quat<S>& q) {
  const S x = q[0], y = q[1], z = q[2], w = q[3];
  Matrix3<S> R;
  R << S(1) - S(2) * (y * y + z * z), S(2) * (x * y - z * w), S(2) * (x * z + y * w),
      S(2) * (x * y + z * w), S(1) - S(2) * (x * x + z * z), S(2) * (y * z - x * w),
      S(2) * (x * z - y * w), S(2) * (y * z + x * w), S(1) - S(2) * (x * x + y * y);
  return R;
}

/// q's base quaternion q[3..6] (q: nq), scaled to norm 1 (nonzero by the caller's check).
template <typename S>
Quat<S> unit_base_quaternion(JointVectorIn<S> q) {
  const Quat<S> quat = q.template segment<4>(3);
  return quat / math::sqrt(quat.squaredNorm());
}

}  // namespace manipdyn::detail
