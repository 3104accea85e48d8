// Unit tests of include/manipdyn/parallel/builtin_models.hpp: the built-ins' geometry (every leg
// closes at the home pose on the documented assembly), inverse kinematics there and back, and
// the checks of their named parameters.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "manipdyn/parallel/builtin_models.hpp"
#include "manipdyn/parallel/kinematics.hpp"
#include "manipdyn/serial/kinematics.hpp"
#include "support/error_message.hpp"

namespace mp = manipdyn::parallel;
using manipdyn::Matrix3d;
using manipdyn::Vector3d;
using manipdyn::test_support::message_of;

namespace {

constexpr double kCloseTol = 1e-12;  // m: a leg's end from its platform point
constexpr double kRoundTripTol = 1e-10;

// The world position of leg i's end (its chain's tool origin) at joint values q.
Vector3d leg_end(const mp::ParallelModel& m, int i, const Eigen::VectorXd& q) {
  const mp::Leg& leg = m.legs[static_cast<std::size_t>(i)];
  manipdyn::SerialData d(leg.chain);
  return manipdyn::end_effector_pose(leg.chain, d, q).block<3, 1>(0, 3);
}

// The largest distance of a leg's end from its platform point at pose (t, R), joint values q.
double closure_gap(const mp::ParallelModel& m, const std::vector<Eigen::VectorXd>& q, const Vector3d& t, const Matrix3d& R) {
  double gap = 0;
  for (int i = 0; i < m.leg_count(); ++i)
    gap = std::max(gap, (leg_end(m, i, q[static_cast<std::size_t>(i)]) - (t + R * m.legs[static_cast<std::size_t>(i)].platform_point)).norm());
  return gap;
}

// The home assembly closes; inverse kinematics at a displaced pose closes there and, back at
// home, returns to the home assembly.
void check_round_trip(const mp::ParallelModel& m, const Vector3d& dt, const Matrix3d& dR) {
  std::vector<Eigen::VectorXd> home_q;
  for (const mp::Leg& leg : m.legs) home_q.push_back(leg.home_q);
  const Vector3d t0 = m.home.translation();
  const Matrix3d R0 = m.home.linear();
  EXPECT_LT(closure_gap(m, home_q, t0, R0), kCloseTol) << m.name;
  mp::ParallelData data(m);
  const Vector3d t1 = t0 + dt;
  const Matrix3d R1 = dR * R0;
  EXPECT_LT(closure_gap(m, mp::inverse_kinematics(m, data, t1, R1), t1, R1), kCloseTol) << m.name;
  const std::vector<Eigen::VectorXd>& back = mp::inverse_kinematics(m, data, t0, R0);
  for (int i = 0; i < m.leg_count(); ++i)
    EXPECT_LT((back[static_cast<std::size_t>(i)] - home_q[static_cast<std::size_t>(i)]).norm(), kRoundTripTol) << m.name << " leg " << i + 1;
  EXPECT_TRUE(m.warnings.empty()) << m.name << ": " << m.warnings.front();
}

}  // namespace

TEST(ParallelBuiltinModels, SixRusHomeAndRoundTrip) {
  const mp::SixRusParameters prm;
  const mp::ParallelModel m = mp::six_rus(prm);
  EXPECT_EQ(m.mobility, mp::Mobility::spatial);
  ASSERT_EQ(m.leg_count(), 6);
  EXPECT_EQ(m.actuated_count(), 6);
  for (int i = 0; i < 6; ++i) {
    const mp::Leg& leg = m.legs[static_cast<std::size_t>(i)];
    // the crank horizontal and outward at home; the rod of its length from the crank's end
    EXPECT_NEAR(leg.home_q(0), 0.0, 1e-12);
    const Vector3d pivot = leg.chain.base.translation();
    EXPECT_NEAR(pivot.norm(), prm.base_radius, 1e-12);
    const Vector3d crank_end = pivot * (1 + prm.crank_length / prm.base_radius);
    const Vector3d platform_point = m.home * leg.platform_point;
    EXPECT_NEAR((platform_point - crank_end).norm(), prm.rod_length, 1e-12);
    EXPECT_GT(platform_point.z(), 0.0);
    // the motor axis horizontal and tangent to the base circle
    const Vector3d axis = leg.chain.base.linear().col(2);
    EXPECT_NEAR(axis.z(), 0.0, 1e-12);
    EXPECT_NEAR(axis.dot(pivot), 0.0, 1e-12);
  }
  // the pairs: motors base_spacing apart about z
  const Vector3d b1 = m.legs[0].chain.base.translation(), b2 = m.legs[1].chain.base.translation();
  EXPECT_NEAR(std::acos(b1.normalized().dot(b2.normalized())), prm.base_spacing, 1e-12);
  check_round_trip(m, Vector3d(0.01, -0.008, 0.012), Eigen::AngleAxisd(0.06, Vector3d(0.3, -0.5, 0.8).normalized()).toRotationMatrix());
}

