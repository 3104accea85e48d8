// Joint-space trajectories: end points, rest at via points, continuity, derivatives against
// finite differences, the LSPB shape, and the errors for bad requests.
#include <gtest/gtest.h>

#include "manipdyn/trajectory/joint_trajectory.hpp"
#include "support/error_message.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;

constexpr double kExact = 1e-12;
constexpr double kFiniteDiff = 1e-6;  // central differences with h = 1e-5

const std::vector<VectorXd> kPoints = {(VectorXd(2) << 0.0, 1.0).finished(),
                                       (VectorXd(2) << 1.0, -1.0).finished(),
                                       (VectorXd(2) << 0.5, 2.0).finished()};

void expect_derivatives(const JointTrajectory& traj) {
  const double h = 1e-5;
  for (double t = 0.013; t < traj.end_time(); t += 0.0917) {
    const auto a = traj(t - h), b = traj(t), c = traj(t + h);
    EXPECT_LT(((c.q - a.q) / (2 * h) - b.qd).cwiseAbs().maxCoeff(), kFiniteDiff) << "t " << t;
    EXPECT_LT(((c.qd - a.qd) / (2 * h) - b.qdd).cwiseAbs().maxCoeff(), kFiniteDiff * 10)
        << "t " << t;
  }
}

TEST(Quintic, EndPointsRestAndDerivatives) {
  const auto traj = JointTrajectory::quintic(kPoints, {1.0, 2.0}, 0.5);
  EXPECT_DOUBLE_EQ(traj.start_time(), 0.5);
  EXPECT_DOUBLE_EQ(traj.end_time(), 3.5);
  for (double t : {0.5, 1.5, 3.5}) {
    const auto s = traj(t);
    EXPECT_LT(s.qd.norm(), kExact);
    EXPECT_LT(s.qdd.norm(), kExact);
  }
  EXPECT_LT((traj(1.5).q - kPoints[1]).norm(), kExact);
  EXPECT_LT((traj(-4.0).q - kPoints[0]).norm(), kExact);
  EXPECT_LT((traj(100.0).q - kPoints[2]).norm(), kExact);
  // Midpoint of a segment: half way, peak velocity 15/8 delta / T.
  const auto mid = traj(1.0);
  EXPECT_NEAR(mid.q[0], 0.5, kExact);
  EXPECT_NEAR(mid.qd[0], 15.0 / 8.0, kExact);
  expect_derivatives(traj);
}

TEST(Lspb, ShapeContinuityAndDerivatives) {
  const double T = 2.0, tb = 0.5;
  const auto traj = JointTrajectory::lspb(kPoints, {T, T}, tb);
  // Cruise velocity delta / (T - tb), constant in the linear part.
  const double V = (kPoints[1][0] - kPoints[0][0]) / (T - tb);
  EXPECT_NEAR(traj(1.0).qd[0], V, kExact);
  EXPECT_NEAR(traj(1.0).qdd[0], 0.0, kExact);
  EXPECT_NEAR(traj(0.25).qdd[0], V / tb, kExact);
  EXPECT_NEAR(traj(1.9).qdd[0], -V / tb, kExact);
  // Continuity of q and qd at the blend boundaries.
  for (double t : {tb, T - tb, T + tb, 2 * T - tb}) {
    const auto a = traj(t - 1e-9), b = traj(t + 1e-9);
    EXPECT_LT((a.q - b.q).cwiseAbs().maxCoeff(), 1e-8);
    EXPECT_LT((a.qd - b.qd).cwiseAbs().maxCoeff(), 1e-8);
  }
  EXPECT_LT((traj(T).q - kPoints[1]).norm(), kExact);
  EXPECT_LT((traj(2 * T).q - kPoints[2]).norm(), kExact);
  expect_derivatives(traj);
  // Bang-bang limit tb = T/2 is feasible.
  EXPECT_NO_THROW(JointTrajectory::lspb(kPoints, {T, T}, T / 2));
  const auto frac = JointTrajectory::lspb_fraction(kPoints, {1.0, 3.0}, 0.25);
  EXPECT_NEAR(frac(3.0).qd[0], (0.5 - 1.0) / (3.0 - 0.75), kExact);
}

