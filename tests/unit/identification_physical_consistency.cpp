// identification/physical_consistency.hpp: the log-Cholesky map and its Jacobian (against central
// differences), the round trip of a consistent vector, the projection of an inconsistent prior;
// the consistent fit reproduces a consistent unconstrained estimate within a fraction of sigma,
// and for an inconsistent target is consistent and a minimum (random perturbations, and a
// consistent candidate of its own cost).
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include <Eigen/Eigenvalues>
#include <Eigen/Geometry>

#include "manipdyn/core/inertia.hpp"
#include "manipdyn/identification/base_parameters.hpp"
#include "manipdyn/identification/least_squares.hpp"
#include "manipdyn/identification/physical_consistency.hpp"
#include "support/error_message.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;

constexpr Eigen::Index kJoints = 2;
constexpr Eigen::Index kP = 14 * kJoints;
constexpr Eigen::Index kSamples = 400;
constexpr double kJacobianTol = 1e-7;  // relative, central differences with h = 1e-6

MatrixXd random_matrix(Eigen::Index rows, Eigen::Index cols, std::mt19937& gen) {
  std::normal_distribution<double> normal;
  MatrixXd M(rows, cols);
  for (Eigen::Index j = 0; j < cols; ++j)
    for (Eigen::Index i = 0; i < rows; ++i) M(i, j) = normal(gen);
  return M;
}

// One link's 10 parameters from a mass, a COM and principal moments about the COM (rotated).
VectorXd link_parameters(double m, const Vector3d& c, const Vector3d& moments, double angle) {
  const Matrix3d R = Eigen::AngleAxisd(angle, Vector3d(1, 2, 3).normalized()).toRotationMatrix();
  const Matrix3d I = R * moments.asDiagonal() * R.transpose() +
                     m * (c.dot(c) * Matrix3d::Identity() - c * c.transpose());
  VectorXd b(10);
  b << m, m * c(0), m * c(1), m * c(2), I(0, 0), I(0, 1), I(1, 1), I(0, 2), I(1, 2), I(2, 2);
  return b;
}

VectorXd consistent_truth() {
  VectorXd pi(kP);
  pi << link_parameters(3.0, Vector3d(0.1, -0.05, 0.2), Vector3d(0.05, 0.06, 0.08), 0.3),
      link_parameters(1.5, Vector3d(-0.02, 0.15, 0.0), Vector3d(0.02, 0.03, 0.04), 1.1),
      0.4, 2.0, 3.0, 0.5, 0.2, 1.0, 1.5, -0.3;
  return pi;
}

// A target no rigid body and drive can have: negative mass, moments against the triangle
// inequality, negative viscous friction, Fc < |Fo|.
VectorXd inconsistent_truth() {
  VectorXd pi(kP);
  pi << link_parameters(-0.5, Vector3d(0.1, 0.0, 0.1), Vector3d(0.05, 0.06, 0.08), 0.2),
      link_parameters(1.5, Vector3d(0.0, 0.1, 0.0), Vector3d(0.1, 0.1, 0.5), 0.7),
      0.4, -1.0, 3.0, 0.5, 0.2, 1.0, 0.2, 1.0;
  return pi;
}

struct Problem {
  BaseParameters base;
  LeastSquaresFit fit;
};

// W = G M with M (r x p): r base parameters; tau = W pi + noise, WLS on the base columns.
Problem synthetic_problem(const VectorXd& truth, Eigen::Index r, unsigned seed) {
  std::mt19937 gen(seed);
  const MatrixXd W = random_matrix(kJoints * kSamples, r, gen) * random_matrix(r, kP, gen);
  Problem out;
  out.base = base_parameters(W, standard_parameter_names(kJoints));
  const MatrixXd Wb = base_regressor(out.base, W);
  VectorXd tau = W * truth;
  std::normal_distribution<double> normal;
  for (Eigen::Index i = 0; i < tau.size(); ++i) tau(i) += (i % 2 ? 0.03 : 0.01) * normal(gen);
  out.fit = fit_wls(Wb, tau, kJoints);
  return out;
}

