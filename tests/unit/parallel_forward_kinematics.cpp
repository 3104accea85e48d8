// Unit tests of include/manipdyn/parallel/forward_kinematics.hpp: FK(IK(x)) = x, every assembly
// found satisfies the Stewart platform's leg-length equations, the actuation Jacobian of a
// Stewart platform is its leg Jacobian H^T (Dasgupta 1998 eq. 36), and the error paths.
#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <Eigen/SVD>

#include "manipdyn/parallel/builtin_models.hpp"
#include "manipdyn/parallel/forward_kinematics.hpp"
#include "manipdyn/parallel/kinematics.hpp"
#include "manipdyn/stewart/model.hpp"
#include "support/error_message.hpp"

namespace mp = manipdyn::parallel;
namespace ms = manipdyn::stewart;
using manipdyn::Matrix3d;
using manipdyn::Vector3d;
using manipdyn::VectorXd;
using manipdyn::test_support::message_of;

namespace {
Matrix3d rotation(const Vector3d& v) { return Eigen::AngleAxisd(v.norm(), v.normalized()).toRotationMatrix(); }

// the leg lengths |t + R p_i - b_i| of the Stewart platform (independent of the engine)
VectorXd leg_lengths(const ms::StewartModel& s, const Vector3d& t, const Matrix3d& R) {
  VectorXd L(6);
  for (int i = 0; i < 6; ++i) L(i) = (t + R * s.p.col(i) - s.b.col(i)).norm();
  return L;
}
}  // namespace

TEST(ParallelForwardKinematics, InvertsInverseKinematics) {
  const ms::StewartModel s = ms::dasgupta_test_platform(false);
  const mp::ParallelModel model = mp::from_stewart(s);
  mp::ParallelData data(model);
  double worst = 0;
  for (int k = 0; k < 12; ++k) {
    const Vector3d t = model.home.translation() + Vector3d(0.04 * std::sin(k), 0.03 * std::cos(2.0 * k), 0.05 * std::sin(0.5 * k));
    const Matrix3d R = rotation(Vector3d(0.1 * std::cos(k), 0.08 * std::sin(k), 0.2 * std::sin(1.5 * k) + 1e-3));
    const VectorXd q_a = leg_lengths(s, t, R);
    const mp::ForwardKinematicsResult r =
        mp::forward_kinematics(model, data, q_a, model.home.translation(), model.home.linear());
    EXPECT_TRUE(r.converged);
    worst = std::max({worst, (r.t - t).norm(), (r.R - R).norm()});
  }
  EXPECT_LT(worst, 1e-10);
}

TEST(ParallelForwardKinematics, EveryAssemblyHasTheGivenLegLengths) {
  const ms::StewartModel s = ms::dasgupta_test_platform(false);
  const mp::ParallelModel model = mp::from_stewart(s);
  const VectorXd q_a = leg_lengths(s, model.home.translation(), model.home.linear());
  mp::ForwardKinematicsOptions o;
  o.starts = 40;
  const auto all = mp::forward_kinematics_all(model, q_a, o);
  ASSERT_FALSE(all.empty());
  bool home_found = false;
  for (const auto& r : all) {
    EXPECT_LT((leg_lengths(s, r.t, r.R) - q_a).cwiseAbs().maxCoeff(), 1e-10);
    home_found = home_found || ((r.t - model.home.translation()).norm() < 1e-8 && (r.R - model.home.linear()).norm() < 1e-8);
  }
  EXPECT_TRUE(home_found);
}

TEST(ParallelForwardKinematics, ActuationJacobianOfAStewartPlatformIsItsLegJacobian) {
  const ms::StewartModel s = ms::pedrammehr_test_platform(false);
  const mp::ParallelModel model = mp::from_stewart(s);
  mp::ParallelData data(model);
  const Vector3d t = model.home.translation() + Vector3d(0.03, -0.02, 0.04);
  const Matrix3d R = rotation(Vector3d(0.1, -0.05, 0.2));
  const mp::Conditioning c = mp::conditioning(model, data, t, R);
  // Dasgupta 1998 eq. 36: Ldot_i = [s_i; r_i x s_i] . [v; omega]
  Eigen::Matrix<double, 6, 6> Ht;
  for (int i = 0; i < 6; ++i) {
    const Vector3d r = R * s.p.col(i);
    const Vector3d si = (t + r - s.b.col(i)).normalized();
    Ht.row(i) << si.transpose(), r.cross(si).transpose();
  }
  EXPECT_LT((data.A - Ht).norm(), 1e-12 * Ht.norm());
  Eigen::Matrix<double, 6, 6> scaled = Ht;
  scaled.rightCols<3>() /= c.characteristic_length;
  const Eigen::JacobiSVD<Eigen::Matrix<double, 6, 6>> svd(scaled);
  EXPECT_NEAR(c.actuation, svd.singularValues()(5) / svd.singularValues()(0), 1e-12);
  EXPECT_GT(c.legs, 0.0);
  EXPECT_LE(c.legs, 1.0);
}

TEST(ParallelForwardKinematics, BadInputIsRefusedWithAClearMessage) {
  const mp::ParallelModel model = mp::from_stewart(ms::dasgupta_test_platform(false));
  mp::ParallelData data(model);
  const Vector3d t = model.home.translation();
  const Matrix3d R = model.home.linear();
  EXPECT_NE(message_of([&] { mp::forward_kinematics(model, data, VectorXd::Ones(5), t, R); })
                .find("q_actuated has size 5, expected 6"),
            std::string::npos);
  VectorXd q = VectorXd::Ones(6);
  q(3) = std::nan("");
  EXPECT_NE(message_of([&] { mp::forward_kinematics(model, data, q, t, R); }).find("q_actuated[3] is not finite"),
            std::string::npos);
  // legs far too long for any pose reachable from the guess
  EXPECT_NE(message_of([&] { mp::forward_kinematics(model, data, VectorXd::Constant(6, 50.0), t, R); })
                .find("forward_kinematics"),
            std::string::npos);
}
