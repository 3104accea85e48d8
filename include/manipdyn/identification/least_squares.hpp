#pragma once
/// \file least_squares.hpp
/// Ordinary and weighted least squares for the base parameters: tau = W_b beta + noise, solved by
/// Householder QR with column pivoting (never the normal equations), with the statistics an
/// engineer needs to trust the estimate (Gautier & Poignet 2001, "Extended Kalman filtering and
/// weighted least squares dynamic identification of robot", Control Eng. Practice 9(12);
/// Khalil & Dombre, "Modeling, identification and control of robots", 2002, sec. 12.4).
///
/// Row layout of the stacked problem: sample-major, row k n + j is joint j (0-based) of sample k,
/// so rows = samples x n_joints.
#include <string>
#include <vector>

#include "manipdyn/core/types.hpp"

namespace manipdyn {

/// Options of fit_ols and fit_wls.
struct LeastSquaresOptions {
  /// Names of the r columns of W_b (the base groupings), used in the error messages and kept in
  /// the result; empty: "beta_1", ..., "beta_r".
  std::vector<std::string> parameter_names;
  /// A column of W_b whose pivot |R_kk| is at most relative_rank_tolerance |R_11| is not excited
  /// (rank deficiency is an error). <= 0: max(rows, r) eps, Gautier's choice.
  double relative_rank_tolerance = 0;
  /// fit_wls stops when no estimate moves by more than `tolerance` of its standard deviation
  /// between two iterations (max_i |delta beta_i| / sigma_i < tolerance) ...
  double tolerance = 1e-4;
  /// ... or after this many weighted solves.
  int max_iterations = 20;
};

/// Estimate and statistics of a least-squares fit of the base parameters.
struct LeastSquaresFit {
  std::vector<std::string> parameter_names;  ///< r names
  VectorXd estimate;                         ///< beta (r)
  /// Covariance (r x r): OLS sigma^2 (W_b^T W_b)^-1 with sigma^2 = |e|^2 / (rows - r); WLS
  /// (W_b^T S^-1 W_b)^-1 with S the per-joint variances (Gautier & Poignet 2001).
  MatrixXd covariance;
  VectorXd standard_deviation;  ///< sigma_i = sqrt(covariance_ii) (r)
  /// 100 sigma_i / |beta_i| (r); +infinity when |beta_i| <= 1e-12 max_k |beta_k| (an estimate
  /// that is numerically zero has no relative precision).
  VectorXd relative_standard_deviation_percent;
  double condition_number = 0;  ///< cond_2(W_b), unweighted: ratio of the singular values of R
  VectorXd joint_sigma;         ///< noise standard deviation per joint (n; OLS: one common value)
  VectorXd residual_rms;        ///< RMS of tau_j - (W_b beta)_j per joint (n)
  /// RMS(tau_j - (W_b beta)_j) / RMS(tau_j) per joint (n), the "relative RMS error"; 0 when both
  /// are 0, +infinity when only the torque is 0.
  VectorXd relative_rms_error;
  Eigen::Index degrees_of_freedom = 0;  ///< rows - r
  int iterations = 0;                   ///< weighted solves done (OLS: 0)
  bool converged = true;                ///< fit_wls: the tolerance was met
  /// The weighted problem reduced by its QR: reduced_matrix A (r x r, columns in W_b's order,
  /// A^T A = W_w^T W_w) and reduced_rhs z (r), so that |W_w x - y_w|^2 = |A x - z|^2 + const for
  /// every x (W_w, y_w: rows divided by the joint's sigma; OLS: by the common sigma).
  MatrixXd reduced_matrix;
  VectorXd reduced_rhs;
};

/// Ordinary least squares beta = argmin |W_b beta - tau| (W_b rows x r, tau rows, rows = samples x
/// n_joints, sample-major) by pivoted Householder QR. Throws std::invalid_argument for sizes that
/// do not fit, non-finite input, rows <= r ("too few rows"), or a rank-deficient W_b (naming the
/// parameters whose columns have a tiny pivot: the trajectory does not excite them).
LeastSquaresFit fit_ols(const Eigen::Ref<const MatrixXd>& W_b, const Eigen::Ref<const VectorXd>& tau,
                        Eigen::Index n_joints, const LeastSquaresOptions& options = {});

/// Weighted least squares with per-joint noise variances (Gautier & Poignet 2001):
/// start from OLS; sigma_j^2 = |e_j|^2 / dof_j from joint j's residual e_j, dof_j = (rows - r) /
/// n_joints (each joint's share of the degrees of freedom); rows of joint j divided by sigma_j;
/// solve again; repeat until no estimate moves by more than options.tolerance of its standard
/// deviation or options.max_iterations solves. Each joint's rows are reduced once by their own QR,
/// so an iteration costs O(n r^3), not a QR of all the rows. Same errors as fit_ols.
LeastSquaresFit fit_wls(const Eigen::Ref<const MatrixXd>& W_b, const Eigen::Ref<const VectorXd>& tau,
                        Eigen::Index n_joints, const LeastSquaresOptions& options = {});

}  // namespace manipdyn
