#include "manipdyn/core/rotation.hpp"

#include <cmath>

namespace manipdyn {

Vector3d rpy_from_rotation(const Matrix3d& R) {
  const double c = std::hypot(R(0, 0), R(1, 0));  // |cos pitch|
  const double pitch = std::atan2(-R(2, 0), c);
  if (c < 1e-12) return Vector3d(0.0, pitch, std::atan2(-R(0, 1), R(1, 1)));
  return Vector3d(std::atan2(R(2, 1), R(2, 2)), pitch, std::atan2(R(1, 0), R(0, 0)));
}

}  // namespace manipdyn