TEST(JointTrajectoryErrors, BadRequestsAreNamed) {
  EXPECT_EQ(message_of([] { JointTrajectory::quintic(kPoints, {1.0, -2.0}); }),
            "quintic: segment 2 has duration -2 s, expected a finite duration > 0");
  EXPECT_EQ(message_of([] { JointTrajectory::quintic({kPoints[0]}, {}); }),
            "quintic: needs at least 2 points (start and goal), got 1");
  EXPECT_EQ(message_of([] { JointTrajectory::quintic(kPoints, {1.0}); }),
            "quintic: 3 points need 2 segment durations, got 1");
  EXPECT_EQ(message_of([] {
              JointTrajectory::quintic({kPoints[0], VectorXd::Zero(3)}, {1.0});
            }),
            "quintic: point 2 has size 3, expected 2");
  EXPECT_EQ(message_of([] { JointTrajectory::lspb(kPoints, {2.0, 1.0}, 0.6); }),
            "lspb: blend time 0.6 s is infeasible for segment 2 of duration 1 s (expected 0 < "
            "blend time <= 0.5 s, half the duration)");
  EXPECT_NE(message_of([] { JointTrajectory::lspb(kPoints, {2.0, 1.0}, 0.0); }).find("infeasible"),
            std::string::npos);
  EXPECT_EQ(message_of([] { JointTrajectory::lspb_fraction(kPoints, {2.0, 1.0}, 0.7); }),
            "lspb: blend fraction 0.7 is infeasible (expected 0 < fraction <= 0.5 of each "
            "segment's duration)");
  const auto traj = JointTrajectory::quintic(kPoints, {1.0, 1.0});
  VectorXd q(2), qd(2), qdd(2);
  EXPECT_EQ(message_of([&] { traj.evaluate(std::nan(""), q, qd, qdd); }),
            "JointTrajectory::evaluate: t is nan");
}

// A duration too short for its derivatives is refused, naming the duration (clarification
// "A quintic trajectory of duration 1e-300 s returns accelerations of 1.9e300 rad/s^2").
TEST(JointTrajectoryErrors, DurationsWhoseDerivativesOverflowAreRefused) {
  const auto two_points = [](double a, double b) {
    return std::vector<VectorXd>{VectorXd::Zero(2), (VectorXd(2) << a, b).finished()};
  };
  // The quintic's s''(u) / T^2 overflows, whatever the move (even none: 0 * inf is nan).
  EXPECT_EQ(message_of([&] { JointTrajectory::quintic(two_points(1.0, 1.0), {1e-300}); }),
            "quintic: segment 1 has duration 1e-300 s, too short: the profile's peak "
            "acceleration 10 / (sqrt(3) T^2) overflows");
  EXPECT_EQ(message_of([&] { JointTrajectory::quintic(two_points(0.0, 0.0), {1e-160}); }),
            "quintic: segment 1 has duration 1e-160 s, too short: the profile's peak "
            "acceleration 10 / (sqrt(3) T^2) overflows");
  // A finite profile times a large move overflows: the joint and its move are named.
  EXPECT_EQ(message_of([&] { JointTrajectory::quintic(two_points(1.0, 1e300), {1e-10}); }),
            "quintic: segment 1 has duration 1e-10 s, too short: the peak velocity of joint 2 "
            "(moving 1e+300) overflows");
  EXPECT_EQ(message_of([&] { JointTrajectory::quintic(two_points(1.0, 1e290), {1e-10}); }),
            "quintic: segment 1 has duration 1e-10 s, too short: the peak acceleration of joint "
            "2 (moving 1e+290) overflows");
  EXPECT_EQ(message_of([&] { JointTrajectory::lspb(two_points(1.0, 1e290), {1e-10}, 2e-11); }),
            "lspb: segment 1 has duration 1e-10 s, too short: the peak acceleration of joint 2 "
            "(moving 1e+290) overflows");
  EXPECT_EQ(message_of([&] { JointTrajectory::lspb(two_points(1.0, 1.0), {1e-300}, 2e-301); }),
            "lspb: segment 1 has duration 1e-300 s, too short: the peak acceleration of joint 1 "
            "(moving 1) overflows");
  // A duration lost in the start time leaves a segment of no length.
  EXPECT_EQ(message_of([&] { JointTrajectory::quintic(two_points(1.0, 1.0), {1e-10}, 1e10); }),
            "quintic: segment 1 has duration 1e-10 s, lost in its start time 1e+10 s (the "
            "segment would have no length)");
  // Short but representable durations stay accepted, with finite derivatives.
  const auto fast = JointTrajectory::quintic(two_points(1.0, -1.0), {1e-100});
  const auto s = fast(0.3e-100);
  EXPECT_TRUE(s.qd.allFinite() && s.qdd.allFinite());
  EXPECT_NO_THROW(JointTrajectory::quintic(two_points(0.0, 0.0), {1e-150}));
}

}  // namespace
}  // namespace manipdyn
