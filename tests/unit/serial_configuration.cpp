// Unit tests of the configuration arithmetic (serial/configuration.hpp): integrate and difference
// on a free-flyer (SE(3) and the joints) and on a fixed root, their round trip, the derivative of
// integrate at dt = 0, the quaternion's sign and the short way, closed forms for a pure
// translation, a rotation about an axis and a screw, neutral and random configurations, and the
// messages for bad input.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "manipdyn/core/dual.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/configuration.hpp"
#include "../support/error_message.hpp"
#include "../support/free_flyer.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;
using test_support::on_free_flyer;
using test_support::random_vector;
constexpr double kTight = 1e-12;  // arithmetic that should be exact up to rounding
constexpr double kFiniteDifference = 1e-7;  // central differences with h = 1e-5

// A free-flyer with the links of a random tree (5 joints).
SerialModel floating_tree(std::uint64_t seed = 3) {
  return on_free_flyer(random_tree(5, seed, {.prismatic_fraction = 0.4, .branching = 0.5}));
}

Matrix3d skew(const Vector3d& w) {
  Matrix3d S;
  S << 0, -w.z(), w.y(), w.z(), 0, -w.x(), -w.y(), w.x(), 0;
  return S;
}

// The quaternion of q as (x, y, z, w) -> Eigen's.
Eigen::Quaterniond quaternion(const VectorXd& q) { return {q[6], q[3], q[4], q[5]}; }

TEST(Configuration, IntegrateDifferenceRoundTrip) {
  const SerialModel model = floating_tree();
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 50; ++trial) {
    const VectorXd q0 = random_configuration(model, rng);
    VectorXd q1 = random_configuration(model, rng);
    // The round trip gives q1 itself where q1's quaternion is on q0's hemisphere.
    if (quaternion(q0).coeffs().dot(quaternion(q1).coeffs()) < 0) q1.segment<4>(3) *= -1;
    const VectorXd d = difference(model, q0, q1);
    ASSERT_EQ(d.size(), model.nv());
    EXPECT_LT((integrate(model, q0, d, 1.0) - q1).cwiseAbs().maxCoeff(), 1e-11) << trial;
    // And the other way: difference(q, integrate(q, v, 1)) = v for a rotation below pi.
    VectorXd v = random_vector(model.nv(), rng, 1.5);
    const VectorXd q2 = integrate(model, q0, v, 1.0);
    EXPECT_LT((difference(model, q0, q2) - v).cwiseAbs().maxCoeff(), 1e-11) << trial;
    EXPECT_LT((difference(model, q0, q0)).cwiseAbs().maxCoeff(), kTight);
  }
}

// Tiny rotations (the series of exp and log) and rotations near pi (log by atan2).
TEST(Configuration, RoundTripAtSmallAndLargeAngles) {
  const SerialModel model = floating_tree();
  std::mt19937_64 rng(12);
  const VectorXd q0 = random_configuration(model, rng);
  for (double angle : {0.0, 1e-12, 1e-7, 1e-3, 0.009, 0.011, 1.0, 3.0,
                       std::numbers::pi - 1e-6, std::numbers::pi - 1e-9}) {
    VectorXd v = random_vector(model.nv(), rng);
    v.segment<3>(3) = angle * Vector3d(0.48, -0.6, 0.64);  // a unit axis
    const VectorXd q1 = integrate(model, q0, v, 1.0);
    const double tolerance = angle > 3.1 ? 1e-7 : 1e-12;  // log near pi loses digits
    EXPECT_LT((difference(model, q0, q1) - v).cwiseAbs().maxCoeff(), tolerance) << angle;
  }
}

