#pragma once
/// \file lqr.hpp
/// The infinite-horizon discrete-time linear-quadratic regulator of x_{k+1} = A x_k + B u_k with
/// the cost sum_k x_k^T Q x_k + u_k^T R u_k: u_k = -K x_k, where P solves the discrete algebraic
/// Riccati equation P = Q + A^T P A - A^T P B (R + B^T P B)^-1 B^T P A and
/// K = (R + B^T P B)^-1 B^T P A (Kalman 1960; Anderson & Moore, Optimal Control: Linear Quadratic
/// Methods, 1990, sec. 2.4). With the linearised step of an arm about a pose
/// (simulation/linearized_step.hpp) it is the regulator that holds the arm there.
#include "manipdyn/core/types.hpp"

namespace manipdyn {

/// Options of discrete_lqr.
struct LqrOptions {
  /// Riccati iterations before giving up (each doubles the horizon: structure-preserving
  /// doubling, so 60 reach horizons of 2^60 steps).
  int max_iterations = 60;
  /// Converged when |P_{j+1} - P_j|_max <= tolerance * |P_{j+1}|_max.
  double tolerance = 1e-13;
};

/// The regulator found by discrete_lqr.
struct LqrGain {
  MatrixXd K;  ///< (m x n) feedback gain, u = -K x
  MatrixXd P;  ///< (n x n) cost-to-go x^T P x, symmetric positive semi-definite
  /// Largest |eigenvalue| of A - B K (< 1: the closed loop is stable).
  double spectral_radius = 0;
  int iterations = 0;  ///< doubling steps taken
};

/// Solves the discrete algebraic Riccati equation for A (n x n), B (n x m), Q (n x n, symmetric
/// positive semi-definite) and R (m x m, symmetric positive definite) by the structure-preserving
/// doubling algorithm (Chu, Fan, Lin & Wang 2004, "Structure-preserving algorithms for periodic
/// discrete-time algebraic Riccati equations", Int. J. Control 77(8), alg. SDA), which converges
/// quadratically where the pair (A, B) is stabilisable and (A, Q^1/2) detectable. Throws
/// std::invalid_argument naming the argument for wrong sizes, non-finite entries, Q or R not
/// symmetric, R not positive definite, and std::runtime_error when the iteration does not
/// converge or the closed loop it gives is not stable (the pair is not stabilisable).
LqrGain discrete_lqr(const MatrixXd& A, const MatrixXd& B, const MatrixXd& Q, const MatrixXd& R,
                     const LqrOptions& options = {});

}  // namespace manipdyn
