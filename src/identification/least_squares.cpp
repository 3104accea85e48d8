// Ordinary and weighted least squares of the base parameters by pivoted QR, with the statistics
// of Gautier & Poignet 2001 and Khalil & Dombre 2002 (sec. 12.4).
#include "manipdyn/identification/least_squares.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <Eigen/QR>
#include <Eigen/SVD>

#include "manipdyn/core/check.hpp"

namespace manipdyn::identification {
namespace {

// One weighted solve: beta, (W_w^T W_w)^-1 and the reduced problem A, z.
struct WeightedSolve {
  VectorXd beta;
  MatrixXd inverse_normal;  // (W_w^T W_w)^-1, r x r
  MatrixXd A;               // R P^T, r x r
  VectorXd z;               // (Q^T y_w) head r
};

std::vector<std::string> checked_names(const char* where, const Eigen::Ref<const MatrixXd>& W_b,
                                       const Eigen::Ref<const VectorXd>& tau, Eigen::Index n,
                                       const LeastSquaresOptions& options) {
  const std::string w(where);
  if (n < 1) throw std::invalid_argument(w + ": n_joints is " + std::to_string(n) + ", expected >= 1");
  if (W_b.cols() == 0) throw std::invalid_argument(w + ": W_b has no columns");
  check_size(where, "tau", tau, W_b.rows());
  if (W_b.rows() % n != 0)
    throw std::invalid_argument(w + ": W_b has " + std::to_string(W_b.rows()) +
                                " rows, not a multiple of n_joints = " + std::to_string(n));
  if (W_b.rows() <= W_b.cols())
    throw std::invalid_argument(w + ": too few rows: W_b has " + std::to_string(W_b.rows()) +
                                " rows, need more than its " + std::to_string(W_b.cols()) +
                                " columns (the base parameters)");
  check_finite(where, "W_b", W_b);
  check_finite(where, "tau", tau);
  if (options.max_iterations < 1 || !(options.tolerance > 0))
    throw std::invalid_argument(w + ": max_iterations must be >= 1 and tolerance > 0");
  std::vector<std::string> names = options.parameter_names;
  if (names.empty())
    for (Eigen::Index i = 1; i <= W_b.cols(); ++i) names.push_back("beta_" + std::to_string(i));
  if (static_cast<Eigen::Index>(names.size()) != W_b.cols())
    throw std::invalid_argument(w + ": parameter_names has " + std::to_string(names.size()) +
                                " entries, W_b has " + std::to_string(W_b.cols()) + " columns");
  return names;
}

// Rows of joint j (row % n == j) times weight(j).
MatrixXd weighted_rows(const Eigen::Ref<const MatrixXd>& M, const VectorXd& weight) {
  MatrixXd out = M;
  const Eigen::Index n = weight.size();
  for (Eigen::Index i = 0; i < out.rows(); ++i) out.row(i) *= weight(i % n);
  return out;
}

// Pivoted QR of the weighted problem; a tiny pivot is an unexcited parameter, named.
WeightedSolve weighted_solve(const char* where, const Eigen::Ref<const MatrixXd>& W_b,
                             const Eigen::Ref<const VectorXd>& tau, const VectorXd& weight,
                             const std::vector<std::string>& names, double relative_tolerance) {
  const Eigen::Index r = W_b.cols();
  const Eigen::ColPivHouseholderQR<MatrixXd> qr(weighted_rows(W_b, weight));
  const auto& perm = qr.colsPermutation().indices();
  const MatrixXd R = qr.matrixR().topLeftCorner(r, r).triangularView<Eigen::Upper>();
  // rank: pivots at most tol |R_11| are columns the data do not excite
  const double tol = (relative_tolerance > 0 ? relative_tolerance
                      : static_cast<double>(W_b.rows()) * std::numeric_limits<double>::epsilon()) *
                     std::abs(R(0, 0));
  std::string unexcited;
  for (Eigen::Index k = 0; k < r; ++k)
    if (!(std::abs(R(k, k)) > tol)) unexcited += (unexcited.empty() ? "" : ", ") + names[perm(k)];
  if (!unexcited.empty())
    throw std::invalid_argument(std::string(where) + ": W_b is rank deficient: the data do not "
                                "excite " + unexcited);
  // beta = P R^-1 z, z = (Q^T y_w)_1..r; (W^T W)^-1 = P R^-1 R^-T P^T
  WeightedSolve out;
  const VectorXd qty = qr.householderQ().adjoint() * weighted_rows(tau, weight);
  out.z = qty.head(r);
  const VectorXd beta_p = R.triangularView<Eigen::Upper>().solve(out.z);
  const MatrixXd R_inv = R.triangularView<Eigen::Upper>().solve(MatrixXd::Identity(r, r));
  const MatrixXd inv_p = R_inv * R_inv.transpose();
  out.beta.resize(r);
  out.inverse_normal.resize(r, r);
  out.A.resize(r, r);
  for (Eigen::Index i = 0; i < r; ++i) {
    out.beta(perm(i)) = beta_p(i);
    out.A.col(perm(i)) = R.col(i);
    for (Eigen::Index j = 0; j < r; ++j) out.inverse_normal(perm(i), perm(j)) = inv_p(i, j);
  }
  return out;
}

// Per joint: sum of squared residuals and of squared torques.
void joint_sums(const Eigen::Ref<const MatrixXd>& W_b, const Eigen::Ref<const VectorXd>& tau,
                const VectorXd& beta, Eigen::Index n, VectorXd& residual2, VectorXd& tau2) {
  const VectorXd e = tau - W_b * beta;
  residual2 = VectorXd::Zero(n);
  tau2 = VectorXd::Zero(n);
  for (Eigen::Index i = 0; i < e.size(); ++i) {
    residual2(i % n) += e(i) * e(i);
    tau2(i % n) += tau(i) * tau(i);
  }
}

// The fit's statistics from the last solve and the noise sigmas it used.
LeastSquaresFit make_fit(const Eigen::Ref<const MatrixXd>& W_b, const Eigen::Ref<const VectorXd>& tau,
                         Eigen::Index n, WeightedSolve solve, const VectorXd& joint_sigma,
                         std::vector<std::string> names, double condition_number) {
  LeastSquaresFit fit;
  fit.parameter_names = std::move(names);
  fit.estimate = solve.beta;
  fit.covariance = solve.inverse_normal;
  fit.standard_deviation = fit.covariance.diagonal().cwiseSqrt();
  const double largest = fit.estimate.cwiseAbs().maxCoeff();
  fit.relative_standard_deviation_percent.resize(fit.estimate.size());
  for (Eigen::Index i = 0; i < fit.estimate.size(); ++i) {
    const double b = std::abs(fit.estimate(i));
    fit.relative_standard_deviation_percent(i) =
        b > 1e-12 * largest && b > 0 ? 100 * fit.standard_deviation(i) / b
                                     : std::numeric_limits<double>::infinity();
  }
  fit.condition_number = condition_number;
  fit.joint_sigma = joint_sigma;
  VectorXd residual2, tau2;
  joint_sums(W_b, tau, fit.estimate, n, residual2, tau2);
  const double samples = static_cast<double>(W_b.rows() / n);
  fit.residual_rms = (residual2 / samples).cwiseSqrt();
  fit.relative_rms_error.resize(n);
  for (Eigen::Index j = 0; j < n; ++j)
    fit.relative_rms_error(j) = tau2(j) > 0   ? std::sqrt(residual2(j) / tau2(j))
                                : residual2(j) > 0 ? std::numeric_limits<double>::infinity()
                                                   : 0.0;
  fit.degrees_of_freedom = W_b.rows() - W_b.cols();
  fit.reduced_matrix = std::move(solve.A);
  fit.reduced_rhs = std::move(solve.z);
  return fit;
}

double condition_of(const MatrixXd& A) {
  const Eigen::JacobiSVD<MatrixXd> svd(A);
  const VectorXd& s = svd.singularValues();
  return s(0) / s(s.size() - 1);
}

// sigma_j from the residual of beta: |e_j|^2 / ((rows - r) / n), floored at 1e-12 of the
// largest (a joint fitted exactly would get an infinite weight).
VectorXd joint_sigmas(const Eigen::Ref<const MatrixXd>& W_b, const Eigen::Ref<const VectorXd>& tau,
                      const VectorXd& beta, Eigen::Index n) {
  VectorXd residual2, tau2;
  joint_sums(W_b, tau, beta, n, residual2, tau2);
  const double dof = static_cast<double>(W_b.rows() - W_b.cols()) / static_cast<double>(n);
  VectorXd sigma = (residual2 / dof).cwiseSqrt();
  const double floor = std::max(1e-12 * sigma.maxCoeff(), std::numeric_limits<double>::min());
  return sigma.cwiseMax(floor);
}

}  // namespace

LeastSquaresFit fit_ols(const Eigen::Ref<const MatrixXd>& W_b, const Eigen::Ref<const VectorXd>& tau,
                        Eigen::Index n_joints, const LeastSquaresOptions& options) {
  std::vector<std::string> names = checked_names("fit_ols", W_b, tau, n_joints, options);
  WeightedSolve solve = weighted_solve("fit_ols", W_b, tau, VectorXd::Ones(n_joints), names,
                                       options.relative_rank_tolerance);
  const double cond = condition_of(solve.A);
  // one common sigma^2 = |e|^2 / (rows - r); the reduced problem is divided by it too
  const double dof = static_cast<double>(W_b.rows() - W_b.cols());
  const double sigma = std::sqrt((tau - W_b * solve.beta).squaredNorm() / dof);
  solve.inverse_normal *= sigma * sigma;
  if (sigma > 0) {
    solve.A /= sigma;
    solve.z /= sigma;
  }
  LeastSquaresFit fit = make_fit(W_b, tau, n_joints, std::move(solve),
                                 VectorXd::Constant(n_joints, sigma), std::move(names), cond);
  fit.iterations = 0;
  return fit;
}

LeastSquaresFit fit_wls(const Eigen::Ref<const MatrixXd>& W_b, const Eigen::Ref<const VectorXd>& tau,
                        Eigen::Index n_joints, const LeastSquaresOptions& options) {
  const std::vector<std::string> names = checked_names("fit_wls", W_b, tau, n_joints, options);
  // OLS start; its R gives cond(W_b)
  WeightedSolve solve = weighted_solve("fit_wls", W_b, tau, VectorXd::Ones(n_joints), names,
                                       options.relative_rank_tolerance);
  const double cond = condition_of(solve.A);
  VectorXd sigma;
  int iterations = 0;
  bool converged = false;
  // weights 1 / sigma_j from the last residual, until the estimate settles
  while (iterations < options.max_iterations && !converged) {
    sigma = joint_sigmas(W_b, tau, solve.beta, n_joints);
    WeightedSolve next = weighted_solve("fit_wls", W_b, tau, sigma.cwiseInverse(), names,
                                        options.relative_rank_tolerance);
    ++iterations;
    const VectorXd step = (next.beta - solve.beta).cwiseAbs().cwiseQuotient(
        next.inverse_normal.diagonal().cwiseSqrt());
    converged = !(step.maxCoeff() >= options.tolerance);
    solve = std::move(next);
  }
  LeastSquaresFit fit = make_fit(W_b, tau, n_joints, std::move(solve), sigma, names, cond);
  fit.iterations = iterations;
  fit.converged = converged;
  return fit;
}

}  // namespace manipdyn::identification