// d/dt integrate(q, v, t) at t = 0 is v: the pose's derivative in the base frame, R0^T dp/dt =
// v[0..2] and R0^T dR/dt = [v[3..5]]x, and the joints' rates.
TEST(Configuration, DerivativeOfIntegrateAtZeroIsTheVelocity) {
  const SerialModel model = floating_tree();
  std::mt19937_64 rng(13);
  const double h = 1e-5;
  for (int trial = 0; trial < 10; ++trial) {
    const VectorXd q = random_configuration(model, rng);
    const VectorXd v = random_vector(model.nv(), rng, 2.0);
    const Matrix4d M0 = base_pose(model, q);
    const Matrix4d Mp = base_pose(model, integrate(model, q, v, h));
    const Matrix4d Mm = base_pose(model, integrate(model, q, v, -h));
    const Matrix3d R0 = M0.block<3, 3>(0, 0);
    const Vector3d dp = R0.transpose() * (Mp.block<3, 1>(0, 3) - Mm.block<3, 1>(0, 3)) / (2 * h);
    const Matrix3d W = R0.transpose() * (Mp.block<3, 3>(0, 0) - Mm.block<3, 3>(0, 0)) / (2 * h);
    EXPECT_LT((dp - v.head<3>()).norm(), kFiniteDifference);
    EXPECT_LT((W - skew(v.segment<3>(3))).norm(), kFiniteDifference);
    const VectorXd dq = (integrate(model, q, v, h) - integrate(model, q, v, -h)) / (2 * h);
    EXPECT_LT((dq.tail(model.dof()) - v.tail(model.dof())).norm(), kFiniteDifference);
    // The same by the dual scalar, exactly: d/dt p at t = 0 is R0 v[0..2].
    const VectorX<Dual1> qd = q.cast<Dual1>(), vd = v.cast<Dual1>();
    const VectorX<Dual1> moved = integrate<Dual1>(model, qd, vd, Dual1(0.0, 1.0));
    Vector3d dp_dual;
    for (int k = 0; k < 3; ++k) dp_dual[k] = moved[k].x[1];
    EXPECT_LT((dp_dual - R0 * v.head<3>()).norm(), kTight);
  }
}

// q and -q are the same pose; difference takes the short way (an angle in [0, pi]).
TEST(Configuration, QuaternionSignAndShortWay) {
  const SerialModel model = floating_tree();
  std::mt19937_64 rng(14);
  const VectorXd q0 = random_configuration(model, rng);
  VectorXd q0_negated = q0;
  q0_negated.segment<4>(3) *= -1;
  EXPECT_LT((base_pose(model, q0) - base_pose(model, q0_negated)).norm(), kTight);
  EXPECT_LT(difference(model, q0, q0_negated).norm(), kTight);
  // 4 rad about z is 2 pi - 4 rad about -z, whichever sign the quaternion has.
  VectorXd v = VectorXd::Zero(model.nv());
  v[5] = 4.0;
  const VectorXd q1 = integrate(model, q0, v, 1.0);
  VectorXd q1_negated = q1;
  q1_negated.segment<4>(3) *= -1;
  for (const VectorXd& target : {q1, q1_negated}) {
    const VectorXd d = difference(model, q0, target);
    EXPECT_LT((d.segment<3>(3) - Vector3d(0, 0, 4.0 - 2 * std::numbers::pi)).norm(), kTight);
    EXPECT_LT((base_pose(model, integrate(model, q0, d, 1.0)) - base_pose(model, q1)).norm(),
              1e-12);
  }
  // integrate keeps the quaternion on the hemisphere of q's (a continuous motion).
  EXPECT_GT(quaternion(q1).coeffs().dot(quaternion(q0).coeffs()), 0.0);
}

