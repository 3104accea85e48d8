// Unit tests of the discrete-time LQR (manipdyn/control/lqr.hpp): the doubling solution against
// the plain finite-horizon Riccati recursion run to convergence, the Riccati residual, the stable
// closed loop, and the errors.
#include "manipdyn/control/lqr.hpp"

#include <cmath>

#include <Eigen/Dense>
#include <gtest/gtest.h>

#include "support/error_message.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;

// The plain recursion P <- Q + A^T P A - A^T P B (R + B^T P B)^-1 B^T P A, independent of the
// doubling algorithm.
MatrixXd riccati_recursion(const MatrixXd& A, const MatrixXd& B, const MatrixXd& Q,
                           const MatrixXd& R, int steps) {
  MatrixXd P = Q;
  for (int i = 0; i < steps; ++i) {
    const MatrixXd K = (R + B.transpose() * P * B).ldlt().solve(B.transpose() * P * A);
    P = Q + A.transpose() * P * (A - B * K);
    P = 0.5 * (P + P.transpose()).eval();
  }
  return P;
}

TEST(ControlLqr, DoublingMatchesTheRiccatiRecursionOnAnUnstableSystem) {
  // Two unstable modes and a stable one, two inputs (a random but fixed system).
  std::srand(7);
  MatrixXd A = MatrixXd::Random(5, 5);
  A.diagonal().array() += 0.8;
  const MatrixXd B = MatrixXd::Random(5, 2);
  const MatrixXd C = MatrixXd::Random(5, 5);
  const MatrixXd Q = C.transpose() * C + 0.1 * MatrixXd::Identity(5, 5);
  const MatrixXd R = (MatrixXd(2, 2) << 2.0, 0.3, 0.3, 1.0).finished();
  const LqrGain g = discrete_lqr(A, B, Q, R);
  const MatrixXd P = riccati_recursion(A, B, Q, R, 20000);
  EXPECT_LT((g.P - P).cwiseAbs().maxCoeff(), 1e-9 * P.cwiseAbs().maxCoeff());
  // The Riccati residual and the gain.
  const MatrixXd S = R + B.transpose() * g.P * B;
  const MatrixXd residual = Q + A.transpose() * g.P * A -
                            A.transpose() * g.P * B * S.ldlt().solve(B.transpose() * g.P * A) -
                            g.P;
  EXPECT_LT(residual.cwiseAbs().maxCoeff(), 1e-10 * g.P.cwiseAbs().maxCoeff());
  EXPECT_LT((S * g.K - B.transpose() * g.P * A).cwiseAbs().maxCoeff(), 1e-9 * g.P.norm());
  EXPECT_LT(g.spectral_radius, 1.0);
  EXPECT_GT(Eigen::EigenSolver<MatrixXd>(A, false).eigenvalues().cwiseAbs().maxCoeff(), 1.0);
  EXPECT_LE(g.iterations, 40);
}

TEST(ControlLqr, ScalarCaseHasItsClosedForm) {
  // x+ = a x + b u, cost q x^2 + r u^2: p = q + a^2 p r / (r + b^2 p), the positive root of
  // b^2 p^2 + (r - a^2 r - q b^2) p - q r = 0.
  const double a = 1.2, b = 0.5, q = 2.0, r = 0.7;
  const double bb = b * b, lin = r - a * a * r - q * bb;
  const double p = (-lin + std::sqrt(lin * lin + 4 * bb * q * r)) / (2 * bb);
  const LqrGain g = discrete_lqr(MatrixXd::Constant(1, 1, a), MatrixXd::Constant(1, 1, b),
                                 MatrixXd::Constant(1, 1, q), MatrixXd::Constant(1, 1, r));
  EXPECT_NEAR(g.P(0, 0), p, 1e-12 * p);
  EXPECT_NEAR(g.K(0, 0), a * b * p / (r + bb * p), 1e-12);
}

TEST(ControlLqr, ErrorsNameTheArgument) {
  const MatrixXd I2 = MatrixXd::Identity(2, 2), b = MatrixXd::Ones(2, 1);
  const MatrixXd r = MatrixXd::Ones(1, 1);
  EXPECT_EQ(message_of<std::exception>([&] { discrete_lqr(I2, MatrixXd::Ones(3, 1), I2, r); }),
            "discrete_lqr: B is 3 x 1, expected 2 x 1");
  MatrixXd q = I2;
  q(0, 1) = 1;
  EXPECT_EQ(message_of<std::exception>([&] { discrete_lqr(I2, b, q, r); }),
            "discrete_lqr: Q is not symmetric");
  EXPECT_EQ(message_of<std::exception>([&] { discrete_lqr(I2, b, I2, -r); }),
            "discrete_lqr: R is not positive definite");
  MatrixXd a = I2;
  a(1, 1) = std::nan("");
  EXPECT_EQ(message_of<std::exception>([&] { discrete_lqr(a, b, I2, r); }),
            "discrete_lqr: A[3] (row 1, column 1) is nan");
  // An unstable mode the input cannot reach: not stabilisable.
  MatrixXd u = I2;
  u(1, 1) = 2.0;
  const MatrixXd b1 = (MatrixXd(2, 1) << 1.0, 0.0).finished();
  EXPECT_NE(message_of<std::exception>([&] { discrete_lqr(u, b1, I2, r); }).find("stabilisable"),
            std::string::npos);
}

}  // namespace
}  // namespace manipdyn
