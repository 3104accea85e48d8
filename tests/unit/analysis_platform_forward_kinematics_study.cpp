// Unit tests of the forward-kinematics study (manipdyn/analysis/platform_forward_kinematics_study.hpp):
// the grid against an independent FK(IK(x)) at its poses, the extremes against the poses, the
// convergence log against the solver's own log, the quadratic check failing when it should, and
// the errors.
#include "manipdyn/analysis/platform_forward_kinematics_study.hpp"

#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

#include "manipdyn/analysis/platform_datasheet.hpp"
#include "manipdyn/stewart/forward_kinematics.hpp"
#include "manipdyn/stewart/inverse_kinematics.hpp"
#include "manipdyn/stewart/pose.hpp"
#include "manipdyn/stewart/studies.hpp"
#include "support/error_message.hpp"

namespace manipdyn::analysis {
namespace {

namespace ms = stewart;
using test_support::message_of;

constexpr double kRoundTrip = 1e-9;  // m and rad: FK(IK(x)) = x on the test platform

const ms::StewartModel& platform() {
  static const ms::StewartModel m = ms::dasgupta_test_platform(false);
  return m;
}

TEST(PlatformForwardKinematicsStudy, GridRecoversEveryPoseAndMatchesAnIndependentSolve) {
  const ForwardKinematicsRoundTrip rt = forward_kinematics_round_trip(platform());
  // 5 x 5 x 5 positions at three orientations, all recovered
  ASSERT_EQ(rt.poses.size(), 375u);
  EXPECT_EQ(rt.converged, 375);
  EXPECT_LT(rt.max_position_error, kRoundTrip);
  EXPECT_LT(rt.max_orientation_error, kRoundTrip);
  // The first and the last pose of the grid, solved here from scratch
  const Vector3d home = platform_home_pose(platform()).t;
  EXPECT_TRUE(rt.poses.front().t.isApprox(home + Vector3d(-0.1, -0.1, -0.1), 1e-15));
  EXPECT_TRUE(rt.poses.back().t.isApprox(home + Vector3d(0.1, 0.1, 0.1), 1e-15));
  EXPECT_EQ(rt.poses.back().rpy, Vector3d(-0.15, 0.1, -0.2));
  for (const ForwardKinematicsRoundTripPose& p : {rt.poses.front(), rt.poses.back()}) {
    ms::PlatformMotion x;
    x.t = p.t;
    x.R = ms::rpy_to_rotation(p.rpy);
    ms::StewartData d(platform());
    ms::inverse_kinematics(platform(), d, x);
    const Vector6d L = d.L;
    const ms::ForwardKinematicsResult r =
        ms::forward_kinematics(platform(), L, home, Matrix3d::Identity());
    EXPECT_EQ(p.iterations, r.iterations);
    EXPECT_EQ(p.position_error, (r.t - x.t).norm());
    EXPECT_EQ(p.condition_number, r.condition_number);
  }
  // The extremes are those of the poses
  int max_iterations = 0;
  double sum = 0, max_dt = 0, max_cond = 0;
  for (const auto& p : rt.poses) {
    max_iterations = std::max(max_iterations, p.iterations);
    sum += p.iterations;
    max_dt = std::max(max_dt, p.position_error);
    max_cond = std::max(max_cond, p.condition_number);
  }
  EXPECT_EQ(rt.max_iterations, max_iterations);
  EXPECT_DOUBLE_EQ(rt.mean_iterations, sum / 375);
  EXPECT_EQ(rt.max_position_error, max_dt);
  EXPECT_EQ(rt.max_condition_number, max_cond);
  EXPECT_GT(rt.mean_iterations, 1.0);
}

TEST(PlatformForwardKinematicsStudy, GridFollowsItsOptions) {
  ForwardKinematicsRoundTripOptions o;
  o.orientations = {Vector3d::Zero()};
  o.half_points = 0;
  const ForwardKinematicsRoundTrip rt = forward_kinematics_round_trip(platform(), o);
  // The home pose itself: found at once
  ASSERT_EQ(rt.poses.size(), 1u);
  EXPECT_EQ(rt.poses[0].iterations, 0);
  EXPECT_LT(rt.poses[0].position_error, 1e-12);
}

TEST(PlatformForwardKinematicsStudy, ConvergenceIsQuadraticAndIsTheSolversLog) {
  const ForwardKinematicsConvergence c = forward_kinematics_convergence(platform());
  EXPECT_TRUE(c.quadratic);
  EXPECT_GE(c.checked_steps, 2);
  ASSERT_EQ(c.ratios.size(), c.residuals.size());
  EXPECT_TRUE(std::isnan(c.ratios[0]));
  for (std::size_t k = 1; k < c.residuals.size(); ++k)
    EXPECT_DOUBLE_EQ(c.ratios[k], c.residuals[k] / (c.residuals[k - 1] * c.residuals[k - 1]));
  // The residual of Path I at t = 3 s from the home pose, solved here
  const ms::PlatformMotion target =
      ms::sample_path(ms::plan_path(ms::paper_path("I").spec), 3.0).motion();
  ms::StewartData d(platform());
  ms::inverse_kinematics(platform(), d, target);
  const Vector6d L = d.L;
  const ms::ForwardKinematicsResult r = ms::forward_kinematics(
      platform(), L, platform_home_pose(platform()).t, Matrix3d::Identity());
  EXPECT_EQ(c.residuals, r.residual_log);
  EXPECT_LT(c.residuals.back(), 1e-10);
}

TEST(PlatformForwardKinematicsStudy, QuadraticCheckFailsWithATooTightBound) {
  // A bound below every ratio the solver shows: the check must say no
  ForwardKinematicsConvergenceOptions o;
  o.quadratic_bound = 1e-6;
  EXPECT_FALSE(forward_kinematics_convergence(platform(), o).quadratic);
  // ... and so must a demand for more checked steps than there are
  o = {};
  o.min_checked_steps = 100;
  EXPECT_FALSE(forward_kinematics_convergence(platform(), o).quadratic);
}

TEST(PlatformForwardKinematicsStudy, ErrorsNameTheOption) {
  ForwardKinematicsRoundTripOptions g;
  g.orientations.clear();
  EXPECT_EQ(message_of([&] { forward_kinematics_round_trip(platform(), g); }),
            "forward_kinematics_round_trip: orientations is empty");
  g = {};
  g.half_points = -1;
  EXPECT_EQ(message_of([&] { forward_kinematics_round_trip(platform(), g); }),
            "forward_kinematics_round_trip: half_points = -1 is negative");
  g = {};
  g.spacing = 0;
  EXPECT_EQ(message_of([&] { forward_kinematics_round_trip(platform(), g); }),
            "forward_kinematics_round_trip: spacing must be positive and finite");
  ForwardKinematicsConvergenceOptions c;
  c.time = 100;
  EXPECT_EQ(message_of([&] { forward_kinematics_convergence(platform(), c); }),
            "forward_kinematics_convergence: time is outside path I");
  c = {};
  c.residual_floor = 1;
  EXPECT_EQ(message_of([&] { forward_kinematics_convergence(platform(), c); }),
            "forward_kinematics_convergence: residual_floor must be positive and below "
            "newton_region");
  c = {};
  c.quadratic_bound = 0;
  EXPECT_EQ(message_of([&] { forward_kinematics_convergence(platform(), c); }),
            "forward_kinematics_convergence: quadratic_bound must be positive");
  c = {};
  c.path = "IV";
  EXPECT_NE(message_of([&] { forward_kinematics_convergence(platform(), c); }).find("IV"),
            std::string::npos);
}

}  // namespace
}  // namespace manipdyn::analysis
