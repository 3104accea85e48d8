// Unit tests of include/manipdyn/parallel/model.hpp (build_model's checks) and the input errors
// of the kinematics and inverse dynamics: each message names the robot, the leg and the joint
// or field at fault.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "manipdyn/parallel/builtin_models.hpp"
#include "manipdyn/parallel/inverse_dynamics.hpp"
#include "manipdyn/parallel/kinematics.hpp"
#include "support/error_message.hpp"

namespace mp = manipdyn::parallel;
using manipdyn::Matrix3d;
using manipdyn::Vector3d;
using manipdyn::test_support::message_of;

namespace {

const Matrix3d kIdentity = Matrix3d::Identity();
const Vector3d kOrigin = Vector3d::Zero();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The five-bar's description: a small robot whose legs are easy to break one field at a time.
mp::ParallelDescription five_bar_description() { return mp::five_bar().description(); }

// The message of build_model(d).
std::string build_message(const mp::ParallelDescription& d) {
  return message_of([&] { mp::build_model(d); });
}

// Whether `text` contains every one of `parts`.
::testing::AssertionResult contains(const std::string& text, std::initializer_list<const char*> parts) {
  for (const char* part : parts)
    if (text.find(part) == std::string::npos)
      return ::testing::AssertionFailure() << "'" << part << "' not in: " << text;
  return ::testing::AssertionSuccess();
}

}  // namespace

TEST(ParallelModel, DescriptionRoundTrip) {
  const mp::ParallelModel m = mp::five_bar();
  const mp::ParallelModel again = mp::build_model(m.description());
  EXPECT_EQ(again.leg_count(), 2);
  EXPECT_EQ(again.actuated_count(), 2);
  for (int i = 0; i < 2; ++i)
    EXPECT_TRUE(again.legs[static_cast<std::size_t>(i)].home_q.isApprox(m.legs[static_cast<std::size_t>(i)].home_q, 1e-14));
}

TEST(ParallelModel, LegThatDoesNotCloseAtHome) {
  mp::ParallelDescription d = five_bar_description();
  d.legs[1].joints[1].a = 0.05;  // a short proximal bar: the right leg cannot reach the home point
  EXPECT_TRUE(contains(build_message(d), {"build_model 'five_bar'", "at the home pose", "leg 2 'right'", "cannot reach",
                                          "m away"}));
  // from a stretched seed (no home_q: all zero) Newton's method starts at a singular configuration
  d.legs[1].home_q.resize(0);
  EXPECT_TRUE(contains(build_message(d), {"leg 2 'right' cannot reach", "singular configuration of the leg (q = [0, 0])"}));
}

TEST(ParallelModel, WrongNumberOfActuatedJointsForTheMobility) {
  mp::ParallelDescription d = five_bar_description();
  d.mobility = mp::Mobility::planar;  // 3 dof, but 2 actuated joints
  EXPECT_TRUE(contains(build_message(d), {"2 actuated joints", "mobility 'planar'", "3 degrees of freedom"}));
  d = five_bar_description();
  d.legs[0].actuated = {0, 1};  // 3 actuated joints for 2 dof
  EXPECT_TRUE(contains(build_message(d), {"3 actuated joints", "mobility 'planar_translation'", "2 degrees of freedom"}));
}

TEST(ParallelModel, ActuatedIndexOutOfRangeOrDuplicate) {
  mp::ParallelDescription d = five_bar_description();
  d.legs[1].actuated = {2};
  EXPECT_TRUE(contains(build_message(d), {"leg 2 'right'", "actuated index 2 is out of range", "0..1"}));
  d.legs[1].actuated = {-1};
  EXPECT_TRUE(contains(build_message(d), {"leg 2 'right'", "actuated index -1"}));
  d.legs[1].actuated = {0, 0};
  EXPECT_TRUE(contains(build_message(d), {"leg 2 'right'", "actuated index 0 (joint 1 'motor') is listed twice"}));
}

