#pragma once
/// \file pose.hpp
/// Platform pose and motion: roll-pitch-yaw angles of Dasgupta 1998 eq. 38,
/// R = RPY(theta_z, theta_y, theta_x) = Rot(Z, theta_z) Rot(Y, theta_y) Rot(X, theta_x),
/// with theta = [theta_x, theta_y, theta_z] (the matrix of Pedrammehr 2012, appendix 1), and the
/// conversion of RPY rates and accelerations into the angular velocity and acceleration of the
/// platform in the base frame.
#include <Eigen/Core>
#include <Eigen/Geometry>

#include "manipdyn/core/scalar_math.hpp"
#include "manipdyn/core/types.hpp"

namespace manipdyn::stewart {

/// Motion of the platform, all in the base frame: position t of the platform-frame origin,
/// rotation R (platform -> base), linear velocity v = dt/dt and acceleration a, angular velocity
/// omega and angular acceleration alpha (Dasgupta 1998 eqs. 4, 7).
template <typename Scalar>
struct PlatformMotionTpl {
  Vector3<Scalar> t = Vector3<Scalar>::Zero();      ///< position (3)
  Matrix3<Scalar> R = Matrix3<Scalar>::Identity();  ///< orientation (3x3)
  Vector3<Scalar> v = Vector3<Scalar>::Zero();      ///< linear velocity (3)
  Vector3<Scalar> omega = Vector3<Scalar>::Zero();  ///< angular velocity (3)
  Vector3<Scalar> a = Vector3<Scalar>::Zero();      ///< linear acceleration (3)
  Vector3<Scalar> alpha = Vector3<Scalar>::Zero();  ///< angular acceleration (3)

  /// The same motion in scalar T (each entry converted, as Eigen's cast).
  template <typename T>
  PlatformMotionTpl<T> cast() const {
    PlatformMotionTpl<T> m;
    m.t = t.template cast<T>();
    m.R = R.template cast<T>();
    m.v = v.template cast<T>();
    m.omega = omega.template cast<T>();
    m.a = a.template cast<T>();
    m.alpha = alpha.template cast<T>();
    return m;
  }
};
using PlatformMotion = PlatformMotionTpl<double>;

/// External force f and moment m on the platform, in the platform frame (Dasgupta 1998 sec. 3.2:
/// F_ext, M_ext); f acts at the platform-frame origin.
template <typename Scalar>
struct ExternalWrenchTpl {
  Vector3<Scalar> f = Vector3<Scalar>::Zero();  ///< force (3), platform frame
  Vector3<Scalar> m = Vector3<Scalar>::Zero();  ///< moment (3), platform frame
};
using ExternalWrench = ExternalWrenchTpl<double>;

/// R = Rz(theta_z) Ry(theta_y) Rx(theta_x) for theta = [theta_x, theta_y, theta_z] (Dasgupta
/// 1998 eq. 38; Pedrammehr 2012 appendix 1).
template <typename Scalar>
Matrix3<Scalar> rpy_to_rotation(const Vector3<Scalar>& theta) {
  Scalar sx, cx, sy, cy, sz, cz;
  math::sincos(theta(0), sx, cx);
  math::sincos(theta(1), sy, cy);
  math::sincos(theta(2), sz, cz);
  Matrix3<Scalar> R;
  R(0, 0) = cz * cy;
  R(0, 1) = cz * sy * sx - sz * cx;
  R(0, 2) = sz * sx + cz * sy * cx;
  R(1, 0) = sz * cy;
  R(1, 1) = cz * cx + sz * sy * sx;
  R(1, 2) = sz * sy * cx - cz * sx;
  R(2, 0) = -sy;
  R(2, 1) = cy * sx;
  R(2, 2) = cy * cx;
  return R;
}

/// E(theta) with omega = E(theta) * dtheta/dt (base frame): columns Rz Ry e_x, Rz e_y, e_z.
template <typename Scalar>
Matrix3<Scalar> rpy_rate_matrix(const Vector3<Scalar>& theta) {
  Scalar sy, cy, sz, cz;
  math::sincos(theta(1), sy, cy);
  math::sincos(theta(2), sz, cz);
  Matrix3<Scalar> E;
  E << cz * cy, -sz, Scalar(0),  //
      sz * cy, cz, Scalar(0),    //
      -sy, Scalar(0), Scalar(1);
  return E;
}

/// Angular velocity (base frame, 3) of the platform for RPY angles theta and rates theta_d.
template <typename Scalar>
Vector3<Scalar> angular_velocity_from_rpy(const Vector3<Scalar>& theta,
                                          const Vector3<Scalar>& theta_d) {
  return rpy_rate_matrix(theta) * theta_d;
}

/// Angular acceleration (base frame, 3): alpha = E theta_dd + dE/dt theta_d, where
/// d(Rz e_y)/dt = thz_d e_z x (Rz e_y) and d(Rz Ry e_x)/dt = (thz_d e_z + thy_d Rz e_y) x (Rz Ry e_x).
template <typename Scalar>
Vector3<Scalar> angular_acceleration_from_rpy(const Vector3<Scalar>& theta,
                                              const Vector3<Scalar>& theta_d,
                                              const Vector3<Scalar>& theta_dd) {
  const Matrix3<Scalar> E = rpy_rate_matrix(theta);
  const Vector3<Scalar> ez(Scalar(0), Scalar(0), Scalar(1));
  const Vector3<Scalar> w_zy = theta_d(2) * ez + theta_d(1) * E.col(1);
  return E * theta_dd + theta_d(0) * w_zy.cross(E.col(0)) +
         theta_d(1) * (theta_d(2) * ez).cross(E.col(1));
}

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
