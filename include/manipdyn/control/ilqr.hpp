#pragma once
/// \file ilqr.hpp
/// Iterative LQR with control limits (box-DDP): the control sequence u_0..u_{N-1} that minimises
///     J = sum_k 1/2 (x_k - x_goal)^T Q (x_k - x_goal) + 1/2 (u_k - u_ref)^T R (u_k - u_ref)
///       + 1/2 (x_N - x_goal)^T Q_f (x_N - x_goal)
/// subject to x_{k+1} = f(x_k, u_k) and u_min <= u_k <= u_max, from the step f and its
/// linearisation A_k = df/dx, B_k = df/du (for an arm: simulation/linearized_step.hpp).
/// The method: Li & Todorov 2004 (iLQR: the Gauss-Newton form of DDP), the control limits by a
/// box-constrained QP in the backward pass with the clamped directions removed from the feedback
/// gain (Tassa, Mansard & Todorov 2014, "Control-limited differential dynamic programming",
/// ICRA, alg. 1 and sec. III.B), Levenberg-Marquardt regularisation of V_xx (Tassa, Erez &
/// Todorov 2012, sec. II.F) and a backtracking line search on the expected decrease.
#include <functional>
#include <vector>

#include "manipdyn/core/types.hpp"

namespace manipdyn {

/// A discrete-time system for ilqr: its state and control sizes, the step and its linearisation.
struct DiscreteDynamics {
  int state_size = 0;    ///< nx
  int control_size = 0;  ///< nu
  /// x_next (nx) = f(x (nx), u (nu)); may throw (e.g. a non-finite state).
  std::function<void(const VectorXd& x, const VectorXd& u, VectorXd& x_next)> step;
  /// x_next as `step` does, with A (nx x nx) = df/dx and B (nx x nu) = df/du at (x, u).
  std::function<void(const VectorXd& x, const VectorXd& u, VectorXd& x_next, MatrixXd& A,
                     MatrixXd& B)>
      linearize;
};

/// The quadratic cost of ilqr (file comment). Q, Q_f: (nx x nx) symmetric positive
/// semi-definite; R: (nu x nu) symmetric positive definite.
struct QuadraticCost {
  MatrixXd Q, R, Q_final;
  VectorXd x_goal;  ///< (nx)
  VectorXd u_ref;   ///< (nu); empty: zero (minimum effort)
};

/// Options of ilqr.
struct IlqrOptions {
  int max_iterations = 200;
  /// Converged when an accepted iteration lowers J by less than this fraction of J.
  double tolerance = 1e-7;
  /// Control limits (nu each); empty: none. u_min < u_max.
  VectorXd u_min, u_max;
  /// Levenberg-Marquardt parameter mu on V_xx: its first value, and the bounds (mu above
  /// mu_max: the backward pass or the line search keeps failing; the call stops).
  double mu_initial = 1e-6, mu_min = 1e-9, mu_max = 1e10;
  /// Called after every iteration with its number (1-based) and J.
  std::function<void(int iteration, double cost)> progress;
};

/// What ilqr found.
struct IlqrResult {
  MatrixXd x;  ///< (N + 1 x nx) states, row k = x_k
  MatrixXd u;  ///< (N x nu) controls, row k = u_k
  std::vector<MatrixXd> K;  ///< N feedback gains (nu x nx): u = u_k + K_k (x - x_k)
  std::vector<double> cost;  ///< J of the initial rollout, then after every accepted iteration
  int iterations = 0;        ///< backward passes run
  bool converged = false;    ///< the tolerance was met
  double mu = 0;             ///< the regularisation at the end
};

/// Minimises the cost from x0 (nx) starting from the controls u_initial (N x nu; clamped to the
/// limits). Throws std::invalid_argument naming the argument for sizes, non-finite entries,
/// Q/Q_final not symmetric, R not positive definite, u_min >= u_max, and N < 1; the errors of
/// the dynamics propagate. Stops (converged = false) when the regularisation exceeds mu_max.
IlqrResult ilqr(const DiscreteDynamics& dynamics, const QuadraticCost& cost, const VectorXd& x0,
                const MatrixXd& u_initial, const IlqrOptions& options = {});

/// The box-constrained QP min 1/2 d^T H d + g^T d subject to lower <= d <= upper by projected
/// Newton (Tassa et al. 2014, sec. III.B, alg. 1; Bertsekas 1982): `free` marks the entries not
/// at an active bound, H_free is factorised at the solution. Returns false if H restricted to
/// the free entries is not positive definite. `d` holds the start on entry (clamped inside).
bool box_qp(const MatrixXd& H, const VectorXd& g, const VectorXd& lower, const VectorXd& upper,
            VectorXd& d, Eigen::Array<bool, Eigen::Dynamic, 1>& free);

}  // namespace manipdyn
