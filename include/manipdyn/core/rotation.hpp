#pragma once
/// \file rotation.hpp
/// Roll-pitch-yaw angles, the one home of the library's RPY convention: R = Rz(yaw) Ry(pitch)
/// Rx(roll) for rpy = [roll, pitch, yaw] (fixed axes x, then y, then z: URDF's <origin rpy>;
/// Dasgupta 1998 eq. 38 and Pedrammehr 2012 appendix 1 with theta = [theta_x, theta_y, theta_z]),
/// used by the model files, `manipdyn dh`, the Python tables and the Stewart platform's poses;
/// and the RPY rates: omega = E(rpy) d(rpy)/dt in the fixed (base) frame. The functions on
/// Vector3<Scalar> are templates on the scalar (the Stewart algorithms instantiate them for the
/// counting, dual and complex-step scalars); their sin/cos go through the scalar shim.
#include <Eigen/Core>
#include <Eigen/Geometry>

#include "manipdyn/core/scalar_math.hpp"
#include "manipdyn/core/types.hpp"

namespace manipdyn {

/// R = Rz(rpy[2]) Ry(rpy[1]) Rx(rpy[0]) (3 x 3), angles in rad, built entry by entry from the
/// three sines and cosines (Pedrammehr 2012 appendix 1).
template <typename Scalar>
Matrix3<Scalar> rotation_from_rpy(const Vector3<Scalar>& rpy) {
  Scalar sx, cx, sy, cy, sz, cz;
  math::sincos(rpy(0), sx, cx);
  math::sincos(rpy(1), sy, cy);
  math::sincos(rpy(2), sz, cz);
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

/// (roll, pitch, yaw) of a rotation matrix R, with pitch in [-pi/2, pi/2]; at pitch = +-pi/2
/// (gimbal lock, |cos pitch| < 1e-12) roll is taken as 0 and the whole turn about z is yaw.
Vector3d rpy_from_rotation(const Matrix3d& R);

/// E(rpy) with omega = E(rpy) * d(rpy)/dt (fixed frame): columns Rz Ry e_x, Rz e_y, e_z.
template <typename Scalar>
Matrix3<Scalar> rpy_rate_matrix(const Vector3<Scalar>& rpy) {
  Scalar sy, cy, sz, cz;
  math::sincos(rpy(1), sy, cy);
  math::sincos(rpy(2), sz, cz);
  Matrix3<Scalar> E;
  E << cz * cy, -sz, Scalar(0),  //
      sz * cy, cz, Scalar(0),    //
      -sy, Scalar(0), Scalar(1);
  return E;
}

/// Angular velocity (fixed frame, 3) for RPY angles rpy and rates rpy_d: E(rpy) rpy_d.
template <typename Scalar>
Vector3<Scalar> angular_velocity_from_rpy(const Vector3<Scalar>& rpy,
                                          const Vector3<Scalar>& rpy_d) {
  return rpy_rate_matrix(rpy) * rpy_d;
}

/// Angular acceleration (fixed frame, 3): alpha = E rpy_dd + dE/dt rpy_d, where
/// d(Rz e_y)/dt = yaw_d e_z x (Rz e_y) and d(Rz Ry e_x)/dt = (yaw_d e_z + pitch_d Rz e_y) x
/// (Rz Ry e_x).
template <typename Scalar>
Vector3<Scalar> angular_acceleration_from_rpy(const Vector3<Scalar>& rpy,
                                              const Vector3<Scalar>& rpy_d,
                                              const Vector3<Scalar>& rpy_dd) {
  const Matrix3<Scalar> E = rpy_rate_matrix(rpy);
  const Vector3<Scalar> ez(Scalar(0), Scalar(0), Scalar(1));
  const Vector3<Scalar> w_zy = rpy_d(2) * ez + rpy_d(1) * E.col(1);
  return E * rpy_dd + rpy_d(0) * w_zy.cross(E.col(0)) +
         rpy_d(1) * (rpy_d(2) * ez).cross(E.col(1));
}

}  // namespace manipdyn
