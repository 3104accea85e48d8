// Time-optimal path parametrisation (TOPP-RA): the double integrator's bang-bang time, the
// optimality certificate (every constraint holds, and at every point a limit or the controllable
// set bounds the acceleration), and the errors: a point that the limits cannot hold at rest, bad
// sizes and grids.
#include <gtest/gtest.h>

#include <cmath>

#include "manipdyn/trajectory/time_optimal_path.hpp"
#include "support/error_message.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;

constexpr double kExact = 1e-12;
constexpr double kAtLimit = 1e-9;  // a force at its limit, relative to the limit

VectorXd uniform_grid(double length, int N) { return VectorXd::LinSpaced(N + 1, 0.0, length); }

// sddot = tau, |tau| <= 1, over the distance d.
PathDynamics double_integrator(double d, int N) {
  PathDynamics p;
  p.s = uniform_grid(d, N);
  p.a = MatrixXd::Ones(N + 1, 1);
  p.b = MatrixXd::Zero(N + 1, 1);
  p.c = MatrixXd::Zero(N + 1, 1);
  p.tau_min = VectorXd::Constant(1, -1.0);
  p.tau_max = VectorXd::Constant(1, 1.0);
  return p;
}

// Two constraints with inertia terms that change sign along the path, a velocity term and a
// load at rest; a speed bound on part of it.
PathDynamics two_constraints(int N) {
  PathDynamics p;
  p.s = uniform_grid(3.0, N);
  p.a.resize(N + 1, 2);
  p.b.resize(N + 1, 2);
  p.c.resize(N + 1, 2);
  for (int k = 0; k <= N; ++k) {
    const double s = p.s[k];
    p.a.row(k) << 1.0 + 0.5 * std::sin(s), -0.3 + std::cos(s);
    p.b.row(k) << 0.2 * std::cos(s), 0.5;
    p.c.row(k) << 0.1 * std::sin(s), -0.2;
  }
  p.tau_min = (VectorXd(2) << -1.0, -0.8).finished();
  p.tau_max = (VectorXd(2) << 1.0, 1.2).finished();
  p.b_max = VectorXd::Constant(N + 1, std::numeric_limits<double>::infinity());
  for (int k = 0; k <= N; ++k)
    if (p.s[k] > 2.0 && p.s[k] < 2.4) p.b_max[k] = 0.3;
  return p;
}

TEST(TimeOptimalPath, DoubleIntegratorIsBangBang) {
  const double d = 0.7, exact = 2.0 * std::sqrt(d);
  // the switch on a grid point (N even): exact, constant acceleration in every interval
  const TimeOptimalPath even = time_optimal_path(double_integrator(d, 40));
  EXPECT_NEAR(even.duration, exact, kExact);
  for (int k = 0; k < 40; ++k) EXPECT_NEAR(even.u[k], k < 20 ? 1.0 : -1.0, kExact) << k;
  EXPECT_NEAR(even.sd.maxCoeff(), std::sqrt(d), kExact);  // the peak speed, sqrt(2 u d / 2)
  // the switch between grid points (N odd): the time converges to 2 sqrt(d) with the grid
  double last_error = 1.0;
  for (const int N : {11, 101, 1001}) {
    const double error = std::abs(time_optimal_path(double_integrator(d, N)).duration - exact);
    EXPECT_LT(error, last_error / 5.0) << "N " << N;
    last_error = error;
  }
  EXPECT_LT(last_error, 1e-3 * exact);
}

TEST(TimeOptimalPath, EveryConstraintHoldsAndOneIsActiveAtEveryPoint) {
  const int N = 300;
  const PathDynamics p = two_constraints(N);
  const TimeOptimalPath r = time_optimal_path(p);
  ASSERT_EQ(r.b.size(), N + 1);
  EXPECT_EQ(r.b[0], 0.0);
  EXPECT_EQ(r.b[N], 0.0);
  EXPECT_GT(r.duration, 0.0);
  int by_limit = 0, by_set = 0;
  for (int k = 0; k <= N; ++k) {
    EXPECT_LE(r.b[k], r.controllable_b_max[k] * (1 + kExact) + kExact) << k;
    if (k < N) EXPECT_NEAR(r.b[k + 1], r.b[k] + 2.0 * (p.s[k + 1] - p.s[k]) * r.u[k], kExact) << k;
    const VectorXd tau = (p.a.row(k) * r.u[k] + p.b.row(k) * r.b[k] + p.c.row(k)).transpose();
    for (int j = 0; j < 2; ++j) {
      EXPECT_GE(tau[j], p.tau_min[j] - kAtLimit) << "point " << k << " actuator " << j;
      EXPECT_LE(tau[j], p.tau_max[j] + kAtLimit) << "point " << k << " actuator " << j;
    }
    if (k == N) continue;
    // the certificate: the acceleration is the greatest admissible one
    const int j = r.active[static_cast<std::size_t>(k)];
    if (j >= 0) {
      ++by_limit;
      const double gap = std::min(std::abs(tau[j] - p.tau_min[j]), std::abs(tau[j] - p.tau_max[j]));
      EXPECT_LT(gap, kAtLimit) << "point " << k << ": actuator " << j << " is not at a limit";
    } else {
      ++by_set;
      EXPECT_NEAR(r.b[k + 1], r.controllable_b_max[k + 1], kExact * (1 + r.b[k + 1])) << k;
    }
  }
  EXPECT_GT(by_limit, 0);
  EXPECT_GT(by_set, 0);
  // the speed bound holds, and the times follow from the speeds
  for (int k = 0; k <= N; ++k) EXPECT_LE(r.b[k], p.b_max[k] + kExact);
  for (int k = 0; k < N; ++k)
    EXPECT_NEAR(r.t[k + 1] - r.t[k], 2.0 * (p.s[k + 1] - p.s[k]) / (r.sd[k] + r.sd[k + 1]), kExact);
  // a finer grid converges to the same time
  const double fine = time_optimal_path(two_constraints(4 * N)).duration;
  EXPECT_NEAR(r.duration, fine, 1e-2 * fine);
}