TEST(ParallelBuiltinModels, Planar3rrrHomeAndRoundTrip) {
  const mp::Planar3rrrParameters prm;
  const mp::ParallelModel m = mp::planar_3rrr(prm);
  EXPECT_EQ(m.mobility, mp::Mobility::planar);
  ASSERT_EQ(m.leg_count(), 3);
  EXPECT_EQ(m.actuated_count(), 3);
  for (const mp::Leg& leg : m.legs) {
    EXPECT_NEAR(leg.chain.base.translation().norm(), prm.base_radius, 1e-12);
    EXPECT_GT(leg.home_q(1), 0.0);  // elbow = +1
  }
  check_round_trip(m, Vector3d(0.04, -0.03, 0.0), Eigen::AngleAxisd(0.15, Vector3d::UnitZ()).toRotationMatrix());
  mp::Planar3rrrParameters other = prm;
  other.elbow = -1;
  for (const mp::Leg& leg : mp::planar_3rrr(other).legs) EXPECT_LT(leg.home_q(1), 0.0);
}

TEST(ParallelBuiltinModels, FiveBarHomeAndRoundTrip) {
  const mp::FiveBarParameters prm;
  const mp::ParallelModel m = mp::five_bar(prm);
  EXPECT_EQ(m.mobility, mp::Mobility::planar_translation);
  ASSERT_EQ(m.leg_count(), 2);
  EXPECT_EQ(m.actuated_count(), 2);
  EXPECT_EQ(m.platform.mass, prm.payload_mass);
  EXPECT_TRUE(m.platform.inertia.isZero());
  // the elbows outward: left of the left motor, right of the right one
  const double left_elbow = prm.proximal_length * std::cos(m.legs[0].home_q(0)) - prm.base_spacing / 2;
  const double right_elbow = prm.proximal_length * std::cos(m.legs[1].home_q(0)) + prm.base_spacing / 2;
  EXPECT_LT(left_elbow, -prm.base_spacing / 2);
  EXPECT_GT(right_elbow, prm.base_spacing / 2);
  check_round_trip(m, Vector3d(0.05, 0.04, 0.0), Matrix3d::Identity());
}

TEST(ParallelBuiltinModels, NamedParametersAreChecked) {
  mp::SixRusParameters rus;
  rus.rod_length = 0.1;
  EXPECT_NE(message_of([&] { mp::six_rus(rus); }).find("six_rus: rod_length 0.100000 m does not reach"), std::string::npos);
  rus = {};
  rus.crank_mass = -1;
  EXPECT_NE(message_of([&] { mp::six_rus(rus); }).find("six_rus: crank_mass must be finite and >= 0"), std::string::npos);
  rus = {};
  rus.crank_inertia = 1e-6;
  EXPECT_NE(message_of([&] { mp::six_rus(rus); }).find("crank_inertia"), std::string::npos);
  mp::Planar3rrrParameters rrr;
  rrr.elbow = 0;
  EXPECT_NE(message_of([&] { mp::planar_3rrr(rrr); }).find("planar_3rrr: elbow must be +1 or -1"), std::string::npos);
  rrr = {};
  rrr.distal_length = 0.05;
  EXPECT_NE(message_of([&] { mp::planar_3rrr(rrr); }).find("planar_3rrr leg1: the point"), std::string::npos);
  mp::FiveBarParameters fb;
  fb.home_height = 0.9;
  EXPECT_NE(message_of([&] { mp::five_bar(fb); }).find("five_bar left leg: the point (0.100000, 0.900000) m is out of reach"),
            std::string::npos);
  fb = {};
  fb.proximal_length = std::nan("");
  EXPECT_NE(message_of([&] { mp::five_bar(fb); }).find("five_bar: proximal_length must be finite and > 0"), std::string::npos);
}
