// The pick-and-place cycle's path: its ends, its length, the unit tangent, the derivatives
// against finite differences, continuity at the joints of its pieces, the way back, the errors.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "manipdyn/trajectory/pick_and_place_path.hpp"
#include "support/error_message.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;

constexpr double kExact = 1e-12;

TEST(PickAndPlacePath, EndsLengthAndDerivatives) {
  const Vector3d start(0.1, -0.2, -0.9);
  PickAndPlaceCycle cycle;
  cycle.across = Vector3d(0.0, 2.0, 0.0);
  const PickAndPlacePath path = pick_and_place_path(start, cycle);
  EXPECT_NEAR(path.length, 2 * 0.0125 + (0.305 - 0.025) + std::numbers::pi * 0.0125, kExact);
  const PathPoint a = path_point(path, 0.0), b = path_point(path, path.length);
  EXPECT_LT((a.p - start).norm(), kExact);
  EXPECT_LT((b.p - (start + Vector3d(0.0, 0.305, 0.0))).norm(), kExact);
  EXPECT_LT((a.dp - Vector3d::UnitZ()).norm(), kExact);
  EXPECT_LT((b.dp + Vector3d::UnitZ()).norm(), kExact);
  // the top of the path, mid-way
  EXPECT_NEAR(path_point(path, path.length / 2).p.z(), start.z() + 0.025, kExact);
  // unit tangent; derivatives by central differences; no jump in p or dp
  const double h = 1e-6;
  double worst_d1 = 0, worst_d2 = 0, worst_jump = 0;
  for (int k = 1; k < 400; ++k) {
    const double s = path.length * k / 400.0;
    const PathPoint x = path_point(path, s), lo = path_point(path, s - h), hi = path_point(path, s + h);
    EXPECT_NEAR(x.dp.norm(), 1.0, kExact);
    EXPECT_NEAR(x.dp.dot(x.ddp), 0.0, 1e-10);
    worst_d1 = std::max(worst_d1, ((hi.p - lo.p) / (2 * h) - x.dp).norm());
    worst_jump = std::max(worst_jump, (hi.dp - lo.dp).norm());
    if ((hi.ddp - lo.ddp).norm() < 1e-9) worst_d2 = std::max(worst_d2, ((hi.dp - lo.dp) / (2 * h) - x.ddp).norm());
    EXPECT_LE(x.ddp.norm(), 1.0 / 0.0125 + kExact);
  }
  EXPECT_LT(worst_d1, 1e-8);
  EXPECT_LT(worst_d2, 1e-6);
  EXPECT_LT(worst_jump, 2 * h / 0.0125 + 1e-9);  // dp continuous: changes at most by curvature * 2h
}

TEST(PickAndPlacePath, TheWayBackRetracesIt) {
  const PickAndPlacePath path = pick_and_place_path(Vector3d(0, 0, -1));
  for (int k = 0; k <= 20; ++k) {
    const double s = path.length * k / 20.0;
    const PathPoint there = path_point(path, path.length - s), back = path_point(path, s, true);
    EXPECT_LT((there.p - back.p).norm(), kExact);
    EXPECT_LT((there.dp + back.dp).norm(), kExact);
    EXPECT_LT((there.ddp - back.ddp).norm(), kExact);
  }
}

TEST(PickAndPlacePath, APieceChoosesTheSideOfAJoint) {
  const PickAndPlacePath path = pick_and_place_path(Vector3d::Zero());
  EXPECT_NEAR(path.breaks[5], path.length, kExact);
  const double joint = path.breaks[1];  // line up -> arc
  EXPECT_LT(path_point(path, joint).ddp.norm(), kExact);  // the earlier piece
  EXPECT_LT(path_point(path, joint, false, 0).ddp.norm(), kExact);
  EXPECT_LT((path_point(path, joint, false, 1).ddp - Vector3d::UnitX() / 0.0125).norm(), 1e-9);
  EXPECT_LT((path_point(path, joint, false, 0).p - path_point(path, joint, false, 1).p).norm(), kExact);
  // the way back counts the pieces along its own travel: its piece 3 is the first arc reversed
  const PathPoint back = path_point(path, path.length - joint, true, 3);
  EXPECT_LT((back.ddp - Vector3d::UnitX() / 0.0125).norm(), 1e-9);
  EXPECT_LT((back.dp + Vector3d::UnitZ()).norm(), kExact);
  EXPECT_LT(path_point(path, path.length - joint, true, 4).ddp.norm(), kExact);
  EXPECT_NE(message_of([&] { path_point(path, 0.2, false, 0); }).find("is not on piece 0"), std::string::npos);
}

TEST(PickAndPlacePath, RefusesBadGeometry) {
  PickAndPlaceCycle cycle;
  cycle.corner_radius = 0.03;
  EXPECT_NE(message_of([&] { pick_and_place_path(Vector3d::Zero(), cycle); }).find("corner_radius must be in (0, "),
            std::string::npos);
  cycle = {};
  cycle.across = Vector3d(1, 0, 1);
  EXPECT_NE(message_of([&] { pick_and_place_path(Vector3d::Zero(), cycle); }).find("across must be a nonzero horizontal"),
            std::string::npos);
  cycle = {};
  cycle.span = -1;
  EXPECT_NE(message_of([&] { pick_and_place_path(Vector3d::Zero(), cycle); }).find("span must be finite and > 0"),
            std::string::npos);
  const PickAndPlacePath path = pick_and_place_path(Vector3d::Zero());
  EXPECT_NE(message_of([&] { path_point(path, 1.0); }).find("outside the path"), std::string::npos);
}

}  // namespace
}  // namespace manipdyn
