// identification/base_parameters.hpp: Gautier's numerical base parameters on synthetic
// observation matrices with known dependencies (scaled copies, sums, differences, zero columns),
// on random full-rank and wide matrices; the base regressor has full rank and W_b (K pi) = W pi.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include <Eigen/SVD>

#include "manipdyn/identification/base_parameters.hpp"
#include "support/error_message.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;

constexpr double kIdentityTol = 1e-10;  // relative: || W_b K pi - W pi || / || W pi ||
constexpr double kCoefficientTol = 1e-12;

MatrixXd random_matrix(Eigen::Index rows, Eigen::Index cols, unsigned seed) {
  std::mt19937 gen(seed);
  std::normal_distribution<double> normal;
  MatrixXd M(rows, cols);
  for (Eigen::Index j = 0; j < cols; ++j)
    for (Eigen::Index i = 0; i < rows; ++i) M(i, j) = normal(gen);
  return M;
}

std::vector<std::string> letters(Eigen::Index p) {
  std::vector<std::string> names;
  for (Eigen::Index j = 0; j < p; ++j) names.push_back("p" + std::to_string(j));
  return names;
}

// Six independent columns of very different scales and four dependent ones.
MatrixXd dependent_columns() {
  const MatrixXd B = random_matrix(300, 6, 7);
  MatrixXd W(300, 10);
  W.col(0) = 0.01 * B.col(0);
  W.col(1) = B.col(1);
  W.col(2) = 0.1834 * W.col(0);  // scaled copy
  W.col(3).setZero();            // no effect
  W.col(4) = 10 * B.col(2);
  W.col(5) = W.col(1) + W.col(4);  // sum
  W.col(6) = B.col(3);
  W.col(7) = -W.col(6);  // difference
  W.col(8) = B.col(4);
  W.col(9) = 100 * B.col(5);
  return W;
}

double relative_identity_error(const BaseParameters& base, const MatrixXd& W, unsigned seed) {
  const VectorXd pi = random_matrix(W.cols(), 1, seed);
  const VectorXd direct = W * pi;
  const VectorXd grouped = base_regressor(base, W) * base_parameter_vector(base, pi);
  return (grouped - direct).norm() / direct.norm();
}

double smallest_relative_singular_value(const MatrixXd& M) {
  const Eigen::JacobiSVD<MatrixXd> svd(M);
  const VectorXd& s = svd.singularValues();
  return s(s.size() - 1) / s(0);
}

TEST(BaseParameters, KnownDependenciesAreFoundAndGrouped) {
  const MatrixXd W = dependent_columns();
  const BaseParameters base = base_parameters(W, letters(10));
  EXPECT_EQ(base.rank, 6);
  EXPECT_EQ(base.base_indices, (std::vector<Eigen::Index>{0, 1, 4, 6, 8, 9}));
  EXPECT_EQ(base.dependent_indices, (std::vector<Eigen::Index>{2, 3, 5, 7}));
  EXPECT_EQ(base.unidentifiable_indices, (std::vector<Eigen::Index>{3}));
  EXPECT_NEAR(base.K(0, 2), 0.1834, kCoefficientTol);
  EXPECT_NEAR(base.K(1, 5), 1.0, kCoefficientTol);
  EXPECT_NEAR(base.K(2, 5), 1.0, kCoefficientTol);
  EXPECT_NEAR(base.K(3, 7), -1.0, kCoefficientTol);
  EXPECT_EQ(base.K.col(3).norm(), 0.0);  // an unidentifiable column enters no base parameter
  const std::vector<std::string> expected = {"p0 + 0.1834 p2", "p1 + p5", "p4 + p5",
                                             "p6 - p7",        "p8",      "p9"};
  EXPECT_EQ(base.groupings, expected);
  EXPECT_LT(relative_identity_error(base, W, 3), kIdentityTol);
  EXPECT_GT(smallest_relative_singular_value(base_regressor(base, W)), 1e-6);
}

