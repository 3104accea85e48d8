#pragma once
/// \file pose.hpp
/// Platform pose and motion: roll-pitch-yaw angles of Dasgupta 1998 eq. 38,
/// R = RPY(theta_z, theta_y, theta_x) = Rot(Z, theta_z) Rot(Y, theta_y) Rot(X, theta_x),
/// with theta = [theta_x, theta_y, theta_z] (the matrix of Pedrammehr 2012, appendix 1), and the
/// conversion of RPY rates and accelerations into the angular velocity and acceleration of the
/// platform in the base frame.
#include <Eigen/Core>
#include <Eigen/Geometry>

#include "manipdyn/core/platform_motion.hpp"
#include "manipdyn/core/rotation.hpp"
#include "manipdyn/core/scalar_math.hpp"
#include "manipdyn/core/types.hpp"

namespace manipdyn::stewart {

// The platform's motion and the external wrench on it (core/platform_motion.hpp), shared with
// the general parallel robots (parallel/).
using manipdyn::ExternalWrench;
using manipdyn::ExternalWrenchTpl;
using manipdyn::PlatformMotion;
using manipdyn::PlatformMotionTpl;

/// R = Rz(theta_z) Ry(theta_y) Rx(theta_x) for theta = [theta_x, theta_y, theta_z] (Dasgupta
/// 1998 eq. 38; Pedrammehr 2012 appendix 1): the library's one RPY rotation,
/// core/rotation.hpp's rotation_from_rpy, under the platform papers' name.
template <typename Scalar>
Matrix3<Scalar> rpy_to_rotation(const Vector3<Scalar>& theta) {
  return rotation_from_rpy(theta);
}

// The RPY rates of the platform pose (core/rotation.hpp): omega = E(theta) dtheta/dt.
using manipdyn::angular_acceleration_from_rpy;
using manipdyn::angular_velocity_from_rpy;
using manipdyn::rpy_rate_matrix;

/// A PlatformMotion from position, RPY angles and their first and second time derivatives.
template <typename Scalar>
PlatformMotionTpl<Scalar> motion_from_rpy(const Vector3<Scalar>& t, const Vector3<Scalar>& theta,
                                          const Vector3<Scalar>& v, const Vector3<Scalar>& theta_d,
                                          const Vector3<Scalar>& a,
                                          const Vector3<Scalar>& theta_dd) {
  PlatformMotionTpl<Scalar> m;
  m.t = t;
  m.R = rpy_to_rotation(theta);
  m.v = v;
  m.omega = angular_velocity_from_rpy(theta, theta_d);
  m.a = a;
  m.alpha = angular_acceleration_from_rpy(theta, theta_d, theta_dd);
  return m;
}

}  // namespace manipdyn::stewart
