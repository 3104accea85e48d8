// The finite Fourier series trajectory (Swevers et al. 1997 eq. 9-10): derivatives against
// central differences, periodicity, rest at the start, the batch sampling against the pointwise
// state, the analytic bounds against a fine sampling, and the errors for malformed input.
#include <cmath>
#include <numbers>
#include <random>

#include <gtest/gtest.h>

#include "manipdyn/trajectory/fourier_trajectory.hpp"
#include "support/error_message.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;

constexpr double kExact = 1e-12;
constexpr double kFiniteDiff = 1e-7;  // central differences with h = 1e-5: O(h^2 q''') ~ 1e-9

FourierTrajectory random_trajectory(int n, int L, double f, unsigned seed) {
  std::mt19937_64 rng(seed);
  auto uniform = [&rng] { return -1.0 + 2.0 * static_cast<double>(rng() >> 11) * 0x1.0p-53; };
  FourierTrajectory traj;
  traj.base_frequency = f;
  traj.offset = VectorXd::NullaryExpr(n, [&](Eigen::Index) { return uniform(); });
  traj.a = MatrixXd::NullaryExpr(n, L, [&](Eigen::Index, Eigen::Index) { return uniform(); });
  traj.b = MatrixXd::NullaryExpr(n, L, [&](Eigen::Index, Eigen::Index) { return uniform(); });
  return traj;
}

struct State {
  VectorXd q, qd, qdd;
};

State state_at(const FourierTrajectory& traj, double t) {
  State s{VectorXd(traj.dof()), VectorXd(traj.dof()), VectorXd(traj.dof())};
  fourier_trajectory_state(traj, t, s.q, s.qd, s.qdd);
  return s;
}

TEST(FourierTrajectory, DerivativesEqualCentralDifferences) {
  const FourierTrajectory traj = random_trajectory(3, 4, 0.2, 1);
  const double h = 1e-5;
  for (double t = 0.031; t < traj.period(); t += 0.377) {
    const State a = state_at(traj, t - h), b = state_at(traj, t), c = state_at(traj, t + h);
    EXPECT_LT(((c.q - a.q) / (2 * h) - b.qd).cwiseAbs().maxCoeff(), kFiniteDiff) << "t " << t;
    EXPECT_LT(((c.qd - a.qd) / (2 * h) - b.qdd).cwiseAbs().maxCoeff(), kFiniteDiff * 10)
        << "t " << t;
  }
}

TEST(FourierTrajectory, PeriodicAndStartPose) {
  const FourierTrajectory traj = random_trajectory(2, 3, 0.5, 2);
  for (double t : {0.0, 0.3, 1.7}) {
    const State a = state_at(traj, t), b = state_at(traj, t + traj.period());
    EXPECT_LT((a.q - b.q).cwiseAbs().maxCoeff(), kExact);
    EXPECT_LT((a.qd - b.qd).cwiseAbs().maxCoeff(), kExact);
    EXPECT_LT((a.qdd - b.qdd).cwiseAbs().maxCoeff(), 1e-11);
  }
  // q(0) = q_0 - sum_l b_il / (w_f l); qd(0) = sum_l a_il; qdd(0) = w_f sum_l l b_il
  const double w = 2.0 * std::numbers::pi * 0.5;
  const State s = state_at(traj, 0.0);
  for (int i = 0; i < 2; ++i) {
    double q0 = traj.offset[i], qdd0 = 0.0;
    for (int l = 0; l < 3; ++l) {
      q0 -= traj.b(i, l) / (w * (l + 1));
      qdd0 += w * (l + 1) * traj.b(i, l);
    }
    EXPECT_NEAR(s.q[i], q0, kExact);
    EXPECT_NEAR(s.qd[i], traj.a.row(i).sum(), kExact);
    EXPECT_NEAR(s.qdd[i], qdd0, kExact);
  }
}

TEST(FourierTrajectory, StartAtRest) {
  FourierTrajectory traj = random_trajectory(3, 5, 0.1, 3);
  const MatrixXd a = traj.a, b = traj.b;
  start_at_rest(traj);
  // the higher harmonics are kept, the first one absorbs the constraint
  EXPECT_EQ(traj.a.rightCols(4), a.rightCols(4));
  EXPECT_EQ(traj.b.rightCols(4), b.rightCols(4));
  for (double t : {0.0, traj.period()}) {
    const State s = state_at(traj, t);
    EXPECT_LT(s.qd.cwiseAbs().maxCoeff(), kExact) << "t " << t;
    EXPECT_LT(s.qdd.cwiseAbs().maxCoeff(), kExact) << "t " << t;
  }
}

