#include "manipdyn/core/rotation.hpp"

#include <cmath>

#include <Eigen/Geometry>

namespace manipdyn {

Matrix3d rotation_from_rpy(const Vector3d& rpy) {
  return (Eigen::AngleAxisd(rpy[2], Vector3d::UnitZ()) *
          Eigen::AngleAxisd(rpy[1], Vector3d::UnitY()) *
          Eigen::AngleAxisd(rpy[0], Vector3d::UnitX()))
      .toRotationMatrix();
}

Vector3d rpy_from_rotation(const Matrix3d& R) {
  const double c = std::hypot(R(0, 0), R(1, 0));  // |cos pitch|
  const double pitch = std::atan2(-R(2, 0), c);
  if (c < 1e-12) return Vector3d(0.0, pitch, std::atan2(-R(0, 1), R(1, 1)));
  return Vector3d(std::atan2(R(2, 1), R(2, 2)), pitch, std::atan2(R(1, 0), R(0, 0)));
}

}  // namespace manipdyn