double cost_of(const Problem& p, const VectorXd& pi, const VectorXd& prior, double lambda) {
  const Eigen::JacobiSVD<MatrixXd> svd(p.fit.reduced_matrix);
  const double s = svd.singularValues()(svd.singularValues().size() - 1);
  return (p.fit.reduced_matrix * (p.base.K * pi) - p.fit.reduced_rhs).squaredNorm() +
         lambda * s * s * (pi - prior).squaredNorm();
}

void expect_consistent(const VectorXd& pi, double epsilon) {
  for (Eigen::Index i = 0; i < kJoints; ++i) {
    const Matrix4d J = pseudo_inertia(pi, i);
    EXPECT_GE(Eigen::SelfAdjointEigenSolver<Matrix4d>(J).eigenvalues()(0), epsilon * (1 - 1e-6));
    const double m = pi(10 * i);
    EXPECT_GT(m, 0) << "link " << i;
    // the inertia about the COM: I_o - m (c.c E - c c^T), c = h / m
    const Vector3d c = pi.segment<3>(10 * i + 1) / m;
    Matrix3d I = Matrix3d::Identity() * (J(0, 0) + J(1, 1) + J(2, 2)) - J.topLeftCorner<3, 3>();
    I -= m * (c.dot(c) * Matrix3d::Identity() - c * c.transpose());
    EXPECT_EQ(inertia_realisability_problem(I, 1e-12), "") << "link " << i;
  }
  for (Eigen::Index j = 0; j < kJoints; ++j) {
    const auto d = pi.segment<4>(10 * kJoints + 4 * j);
    EXPECT_GE(d(0), 0);
    EXPECT_GE(d(1), 0);
    EXPECT_GE(d(2), std::abs(d(3)) - 1e-12);
  }
}

TEST(PhysicalConsistency, JacobianMatchesCentralDifferences) {
  std::mt19937 gen(1);
  const VectorXd theta = 0.5 * random_matrix(kP, 1, gen);
  const MatrixXd D = consistent_parameters_jacobian(theta);
  const double h = 1e-6;
  for (Eigen::Index k = 0; k < kP; ++k) {
    VectorXd plus = theta, minus = theta;
    plus(k) += h;
    minus(k) -= h;
    const VectorXd fd = (consistent_parameters(plus, 1e-3) - consistent_parameters(minus, 1e-3)) / (2 * h);
    EXPECT_LT((D.col(k) - fd).norm(), kJacobianTol * (1 + fd.norm())) << "theta " << k;
  }
}

TEST(PhysicalConsistency, SecondDerivativesMatchDifferences) {
  std::mt19937 gen(7);
  const VectorXd theta = 0.5 * random_matrix(kP, 1, gen);
  const VectorXd delta = random_matrix(kP, 1, gen);
  // along a line: (pi(theta + h delta) - 2 pi(theta) + pi(theta - h delta)) / h^2
  const double h = 1e-4;
  const VectorXd fd = (consistent_parameters(theta + h * delta, 0.0) - 2 * consistent_parameters(theta, 0.0) +
                       consistent_parameters(theta - h * delta, 0.0)) / (h * h);
  const VectorXd exact = consistent_parameters_second_derivative(theta, delta);
  EXPECT_LT((exact - fd).norm(), 1e-5 * (1 + exact.norm()));
  // S = d (J_pi^T g) / d theta, column by column
  const VectorXd g = random_matrix(kP, 1, gen);
  const MatrixXd S = consistent_parameters_curvature(theta, g);
  const double k = 1e-6;
  for (Eigen::Index b = 0; b < kP; ++b) {
    VectorXd plus = theta, minus = theta;
    plus(b) += k;
    minus(b) -= k;
    const VectorXd col = (consistent_parameters_jacobian(plus).transpose() * g -
                          consistent_parameters_jacobian(minus).transpose() * g) / (2 * k);
    EXPECT_LT((S.col(b) - col).norm(), kJacobianTol * (1 + col.norm())) << "theta " << b;
  }
  EXPECT_LT((S - S.transpose()).norm(), 1e-12 * S.norm());
}

TEST(PhysicalConsistency, ConsistentVectorRoundTrips) {
  const VectorXd pi = consistent_truth();
  const VectorXd back = consistent_parameters(log_cholesky_parameters(pi, 1e-6), 1e-6);
  EXPECT_LT((back - pi).norm(), 1e-12 * pi.norm());
  // J = U U^T + epsilon E: every theta gives a consistent vector
  std::mt19937 gen(2);
  expect_consistent(consistent_parameters(random_matrix(kP, 1, gen), 1e-6), 1e-6);
}

