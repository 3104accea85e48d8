// Unit tests of the forward kinematics (kinematics.hpp): the geometric Jacobian against central
// finite differences of the end-effector pose, the PUMA 560 pose at q = 0 (worked out from its
// DH table below), and the input checks.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <random>
#include <stdexcept>
#include <string>

#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/kinematics.hpp"

namespace manipdyn {
namespace {

// Central differences, step h: truncation ~h^2, rounding ~1e-16/h.
constexpr double kFdStep = 1e-6;
constexpr double kFdTolerance = 1e-8;
// Published PUMA numbers are given to 0.1 mm; our composition is exact to rounding.
constexpr double kPoseTolerance = 1e-12;

Vector3d vee(const Matrix3d& W) { return Vector3d(W(2, 1), W(0, 2), W(1, 0)); }

class KinematicsArms : public ::testing::TestWithParam<DhConvention> {};

TEST_P(KinematicsArms, JacobianMatchesFiniteDifferencesOfThePose) {
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> u(-2.0, 2.0);
  for (int n : {1, 2, 4, 7}) {
    const SerialModel model = random_arm(n, 60 + n, GetParam(), {.prismatic_fraction = 0.4});
    SerialData data(model);
    VectorXd q(n);
    for (int i = 0; i < n; ++i) q[i] = u(rng);
    const MatrixXd J = jacobian(model, data, q);
    ASSERT_EQ(J.rows(), 6);
    ASSERT_EQ(J.cols(), n);
    const Matrix4d T = end_effector_pose(model, data, q);
    for (int j = 0; j < n; ++j) {
      VectorXd qp = q, qm = q;
      qp[j] += kFdStep;
      qm[j] -= kFdStep;
      const Matrix4d Tp = end_effector_pose(model, data, qp);
      const Matrix4d Tm = end_effector_pose(model, data, qm);
      const Matrix4d dT = (Tp - Tm) / (2 * kFdStep);
      // Linear: d p / d q_j. Angular: dR/dq_j R^T = [w_j]x.
      const Vector3d v = dT.block<3, 1>(0, 3);
      const Matrix3d W = dT.topLeftCorner<3, 3>() * T.topLeftCorner<3, 3>().transpose();
      EXPECT_LT((W + W.transpose()).cwiseAbs().maxCoeff(), kFdTolerance);  // skew
      EXPECT_LT((J.col(j).head<3>() - v).cwiseAbs().maxCoeff(), kFdTolerance)
          << "n " << n << " joint " << j + 1;
      EXPECT_LT((J.col(j).tail<3>() - vee(W)).cwiseAbs().maxCoeff(), kFdTolerance)
          << "n " << n << " joint " << j + 1;
      if (model.links[j].type == JointType::prismatic) {
        EXPECT_EQ(J.col(j).tail<3>(), Vector3d::Zero());
      }
    }
  }
}

TEST_P(KinematicsArms, LinkTransformsComposeToTheEndEffectorPose) {
  const SerialModel model = random_arm(5, 8, GetParam(), {.prismatic_fraction = 0.4});
  SerialData data(model);
  const VectorXd q = VectorXd::LinSpaced(5, -1.0, 1.2);
  const auto& T0 = link_transforms(model, data, q);
  ASSERT_EQ(T0.size(), 6u);
  const DhChain& c = model.own_chain();
  EXPECT_EQ(T0[0], c.base.matrix());
  Matrix4d T = c.base.matrix();
  for (int i = 0; i < 5; ++i) {
    const double theta = c.theta[i] + (c.type[i] == JointType::revolute ? q[i] : 0.0);
    const double d = c.d[i] + (c.type[i] == JointType::prismatic ? q[i] : 0.0);
    T = T * dh_transform(c.convention, c.a[i], c.alpha[i], d, theta).matrix();
    EXPECT_LT((T0[i + 1] - T).cwiseAbs().maxCoeff(), kPoseTolerance);
  }
  EXPECT_LT((data.T_ee - T * c.tool.matrix()).cwiseAbs().maxCoeff(), kPoseTolerance);
}

INSTANTIATE_TEST_SUITE_P(BothConventions, KinematicsArms,
                         ::testing::Values(DhConvention::standard, DhConvention::modified),
                         [](const auto& info) { return std::string(to_string(info.param)); });

TEST(Kinematics, Puma560PoseAtZero) {
  // From the standard DH table (d, a, alpha) = (0, 0, pi/2), (0, 0.4318, 0),
  // (0.15005, 0.0203, -pi/2), (0.4318, 0, pi/2), (0, 0, -pi/2), (0, 0, 0) at q = 0:
  // frame 1 = Rx(pi/2) (z1 = -y0); o2 = 0.4318 x0; o3 = o2 + 0.15005 z2 + 0.0203 x2 with
  // z2 = -y0, so o3 = (0.4521, -0.15005, 0); frame 3 has the base orientation (Rx(pi/2) then
  // Rx(-pi/2)), o4 = o3 + 0.4318 z3 = (0.4521, -0.15005, 0.4318); joints 5, 6 add no offset and
  // the wrist rotations cancel. Corke's Toolbox prints (0.4521, -0.1500, 0.4318), R = I.
  const SerialModel puma = puma560(false);
  SerialData data(puma);
  const Matrix4d T = end_effector_pose(puma, data, VectorXd::Zero(6));
  EXPECT_NEAR(T(0, 3), 0.4521, kPoseTolerance);
  EXPECT_NEAR(T(1, 3), -0.15005, kPoseTolerance);
  EXPECT_NEAR(T(2, 3), 0.4318, kPoseTolerance);
  EXPECT_LT((T.topLeftCorner<3, 3>() - Matrix3d::Identity()).cwiseAbs().maxCoeff(),
            kPoseTolerance);
  // The same arm written in modified DH (converted by the model) gives the same pose.
  const SerialModel puma_modified = SerialModel::from_modified_dh(
      [&] {
        // Row i of the modified table: (a_{i-1}, alpha_{i-1}, d_i, theta_i).
        auto links = puma.links;
        for (int i = 5; i >= 0; --i) {
          links[i].a = i == 0 ? 0.0 : puma.links[i - 1].a;
          links[i].alpha = i == 0 ? 0.0 : puma.links[i - 1].alpha;
        }
        return links;
      }(),
      {.name = "puma560 modified", .allow_invalid_inertia = true});
  SerialData data_m(puma_modified);
  const VectorXd q = VectorXd::LinSpaced(6, 0.2, -0.9);
  const Matrix4d Ts = end_effector_pose(puma, data, q);
  const Matrix4d Tm = end_effector_pose(puma_modified, data_m, q);
  // The modified table has no a_6, alpha_6 row (both zero for the PUMA), so the poses agree.
  EXPECT_LT((Ts - Tm).cwiseAbs().maxCoeff(), kPoseTolerance);
  // Upper arm raised, q2 = pi/2: joint 2 turns x2 about z1 = -y0 onto z0, so o3 = (0.4318 +
  // 0.0203) z0 - 0.15005 y0, and z3 = y2 = -x0: o4 = o3 - 0.4318 x0.
  VectorXd up = VectorXd::Zero(6);
  up[1] = std::numbers::pi / 2;
  const Matrix4d Tu = end_effector_pose(puma, data, up);
  EXPECT_NEAR(Tu(0, 3), -0.4318, kPoseTolerance);
  EXPECT_NEAR(Tu(1, 3), -0.15005, kPoseTolerance);
  EXPECT_NEAR(Tu(2, 3), 0.4521, kPoseTolerance);
}

TEST(Kinematics, RejectsWrongSizesAndNonFiniteJointValues) {
  const SerialModel puma = puma560(false);
  SerialData data(puma);
  auto message = [](auto&& f) {
    try {
      f();
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no exception");
  };
  EXPECT_EQ(message([&] { link_transforms(puma, data, VectorXd::Zero(5)); }),
            "link_transforms: q has size 5, expected 6");
  const std::string pose_msg = message([&] { end_effector_pose(puma, data, VectorXd::Zero(7)); });
  EXPECT_NE(pose_msg.find("q has size 7, expected 6"), std::string::npos) << pose_msg;
  VectorXd bad = VectorXd::Zero(6);
  bad[3] = std::numeric_limits<double>::quiet_NaN();
  const std::string jac_msg = message([&] { jacobian(puma, data, bad); });
  EXPECT_NE(jac_msg.find("q[3] is nan"), std::string::npos) << jac_msg;
  bad[3] = std::numeric_limits<double>::infinity();
  const std::string inf_msg = message([&] { end_effector_pose(puma, data, bad); });
  EXPECT_NE(inf_msg.find("q[3] is inf"), std::string::npos) << inf_msg;
}

}  // namespace
}  // namespace manipdyn
