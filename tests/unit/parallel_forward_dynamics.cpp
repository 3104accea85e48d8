// Forward dynamics of the general parallel engine (parallel/forward_dynamics.hpp): the inverse of
// inverse_dynamics, the task-space inertia against strobing and the kinetic energy, and its errors.
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>

#include "manipdyn/parallel/energy.hpp"
#include "manipdyn/parallel/forward_dynamics.hpp"
#include "manipdyn/core/rotation.hpp"
#include "manipdyn/parallel/inverse_dynamics.hpp"
#include "manipdyn/parallel/kinematics.hpp"
#include "support/error_message.hpp"
#include "support/parallel_robots.hpp"

namespace mp = manipdyn::parallel;
namespace ts = manipdyn::test_support;
using manipdyn::PlatformMotion;
using Eigen::MatrixXd;
using Eigen::VectorXd;

namespace {

constexpr double kRoundTrip = 1e-10;  // FD(ID(xdd)) = xdd, relative
constexpr double kExact = 1e-12;      // identities of one formula, relative

}  // namespace

TEST(ParallelForwardDynamics, InvertsTheInverseDynamics) {
  for (const mp::ParallelModel& model : ts::parallel_robots()) {
    mp::ParallelData data(model);
    const int p = model.platform_dof();
    for (int k = 0; k < 3; ++k) {
      const PlatformMotion x = ts::sample_state(model, k);
      VectorXd xdd(p);
      for (int j = 0; j < p; ++j) xdd(j) = 0.7 * std::sin(1.3 * j + k) - 0.2;
      const VectorXd tau = mp::inverse_dynamics(model, data, mp::with_acceleration(model, x, xdd), ts::test_wrench());
      const VectorXd back = mp::forward_dynamics(model, data, x, tau, ts::test_wrench());
      EXPECT_LT((back - xdd).norm(), kRoundTrip * (1.0 + xdd.norm())) << model.name << " state " << k;
    }
  }
}

TEST(ParallelForwardDynamics, InvertsTheInverseDynamicsOnAPlatformItsLegsRestrict) {
  // the 3-PRS: z, roll and pitch independent; x, y and yaw completed by its legs
  const mp::ParallelModel model = mp::three_prs();
  mp::ParallelData data(model);
  for (int k = 0; k < 3; ++k) {
    PlatformMotion x;
    x.t = model.home.translation() + manipdyn::Vector3d(0, 0, 0.01 * k - 0.01);
    x.R = manipdyn::rotation_from_rpy(manipdyn::Vector3d(0.05 * k, -0.04 + 0.03 * k, 0.0));
    x.v.z() = 0.1 - 0.07 * k;
    x.omega << 0.3 * k, -0.2, 0.0;
    x.a.z() = 0.5 * k - 0.4;
    x.alpha << -0.6, 0.8 * k, 0.0;
    const PlatformMotion done = mp::complete_motion(model, data, x);
    manipdyn::Vector6d Vd;
    Vd << done.a, done.alpha;
    const VectorXd expected = model.E.transpose() * Vd;
    const VectorXd tau = mp::inverse_dynamics(model, data, done, ts::test_wrench());
    PlatformMotion state = done;
    state.a.setZero();
    state.alpha.setZero();
    const VectorXd back = mp::forward_dynamics(model, data, state, tau, ts::test_wrench());
    EXPECT_LT((back - expected).norm(), kRoundTrip * (1.0 + expected.norm())) << "state " << k;
    EXPECT_GT(std::abs(expected(0)) + std::abs(expected(1)) + std::abs(expected(5)), 1e-6);  // dependent accelerations
  }
}

TEST(ParallelForwardDynamics, TaskSpaceInertiaEqualsStrobingAndIsSymmetricPositiveDefinite) {
  for (const mp::ParallelModel& model : ts::parallel_robots()) {
    mp::ParallelData data(model);
    const int p = model.platform_dof();
    const PlatformMotion x = ts::sample_state(model, 1);
    const MatrixXd Lambda = mp::task_space_inertia(model, data, x);
    // strobing: the generalised force at unit accelerations minus at zero (xd = 0: no velocity terms)
    PlatformMotion rest;
    rest.t = x.t;
    rest.R = x.R;
    const VectorXd f0 = mp::generalized_force(model, data, rest);
    MatrixXd strobed(p, p);
    for (int j = 0; j < p; ++j)
      strobed.col(j) = mp::generalized_force(model, data, mp::with_acceleration(model, rest, VectorXd(VectorXd::Unit(p, j)))) - f0;
    EXPECT_LT((Lambda - strobed).norm(), kExact * Lambda.norm()) << model.name;
    EXPECT_LT((Lambda - Lambda.transpose()).norm(), kExact * Lambda.norm()) << model.name;
    EXPECT_GT(Eigen::SelfAdjointEigenSolver<MatrixXd>(Lambda).eigenvalues().minCoeff(), 0.0) << model.name;
  }
}

TEST(ParallelForwardDynamics, HalfXdLambdaXdIsTheKineticEnergyOfTheLegsAndPlatform) {
  for (const mp::ParallelModel& model : ts::parallel_robots()) {
    mp::ParallelData data(model);
    for (int k = 0; k < 3; ++k) {
      const PlatformMotion x = ts::sample_state(model, k);
      manipdyn::Vector6d V;
      V << x.v, x.omega;
      const VectorXd xd = model.E.transpose() * V;
      const MatrixXd Lambda = mp::task_space_inertia(model, data, x);
      const double from_lambda = 0.5 * xd.dot(Lambda * xd);
      const double direct = mp::kinetic_energy(model, data, x);
      EXPECT_NEAR(from_lambda, direct, kExact * direct) << model.name << " state " << k;
    }
  }
}

TEST(ParallelForwardDynamics, BiasIsTheGeneralisedForceAtZeroAcceleration) {
  const mp::ParallelModel model = ts::three_leg_robot(mp::Mobility::translation, true);
  mp::ParallelData data(model);
  PlatformMotion x = ts::sample_state(model, 2);
  x.a = manipdyn::Vector3d(1.0, 2.0, 3.0);  // not read
  const VectorXd mu = mp::task_space_bias(model, data, x, ts::test_wrench());
  x.a.setZero();
  const VectorXd f = mp::generalized_force(model, data, x, ts::test_wrench());
  EXPECT_LT((mu - f).norm(), kExact * f.norm());
}

TEST(ParallelForwardDynamics, RejectsBadInput) {
  const mp::ParallelModel model = ts::three_leg_robot(mp::Mobility::translation, false);
  mp::ParallelData data(model);
  const PlatformMotion x = ts::sample_state(model, 0);
  EXPECT_NE(ts::message_of([&] { mp::forward_dynamics(model, data, x, VectorXd(VectorXd::Zero(2))); }).find("forward_dynamics: tau_a has size 2, expected 3"), std::string::npos);
  VectorXd tau = VectorXd::Zero(3);
  tau(2) = std::nan("");
  EXPECT_NE(ts::message_of([&] { mp::forward_dynamics(model, data, x, tau); }).find("forward_dynamics: tau_a[2] is nan"), std::string::npos);
  PlatformMotion spinning = x;
  spinning.omega.z() = 1.0;
  EXPECT_NE(ts::message_of([&] { mp::forward_dynamics(model, data, spinning, VectorXd(VectorXd::Zero(3))); }).find("cannot move along omega.z"), std::string::npos);
  EXPECT_NE(ts::message_of([&] { mp::with_acceleration(model, x, VectorXd(VectorXd::Zero(6))); }).find("with_acceleration: xdd has size 6, expected 3"), std::string::npos);
}
