// Physically consistent standard parameters: the log-Cholesky parametrisation of each link's
// pseudo-inertia (Rucker & Wensing 2022), exponentials for the drive parameters, and a
// Levenberg-Marquardt fit of the reduced weighted base problem (Marquardt 1963).
#include "manipdyn/identification/physical_consistency.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <Eigen/QR>
#include <Eigen/SVD>

#include "manipdyn/core/check.hpp"

namespace manipdyn {
namespace {

using Vector10d = Eigen::Matrix<double, 10, 1>;

// The off-diagonal entries of U, in theta's order: U_12, U_13, U_14, U_23, U_24, U_34 (0-based).
constexpr int kOffRow[6] = {0, 0, 0, 1, 1, 2};
constexpr int kOffCol[6] = {1, 2, 3, 2, 3, 3};

Eigen::Index joints_of(const char* where, Eigen::Index size) {
  if (size == 0 || size % 14 != 0)
    throw std::invalid_argument(std::string(where) + ": the parameter vector has " +
                                std::to_string(size) + " entries, expected 14 n (n >= 1)");
  return size / 14;
}

// [m, mx, my, mz, Ixx, Ixy, Iyy, Ixz, Iyz, Izz] of a (linear in J) pseudo-inertia: m = J_44,
// h = J(1:3, 4), I = tr(Sigma) E - Sigma.
Vector10d link_block(const Matrix4d& J) {
  Vector10d b;
  b << J(3, 3), J(0, 3), J(1, 3), J(2, 3), J(1, 1) + J(2, 2), -J(0, 1), J(0, 0) + J(2, 2),
      -J(0, 2), -J(1, 2), J(0, 0) + J(1, 1);
  return b;
}

Matrix4d upper_factor(const Eigen::Ref<const VectorXd>& t) {
  Matrix4d U = Matrix4d::Zero();
  for (int k = 0; k < 4; ++k) U(k, k) = std::exp(t(k));
  for (int k = 0; k < 6; ++k) U(kOffRow[k], kOffCol[k]) = t(4 + k);
  return U;
}

// theta of one link from a positive definite M = U U^T: reverse the order, Cholesky, reverse back
// (P M P = L L^T gives U = P L P, upper triangular with a positive diagonal).
Vector10d link_theta(const Matrix4d& M) {
  const Matrix4d P = Matrix4d::Identity().rowwise().reverse();
  const Eigen::LLT<Matrix4d> llt(P * M * P);
  const Matrix4d U = P * Matrix4d(llt.matrixL()) * P;
  Vector10d t;
  for (int k = 0; k < 4; ++k) t(k) = std::log(U(k, k));
  for (int k = 0; k < 6; ++k) t(4 + k) = U(kOffRow[k], kOffCol[k]);
  return t;
}

// The nearest positive definite M to J - epsilon E with eigenvalues at least 1e-3 of the largest
// (and at least 1e-9).
Matrix4d projected(const Matrix4d& J, double epsilon) {
  const Eigen::SelfAdjointEigenSolver<Matrix4d> eig(J - epsilon * Matrix4d::Identity());
  const double floor = std::max(1e-3 * eig.eigenvalues().maxCoeff(), 1e-9);
  const Eigen::Vector4d lambda = eig.eigenvalues().cwiseMax(floor);
  return eig.eigenvectors() * lambda.asDiagonal() * eig.eigenvectors().transpose();
}

// The positive semi-definite part of a block-diagonal S (blocks of 10 per link, 4 per joint): its
// negative eigenvalues set to 0, block by block.
MatrixXd positive_part(const MatrixXd& S) {
  const Eigen::Index n = S.rows() / 14;
  MatrixXd out = MatrixXd::Zero(S.rows(), S.cols());
  for (Eigen::Index k = 0; k < 2 * n; ++k) {
    const Eigen::Index o = k < n ? 10 * k : 10 * n + 4 * (k - n), size = k < n ? 10 : 4;
    const Eigen::SelfAdjointEigenSolver<MatrixXd> eig(S.block(o, o, size, size));
    out.block(o, o, size, size) = eig.eigenvectors() *
                                  eig.eigenvalues().cwiseMax(0.0).asDiagonal() *
                                  eig.eigenvectors().transpose();
  }
  return out;
}

// The reduced problem: residual [A K pi - z; sqrt(rho) (pi - prior)], its Jacobian and its second
// directional derivative.
struct Problem {
  MatrixXd AK;   // r x p
  VectorXd z;    // r
  VectorXd prior;
  double sqrt_rho = 0;
  double epsilon = 0;