TEST(PhysicalConsistency, ZeroMassPriorIsProjected) {
  // a PUMA-560-like link 1: mass 0, only Izz; link 2 and the drives zero
  VectorXd pi = VectorXd::Zero(kP);
  pi(9) = 0.35;
  const VectorXd theta = log_cholesky_parameters(pi, 1e-6);
  ASSERT_TRUE(theta.allFinite());
  expect_consistent(consistent_parameters(theta, 1e-6), 1e-6);
}

TEST(PhysicalConsistency, ConsistentEstimateIsReproduced) {
  const VectorXd truth = consistent_truth();
  const Problem p = synthetic_problem(truth, 20, 3);
  ASSERT_EQ(p.base.rank, 20);
  VectorXd prior = truth;
  prior.head(10) = link_parameters(3.3, Vector3d(0.12, -0.05, 0.18), Vector3d(0.05, 0.07, 0.08), 0.2);
  const ConsistentFit c = fit_physically_consistent(p.fit, p.base.K, prior);
  EXPECT_TRUE(c.converged);
  EXPECT_LT(c.max_gap_sigma, 0.05);
  expect_consistent(c.pi, 1e-6);
  EXPECT_LT(c.cost_history.back(), c.cost_history.front());
  for (Eigen::Index i = 0; i < kJoints; ++i) EXPECT_GE(c.min_eigenvalue(i), 1e-6 * (1 - 1e-6));
}

TEST(PhysicalConsistency, InconsistentTargetGivesConsistentMinimum) {
  const VectorXd truth = inconsistent_truth();
  const Problem p = synthetic_problem(truth, kP, 4);  // every standard parameter identifiable
  ConsistencyOptions options;
  const ConsistentFit c = fit_physically_consistent(p.fit, p.base.K, consistent_truth(), options);
  EXPECT_TRUE(c.converged);
  expect_consistent(c.pi, options.epsilon);
  EXPECT_GT(c.max_gap_sigma, 10.0);  // the target is far outside the consistent set
  // a minimum: no random nearby theta is lower ...
  const double best = cost_of(p, c.pi, consistent_truth(), options.regularization);
  EXPECT_NEAR(best, c.cost_history.back(), 1e-9 * best);
  std::mt19937 gen(5);
  for (int k = 0; k < 50; ++k) {
    const VectorXd theta = c.theta + 1e-4 * random_matrix(kP, 1, gen);
    EXPECT_GE(cost_of(p, consistent_parameters(theta, options.epsilon), consistent_truth(),
                      options.regularization),
              best * (1 - 1e-7));
  }
  // ... nor the consistent projection of the estimate (the cost is convex on a convex set)
  const VectorXd projected =
      consistent_parameters(log_cholesky_parameters(p.fit.estimate, options.epsilon), options.epsilon);
  EXPECT_LT(best, cost_of(p, projected, consistent_truth(), options.regularization));
}

TEST(PhysicalConsistency, BadInputIsNamed) {
  const Problem p = synthetic_problem(consistent_truth(), 20, 6);
  EXPECT_EQ(message_of([&] { fit_physically_consistent(p.fit, p.base.K, VectorXd::Zero(27)); }),
            "fit_physically_consistent: the parameter vector has 27 entries, expected 14 n (n >= 1)");
  EXPECT_EQ(message_of([&] { fit_physically_consistent(p.fit, p.base.K.topRows(3), consistent_truth()); }),
            "fit_physically_consistent: K is 3 x 28, expected 20 x 28 (base parameters x standard "
            "parameters)");
  ConsistencyOptions bad;
  bad.regularization = -1;
  EXPECT_EQ(message_of([&] { fit_physically_consistent(p.fit, p.base.K, consistent_truth(), bad); }),
            "fit_physically_consistent: regularization and epsilon must be finite and >= 0, "
            "max_iterations >= 1");
  EXPECT_EQ(message_of([] { pseudo_inertia(VectorXd::Zero(14), 1); }),
            "pseudo_inertia: link 1 is not in a vector of 14 entries");
}

}  // namespace
}  // namespace manipdyn
