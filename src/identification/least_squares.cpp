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

namespace manipdyn {
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

// Each joint's rows reduced by their own QR once (W_j = Q_j [R_j; 0], z_j = (Q_j^T tau_j) head,
// outside_j = |(Q_j^T tau_j) tail|^2), so that for every beta and weights
// |W_j beta - tau_j|^2 = |R_j beta - z_j|^2 + outside_j: a WLS iteration then costs O(n r^3),
// not a QR of all the rows again.
struct JointReduction {
  std::vector<MatrixXd> R;   // per joint min(samples, r) x r
  std::vector<VectorXd> z;   // per joint min(samples, r)
  VectorXd outside;          // per joint, the residual no beta can fit
  VectorXd tau2;             // per joint |tau_j|^2
  Eigen::Index samples = 0;
};

JointReduction reduce_joints(const Eigen::Ref<const MatrixXd>& W_b,
                             const Eigen::Ref<const VectorXd>& tau, Eigen::Index n) {
  JointReduction red;
  red.samples = W_b.rows() / n;
  red.outside.resize(n);
  red.tau2.resize(n);
  const Eigen::Index m = std::min(red.samples, W_b.cols());
  for (Eigen::Index j = 0; j < n; ++j) {
    const auto rows = Eigen::seqN(j, red.samples, n);
    const Eigen::HouseholderQR<MatrixXd> qr(W_b(rows, Eigen::all));
    const VectorXd qty = qr.householderQ().adjoint() * tau(rows);
    red.R.push_back(qr.matrixQR().topRows(m).triangularView<Eigen::Upper>());
    red.z.push_back(qty.head(m));
    red.outside(j) = qty.tail(red.samples - m).squaredNorm();
    red.tau2(j) = tau(rows).squaredNorm();
  }
  return red;
}

// Pivoted QR of the weighted, reduced problem [R_j w_j] beta = [z_j w_j]; a tiny pivot is an
// unexcited parameter, named.
WeightedSolve weighted_solve(const char* where, const JointReduction& red, const VectorXd& weight,
                             const std::vector<std::string>& names, double relative_tolerance) {
  const Eigen::Index r = red.R[0].cols(), m = red.R[0].rows(), n = weight.size();
  MatrixXd M(n * m, r);
  VectorXd y(n * m);
  for (Eigen::Index j = 0; j < n; ++j) {
    M.middleRows(j * m, m) = weight(j) * red.R[j];
    y.segment(j * m, m) = weight(j) * red.z[j];
  }
  const Eigen::ColPivHouseholderQR<MatrixXd> qr(M);
  const auto& perm = qr.colsPermutation().indices();
  const MatrixXd R = qr.matrixR().topLeftCorner(r, r).triangularView<Eigen::Upper>();
  // rank: pivots at most tol |R_11| are columns the data do not excite
  const double tol = (relative_tolerance > 0 ? relative_tolerance
                      : static_cast<double>(red.samples * n) * std::numeric_limits<double>::epsilon()) *
                     std::abs(R(0, 0));
  std::string unexcited;
  for (Eigen::Index k = 0; k < r; ++k)
    if (!(std::abs(R(k, k)) > tol)) unexcited += (unexcited.empty() ? "" : ", ") + names[perm(k)];
  if (!unexcited.empty())
    throw std::invalid_argument(std::string(where) + ": W_b is rank deficient: the data do not "
                                "excite " + unexcited);
  // beta = P R^-1 z, z = (Q^T y)_1..r; (W^T W)^-1 = P R^-1 R^-T P^T
  WeightedSolve out;
  const VectorXd qty = qr.householderQ().adjoint() * y;
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

// Per joint: |tau_j - W_j beta|^2 from the reduction.
VectorXd joint_residual2(const JointReduction& red, const VectorXd& beta) {
  VectorXd residual2(red.outside.size());
  for (Eigen::Index j = 0; j < residual2.size(); ++j)
    residual2(j) = (red.R[j] * beta - red.z[j]).squaredNorm() + red.outside(j);
  return residual2;
}

// The fit's statistics from the last solve and the noise sigmas it used.
LeastSquaresFit make_fit(const JointReduction& red, Eigen::Index rows, WeightedSolve solve,
                         const VectorXd& joint_sigma, std::vector<std::string> names,
                         double condition_number) {
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
  const VectorXd residual2 = joint_residual2(red, fit.estimate);
  const Eigen::Index n = residual2.size();
  fit.residual_rms = (residual2 / static_cast<double>(red.samples)).cwiseSqrt();
  fit.relative_rms_error.resize(n);
  for (Eigen::Index j = 0; j < n; ++j)
    fit.relative_rms_error(j) = red.tau2(j) > 0   ? std::sqrt(residual2(j) / red.tau2(j))
                                : residual2(j) > 0 ? std::numeric_limits<double>::infinity()
                                                   : 0.0;
  fit.degrees_of_freedom = rows - fit.estimate.size();
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
VectorXd joint_sigmas(const JointReduction& red, const VectorXd& beta, Eigen::Index rows) {
  const VectorXd residual2 = joint_residual2(red, beta);
  const double dof = static_cast<double>(rows - beta.size()) / static_cast<double>(residual2.size());
  VectorXd sigma = (residual2 / dof).cwiseSqrt();
  const double floor = std::max(1e-12 * sigma.maxCoeff(), std::numeric_limits<double>::min());
  return sigma.cwiseMax(floor);
}

}  // namespace

LeastSquaresFit fit_ols(const Eigen::Ref<const MatrixXd>& W_b, const Eigen::Ref<const VectorXd>& tau,
                        Eigen::Index n_joints, const LeastSquaresOptions& options) {
  std::vector<std::string> names = checked_names("fit_ols", W_b, tau, n_joints, options);
  const JointReduction red = reduce_joints(W_b, tau, n_joints);
  WeightedSolve solve = weighted_solve("fit_ols", red, VectorXd::Ones(n_joints), names,
                                       options.relative_rank_tolerance);
  const double cond = condition_of(solve.A);
  // one common sigma^2 = |e|^2 / (rows - r); the reduced problem is divided by it too
  const double dof = static_cast<double>(W_b.rows() - W_b.cols());
  const double sigma = std::sqrt(joint_residual2(red, solve.beta).sum() / dof);
  solve.inverse_normal *= sigma * sigma;
  if (sigma > 0) {
    solve.A /= sigma;
    solve.z /= sigma;
  }
  LeastSquaresFit fit = make_fit(red, W_b.rows(), std::move(solve),
                                 VectorXd::Constant(n_joints, sigma), std::move(names), cond);
  fit.iterations = 0;
  return fit;
}

LeastSquaresFit fit_wls(const Eigen::Ref<const MatrixXd>& W_b, const Eigen::Ref<const VectorXd>& tau,
                        Eigen::Index n_joints, const LeastSquaresOptions& options) {
  const std::vector<std::string> names = checked_names("fit_wls", W_b, tau, n_joints, options);
  const JointReduction red = reduce_joints(W_b, tau, n_joints);
  // OLS start; its R gives cond(W_b)
  WeightedSolve solve = weighted_solve("fit_wls", red, VectorXd::Ones(n_joints), names,
                                       options.relative_rank_tolerance);
  const double cond = condition_of(solve.A);
  VectorXd sigma;
  int iterations = 0;
  bool converged = false;
  // weights 1 / sigma_j from the last residual, until the estimate settles
  while (iterations < options.max_iterations && !converged) {
    sigma = joint_sigmas(red, solve.beta, W_b.rows());
    WeightedSolve next = weighted_solve("fit_wls", red, sigma.cwiseInverse(), names,
                                        options.relative_rank_tolerance);
    ++iterations;
    const VectorXd step = (next.beta - solve.beta).cwiseAbs().cwiseQuotient(
        next.inverse_normal.diagonal().cwiseSqrt());
    converged = !(step.maxCoeff() >= options.tolerance);
    solve = std::move(next);
  }
  LeastSquaresFit fit = make_fit(red, W_b.rows(), std::move(solve), sigma, names, cond);
  fit.iterations = iterations;
  fit.converged = converged;
  return fit;
}

}  // namespace manipdyn