  VectorXd residual(const VectorXd& theta) const {
    const VectorXd pi = consistent_parameters(theta, epsilon);
    VectorXd r(AK.rows() + pi.size());
    r << AK * pi - z, sqrt_rho * (pi - prior);
    return r;
  }
  MatrixXd jacobian(const VectorXd& theta) const {
    const MatrixXd Jp = consistent_parameters_jacobian(theta);
    MatrixXd J(AK.rows() + Jp.rows(), Jp.cols());
    J << AK * Jp, sqrt_rho * Jp;
    return J;
  }
  // M^T r with M = [A K; sqrt(rho) E]: half the cost's gradient with respect to pi
  VectorXd pi_gradient(const VectorXd& res) const {
    return AK.transpose() * res.head(AK.rows()) + sqrt_rho * res.tail(prior.size());
  }
  VectorXd curvature(const VectorXd& theta, const VectorXd& delta) const {
    const VectorXd pi2 = consistent_parameters_second_derivative(theta, delta);
    VectorXd r(AK.rows() + pi2.size());
    r << AK * pi2, sqrt_rho * pi2;
    return r;
  }
};

// One damped step from theta: (J^T J + S + mu D) delta = -J^T r, solved as the least-squares
// problem [J; C] delta = [-r; 0] by Householder QR with C^T C = S + mu D (J^T J is never formed),
// plus its geodesic acceleration a (Transtrum & Sethna 2012, "Improvements to the
// Levenberg-Marquardt algorithm for nonlinear least-squares minimization", arXiv:1201.5885:
// the same system with the residual's second directional derivative), tried as
// theta + delta + a / 2 and refused when 2 |a| > 0.75 |delta| (scaled by D^1/2).
struct Step {
  VectorXd delta, trial, trial_res;
  double trial_cost = std::numeric_limits<double>::infinity();
  double predicted = 0;  // the model's decrease of the cost
  bool usable = false;   // positive definite, not bent, finite
};

Step damped_step(const Problem& problem, const VectorXd& theta, const VectorXd& res,
                 const MatrixXd& J, const MatrixXd& S, const VectorXd& d, double mu) {
  Step step;
  const Eigen::Index p = theta.size();
  const Eigen::LLT<MatrixXd> llt(S + MatrixXd((mu * d).asDiagonal()));
  if (llt.info() != Eigen::Success) return step;
  MatrixXd stacked(J.rows() + p, p);
  stacked << J, MatrixXd(llt.matrixU());
  const Eigen::HouseholderQR<MatrixXd> qr(stacked);
  VectorXd rhs = VectorXd::Zero(J.rows() + p);
  rhs.head(J.rows()) = -res;
  step.delta = qr.solve(rhs);
  rhs.head(J.rows()) = -problem.curvature(theta, step.delta);
  const VectorXd accel = qr.solve(rhs);
  const VectorXd sd = d.cwiseSqrt();
  const bool bent = 2 * accel.cwiseProduct(sd).norm() > 0.75 * step.delta.cwiseProduct(sd).norm();
  step.trial = theta + step.delta + 0.5 * accel;
  step.trial_res = problem.residual(step.trial);
  step.trial_cost = step.trial_res.squaredNorm();
  step.predicted = -(2 * res.dot(J * step.delta) + (J * step.delta).squaredNorm() +
                     step.delta.dot(S * step.delta));
  step.usable = !bent && std::isfinite(step.trial_cost);
  return step;
}

// Levenberg-Marquardt (Marquardt 1963, scaling D = diag(J^T J) floored at 1e-12 of its largest
// entry; Nielsen 1999's update of mu). Each iteration tries the Gauss-Newton step (S = 0); when it
// does not lower the cost, the step with the positive part of the second-order term
// S = sum_k g_k d^2 pi_k / d theta^2, before damping more: Gauss-Newton follows the curved valley the rank-deficient data leave in theta;
// the second-order step does not stall where an inconsistent target pushes a coordinate down an
// exp tail (a large-residual problem, where Gauss-Newton needs mu ~ 1/exp(theta)).
void levenberg_marquardt(const Problem& problem, const ConsistencyOptions& options,
                         ConsistentFit& out) {
  VectorXd theta = out.theta;
  VectorXd res = problem.residual(theta);
  double cost = res.squaredNorm();
  out.cost_history.assign(1, cost);
  double mu = 1e-3, nu = 2;
  int small_drops = 0;  // consecutive accepted steps below the cost tolerances
  const MatrixXd none = MatrixXd::Zero(theta.size(), theta.size());
  for (out.iterations = 0; out.iterations < options.max_iterations;) {
    ++out.iterations;
    // the two damped steps
    const MatrixXd J = problem.jacobian(theta);
    const VectorXd column2 = J.colwise().squaredNorm().transpose();
    const VectorXd d = column2.cwiseMax(1e-12 * column2.maxCoeff() + std::numeric_limits<double>::min());
    Step step = damped_step(problem, theta, res, J, none, d, mu);
    if (!step.usable || !(step.trial_cost < cost)) {
      const MatrixXd S = positive_part(consistent_parameters_curvature(theta, problem.pi_gradient(res)));
      Step second = damped_step(problem, theta, res, J, S, d, mu);
      if (second.usable && second.trial_cost < step.trial_cost) step = std::move(second);
    }
    const bool small_step =
        step.delta.size() > 0 && step.delta.norm() <= options.step_tolerance * (1 + theta.norm());
    // accept when the cost drops (mu by the gain ratio); otherwise damp more
    if (step.usable && step.trial_cost < cost) {
      const double drop = cost - step.trial_cost;
      const double gain = step.predicted > 0 ? (cost - step.trial_cost) / step.predicted : 1.0;
      theta = step.trial;
      res = step.trial_res;
      cost = step.trial_cost;
      out.cost_history.push_back(cost);
      mu = std::max(mu * std::max(1.0 / 3, 1 - std::pow(2 * gain - 1, 3)), 1e-15);
      nu = 2;
      const bool small_drop =
          drop < options.cost_tolerance * (drop + cost) || drop < options.absolute_cost_tolerance;
      small_drops = small_drop ? small_drops + 1 : 0;
      if (small_drops >= 3 || small_step) {
        out.converged = true;
        break;
      }
    } else {
      mu *= nu;
      nu *= 2;
      if (small_step || mu > 1e20) {
        out.converged = true;
        break;
      }
    }
  }
  out.theta = theta;
}

void check_fit_input(const LeastSquaresFit& fit, const Eigen::Ref<const MatrixXd>& K,
                     const Eigen::Ref<const VectorXd>& pi_prior, const ConsistencyOptions& options) {
  const std::string w = "fit_physically_consistent";
  joints_of(w.c_str(), pi_prior.size());
  const Eigen::Index r = fit.estimate.size();
  if (K.rows() != r || K.cols() != pi_prior.size())
    throw std::invalid_argument(w + ": K is " + std::to_string(K.rows()) + " x " +
                                std::to_string(K.cols()) + ", expected " + std::to_string(r) +
                                " x " + std::to_string(pi_prior.size()) +
                                " (base parameters x standard parameters)");
  if (fit.reduced_matrix.rows() != r || fit.reduced_matrix.cols() != r ||
      fit.reduced_rhs.size() != r || fit.standard_deviation.size() != r)
    throw std::invalid_argument(w + ": fit is not a least-squares fit of " + std::to_string(r) +
                                " base parameters");
  check_finite(w, "K", K);
  check_finite(w, "pi_prior", pi_prior);
  check_finite(w, "fit.reduced_matrix", fit.reduced_matrix);
  if (!(options.regularization >= 0) || !(options.epsilon >= 0) || options.max_iterations < 1 ||
      !(options.absolute_cost_tolerance >= 0) ||
      !std::isfinite(options.regularization) || !std::isfinite(options.epsilon))
    throw std::invalid_argument(w + ": regularization and epsilon must be finite and >= 0, "
                                "max_iterations >= 1");
}

}  // namespace

Matrix4d pseudo_inertia(const Eigen::Ref<const VectorXd>& pi, Eigen::Index link) {
  if (link < 0 || 10 * (link + 1) > pi.size())
    throw std::invalid_argument("pseudo_inertia: link " + std::to_string(link) +
                                " is not in a vector of " + std::to_string(pi.size()) + " entries");
  return pseudo_inertia(pi.segment<10>(10 * link));
}

VectorXd consistent_parameters(const Eigen::Ref<const VectorXd>& theta, double epsilon) {
  const Eigen::Index n = joints_of("consistent_parameters", theta.size());
  VectorXd pi(14 * n);
  // links: J = U U^T + epsilon E
  for (Eigen::Index i = 0; i < n; ++i) {
    const Matrix4d U = upper_factor(theta.segment<10>(10 * i));
    pi.segment<10>(10 * i) = link_block(U * U.transpose() + epsilon * Matrix4d::Identity());
  }
  // drives: exponentials, Coulomb levels Tc+ = exp(c+), -Tc- = exp(c-)
  for (Eigen::Index j = 0; j < n; ++j) {
    const auto t = theta.segment<4>(10 * n + 4 * j);
    const double up = std::exp(t(2)), down = std::exp(t(3));
    pi.segment<4>(10 * n + 4 * j) << std::exp(t(0)), std::exp(t(1)), 0.5 * (up + down),
        0.5 * (up - down);
  }
  return pi;
}

MatrixXd consistent_parameters_jacobian(const Eigen::Ref<const VectorXd>& theta) {
  const Eigen::Index n = joints_of("consistent_parameters_jacobian", theta.size());
  MatrixXd D = MatrixXd::Zero(14 * n, 14 * n);
  for (Eigen::Index i = 0; i < n; ++i) {
    const Matrix4d U = upper_factor(theta.segment<10>(10 * i));
    // dJ/dU_ab = E_ab U^T + U E_ba; the diagonal entries through exp (d U_aa = U_aa d theta)
    for (int k = 0; k < 10; ++k) {
      const int a = k < 4 ? k : kOffRow[k - 4], b = k < 4 ? k : kOffCol[k - 4];
      Matrix4d E = Matrix4d::Zero();
      E(a, b) = k < 4 ? U(a, a) : 1.0;
      D.block<10, 1>(10 * i, 10 * i + k) = link_block(E * U.transpose() + U * E.transpose());
    }
  }
  for (Eigen::Index j = 0; j < n; ++j) {
    const Eigen::Index o = 10 * n + 4 * j;
    const auto t = theta.segment<4>(o);
    const double up = std::exp(t(2)), down = std::exp(t(3));
    D(o, o) = std::exp(t(0));
    D(o + 1, o + 1) = std::exp(t(1));
    D(o + 2, o + 2) = 0.5 * up;
    D(o + 2, o + 3) = 0.5 * down;
    D(o + 3, o + 2) = 0.5 * up;
    D(o + 3, o + 3) = -0.5 * down;
  }
  return D;
}

// d^2 pi(theta + t delta) / dt^2 at t = 0 (14 n), exact: per link J'' = U'' U^T + 2 U' U'^T +
// U U''^T with U' = dU/dt (U_kk delta_k on the diagonal, delta on the rest), U'' = U_kk delta_k^2
// on the diagonal; per drive exp(t_k) delta_k^2.
VectorXd consistent_parameters_second_derivative(const Eigen::Ref<const VectorXd>& theta,
                                                 const Eigen::Ref<const VectorXd>& delta) {
  check_size("consistent_parameters_second_derivative", "delta", delta, theta.size());
  const Eigen::Index n = joints_of("consistent_parameters_second_derivative", theta.size());
  VectorXd out(theta.size());
  for (Eigen::Index i = 0; i < n; ++i) {
    const Matrix4d U = upper_factor(theta.segment<10>(10 * i));
    const auto d = delta.segment<10>(10 * i);
    Matrix4d U1 = Matrix4d::Zero(), U2 = Matrix4d::Zero();
    for (int k = 0; k < 4; ++k) {
      U1(k, k) = U(k, k) * d(k);
      U2(k, k) = U(k, k) * d(k) * d(k);
    }
    for (int k = 0; k < 6; ++k) U1(kOffRow[k], kOffCol[k]) = d(4 + k);
    out.segment<10>(10 * i) =
        link_block(U2 * U.transpose() + 2 * U1 * U1.transpose() + U * U2.transpose());
  }
  for (Eigen::Index j = 0; j < n; ++j) {
    const Eigen::Index o = 10 * n + 4 * j;
    Eigen::Vector4d e;
    for (int k = 0; k < 4; ++k) e(k) = std::exp(theta(o + k)) * delta(o + k) * delta(o + k);
    out.segment<4>(o) << e(0), e(1), 0.5 * (e(2) + e(3)), 0.5 * (e(2) - e(3));
  }
  return out;
}

// The second-order term S = sum_k g_k d^2 pi_k / d theta^2 (14 n x 14 n, block diagonal) for a
// gradient g = d cost / d pi / 2. Per link g^T L(U U^T) = tr(U^T G U) with G the adjoint of
// link_block, so S_ab = 2 tr(U_a^T G U_b) + 2 tr(U_ab^T G U) (U_ab nonzero only on the diagonal,
// U_kk); per drive the exponentials' second derivatives.
MatrixXd consistent_parameters_curvature(const Eigen::Ref<const VectorXd>& theta,
                                         const Eigen::Ref<const VectorXd>& g) {
  const Eigen::Index n = joints_of("consistent_parameters_curvature", theta.size());
  check_size("consistent_parameters_curvature", "g", g, theta.size());
  MatrixXd S = MatrixXd::Zero(theta.size(), theta.size());
  for (Eigen::Index i = 0; i < n; ++i) {
    const Matrix4d U = upper_factor(theta.segment<10>(10 * i));
    const auto b = g.segment<10>(10 * i);
    Matrix4d G;
    G << b(6) + b(9), -b(5) / 2, -b(7) / 2, b(1) / 2,  //
        -b(5) / 2, b(4) + b(9), -b(8) / 2, b(2) / 2,    //
        -b(7) / 2, -b(8) / 2, b(4) + b(6), b(3) / 2,    //
        b(1) / 2, b(2) / 2, b(3) / 2, b(0);
    Matrix4d Ua[10];
    for (int k = 0; k < 10; ++k) {
      Ua[k].setZero();
      if (k < 4) Ua[k](k, k) = U(k, k);
      else Ua[k](kOffRow[k - 4], kOffCol[k - 4]) = 1;
    }
    for (int a = 0; a < 10; ++a)
      for (int c = 0; c < 10; ++c)
        S(10 * i + a, 10 * i + c) = 2 * (Ua[a].transpose() * G * Ua[c]).trace() +
                                    (a == c && a < 4 ? 2 * (Ua[a].transpose() * G * U).trace() : 0.0);
  }
  for (Eigen::Index j = 0; j < n; ++j) {
    const Eigen::Index o = 10 * n + 4 * j;
    S(o, o) = std::exp(theta(o)) * g(o);
    S(o + 1, o + 1) = std::exp(theta(o + 1)) * g(o + 1);
    S(o + 2, o + 2) = 0.5 * std::exp(theta(o + 2)) * (g(o + 2) + g(o + 3));
    S(o + 3, o + 3) = 0.5 * std::exp(theta(o + 3)) * (g(o + 2) - g(o + 3));
  }
  return S;
}

VectorXd log_cholesky_parameters(const Eigen::Ref<const VectorXd>& pi, double epsilon) {
  const Eigen::Index n = joints_of("log_cholesky_parameters", pi.size());
  check_finite("log_cholesky_parameters", "pi", pi);
  VectorXd theta(14 * n);
  for (Eigen::Index i = 0; i < n; ++i)
    theta.segment<10>(10 * i) = link_theta(projected(pseudo_inertia(pi, i), epsilon));
  constexpr double kDriveFloor = 1e-6;
  for (Eigen::Index j = 0; j < n; ++j) {
    const auto d = pi.segment<4>(10 * n + 4 * j);
    const double up = d(2) + d(3), down = d(2) - d(3);  // Tc+ and -Tc-
    theta.segment<4>(10 * n + 4 * j) << std::log(std::max(d(0), kDriveFloor)),
        std::log(std::max(d(1), kDriveFloor)), std::log(std::max(up, kDriveFloor)),
        std::log(std::max(down, kDriveFloor));
  }
  return theta;
}

ConsistentFit fit_physically_consistent(const LeastSquaresFit& fit, const Eigen::Ref<const MatrixXd>& K,
                                        const Eigen::Ref<const VectorXd>& pi_prior,
                                        const ConsistencyOptions& options) {
  check_fit_input(fit, K, pi_prior, options);
  const Eigen::Index n = pi_prior.size() / 14;
  // the reduced problem and the regulariser's weight lambda sigma_min(A)^2
  Problem problem;
  problem.AK = fit.reduced_matrix * K;
  problem.z = fit.reduced_rhs;
  problem.prior = pi_prior;
  problem.epsilon = options.epsilon;
  const Eigen::JacobiSVD<MatrixXd> svd(fit.reduced_matrix);
  const double s_min = svd.singularValues()(svd.singularValues().size() - 1);
  problem.sqrt_rho = std::sqrt(options.regularization) * s_min;
  // start: the better of the projected prior and the projected data-corrected prior
  ConsistentFit out;
  const VectorXd corrected =
      pi_prior + K.completeOrthogonalDecomposition().solve(fit.estimate - K * pi_prior);
  const VectorXd theta_prior = log_cholesky_parameters(pi_prior, options.epsilon);
  const VectorXd theta_data = log_cholesky_parameters(corrected, options.epsilon);
  out.theta = problem.residual(theta_data).squaredNorm() < problem.residual(theta_prior).squaredNorm()
                  ? theta_data
                  : theta_prior;
  levenberg_marquardt(problem, options, out);
  // the result and its distance to the unconstrained estimate
  out.pi = consistent_parameters(out.theta, options.epsilon);
  check_finite("fit_physically_consistent", "pi", out.pi);
  out.base = K * out.pi;
  out.gap_sigma = (out.base - fit.estimate).cwiseQuotient(fit.standard_deviation);
  out.max_gap_sigma = out.gap_sigma.cwiseAbs().maxCoeff();
  out.min_eigenvalue.resize(n);
  for (Eigen::Index i = 0; i < n; ++i)
    out.min_eigenvalue(i) =
        Eigen::SelfAdjointEigenSolver<Matrix4d>(pseudo_inertia(out.pi, i)).eigenvalues()(0);
  return out;
}

}  // namespace manipdyn
