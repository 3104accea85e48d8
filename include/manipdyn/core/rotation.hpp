#pragma once
/// \file rotation.hpp
/// Roll-pitch-yaw angles in the URDF convention: R = Rz(yaw) Ry(pitch) Rx(roll) (fixed axes x,
/// then y, then z), used by the model files, `manipdyn dh` and the Python tables.
#include "manipdyn/core/types.hpp"

namespace manipdyn {

/// R = Rz(rpy[2]) Ry(rpy[1]) Rx(rpy[0]) (3 x 3), angles in rad.
Matrix3d rotation_from_rpy(const Vector3d& rpy);

/// (roll, pitch, yaw) of a rotation matrix R, with pitch in [-pi/2, pi/2]; at pitch = +-pi/2
/// (gimbal lock, |cos pitch| < 1e-12) roll is taken as 0 and the whole turn about z is yaw.
Vector3d rpy_from_rotation(const Matrix3d& R);

}  // namespace manipdyn
