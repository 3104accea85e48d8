#pragma once
/// \file physical_consistency.hpp
/// Physically consistent standard parameters that reproduce identified base parameters.
///
/// Each link block [m, mx, my, mz, Ixx, Ixy, Iyy, Ixz, Iyz, Izz] is written through the log-Cholesky
/// parametrisation of its 4x4 pseudo-inertia (Rucker & Wensing 2022, "Smooth parameterization of
/// rigid-body inertia", IEEE RA-L 7(2)): theta (10 numbers) -> U upper triangular with
/// U_kk = exp(theta_k) -> J = U U^T + epsilon E_4, so that J - epsilon E_4 is positive definite for
/// every theta. J = [[Sigma, h], [h^T, m]] gives m = J_44, m c = h and the inertia about the frame
/// origin I = tr(Sigma) E - Sigma (Wensing, Kim & Slotine 2017, "Linear matrix inequalities for
/// physically consistent inertial parameter identification", IEEE RA-L 3(1)). Each drive block
/// [Ia, Fv, Fc, Fo] is written Ia = exp(a), Fv = exp(v), Fc = (exp(c+) + exp(c-)) / 2, Fo = (exp(c+) - exp(c-)) / 2,
/// i.e. the Coulomb levels Tc+ = exp(c+) > 0 > Tc- = -exp(c-), so Fc > |Fo| for every theta. Like
/// the links' exp this makes theta -> pi a diffeomorphism onto the interior of the consistent set
/// (squares would not be: v = 0 is a critical point of v^2 where the fit stalls when the data want
/// a positive value); a bound (Fv = 0) is approached as theta -> -infinity.
/// theta has 14 n entries: per link [log U_11, log U_22, log U_33, log U_44, U_12, U_13, U_14,
/// U_23, U_24, U_34], then per joint [log Ia, log Fv, log Tc+, log(-Tc-)].
#include <vector>

#include "manipdyn/core/types.hpp"
#include "manipdyn/identification/least_squares.hpp"
#include "manipdyn/identification/parameters.hpp"

