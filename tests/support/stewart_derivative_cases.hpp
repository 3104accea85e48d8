#pragma once
/// \file stewart_derivative_cases.hpp
/// The cases of the Stewart derivative tests (unit/stewart_derivatives.cpp against central
/// differences, unit/stewart_derivatives_complex_step.cpp against the complex step): the test
/// platforms of both papers, the motions and the external wrench.
#include <string>
#include <vector>

#include "manipdyn/stewart/data.hpp"
#include "manipdyn/stewart/model.hpp"
#include "manipdyn/stewart/pose.hpp"

namespace manipdyn::test_support {

/// The test platforms of both papers (0: Dasgupta's, 1: Pedrammehr's, corrected inertias, so
/// that Lambda is positive definite; 2: Dasgupta's printed ones, for the inverse dynamics), with
/// friction raised well above the printed values.
inline stewart::StewartModel derivative_test_platform(int which) {
  stewart::StewartModel m = which == 0   ? stewart::dasgupta_test_platform(false)
                            : which == 1 ? stewart::pedrammehr_test_platform(false)
                                         : stewart::dasgupta_test_platform(true);
  m.Cu = 0.8;
  m.Cp = 25.0;
  m.Cs = 0.4;
  m.has_friction = true;
  return m;
}

/// Motion k: 0 general, 1 at rest, 2 fast.
inline stewart::PlatformMotion derivative_test_motion(int k) {
  if (k == 0)
    return stewart::motion_from_rpy<double>(Vector3d(0.15, 0.02, 0.5), Vector3d(0.1, -0.05, 0.3),
                                            Vector3d(0.3, -0.2, 0.4), Vector3d(0.5, -0.4, 0.8),
                                            Vector3d(-1.0, 2.0, 1.5), Vector3d(2.0, 1.0, -3.0));
  if (k == 1)
    return stewart::motion_from_rpy<double>(Vector3d(0.0, 0.0, 0.45), Vector3d(0, 0, 0),
                                            Vector3d::Zero(), Vector3d::Zero(), Vector3d::Zero(),
                                            Vector3d::Zero());
  return stewart::motion_from_rpy<double>(Vector3d(-0.1, 0.12, 0.55), Vector3d(-0.2, 0.15, -0.4),
                                          Vector3d(-1.2, 0.8, 0.6), Vector3d(1.5, 2.0, -1.0),
                                          Vector3d(4.0, -3.0, 6.0), Vector3d(-5.0, 8.0, 2.0));
}

/// The external wrench of the derivative tests (platform frame).
inline stewart::ExternalWrench derivative_test_wrench() {
  stewart::ExternalWrench w;
  w.f = Vector3d(5, -3, 20);
  w.m = Vector3d(1, 2, -1);
  return w;
}

/// One parameter of the tests: the dynamic model and the platform (derivative_test_platform).
struct DerivativeCase {
  stewart::DynamicsModel which;
  int platform;
};

/// Both models on the three platforms.
inline std::vector<DerivativeCase> derivative_test_cases() {
  std::vector<DerivativeCase> cases;
  for (int platform = 0; platform < 3; ++platform)
    for (stewart::DynamicsModel which :
         {stewart::DynamicsModel::dasgupta, stewart::DynamicsModel::improved})
      cases.push_back({which, platform});
  return cases;
}

/// "dasgupta_pedrammehr_platform", ...: the test name of a case.
inline std::string derivative_case_name(const DerivativeCase& c) {
  static const char* names[] = {"dasgupta_platform", "pedrammehr_platform", "printed_platform"};
  return std::string(stewart::to_string(c.which)) + "_" + names[c.platform];
}

}  // namespace manipdyn::test_support
