#pragma once
/// \file trajectory.hpp
/// Straight-line platform paths with parabolic blends in position and in RPY angles (Dasgupta
/// 1998 sec. 4.3, eqs. 39-40): each group (t and theta) moves with constant acceleration for
/// tau_b, constant speed V (or Omega) and constant deceleration for tau_b, where
/// tau_b = tau_f - |Delta| / V (eq. 39) and the acceleration is (V / tau_b) Delta/|Delta| (eq. 40).
#include <vector>

#include "manipdyn/core/types.hpp"
#include "manipdyn/stewart/pose.hpp"

namespace manipdyn::stewart {

/// Velocity profile of a path group.
enum class PathProfile {
  parabolic_blend,   ///< Dasgupta 1998 eqs. 39-40
  constant_velocity  ///< Delta / tau_f throughout (Pedrammehr 2012, Path 1)
};

/// The request of a straight-line path (SI units, radians).
struct PathSpec {
  Vector3d t0 = Vector3d::Zero();      ///< start position (base frame)
  Vector3d theta0 = Vector3d::Zero();  ///< start RPY [theta_x, theta_y, theta_z]
  Vector3d t1 = Vector3d::Zero();      ///< end position
  Vector3d theta1 = Vector3d::Zero();  ///< end RPY
  double tau_f = 1.0;                  ///< duration (s)
  double V = 1.0;                      ///< cruise linear speed (m/s)
  double Omega = 1.0;                  ///< cruise RPY rate magnitude (rad/s)
  double dt = 0.01;                    ///< sampling step (s)
  PathProfile profile = PathProfile::parabolic_blend;  ///< velocity profile
};

/// A planned path: the request plus the blend times and accelerations of both groups.
struct PlannedPath {
  PathSpec spec;                          ///< the request
  double tau_t = 0.0;                     ///< blend time of the position group (eq. 39)
  double tau_theta = 0.0;                 ///< blend time of the RPY group
  Vector3d a_t = Vector3d::Zero();        ///< position acceleration during the blends (eq. 40)
  Vector3d a_theta = Vector3d::Zero();    ///< RPY acceleration during the blends
  Vector3d v_t = Vector3d::Zero();        ///< cruise velocity of the position group
  Vector3d v_theta = Vector3d::Zero();    ///< cruise RPY rate
};

/// One sample of a path: position, RPY and their first two time derivatives.
struct PathSample {
  double time = 0.0;                       ///< s
  Vector3d t, v, a;                        ///< position, velocity, acceleration
  Vector3d theta, theta_d, theta_dd;       ///< RPY angles and their derivatives
  /// The platform motion (R, omega, alpha from pose.hpp).
  PlatformMotion motion() const { return motion_from_rpy(t, theta, v, theta_d, a, theta_dd); }
};

/// The most samples one planned path may have (tau_f / dt): larger requests are refused.
inline constexpr long kMaxPathSamples = 1'000'000;

/// Plans a path; throws std::invalid_argument for an infeasible request (non-positive tau_f,
/// V, Omega or dt; more than kMaxPathSamples samples; a negative blend time tau_b = tau_f -
/// |Delta|/V; a blend longer than tau_f/2), naming the group and the numbers.
PlannedPath plan_path(const PathSpec& spec);

/// The sample at time `time` (clamped to [0, tau_f]).
PathSample sample_path(const PlannedPath& path, double time);

/// Sample times 0, dt, 2 dt, ..., tau_f (the last one exactly tau_f).
std::vector<double> path_times(const PlannedPath& path);

}  // namespace manipdyn::stewart