// The path of two_constraints with each interval's end rows: the next point's coefficients.
PathDynamics with_end_rows(PathDynamics p) {
  const Eigen::Index N = p.s.size() - 1;
  p.a_end = p.a.bottomRows(N);
  p.b_end = p.b.bottomRows(N);
  p.c_end = p.c.bottomRows(N);
  return p;
}

TEST(TimeOptimalPath, EndRowsHoldTheLimitsAtBothEndsOfEveryInterval) {
  const int N = 300;
  const PathDynamics p = with_end_rows(two_constraints(N));
  const TimeOptimalPath r = time_optimal_path(p);
  for (int k = 0; k < N; ++k) {
    // u_k at the interval's start (b_k) and at its end (b_{k+1})
    const VectorXd start = (p.a.row(k) * r.u[k] + p.b.row(k) * r.b[k] + p.c.row(k)).transpose();
    const VectorXd end = (p.a_end.row(k) * r.u[k] + p.b_end.row(k) * r.b[k + 1] + p.c_end.row(k)).transpose();
    double gap = std::numeric_limits<double>::infinity();
    for (int j = 0; j < 2; ++j)
      for (const double tau : {start[j], end[j]}) {
        EXPECT_GE(tau, p.tau_min[j] - kAtLimit) << "interval " << k << " actuator " << j;
        EXPECT_LE(tau, p.tau_max[j] + kAtLimit) << "interval " << k << " actuator " << j;
        if (j == r.active[static_cast<std::size_t>(k)])
          gap = std::min({gap, std::abs(tau - p.tau_min[j]), std::abs(tau - p.tau_max[j])});
      }
    // the certificate: a limit at one end of the interval, or the controllable set
    if (r.active[static_cast<std::size_t>(k)] >= 0)
      EXPECT_LT(gap, kAtLimit) << "interval " << k;
    else
      EXPECT_NEAR(r.b[k + 1], r.controllable_b_max[k + 1], kExact * (1 + r.b[k + 1])) << k;
  }
  // more constraints: slower than collocation; both converge to one time
  const double collocation = time_optimal_path(two_constraints(N)).duration;
  EXPECT_GE(r.duration, collocation);
  const double fine = time_optimal_path(with_end_rows(two_constraints(8 * N))).duration;
  EXPECT_NEAR(fine, collocation, 1e-2 * fine);
  EXPECT_NEAR(fine, r.duration, 1e-2 * fine);
}

TEST(TimeOptimalPath, RefusesALoadBeyondTheLimitsAtRest) {
  PathDynamics p = two_constraints(50);
  p.c(17, 1) = 1.5;  // beyond tau_max = 1.2 at rest
  const std::string msg = message_of([&] { time_optimal_path(p); });
  EXPECT_NE(msg.find("grid point 17"), std::string::npos) << msg;
  EXPECT_NE(msg.find("actuator 1 needs 1.5 at rest"), std::string::npos) << msg;
  EXPECT_NE(msg.find("[-0.8, 1.2]"), std::string::npos) << msg;
  // the end of an interval likewise
  p = with_end_rows(two_constraints(50));
  p.c_end(8, 0) = -1.25;
  const std::string end = message_of([&] { time_optimal_path(p); });
  EXPECT_NE(end.find("the end of interval 8 (s = 0.54): actuator 0 needs -1.25 at rest"), std::string::npos) << end;
}

TEST(TimeOptimalPath, RefusesBadInput) {
  PathDynamics p = double_integrator(1.0, 10);
  p.s[4] = p.s[3];
  EXPECT_NE(message_of([&] { time_optimal_path(p); }).find("s must increase strictly: s[4]"), std::string::npos);
  p = double_integrator(1.0, 10);
  p.a_end = MatrixXd::Ones(11, 1);
  EXPECT_NE(message_of([&] { time_optimal_path(p); }).find("a_end is 11 x 1, expected 10 x 1 (intervals"),
            std::string::npos);
  p = double_integrator(1.0, 10);
  p.b.resize(10, 1);
  EXPECT_NE(message_of([&] { time_optimal_path(p); }).find("b is 10 x 1, expected 11 x 1"), std::string::npos);
  p = double_integrator(1.0, 10);
  p.tau_min[0] = 2.0;
  EXPECT_NE(message_of([&] { time_optimal_path(p); }).find("actuator 0 has limits [2, 1]"), std::string::npos);
  p = double_integrator(1.0, 10);
  p.tau_max[0] = std::numeric_limits<double>::infinity();
  EXPECT_NEAR(time_optimal_path(p).duration, 1.0 * std::sqrt(2.0 * 1.0), 0.1);  // decelerating bounds it
  p.tau_min[0] = -std::numeric_limits<double>::infinity();
  EXPECT_NE(message_of([&] { time_optimal_path(p); }).find("no limit bounds the acceleration at grid point 0"),
            std::string::npos);
  p = double_integrator(1.0, 10);
  p.c(3, 0) = std::nan("");
  EXPECT_NE(message_of([&] { time_optimal_path(p); }).find("c[3"), std::string::npos);
}

}  // namespace
}  // namespace manipdyn
