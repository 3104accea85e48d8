// stewart/batch.hpp: every row of inverse_dynamics_batch equals (bit for bit) the single-pose
// inverse dynamics, for both dynamics models and the two test platforms, with 1, 2, 3 and 8
// threads; the error paths (shapes, non-finite entries named by row and column); N = 0.
#include <gtest/gtest.h>

#include <limits>
#include <random>
#include <stdexcept>
#include <string>

#include "manipdyn/stewart/batch.hpp"
#include "manipdyn/stewart/inverse_dynamics.hpp"
#include "manipdyn/stewart/model.hpp"
#include "manipdyn/stewart/pose.hpp"
#include "support/error_message.hpp"

namespace manipdyn::stewart {
namespace {

using test_support::message_of;

// N motions near the pose of the single-pose tests (t = (0.15, 0.02, 0.5) m, small rpy).
RowMatrixXd motions(Eigen::Index N, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  RowMatrixXd m(N, kMotionColumns);
  for (Eigen::Index i = 0; i < N; ++i) {
    for (int j = 0; j < kMotionColumns; ++j) m(i, j) = u(rng);
    m(i, 0) = 0.15 + 0.05 * u(rng);
    m(i, 1) = 0.02 + 0.05 * u(rng);
    m(i, 2) = 0.5 + 0.05 * u(rng);
    for (int j = 3; j < 6; ++j) m(i, j) = 0.2 * u(rng);
  }
  return m;
}

TEST(StewartBatch, EqualsSingleCallsForAnyThreadCount) {
  const Eigen::Index N = 8 * kMinRowsPerThread + 3;
  const RowMatrixXd motion = motions(N, 1);
  for (const StewartModel& model : {dasgupta_test_platform(true), pedrammehr_test_platform(true)})
    for (DynamicsModel which : {DynamicsModel::dasgupta, DynamicsModel::improved}) {
      RowMatrixXd expected(N, 6);
      StewartData data(model);
      for (Eigen::Index i = 0; i < N; ++i) {
        PlatformMotion m;
        m.t = motion.row(i).segment<3>(0).transpose();
        m.R = rpy_to_rotation<double>(motion.row(i).segment<3>(3).transpose());
        m.v = motion.row(i).segment<3>(6).transpose();
        m.omega = motion.row(i).segment<3>(9).transpose();
        m.a = motion.row(i).segment<3>(12).transpose();
        m.alpha = motion.row(i).segment<3>(15).transpose();
        expected.row(i) = inverse_dynamics(which, model, data, m).transpose();
      }
      StewartBatchWorkspace workspace;
      for (int threads : {1, 2, 3, 8}) {
        RowMatrixXd F = RowMatrixXd::Constant(N, 6, -1.0);
        inverse_dynamics_batch(model, workspace, motion, F, {.threads = threads, .model = which});
        EXPECT_TRUE((F.array() == expected.array()).all()) << threads;
      }
    }
}

TEST(StewartBatch, ErrorsAndZeroRows) {
  const StewartModel model = dasgupta_test_platform(true);
  RowMatrixXd motion = motions(20, 2), F(20, 6);
  motion(4, 7) = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(message_of([&] { inverse_dynamics_batch(model, motion, F); }),
            "inverse_dynamics_batch: motion[4, 7] is nan");
  EXPECT_EQ(message_of([&] { inverse_dynamics_batch(model, RowMatrixXd(3, 12), F); }),
            "inverse_dynamics_batch: motion has shape 3 x 12, expected 3 x 18 (N rows of t, rpy, "
            "v, omega, a, alpha (3 each))");
  EXPECT_EQ(message_of([&] { inverse_dynamics_batch(model, motions(3, 3), F); }),
            "inverse_dynamics_batch: F has shape 20 x 6, expected 3 x 6 (the output: N rows as "
            "motion, 6 leg forces)");
  RowMatrixXd none(0, 18), F0(0, 6);
  EXPECT_NO_THROW(inverse_dynamics_batch(model, none, F0));
}

}  // namespace
}  // namespace manipdyn::stewart