TEST(ParallelModel, TooManyOrNoJoints) {
  mp::ParallelDescription d = five_bar_description();
  d.legs[0].joints.resize(4, d.legs[0].joints[1]);
  d.legs[0].home_q.resize(0);
  EXPECT_TRUE(contains(build_message(d), {"leg 1 'left' has 4 joints", "1 to 3"}));
  d.legs[0].joints.clear();
  EXPECT_TRUE(contains(build_message(d), {"leg 1 'left' has 0 joints"}));
}

TEST(ParallelModel, NonRigidPlacements) {
  mp::ParallelDescription d = five_bar_description();
  d.legs[0].base.linear() *= 1.01;
  EXPECT_TRUE(contains(build_message(d), {"leg 1 'left'", "base placement is not a rigid transform"}));
  d = five_bar_description();
  d.legs[1].end.linear() = Eigen::AngleAxisd(0.3, Vector3d::UnitZ()).toRotationMatrix() * Vector3d(1, 1, -1).asDiagonal();
  EXPECT_TRUE(contains(build_message(d), {"leg 2 'right'", "end placement is not a rigid transform"}));
  d = five_bar_description();
  d.home.linear() = Vector3d(1, 2, 1).asDiagonal();
  EXPECT_TRUE(contains(build_message(d), {"home pose is not a rigid transform"}));
}

TEST(ParallelModel, NonFiniteNumbers) {
  mp::ParallelDescription d = five_bar_description();
  d.legs[1].joints[1].mass = kNaN;
  EXPECT_TRUE(contains(build_message(d), {"leg 2 'right'", "'elbow'", "mass"}));
  d = five_bar_description();
  d.legs[0].joints[0].a = std::numeric_limits<double>::infinity();
  EXPECT_TRUE(contains(build_message(d), {"leg 1 'left'", "'motor'"}));
  d = five_bar_description();
  d.legs[0].platform_point.x() = kNaN;
  EXPECT_TRUE(contains(build_message(d), {"leg 1 'left'", "platform point has a non-finite entry"}));
  d = five_bar_description();
  d.legs[1].home_q(1) = kNaN;
  EXPECT_TRUE(contains(build_message(d), {"leg 2 'right'", "home_q has a non-finite entry"}));
  d = five_bar_description();
  d.legs[1].cut_viscous = kNaN;
  EXPECT_TRUE(contains(build_message(d), {"leg 2 'right'", "cut_viscous must be finite"}));
  d = five_bar_description();
  d.gravity.z() = kNaN;
  EXPECT_TRUE(contains(build_message(d), {"gravity has a non-finite entry"}));
  d = five_bar_description();
  d.platform.com.y() = kNaN;
  EXPECT_TRUE(contains(build_message(d), {"platform's mass, com or inertia has a non-finite entry"}));
}

TEST(ParallelModel, NegativePlatformMass) {
  mp::ParallelDescription d = five_bar_description();
  d.platform.mass = -1.0;
  EXPECT_TRUE(contains(build_message(d), {"build_model 'five_bar'", "platform's mass is negative", "-1"}));
}

TEST(ParallelModel, InvalidInertiaRejectedOrAllowedWithAWarning) {
  mp::ParallelDescription d = five_bar_description();
  d.platform.inertia = Vector3d(0.001, 0.001, 0.01).asDiagonal();  // breaks the triangle inequality
  EXPECT_TRUE(contains(build_message(d), {"platform's inertia breaks the triangle inequality", "allow_invalid_inertia"}));
  d.allow_invalid_inertia = true;
  const mp::ParallelModel m = mp::build_model(d);
  ASSERT_EQ(m.warnings.size(), 1u);
  EXPECT_TRUE(contains(m.warnings[0], {"platform's inertia breaks the triangle inequality"}));
  // a leg link's invalid inertia names the leg and the joint
  d = five_bar_description();
  d.legs[0].joints[1].inertia = Vector3d(-0.01, 0.01, 0.01).asDiagonal();
  EXPECT_TRUE(contains(build_message(d), {"leg 1 'left'", "'elbow'", "inertia"}));
  d.allow_invalid_inertia = true;
  const mp::ParallelModel m2 = mp::build_model(d);
  ASSERT_EQ(m2.warnings.size(), 1u);
  EXPECT_TRUE(contains(m2.warnings[0], {"leg 1 'left'", "'elbow'"}));
}

