#pragma once
/// \file stewart_payload.hpp
/// The payload and the platform of the Stewart payload tests (stewart_payload_identification,
/// stewart_platform_log): a 2.5 kg payload with its COM off the origin and a rotated centroidal
/// inertia, on the corrected test platform of Dasgupta 1998 with viscous friction at every joint.
#include <Eigen/Geometry>

#include "manipdyn/core/body_regressor.hpp"
#include "manipdyn/stewart/model.hpp"

namespace manipdyn::test_support {

inline constexpr double kMass = 2.5;  ///< kg
inline const Vector3d kCom(0.05, -0.03, 0.12);  ///< m, platform frame

/// The payload's inertia about its COM: Q diag(0.02, 0.03, 0.04) Q^T (kg m^2).
inline Matrix3d payload_inertia_com() {
  const Matrix3d Q = Eigen::AngleAxisd(0.4, Vector3d(1, 2, 3).normalized()).toRotationMatrix();
  return Q * Vector3d(0.02, 0.03, 0.04).asDiagonal() * Q.transpose();
}

/// [m, m c, inertia about the platform-frame origin] (order of body_wrench_regressor).
inline BodyParametersd payload_parameters() {
  const Matrix3d I = payload_inertia_com() +
                     kMass * (kCom.squaredNorm() * Matrix3d::Identity() - kCom * kCom.transpose());
  BodyParametersd p;
  p << kMass, kMass * kCom, I(0, 0), I(0, 1), I(1, 1), I(0, 2), I(1, 2), I(2, 2);
  return p;
}

/// The corrected test platform with viscous friction at every joint.
inline const stewart::StewartModel& platform() {
  static const stewart::StewartModel m = [] {
    stewart::StewartParameters p = stewart::dasgupta_test_parameters(false);
    p.Cu = 0.4;
    p.Cp = 25.0;
    p.Cs = 0.3;
    return stewart::build_model(p);
  }();
  return m;
}

}  // namespace manipdyn::test_support