TEST(Configuration, ClosedFormsOfTheBaseMotion) {
  const SerialModel model = floating_tree();
  std::mt19937_64 rng(15);
  const VectorXd q0 = random_configuration(model, rng);
  const Matrix3d R0 = quaternion(q0).toRotationMatrix();
  const Vector3d p0 = q0.head<3>();
  const double dt = 0.7;
  // A pure translation: p + R0 v dt, the rotation unchanged.
  VectorXd v = VectorXd::Zero(model.nv());
  v.head<3>() = Vector3d(0.3, -1.2, 0.5);
  VectorXd q1 = integrate(model, q0, v, dt);
  EXPECT_LT((q1.head<3>() - (p0 + R0 * v.head<3>() * dt)).norm(), kTight);
  EXPECT_LT((q1.segment<4>(3) - q0.segment<4>(3)).norm(), kTight);
  // A rotation by w about the base's axis through its origin: R0 Rot(axis, |w| dt), p fixed.
  const Vector3d axis = Vector3d(1, 2, -2) / 3.0;
  v.setZero();
  v.segment<3>(3) = 1.3 * axis;
  q1 = integrate(model, q0, v, dt);
  const Matrix3d R1 = R0 * Eigen::AngleAxisd(1.3 * dt, axis).toRotationMatrix();
  EXPECT_LT((q1.head<3>() - p0).norm(), kTight);
  EXPECT_LT((quaternion(q1).toRotationMatrix() - R1).norm(), kTight);
  // A rotation about the axis through the point c (base frame): linear velocity w x (0 - c); the
  // origin goes to c + Rot (0 - c).
  const Vector3d c(0.4, -0.1, 0.9);
  v.head<3>() = v.segment<3>(3).cross(-c);
  q1 = integrate(model, q0, v, dt);
  const Matrix3d rot = Eigen::AngleAxisd(1.3 * dt, axis).toRotationMatrix();
  EXPECT_LT((q1.head<3>() - (p0 + R0 * (c - rot * c))).norm(), kTight);
  EXPECT_LT((quaternion(q1).toRotationMatrix() - R1).norm(), kTight);
  // A screw: the linear velocity along the axis adds a translation along it.
  v.head<3>() += 0.5 * axis;
  q1 = integrate(model, q0, v, dt);
  EXPECT_LT((q1.head<3>() - (p0 + R0 * (c - rot * c + 0.5 * dt * axis))).norm(), kTight);
  // The joints: q + v dt.
  v = random_vector(model.nv(), rng);
  EXPECT_LT((integrate(model, q0, v, dt).tail(5) - (q0.tail(5) + v.tail(5) * dt)).norm(), kTight);
}

TEST(Configuration, FixedRootIsTheJointsAlone) {
  const SerialModel model = random_arm(4, 2, DhConvention::modified);
  const VectorXd q0 = random_configuration(model, std::uint64_t{3});
  const VectorXd v = (VectorXd(4) << 1, -2, 3, 0.5).finished();
  EXPECT_EQ(integrate(model, q0, v, 0.25), q0 + v * 0.25);
  EXPECT_EQ(difference(model, q0, VectorXd(q0 + v)), (q0 + v) - q0);
  EXPECT_EQ(neutral(model), VectorXd::Zero(4));
  EXPECT_EQ(base_pose(model, q0), Matrix4d::Identity());
  EXPECT_EQ(normalize(model, q0), q0);
}

TEST(Configuration, NeutralAndRandomConfigurations) {
  SerialModel model = floating_tree();
  const VectorXd q = neutral(model);
  EXPECT_EQ(q.size(), 12);
  EXPECT_EQ(q.segment<4>(3), Eigen::Vector4d(0, 0, 0, 1));
  EXPECT_EQ(base_pose(model, q), Matrix4d::Identity());
  // Limits: both, one (the other a default range away), none.
  std::vector<LinkParameters> links = model.links;
  links[0].q_min = -0.2;
  links[0].q_max = 0.3;
  links[1].q_min = 2.0;
  links[2].q_max = -5.0;
  links[2].type = JointType::revolute;
  model = SerialModel::from_table(links, model.convention, model.options());
  std::mt19937_64 rng(16);
  for (int trial = 0; trial < 200; ++trial) {
    const VectorXd r = random_configuration(model, rng);
    EXPECT_NEAR(r.segment<4>(3).norm(), 1.0, kTight);
    EXPECT_LE(r.head<3>().cwiseAbs().maxCoeff(), 1.0);
    EXPECT_TRUE(r[7] >= -0.2 && r[7] <= 0.3) << r[7];
    const double range1 = links[1].type == JointType::revolute ? std::numbers::pi : 1.0;
    EXPECT_TRUE(r[8] >= 2.0 && r[8] <= 2.0 + 2 * range1) << r[8];
    EXPECT_TRUE(r[9] >= -5.0 - 2 * std::numbers::pi && r[9] <= -5.0) << r[9];
  }
  EXPECT_EQ(random_configuration(model, std::uint64_t{4}),
            random_configuration(model, std::uint64_t{4}));
  EXPECT_EQ(message_of([&] { random_configuration(model, 4, {.prismatic_range = -1}); }),
            "random_configuration: options.prismatic_range = -1.000000, expected a finite "
            "number > 0");
}