TEST(ParallelModel, UnreachablePoseNamesTheLeg) {
  const mp::ParallelModel m = mp::five_bar();
  mp::ParallelData data(m);
  // 0.61 m from the right motor (reach 0.6 m), 0.52 m from the left one
  const std::string msg = message_of([&] { mp::inverse_kinematics<double>(m, data, Vector3d(-0.25, 0.5, 0.0), kIdentity); });
  EXPECT_TRUE(contains(msg, {"inverse_kinematics", "leg 2 'right'", "cannot reach its platform point"}));
}

TEST(ParallelModel, PoseTheMobilityForbids) {
  const mp::ParallelModel fb = mp::five_bar();
  mp::ParallelData fd(fb);
  const Matrix3d turned = Eigen::AngleAxisd(0.1, Vector3d::UnitZ()).toRotationMatrix();
  EXPECT_TRUE(contains(message_of([&] { mp::inverse_kinematics<double>(fb, fd, Vector3d(0, 0.4, 0), turned); }),
                       {"'five_bar' translates only", "mobility 'planar_translation'", "R must be the identity"}));
  EXPECT_TRUE(contains(message_of([&] { mp::inverse_kinematics<double>(fb, fd, Vector3d(0, 0.4, 0.01), kIdentity); }),
                       {"moves in the x-y plane", "t.z"}));
  const mp::ParallelModel rrr = mp::planar_3rrr();
  mp::ParallelData rd(rrr);
  const Matrix3d tilted = Eigen::AngleAxisd(0.1, Vector3d::UnitX()).toRotationMatrix();
  EXPECT_TRUE(contains(message_of([&] { mp::inverse_kinematics<double>(rrr, rd, kOrigin, tilted); }),
                       {"mobility 'planar'", "R must be a rotation about z"}));
  EXPECT_TRUE(contains(message_of([&] { mp::inverse_kinematics<double>(rrr, rd, kOrigin, Matrix3d(2 * turned)); }),
                       {"R is not a rotation"}));
}

TEST(ParallelModel, MotionComponentTheMobilityForbids) {
  const mp::ParallelModel fb = mp::five_bar();
  mp::ParallelData fd(fb);
  manipdyn::PlatformMotion x;
  x.t = fb.home.translation();
  x.v.z() = 0.1;
  EXPECT_TRUE(contains(message_of([&] { mp::inverse_dynamics(fb, fd, x); }),
                       {"'five_bar'", "mobility 'planar_translation'", "cannot move along v.z"}));
  x.v.z() = 0.0;
  x.alpha.z() = 1.0;
  EXPECT_TRUE(contains(message_of([&] { mp::inverse_dynamics(fb, fd, x); }), {"cannot move along omega.z"}));
  const mp::ParallelModel rrr = mp::planar_3rrr();
  mp::ParallelData rd(rrr);
  manipdyn::PlatformMotion y;
  y.omega.x() = 0.2;
  EXPECT_TRUE(contains(message_of([&] { mp::leg_motion(rrr, rd, y); }), {"mobility 'planar'", "cannot move along omega.x"}));
  y.omega.x() = kNaN;
  EXPECT_TRUE(contains(message_of([&] { mp::leg_motion(rrr, rd, y); }), {"non-finite"}));
}

TEST(ParallelModel, SingularActuation) {
  // distal bars of 0.35 m from motors 0.4 m apart with 0.3 m proximal bars: at (0, 0.26) both
  // distal bars lie along x, on one line (a parallel singularity: no force along y)
  mp::FiveBarParameters prm;
  prm.base_spacing = 0.4;
  prm.proximal_length = 0.3;
  prm.distal_length = 0.35;
  prm.home_height = 0.45;
  const mp::ParallelModel m = mp::five_bar(prm);
  mp::ParallelData data(m);
  manipdyn::PlatformMotion x;
  x.t = Vector3d(0.0, std::sqrt(0.3 * 0.3 - 0.15 * 0.15), 0.0);
  EXPECT_TRUE(contains(message_of([&] { mp::inverse_dynamics(m, data, x); }),
                       {"inverse_dynamics", "actuation of 'five_bar' is singular", "type 2"}));
}
