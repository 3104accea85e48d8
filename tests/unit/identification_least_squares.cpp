// identification/least_squares.hpp: OLS against an SVD solve and the textbook covariance; on a
// synthetic truth with different noise per joint, the WLS estimate is within its sigmas (a
// chi-square statistic), its sigmas match the scatter over repeated noise draws, and it beats
// OLS when the joint variances differ by 100 x; the reduced problem; the errors.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <Eigen/LU>
#include <Eigen/SVD>

#include "manipdyn/identification/least_squares.hpp"
#include "support/error_message.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;

constexpr Eigen::Index kJoints = 3;
constexpr Eigen::Index kSamples = 300;
constexpr Eigen::Index kParams = 8;
constexpr int kDraws = 200;
constexpr double kChi2_999_8 = 26.12;  // chi-square quantile 0.999, 8 degrees of freedom

MatrixXd random_regressor(unsigned seed) {
  std::mt19937 gen(seed);
  std::normal_distribution<double> normal;
  MatrixXd W(kJoints * kSamples, kParams);
  for (Eigen::Index j = 0; j < kParams; ++j)
    for (Eigen::Index i = 0; i < W.rows(); ++i) W(i, j) = std::pow(3.0, j % 4 - 2) * normal(gen);
  return W;
}

VectorXd true_beta() {
  VectorXd beta(kParams);
  beta << 1.5, -0.3, 2.0, 0.05, -4.0, 0.8, 0.0, 10.0;
  return beta;
}

// tau = W beta + noise, the noise of joint j with standard deviation sigma(j)
VectorXd noisy_torques(const MatrixXd& W, const VectorXd& sigma, std::mt19937& gen) {
  std::normal_distribution<double> normal;
  VectorXd tau = W * true_beta();
  for (Eigen::Index i = 0; i < tau.size(); ++i) tau(i) += sigma(i % kJoints) * normal(gen);
  return tau;
}

TEST(LeastSquares, OlsMatchesSvdSolveAndTextbookCovariance) {
  const MatrixXd W = random_regressor(1);
  std::mt19937 gen(2);
  const VectorXd tau = noisy_torques(W, VectorXd::Constant(kJoints, 0.5), gen);
  const LeastSquaresFit fit = fit_ols(W, tau, kJoints);
  const Eigen::JacobiSVD<MatrixXd> svd(W, Eigen::ComputeThinU | Eigen::ComputeThinV);
  EXPECT_LT((fit.estimate - svd.solve(tau)).norm(), 1e-12 * fit.estimate.norm());
  // sigma^2 (W^T W)^-1, sigma^2 = |e|^2 / (rows - r)
  const double s2 = (tau - W * fit.estimate).squaredNorm() / double(W.rows() - kParams);
  const MatrixXd cov = s2 * (W.transpose() * W).inverse();
  EXPECT_LT((fit.covariance - cov).norm(), 1e-10 * cov.norm());
  EXPECT_EQ(fit.degrees_of_freedom, W.rows() - kParams);
  const VectorXd& s = svd.singularValues();
  EXPECT_NEAR(fit.condition_number, s(0) / s(kParams - 1), 1e-10 * fit.condition_number);
  // the relative RMS error of joint 1, recomputed
  const VectorXd e = tau - W * fit.estimate;
  double e2 = 0, t2 = 0;
  for (Eigen::Index i = 1; i < e.size(); i += kJoints) e2 += e(i) * e(i), t2 += tau(i) * tau(i);
  EXPECT_NEAR(fit.relative_rms_error(1), std::sqrt(e2 / t2), 1e-12);
  EXPECT_NEAR(fit.residual_rms(1), std::sqrt(e2 / kSamples), 1e-12);
  EXPECT_NEAR(fit.relative_standard_deviation_percent(3),
              100 * fit.standard_deviation(3) / std::abs(fit.estimate(3)), 1e-9);
}

TEST(LeastSquares, WlsEstimateIsWithinItsSigmas) {
  const MatrixXd W = random_regressor(3);
  std::mt19937 gen(4);
  const VectorXd sigma(Eigen::Vector3d(0.05, 0.5, 2.0));
  const LeastSquaresFit fit = fit_wls(W, noisy_torques(W, sigma, gen), kJoints);
  const VectorXd z = (fit.estimate - true_beta()).cwiseQuotient(fit.standard_deviation);
  EXPECT_LT(z.squaredNorm(), kChi2_999_8);
  EXPECT_TRUE(fit.converged);
  EXPECT_GE(fit.iterations, 2);
  for (Eigen::Index j = 0; j < kJoints; ++j)
    EXPECT_NEAR(fit.joint_sigma(j) / sigma(j), 1.0, 0.15) << "joint " << j;
}

