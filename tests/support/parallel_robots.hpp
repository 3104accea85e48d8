#pragma once
/// \file parallel_robots.hpp
/// Small parallel robots for the tests of the general engine's forward dynamics, simulation,
/// control and derivatives:
///  - three_leg_robot(mobility, friction): three of the corrected Dasgupta test platform's U-P
///    legs (1, 3 and 5) under a platform that translates (mobility translation) or moves in its
///    plane (planar), each prismatic joint actuated through a drive (motor inertia, gear ratio,
///    viscous and Coulomb friction on the smooth model) when `friction`, frictionless otherwise;
///    with mobility planar_translation two legs (1 and 3), the platform's 2 dof;
///  - stewart_robot(friction): from_stewart of the corrected Dasgupta platform, its Cu, Cp, Cs
///    kept or zeroed;
///  - a few states of each (pose and twist) near its home.
#include <vector>

#include "manipdyn/core/platform_motion.hpp"
#include "manipdyn/parallel/builtin_models.hpp"
#include "manipdyn/stewart/model.hpp"

namespace manipdyn::test_support {

inline stewart::StewartModel dasgupta_platform(bool friction) {
  stewart::StewartModel s = stewart::dasgupta_test_platform(false);
  if (!friction) {
    s.Cu = s.Cp = s.Cs = 0.0;
    s.has_friction = false;
  }
  return s;
}

inline parallel::ParallelModel stewart_robot(bool friction) {
  return parallel::from_stewart(dasgupta_platform(friction));
}

inline parallel::ParallelModel three_leg_robot(parallel::Mobility mobility, bool friction) {
  const parallel::ParallelModel six = stewart_robot(friction);
  parallel::ParallelDescription d = six.description();
  d.name = mobility == parallel::Mobility::translation ? "three-leg translating"
            : mobility == parallel::Mobility::planar  ? "three-leg planar"
                                                      : "two-leg planar translating";
  d.mobility = mobility;
  std::vector<parallel::LegDescription> legs;
  const std::vector<int> kept = mobility == parallel::Mobility::planar_translation ? std::vector<int>{0, 2} : std::vector<int>{0, 2, 4};
  for (const int i : kept) {
    parallel::LegDescription leg = d.legs[static_cast<std::size_t>(i)];
    LinkParameters& p = leg.joints[2];
    p.motor_inertia = 2e-4;
    p.gear_ratio = friction ? 50.0 : 30.0;
    if (friction) {
      p.coulomb_positive = 0.05;
      p.coulomb_negative = -0.04;
      p.coulomb_velocity_scale = 0.2;
    }
    legs.push_back(leg);
  }
  d.legs = legs;
  return parallel::build_model(d);
}

/// Every robot above with friction (the Stewart platform, the three-leg translating and planar
/// robots, the two-leg planar-translating one) and the built-ins delta_rl5_1450, six_rus, planar_3rrr,
/// five_bar.
inline std::vector<parallel::ParallelModel> parallel_robots() {
  return {stewart_robot(true),
          three_leg_robot(parallel::Mobility::translation, true),
          three_leg_robot(parallel::Mobility::planar, true),
          three_leg_robot(parallel::Mobility::planar_translation, true),
          parallel::delta_rl5_1450(),
          parallel::six_rus(),
          parallel::planar_3rrr(),
          parallel::five_bar()};
}

/// An external wrench on the platform with every component non-zero (platform frame).
inline ExternalWrench test_wrench() {
  ExternalWrench w;
  w.f = Vector3d(3.0, -2.0, 5.0);
  w.m = Vector3d(0.5, 0.2, -0.3);
  return w;
}

/// A pose and twist of `model` near its home: offset by `k` (0, 1, 2, ...) in each free direction.
inline PlatformMotion sample_state(const parallel::ParallelModel& model, int k) {
  const double s = 0.3 + 0.35 * k;
  Vector6d dx, V;
  dx << 0.02 * s, -0.015 * s, 0.01 * s, 0.04 * s, -0.03 * s, 0.05 * s;
  V << 0.1 * s, 0.05, -0.08 * s, 0.3 * s, -0.2, 0.25 * s;
  dx = model.E * model.E.transpose() * dx;
  V = model.E * model.E.transpose() * V;
  PlatformMotion x;
  x.t = model.home.translation() + dx.head<3>();
  x.R = (dx.tail<3>().norm() > 0 ? Eigen::AngleAxisd(dx.tail<3>().norm(), dx.tail<3>().normalized()).toRotationMatrix()
                                 : Matrix3d::Identity()) *
        model.home.linear();
  x.v = V.head<3>();
  x.omega = V.tail<3>();
  return x;
}

}  // namespace manipdyn::test_support