namespace manipdyn {

/// The 4x4 pseudo-inertia J = [[tr(I)/2 E - I, h], [h^T, m]] of link `link` (0-based) of a
/// standard vector pi (14 n entries, or 10 n without the drive blocks).
Matrix4d pseudo_inertia(const Eigen::Ref<const VectorXd>& pi, Eigen::Index link);

/// The standard vector pi(theta) (14 n) of the log-Cholesky parameters theta (14 n), with the
/// eigenvalue margin epsilon (see the file comment).
VectorXd consistent_parameters(const Eigen::Ref<const VectorXd>& theta, double epsilon);

/// d pi / d theta (14 n x 14 n, block diagonal: 10 x 10 per link, 4 x 4 per joint), analytic:
/// dJ / dU_ab = E_ab U^T + U E_ba, times U_aa on the diagonal (d exp); the drives' exponentials.
MatrixXd consistent_parameters_jacobian(const Eigen::Ref<const VectorXd>& theta);

/// d^2 pi(theta + t delta) / dt^2 at t = 0 (14 n): per link J'' = U'' U^T + 2 U' U'^T + U U''^T,
/// per drive exp(theta_k) delta_k^2 (the geodesic acceleration of the fit needs it).
VectorXd consistent_parameters_second_derivative(const Eigen::Ref<const VectorXd>& theta,
                                                 const Eigen::Ref<const VectorXd>& delta);

/// S = sum_k g_k d^2 pi_k / d theta^2 (14 n x 14 n, block diagonal) for weights g (14 n): the
/// second-order term of the Hessian of a cost whose gradient with respect to pi is 2 g. Per link
/// g^T pi = tr(U^T G U) with G the adjoint of the link block, S_ab = 2 tr(U_a^T G U_b) +
/// 2 tr(U_ab^T G U).
MatrixXd consistent_parameters_curvature(const Eigen::Ref<const VectorXd>& theta,
                                         const Eigen::Ref<const VectorXd>& g);

/// log-Cholesky parameters of a standard vector pi (14 n). A link whose J - epsilon E is not
/// positive definite enough (PUMA 560 link 1 has mass 0) is first projected: the eigenvalues of
/// J - epsilon E are raised to at least 1e-3 of the largest (and 1e-9); a drive value (Ia, Fv,
/// Tc+, -Tc-) below 1e-6 is raised to 1e-6 before its log is taken.
VectorXd log_cholesky_parameters(const Eigen::Ref<const VectorXd>& pi, double epsilon);

/// Options of fit_physically_consistent.
struct ConsistencyOptions {
  /// lambda: the regulariser lambda s |pi - pi_prior|^2 fixes the directions the data do not see;
  /// s = sigma_min(A)^2, the smallest curvature of the data term (A = fit.reduced_matrix), so that
  /// an identified base parameter moves by at most about lambda times the prior's distance, both
  /// in its standard deviations.
  double regularization = 1e-4;
  double epsilon = 1e-6;  ///< eigenvalue margin: lambda_min(J) >= epsilon for every link
  int max_iterations = 500;
  /// Stop when three accepted steps in a row lower the cost by less than cost_tolerance of the cost
  /// or by less than absolute_cost_tolerance (the cost is whitened: the data term is a chi-square,
  /// a move of one standard deviation changes it by about 1, so 1e-6 is statistically nothing;
  /// near a bound the regulariser's part of the cost then still creeps down slowly, by a few % of
  /// itself, while the fit of the data has long converged), or an accepted step moves
  /// theta by less than step_tolerance (1 + |theta|), or the damping exceeds 1e20.
  double cost_tolerance = 1e-10;
  double absolute_cost_tolerance = 1e-6;
  double step_tolerance = 1e-12;
};

/// A physically consistent standard parameter set and how far it is from the unconstrained fit.
struct ConsistentFit {
  VectorXd pi;                 ///< standard parameters (14 n), consistent
  VectorXd theta;              ///< their log-Cholesky parameters (14 n)
  VectorXd base;               ///< K pi (r), the consistent base parameters
  VectorXd gap_sigma;          ///< (K pi - beta_hat)_i / sigma_i (r), beta_hat the unconstrained fit
  double max_gap_sigma = 0;    ///< max_i |gap_sigma_i|
  std::vector<double> cost_history;  ///< cost at the start and after every accepted step
  VectorXd min_eigenvalue;     ///< per link the smallest eigenvalue of J (n), >= epsilon
  int iterations = 0;          ///< Levenberg-Marquardt iterations (accepted or not)
  bool converged = false;      ///< a tolerance was met before max_iterations
};

/// Consistent standard parameters pi(theta) minimising
///   |A (K pi(theta)) - z|^2 + lambda s |pi(theta) - pi_prior|^2
/// with A, z the fit's reduced weighted problem (fit.reduced_matrix, fit.reduced_rhs: the WLS or
/// OLS problem reduced by its QR, so an iteration costs O(p^3), whatever the number of samples),
/// K (r x 14 n) the base map (BaseParameters::K), pi_prior (14 n) a standard prior (e.g. the
/// nominal model). Levenberg-Marquardt (Marquardt 1963: damping mu diag(J^T J), solved by QR of
/// the damped, stacked Jacobian; geodesic acceleration, Transtrum & Sethna 2012; a second-order
/// step with the positive part of the exact residual Hessian term when the Gauss-Newton step fails),
/// analytic derivatives; started from the better (lower cost) of the projected prior and the
/// projected prior + K^+ (beta_hat - K pi_prior). Throws
/// std::invalid_argument for sizes that do not fit, non-finite input or bad options.
ConsistentFit fit_physically_consistent(const LeastSquaresFit& fit, const Eigen::Ref<const MatrixXd>& K,
                                        const Eigen::Ref<const VectorXd>& pi_prior,
                                        const ConsistencyOptions& options = {});

}  // namespace manipdyn
