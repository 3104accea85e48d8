// Unit tests of include/manipdyn/stewart/trajectory.hpp (Dasgupta 1998 eqs. 39-40).
#include <gtest/gtest.h>

#include "manipdyn/stewart/trajectory.hpp"

namespace ms = manipdyn::stewart;
using manipdyn::Vector3d;

namespace {
constexpr double kTol = 1e-12;
ms::PathSpec path_one() {
  ms::PathSpec p;
  p.t0 = Vector3d(0.1, 0.0, 0.4);
  p.theta0 = Vector3d(0, 0, -0.2);
  p.t1 = Vector3d(0.3, 0.0, 0.6);
  p.theta1 = Vector3d(0, 0, 0.2);
  p.tau_f = 6;
  p.V = 0.08;
  p.Omega = 0.08;
  p.dt = 0.1;
  return p;
}
std::string error_of(const ms::PathSpec& p) {
  try {
    ms::plan_path(p);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "(no exception)";
}
}  // namespace

TEST(StewartTrajectory, BlendTimesOfPathOne) {
  const ms::PlannedPath path = ms::plan_path(path_one());
  EXPECT_NEAR(path.tau_t, 6 - std::sqrt(0.08) / 0.08, kTol);  // eq. 39
  EXPECT_NEAR(path.tau_theta, 1.0, kTol);
  EXPECT_NEAR(path.a_t.norm(), 0.08 / path.tau_t, kTol);     // eq. 40
  EXPECT_EQ(ms::path_times(path).size(), 61u);
}

TEST(StewartTrajectory, EndpointsContinuityAndDerivatives) {
  const ms::PlannedPath path = ms::plan_path(path_one());
  const ms::PathSample a = ms::sample_path(path, 0), b = ms::sample_path(path, 6);
  EXPECT_LT((a.t - Vector3d(0.1, 0, 0.4)).norm(), kTol);
  EXPECT_LT((b.t - Vector3d(0.3, 0, 0.6)).norm(), kTol);
  EXPECT_LT((b.theta - Vector3d(0, 0, 0.2)).norm(), kTol);
  EXPECT_LT(a.v.norm() + b.v.norm() + a.theta_d.norm() + b.theta_d.norm(), kTol);
  // position continuous, velocity = FD of position, acceleration = FD of velocity (away from switches)
  const double h = 1e-6;
  for (double t : {0.5, 1.7, 3.0, 4.2, 5.5}) {
    const auto m = ms::sample_path(path, t - h), p = ms::sample_path(path, t + h), c = ms::sample_path(path, t);
    EXPECT_LT(((p.t - m.t) / (2 * h) - c.v).norm(), 1e-8);
    EXPECT_LT(((p.v - m.v) / (2 * h) - c.a).norm(), 1e-8);
    EXPECT_LT(((p.theta - m.theta) / (2 * h) - c.theta_d).norm(), 1e-8);
    EXPECT_LT(((p.theta_d - m.theta_d) / (2 * h) - c.theta_dd).norm(), 1e-8);
  }
  // cruise speed V
  EXPECT_NEAR(ms::sample_path(path, 3.0).v.norm(), 0.08, kTol);
  // continuity across the switch times
  for (double ts : {path.tau_t, 6 - path.tau_t, path.tau_theta, 6 - path.tau_theta}) {
    const auto m = ms::sample_path(path, ts - 1e-9), p = ms::sample_path(path, ts + 1e-9);
    EXPECT_LT((p.t - m.t).norm() + (p.theta - m.theta).norm(), 1e-8);
    EXPECT_LT((p.v - m.v).norm() + (p.theta_d - m.theta_d).norm(), 1e-8);
  }
}

TEST(StewartTrajectory, ConstantVelocityProfile) {
  ms::PathSpec p = path_one();
  p.profile = ms::PathProfile::constant_velocity;
  const ms::PlannedPath path = ms::plan_path(p);
  EXPECT_LT((ms::sample_path(path, 2.0).v - Vector3d(0.2, 0, 0.2) / 6).norm(), kTol);
  EXPECT_LT((ms::sample_path(path, 6.0).t - p.t1).norm(), kTol);
}

TEST(StewartTrajectory, InfeasibleRequestsAreNamed) {
  ms::PathSpec p = path_one();
  p.V = 0.04;  // |Delta|/V = 7.07 s > tau_f
  EXPECT_NE(error_of(p).find("position blend time tau_f - |Delta|/V = 6 - 0.282843/0.04 = -1.07"),
            std::string::npos) << error_of(p);
  p = path_one();
  p.Omega = 0.5;  // blend 5.2 s > tau_f / 2
  EXPECT_NE(error_of(p).find("orientation blend time 5.2 s exceeds tau_f/2"), std::string::npos) << error_of(p);
  p = path_one();
  p.dt = 0;
  EXPECT_NE(error_of(p).find("dt must be positive"), std::string::npos);
  p = path_one();
  p.t1.x() = std::nan("");
  EXPECT_NE(error_of(p).find("t1[0] is nan"), std::string::npos);
  // Bounded work (reliability issue: tau_f = 1e12 ended in std::bad_alloc).
  p = path_one();
  p.tau_f = 1e12;
  EXPECT_NE(error_of(p).find("plan_path: tau_f / dt = 1e+12 / 0.1 = 1e+13 samples, more than the "
                             "limit 1000000"),
            std::string::npos)
      << error_of(p);
}