TEST(LeastSquares, SigmasMatchScatterAndWlsBeatsOls) {
  // joint variances 100 x apart: WLS's sigmas match its scatter over 200 noise draws, and its
  // error is smaller than OLS's
  const MatrixXd W = random_regressor(5);
  const VectorXd sigma(Eigen::Vector3d(1.0, 0.1, 0.1));
  std::mt19937 gen(6);
  VectorXd sum2_wls = VectorXd::Zero(kParams), sum2_ols = VectorXd::Zero(kParams);
  VectorXd mean_sigma = VectorXd::Zero(kParams);
  for (int d = 0; d < kDraws; ++d) {
    const VectorXd tau = noisy_torques(W, sigma, gen);
    const LeastSquaresFit wls = fit_wls(W, tau, kJoints);
    const LeastSquaresFit ols = fit_ols(W, tau, kJoints);
    sum2_wls += (wls.estimate - true_beta()).cwiseAbs2();
    sum2_ols += (ols.estimate - true_beta()).cwiseAbs2();
    mean_sigma += wls.standard_deviation / kDraws;
  }
  const VectorXd scatter = (sum2_wls / kDraws).cwiseSqrt();
  for (Eigen::Index i = 0; i < kParams; ++i) {
    EXPECT_GT(scatter(i) / mean_sigma(i), 0.8) << "parameter " << i;
    EXPECT_LT(scatter(i) / mean_sigma(i), 1.25) << "parameter " << i;
  }
  EXPECT_LT(sum2_wls.sum(), 0.5 * sum2_ols.sum());
}

TEST(LeastSquares, ReducedProblemKeepsTheWeightedCost) {
  const MatrixXd W = random_regressor(7);
  std::mt19937 gen(8);
  const VectorXd sigma(Eigen::Vector3d(0.2, 1.0, 3.0));
  const VectorXd tau = noisy_torques(W, sigma, gen);
  const LeastSquaresFit fit = fit_wls(W, tau, kJoints);
  auto full_cost = [&](const VectorXd& x) {
    double c = 0;
    const VectorXd e = tau - W * x;
    for (Eigen::Index i = 0; i < e.size(); ++i) c += std::pow(e(i) / fit.joint_sigma(i % kJoints), 2);
    return c;
  };
  auto reduced_cost = [&](const VectorXd& x) {
    return (fit.reduced_matrix * x - fit.reduced_rhs).squaredNorm();
  };
  const VectorXd x1 = true_beta(), x2 = 2 * true_beta() + VectorXd::Ones(kParams);
  EXPECT_NEAR(full_cost(x1) - reduced_cost(x1), full_cost(x2) - reduced_cost(x2),
              1e-9 * full_cost(x2));
  EXPECT_LT(reduced_cost(fit.estimate), 1e-16 * full_cost(x2));
}

TEST(LeastSquares, BadInputIsNamed) {
  const MatrixXd W = random_regressor(9);
  const VectorXd tau = W * true_beta();
  EXPECT_EQ(message_of([&] { fit_ols(W.topRows(6), tau.head(6), kJoints); }),
            "fit_ols: too few rows: W_b has 6 rows, need more than its 8 columns (the base "
            "parameters)");
  EXPECT_EQ(message_of([&] { fit_wls(W.topRows(100), tau.head(100), kJoints); }),
            "fit_wls: W_b has 100 rows, not a multiple of n_joints = 3");
  EXPECT_EQ(message_of([&] { fit_ols(W, tau.head(9), kJoints); }),
            "fit_ols: tau has size 9, expected 900");
  VectorXd bad = tau;
  bad(5) = std::nan("");
  EXPECT_EQ(message_of([&] { fit_ols(W, bad, kJoints); }), "fit_ols: tau[5] is nan");
  // a parameter the data do not excite is named
  MatrixXd deficient = W;
  deficient.col(6).setZero();
  LeastSquaresOptions options;
  options.parameter_names = {"a", "b", "c", "d", "e", "f", "Izz_2 + Ia_2", "h"};
  EXPECT_EQ(message_of([&] { fit_wls(deficient, tau, kJoints, options); }),
            "fit_wls: W_b is rank deficient: the data do not excite Izz_2 + Ia_2");
  options.parameter_names.pop_back();
  EXPECT_EQ(message_of([&] { fit_ols(W, tau, kJoints, options); }),
            "fit_ols: parameter_names has 7 entries, W_b has 8 columns");
}

}  // namespace
}  // namespace manipdyn
