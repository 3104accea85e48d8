// FK(IK(x)) over a grid and the convergence of one solve
// (analysis/platform_forward_kinematics_study.hpp).
#include "manipdyn/analysis/platform_forward_kinematics_study.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "manipdyn/analysis/platform_datasheet.hpp"
#include "manipdyn/stewart/forward_kinematics.hpp"
#include "manipdyn/stewart/inverse_kinematics.hpp"
#include "manipdyn/stewart/pose.hpp"
#include "manipdyn/stewart/simulate.hpp"  // rotation_log
#include "manipdyn/stewart/studies.hpp"

namespace manipdyn::analysis {

namespace ms = stewart;

namespace {

// The pose with the leg lengths of `x` (inverse kinematics), solved by forward kinematics from a
// cold start at `home` with R = identity.
ms::ForwardKinematicsResult solve_from_home(const ms::StewartModel& model, ms::StewartData& d,
                                            const ms::PlatformMotion& x, const Vector3d& home) {
  ms::inverse_kinematics(model, d, x);
  const Vector6d L = d.L;
  return ms::forward_kinematics(model, L, home, Matrix3d::Identity());
}

}  // namespace

ForwardKinematicsRoundTrip forward_kinematics_round_trip(
    const ms::StewartModel& model, const ForwardKinematicsRoundTripOptions& options) {
  const std::string where = "forward_kinematics_round_trip: ";
  if (options.orientations.empty()) throw std::invalid_argument(where + "orientations is empty");
  if (options.half_points < 0)
    throw std::invalid_argument(where + "half_points = " + std::to_string(options.half_points) +
                                " is negative");
  if (!(options.spacing > 0) || !std::isfinite(options.spacing))
    throw std::invalid_argument(where + "spacing must be positive and finite");
  // Each pose solved from a cold start at the home pose (identity rotation)
  const Vector3d home = platform_home_pose(model).t;
  const int h = options.half_points;
  ms::StewartData d(model);
  ForwardKinematicsRoundTrip out;
  double sum_iterations = 0;
  for (const Vector3d& rpy : options.orientations)
    for (int i = -h; i <= h; ++i)
      for (int j = -h; j <= h; ++j)
        for (int k = -h; k <= h; ++k) {
          ms::PlatformMotion x;
          x.t = home + options.spacing * Vector3d(i, j, k);
          x.R = ms::rpy_to_rotation(rpy);
          const ms::ForwardKinematicsResult r = solve_from_home(model, d, x, home);
          ForwardKinematicsRoundTripPose p;
          p.t = x.t;
          p.rpy = rpy;
          p.iterations = r.iterations;
          p.residual = r.residual;
          p.position_error = (r.t - x.t).norm();
          p.orientation_error = ms::rotation_log(r.R * x.R.transpose()).norm();
          p.condition_number = r.condition_number;
          p.converged = r.converged;
          // the extremes over the grid
          out.converged += r.converged;
          out.max_iterations = std::max(out.max_iterations, r.iterations);
          sum_iterations += r.iterations;
          out.max_position_error = std::max(out.max_position_error, p.position_error);
          out.max_orientation_error = std::max(out.max_orientation_error, p.orientation_error);
          out.max_condition_number = std::max(out.max_condition_number, r.condition_number);
          out.poses.push_back(p);
        }
  out.mean_iterations = sum_iterations / static_cast<int>(out.poses.size());
  return out;
}

ForwardKinematicsConvergence forward_kinematics_convergence(
    const ms::StewartModel& model, const ForwardKinematicsConvergenceOptions& options) {
  const std::string where = "forward_kinematics_convergence: ";
  if (!(options.quadratic_bound > 0))
    throw std::invalid_argument(where + "quadratic_bound must be positive");
  if (!(options.residual_floor > 0) || !(options.newton_region > options.residual_floor))
    throw std::invalid_argument(where + "residual_floor must be positive and below newton_region");
  const ms::PlannedPath path = ms::plan_path(ms::paper_path(options.path).spec);
  if (!(options.time >= 0 && options.time <= path.spec.tau_f))
    throw std::invalid_argument(where + "time is outside path " + options.path);
  // One solve in full, from the home pose
  const ms::PlatformMotion target = ms::sample_path(path, options.time).motion();
  ms::StewartData d(model);
  const ms::ForwardKinematicsResult one =
      solve_from_home(model, d, target, platform_home_pose(model).t);
  // r_k / r_{k-1}^2 per step, checked in the Newton region above the rounding floor
  ForwardKinematicsConvergence out;
  out.residuals = one.residual_log;
  bool within = true;
  for (std::size_t k = 0; k < one.residual_log.size(); ++k) {
    const double r = one.residual_log[k];
    if (k == 0) {
      out.ratios.push_back(std::numeric_limits<double>::quiet_NaN());
      continue;
    }
    const double prev = one.residual_log[k - 1];
    out.ratios.push_back(r / (prev * prev));
    if (prev > options.residual_floor && prev <= options.newton_region) {
      within = within && r <= options.quadratic_bound * prev * prev;
      ++out.checked_steps;
    }
  }
  out.quadratic = within && out.checked_steps >= options.min_checked_steps;
  return out;
}

}  // namespace manipdyn::analysis