TEST(BaseParameters, LaterColumnIsGroupedIntoTheEarlierOne) {
  // column 0 = 2 x column 3: the earlier standard parameter stays, "p0 + 0.5 p3"
  MatrixXd W = random_matrix(100, 4, 11);
  W.col(0) = 2 * W.col(3);
  const BaseParameters base = base_parameters(W, letters(4));
  EXPECT_EQ(base.base_indices, (std::vector<Eigen::Index>{0, 1, 2}));
  EXPECT_EQ(base.groupings[0], "p0 + 0.5 p3");
  EXPECT_LT(relative_identity_error(base, W, 4), kIdentityTol);
}

TEST(BaseParameters, RandomFullRankMatrixIsItsOwnBase) {
  const MatrixXd W = random_matrix(500, 30, 5);
  const BaseParameters base = base_parameters(W, letters(30));
  EXPECT_EQ(base.rank, 30);
  EXPECT_TRUE(base.dependent_indices.empty());
  EXPECT_TRUE(base.K.isIdentity(0.0));
  EXPECT_LT(relative_identity_error(base, W, 6), kIdentityTol);
}

TEST(BaseParameters, WideMatrixHasRankOfItsRows) {
  const MatrixXd W = random_matrix(5, 10, 8);
  const BaseParameters base = base_parameters(W, letters(10));
  EXPECT_EQ(base.rank, 5);
  EXPECT_EQ(base.base_indices, (std::vector<Eigen::Index>{0, 1, 2, 3, 4}));
  EXPECT_LT(relative_identity_error(base, W, 9), kIdentityTol);
}

TEST(BaseParameters, ToleranceOptionDecidesANearDependency) {
  // a column 1e-9 away from a copy: independent at Gautier's default, dependent at 1e-6
  MatrixXd W = random_matrix(200, 5, 12);
  W.col(4) = W.col(0) + 1e-9 * random_matrix(200, 1, 13);
  EXPECT_EQ(base_parameters(W, letters(5)).rank, 5);
  BaseParameterOptions loose;
  loose.relative_tolerance = 1e-6;
  const BaseParameters base = base_parameters(W, letters(5), loose);
  EXPECT_EQ(base.rank, 4);
  EXPECT_EQ(base.groupings[0], "p0 + p4");
  EXPECT_NEAR(base.tolerance, 1e-6 * W.colwise().norm().maxCoeff(), 1e-6 * W.norm());
}

TEST(BaseParameters, StandardNamesFollowTheSharedLayout) {
  const std::vector<std::string> names = standard_parameter_names(2);
  ASSERT_EQ(names.size(), 28u);
  EXPECT_EQ(names[0], "m_1");
  EXPECT_EQ(names[9], "Izz_1");
  EXPECT_EQ(names[10], "m_2");
  EXPECT_EQ(names[20], "Ia_1");
  EXPECT_EQ(names[27], "Fo_2");
  EXPECT_EQ(message_of([] { standard_parameter_names(0); }),
            "standard_parameter_names: n_joints is 0, expected >= 1");
}

TEST(BaseParameters, GroupingTextDropsZerosAndShowsSigns) {
  MatrixXd K(1, 4);
  K << -1, 0, 2.0e-5, -0.123456;
  EXPECT_EQ(base_parameter_grouping(K, 0, letters(4)), "-p0 + 2e-05 p2 - 0.1235 p3");
}

TEST(BaseParameters, BadInputIsNamed) {
  const MatrixXd W = random_matrix(20, 3, 1);
  EXPECT_EQ(message_of([&] { base_parameters(W, letters(2)); }),
            "base_parameters: names has 2 entries, W has 3 columns");
  MatrixXd bad = W;
  bad(4, 1) = std::nan("");
  EXPECT_EQ(message_of([&] { base_parameters(bad, letters(3)); }),
            "base_parameters: W[13] (row 4, column 1) is nan");
  EXPECT_EQ(message_of([&] { base_parameters(MatrixXd(0, 3), letters(3)); }),
            "base_parameters: W is empty (0 x 3)");
  BaseParameterOptions negative;
  negative.relative_tolerance = -1;
  EXPECT_EQ(message_of([&] { base_parameters(W, letters(3), negative); }),
            "base_parameters: relative_tolerance must be finite and >= 0");
  const BaseParameters base = base_parameters(W, letters(3));
  EXPECT_EQ(message_of([&] { base_regressor(base, MatrixXd(4, 2)); }),
            "base_regressor: W has 2 columns, expected 3");
}

}  // namespace
}  // namespace manipdyn
