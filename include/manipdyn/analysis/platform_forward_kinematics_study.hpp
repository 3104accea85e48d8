#pragma once
/// \file platform_forward_kinematics_study.hpp
/// How well the forward kinematics of a Stewart platform (stewart/forward_kinematics.hpp)
/// inverts the inverse kinematics: FK(IK(x)) = x over a grid of poses about the home pose, each
/// solved from a cold start at the home pose; and the residual of one solve per Newton
/// iteration, with the check that it converges quadratically. Used by `manipdyn report`
/// (section 5, "Stewart platform beyond the papers"); docs/stewart/forward.md. Not a hot path.
#include <string>
#include <vector>

#include "manipdyn/stewart/model.hpp"

namespace manipdyn::analysis {

/// Options of forward_kinematics_round_trip.
struct ForwardKinematicsRoundTripOptions {
  /// The orientations of the grid, RPY in rad (stewart/pose.hpp).
  std::vector<Vector3d> orientations = {Vector3d(0, 0, 0), Vector3d(0.1, -0.1, 0.1),
                                        Vector3d(-0.15, 0.1, -0.2)};
  int half_points = 2;    ///< >= 0: positions home + spacing (i, j, k), i, j, k in +-half_points
  double spacing = 0.05;  ///< m, > 0
};

/// One pose of the grid: the target and what forward kinematics found from its leg lengths.
struct ForwardKinematicsRoundTripPose {
  Vector3d t = Vector3d::Zero();    ///< target position, m (base frame)
  Vector3d rpy = Vector3d::Zero();  ///< target orientation, RPY rad
  int iterations = 0;               ///< Newton iterations
  double residual = 0;              ///< m, max_i |L_i - L_i*| after the last iteration
  double position_error = 0;        ///< m, |t_FK - t|
  double orientation_error = 0;     ///< rad, |log(R_FK R^T)|
  double condition_number = 0;      ///< cond(H) at the solution
  bool converged = false;
};

/// FK(IK(x)) over the grid, and its extremes.
struct ForwardKinematicsRoundTrip {
  /// Orientation by orientation, then x, y, z from the lowest (z fastest).
  std::vector<ForwardKinematicsRoundTripPose> poses;
  int converged = 0;                 ///< poses that converged
  int max_iterations = 0;
  double mean_iterations = 0;
  double max_position_error = 0;     ///< m
  double max_orientation_error = 0;  ///< rad
  double max_condition_number = 0;
};

/// For each pose x of the grid about the home pose (platform_home_pose, platform_datasheet.hpp):
/// the leg lengths L = IK(x), then forward_kinematics(L) from the home position with R =
/// identity, compared with x. Throws std::invalid_argument naming the field for an empty
/// orientation list, a negative half_points or a spacing that is not positive and finite.
ForwardKinematicsRoundTrip forward_kinematics_round_trip(
    const stewart::StewartModel& model, const ForwardKinematicsRoundTripOptions& options = {});

/// Options of forward_kinematics_convergence.
struct ForwardKinematicsConvergenceOptions {
  std::string path = "I";  ///< the paper path of the target pose (stewart/studies.hpp)
  double time = 3.0;       ///< s, along the path: the target pose
  /// Quadratic convergence: r_k <= quadratic_bound r_{k-1}^2 (1/m) on every step whose
  /// r_{k-1} lies in (residual_floor, newton_region] (m), and at least min_checked_steps such
  /// steps. A linearly convergent iteration of rate 1/2 has r_k / r_{k-1}^2 = 1 / (2 r_{k-1}),
  /// above 100 /m once r_{k-1} < 5e-3 m. (tests/unit/stewart_forward_kinematics.cpp asserts 30
  /// at its poses; the cold start from the home pose meets 64 on one step.)
  double quadratic_bound = 100;
  double residual_floor = 1e-10;  ///< m: below it the ratio is rounding, not convergence
  double newton_region = 0.05;    ///< m
  int min_checked_steps = 2;
};

/// The residual of one forward kinematics solve per iteration.
struct ForwardKinematicsConvergence {
  std::vector<double> residuals;  ///< r_k = max_i |L_i - L_i*| (m) before iteration k, k = 0..
  /// r_k / r_{k-1}^2 (1/m); NaN for k = 0 (same size as residuals).
  std::vector<double> ratios;
  int checked_steps = 0;  ///< steps whose r_{k-1} lies in the checked region
  bool quadratic = false;  ///< every checked step within the bound, and enough of them
};

/// The leg lengths of `options.path` at `options.time` solved by forward_kinematics from the home
/// position with R = identity, its residual log checked for quadratic convergence. Throws
/// std::invalid_argument for an unknown path (paper_path), a time outside the path, a bound,
/// floor or region that is not positive, or a floor not below the region.
ForwardKinematicsConvergence forward_kinematics_convergence(
    const stewart::StewartModel& model, const ForwardKinematicsConvergenceOptions& options = {});

}  // namespace manipdyn::analysis
