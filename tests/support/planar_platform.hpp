#pragma once
/// \file planar_platform.hpp
/// planar_platform_parameters(): the corrected Dasgupta test platform with every base and
/// platform point in its plane z = 0 and each U-joint axis horizontal and perpendicular to b_i.
/// With the platform at the origin (R = I) every leg is horizontal: H (Dasgupta eq. 36) has a zero
/// row while the task-space inertia Lambda is regular, the test case of a singular H.
#include "manipdyn/stewart/model.hpp"

namespace manipdyn::test_support {

inline stewart::StewartParameters planar_platform_parameters() {
  stewart::StewartParameters prm = stewart::dasgupta_test_parameters(false);
  for (int i = 0; i < stewart::kLegs; ++i) {
    prm.b(2, i) = 0;
    prm.p(2, i) = 0;
    prm.k.col(i) = Vector3d(0, 0, 1).cross(Vector3d(prm.b.col(i))).normalized();
  }
  return prm;
}

}  // namespace manipdyn::test_support