TEST(FourierTrajectory, SamplingEqualsPointwiseState) {
  const FourierTrajectory traj = random_trajectory(3, 4, 0.25, 4);
  const TrajectorySamples samples = sample_fourier_trajectory(traj, 7.0, true);
  // [0, 4) s at 7 Hz: 28 samples, and the end point
  ASSERT_EQ(samples.t.size(), 29);
  EXPECT_DOUBLE_EQ(samples.t[28], 4.0);
  EXPECT_NEAR(samples.t[27], 27.0 / 7.0, kExact);
  for (Eigen::Index k = 0; k < samples.t.size(); ++k) {
    const State s = state_at(traj, samples.t[k]);
    EXPECT_LT((samples.q.row(k).transpose() - s.q).cwiseAbs().maxCoeff(), 1e-13);
    EXPECT_LT((samples.qd.row(k).transpose() - s.qd).cwiseAbs().maxCoeff(), 1e-13);
    EXPECT_LT((samples.qdd.row(k).transpose() - s.qdd).cwiseAbs().maxCoeff(), 1e-12);
  }
  // an exact multiple of the period adds no sample at T unless asked
  EXPECT_EQ(fourier_sample_times(traj, 5.0, false).size(), 20);
}

TEST(FourierTrajectory, AnalyticBoundsHoldAndAreTightForOneHarmonic) {
  const FourierTrajectory traj = random_trajectory(3, 5, 0.1, 5);
  const TrajectoryExtrema bound = fourier_trajectory_bounds(traj);
  const TrajectoryExtrema sampled = sampled_extrema(sample_fourier_trajectory(traj, 100.0));
  for (int i = 0; i < 3; ++i) {
    EXPECT_LE(bound.q_min[i], sampled.q_min[i]);
    EXPECT_GE(bound.q_max[i], sampled.q_max[i]);
    EXPECT_GE(bound.qd_max[i], sampled.qd_max[i]);
    EXPECT_GE(bound.qdd_max[i], sampled.qdd_max[i]);
  }
  // one harmonic: each signal is a sinusoid whose amplitude is the bound
  FourierTrajectory one = random_trajectory(2, 1, 1.0, 6);
  const TrajectoryExtrema b1 = fourier_trajectory_bounds(one);
  const TrajectoryExtrema s1 = sampled_extrema(sample_fourier_trajectory(one, 1e4));
  const double sampling = 1e-6;  // 1 - cos(pi / 10^4) relative
  for (int i = 0; i < 2; ++i) {
    EXPECT_NEAR(s1.q_max[i], b1.q_max[i], sampling);
    EXPECT_NEAR(s1.q_min[i], b1.q_min[i], sampling);
    EXPECT_NEAR(s1.qd_max[i], b1.qd_max[i], sampling * 10);
    EXPECT_NEAR(s1.qdd_max[i], b1.qdd_max[i], sampling * 100);
  }
}

TEST(FourierTrajectory, ErrorsNameTheField) {
  const FourierTrajectory good = random_trajectory(2, 3, 0.1, 7);
  VectorXd q(2), qd(2), qdd(2);
  auto state = [&](const FourierTrajectory& t) {
    return message_of([&] { fourier_trajectory_state(t, 0.0, q, qd, qdd); });
  };
  FourierTrajectory bad = good;
  bad.base_frequency = -1.0;
  EXPECT_EQ(state(bad),
            "fourier_trajectory_state: base_frequency is -1 Hz, expected a finite frequency > 0");
  bad = good;
  bad.a.resize(2, 0);
  bad.b.resize(2, 0);
  EXPECT_EQ(state(bad), "fourier_trajectory_state: a has no columns (harmonics must be >= 1)");
  bad = good;
  bad.b.resize(3, 3);
  bad.b.setZero();
  EXPECT_EQ(state(bad),
            "fourier_trajectory_state: b has shape 3 x 3, expected n x L = 2 x 3 (n from offset, "
            "L from a)");
  bad = good;
  bad.a(1, 2) = std::nan("");
  EXPECT_EQ(state(bad), "fourier_trajectory_state: a[5] (row 1, column 2) is nan");
  bad = good;
  bad.base_frequency = 1e307;
  EXPECT_NE(state(bad).find("joint 1: the position or acceleration overflows"),
            std::string::npos);
  VectorXd qdd3(3);
  EXPECT_EQ(message_of([&] { fourier_trajectory_state(good, 0.0, q, qd, qdd3); }),
            "fourier_trajectory_state: qdd has size 3, expected 2");
  EXPECT_NE(message_of([&] { fourier_sample_times(good, 0.0, false); })
                .find("fourier_sample_times: sample_rate is 0 Hz"),
            std::string::npos);
  FourierBasis basis = fourier_basis(0.2, 3, VectorXd::Zero(2));
  TrajectorySamples samples;
  EXPECT_EQ(message_of([&] { sample_fourier_trajectory(good, basis, samples); }),
            "sample_fourier_trajectory: the basis was built for 0.2 Hz and 3 harmonics, the "
            "trajectory has 0.1 Hz and 3");
}

}  // namespace
}  // namespace manipdyn