TEST(Configuration, BadInputIsRefusedWithItsEntries) {
  const SerialModel model = floating_tree();
  VectorXd q = neutral(model);
  const VectorXd v = VectorXd::Zero(model.nv());
  EXPECT_EQ(message_of([&] { integrate(model, VectorXd(q.head(11)), v, 1.0); }),
            "integrate: q has size 11, expected nq = 12 (free-flyer: 7 + 5 joints)");
  EXPECT_EQ(message_of([&] { integrate(model, q, VectorXd(v.head(5)), 1.0); }),
            "integrate: v has size 5, expected nv = 11 (free-flyer: 6 + 5 joints)");
  EXPECT_EQ(message_of([&] { integrate(model, q, v, std::nan("")); }), "integrate: dt is nan");
  q.segment<4>(3) << 0, 0, 0, 2;
  EXPECT_EQ(message_of([&] { integrate(model, q, v, 1.0); }),
            "integrate: q[3..6], the base quaternion (x y z w) = (0 0 0 2), has norm 2, not 1 "
            "(tolerance 1e-06); normalize(model, q) scales it");
  EXPECT_EQ(message_of([&] { difference(model, neutral(model), q); }),
            "difference: q1[3..6], the base quaternion (x y z w) = (0 0 0 2), has norm 2, not 1 "
            "(tolerance 1e-06); normalize(model, q1) scales it");
  EXPECT_EQ(normalize(model, q), neutral(model));
  q.segment<4>(3).setZero();
  EXPECT_EQ(message_of([&] { base_pose(model, q); }),
            "base_pose: q[3..6], the base quaternion (x y z w) = (0 0 0 0), is zero: it is no "
            "rotation");
  EXPECT_EQ(message_of([&] { normalize(model, q); }),
            "normalize: q[3..6], the base quaternion (x y z w) = (0 0 0 0), has norm 0.000000: "
            "it is no rotation");
  q[4] = std::nan("");
  EXPECT_EQ(message_of([&] { difference(model, q, neutral(model)); }), "difference: q0[4] is nan");
  // Within the tolerance: accepted, normalised before use (a 6-digit print of a unit quaternion).
  q = neutral(model);
  q.segment<4>(3) << 0.182574, 0.365148, 0.547723, 0.730297;
  const Matrix4d M = base_pose(model, q);
  EXPECT_LT((M.block<3, 3>(0, 0) * M.block<3, 3>(0, 0).transpose() - Matrix3d::Identity()).norm(),
            kTight);
  const SerialModel fixed = random_arm(3, 1, DhConvention::standard);
  EXPECT_EQ(message_of([&] { difference(fixed, VectorXd::Zero(3), VectorXd::Zero(4)); }),
            "difference: q1 has size 4, expected nq = 3 (fixed root: 3 joints)");
}

// The names of q's, v's and tau's entries: the base's first on a free-flyer, then the joints'.
TEST(Configuration, CoordinateNames) {
  const SerialModel fixed = puma560();
  EXPECT_EQ(configuration_names(fixed), fixed.joint_names());
  EXPECT_EQ(velocity_names(fixed), fixed.joint_names());
  EXPECT_EQ(generalized_force_names(fixed), fixed.joint_names());
  const SerialModel model = floating_tree();
  const auto q = configuration_names(model), v = velocity_names(model),
             f = generalized_force_names(model);
  ASSERT_EQ(static_cast<int>(q.size()), model.nq());
  ASSERT_EQ(static_cast<int>(v.size()), model.nv());
  ASSERT_EQ(static_cast<int>(f.size()), model.nv());
  EXPECT_EQ(std::vector<std::string>(q.begin(), q.begin() + 7),
            (std::vector<std::string>{"base_x", "base_y", "base_z", "base_qx", "base_qy",
                                      "base_qz", "base_qw"}));
  EXPECT_EQ(std::vector<std::string>(v.begin(), v.begin() + 6),
            (std::vector<std::string>{"base_vx", "base_vy", "base_vz", "base_wx", "base_wy",
                                      "base_wz"}));
  EXPECT_EQ(std::vector<std::string>(f.begin(), f.begin() + 6),
            (std::vector<std::string>{"fx", "fy", "fz", "tx", "ty", "tz"}));
  EXPECT_EQ(std::vector<std::string>(f.begin() + 6, f.end()), model.joint_names());
  EXPECT_EQ(std::vector<std::string>(q.begin() + 7, q.end()), model.joint_names());
}

}  // namespace
}  // namespace manipdyn
