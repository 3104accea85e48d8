#pragma once
/// \file time_optimal_path.hpp
/// Time-optimal path parametrisation by reachability analysis (TOPP-RA: Pham & Pham 2018, "A
/// new approach to time-optimal path parameterization based on reachability analysis", IEEE
/// Trans. Robotics 34(3)). A path q(s), s in [s_0, s_N], is followed at the rate sdot; with
/// b = sdot^2 and u = sddot (so db/ds = 2u), the dynamics along the path are
///     tau = a(s) u + b(s) b + c(s)            (Bobrow, Dubowsky & Gibson 1985),
/// one row per actuator j, with tau_min_j <= tau_j <= tau_max_j. On the grid s_0 < ... < s_N,
/// u_k is constant over [s_k, s_k+1] (b_{k+1} = b_k + 2 Delta_k u_k) and the constraints hold at
/// every grid point k with (u_k, b_k) (Pham & Pham 2018, eq. 8).
///  - Backward pass: the controllable sets K_k = [0, bmax_k] (the b from which the rest of the
///    path can be followed to rest), K_N = {0}. For a given b the admissible u of each
///    constraint is an interval whose ends are linear in b, and so is the step constraint
///    0 <= b + 2 Delta_k u <= bmax_{k+1}; u exists iff every lower end is below every upper end,
///    one linear inequality in b per pair: K_k is the intersection of those intervals of b.
///  - Forward pass: from b_0 = 0, the greatest u_k admissible at b_k that keeps b_{k+1} in
///    K_{k+1} (greedy, optimal by Pham & Pham 2018, Theorem 2).
/// Optionally the limits also hold at the end of each interval (PathDynamics::a_end, b_end,
/// c_end: the first-order interpolation of Pham & Pham 2018, sec. VI-B), with the
/// interval's own coefficients where they jump at a grid point.
/// The motion starts and ends at rest. Each point must be feasible at rest (c_k within the
/// limits): a point that is not is refused, naming it and the actuator.
#include <vector>

#include "manipdyn/core/types.hpp"

namespace manipdyn {

/// The problem of time_optimal_path(): a path's grid and its dynamics coefficients.
struct PathDynamics {
  VectorXd s;           ///< (N+1) grid of the path parameter, strictly increasing, N >= 1
  MatrixXd a;           ///< (N+1 x m) coefficient of sddot of each actuator at each point
  MatrixXd b;           ///< (N+1 x m) coefficient of sdot^2
  MatrixXd c;           ///< (N+1 x m) the term at rest (gravity)
  VectorXd tau_min;     ///< (m) lower limits (< tau_max; -infinity allowed)
  VectorXd tau_max;     ///< (m) upper limits (+infinity allowed)
  /// (N+1) optional upper bound on b = sdot^2 at each point (a speed limit), >= 0; empty: none.
  VectorXd b_max;
  /// (N x m each) optional: the coefficients at the end of each interval k (at s_{k+1}, on the
  /// interval's side where they jump there). Given, u_k must also keep a_end_k u_k + b_end_k
  /// b_{k+1} + c_end_k within the limits, b_{k+1} = b_k + 2 Delta_k u_k (the first-order
  /// interpolation of Pham & Pham 2018, sec. VI-B): the limits then hold at both ends of every
  /// interval, so a coefficient that jumps between grid points (a corner of curvature on a grid
  /// point) is not missed. Empty: the constraints at the grid points only (collocation).
  MatrixXd a_end, b_end, c_end;
};

/// The time-optimal motion along the path (time_optimal_path()).
struct TimeOptimalPath {
  VectorXd s;            ///< (N+1) the grid
  VectorXd b;            ///< (N+1) sdot^2 at each point (b_0 = b_N = 0)
  VectorXd sd;           ///< (N+1) sdot = sqrt(b)
  /// (N+1) sddot: u_k over [s_k, s_k+1] for k < N; u_N the admissible value at the end
  /// (b_N = 0) nearest u_{N-1}.
  VectorXd u;
  VectorXd t;            ///< (N+1) time at each point, t_0 = 0: t_{k+1} - t_k = 2 Delta_k / (sdot_k + sdot_k+1)
  VectorXd controllable_b_max;  ///< (N+1) the controllable sets K_k = [0, bmax_k] of the backward pass
  /// (N+1) what bounds u_k: the actuator j (0-based) at one of its limits (at s_k, or at
  /// s_{k+1} by the end rows), or -1 when the
  /// controllable set K_{k+1} (or the speed bound b_max) does: b_{k+1} = bmax_{k+1}. The last
  /// point (at rest, b_N = bmax_N = 0) is -1.
  std::vector<int> active;
  double duration = 0.0;  ///< t_N, s
};

/// The time-optimal rest-to-rest motion along `path` (the file comment: TOPP-RA). The forces
/// a_k u_k + b_k b_k + c_k are within [tau_min, tau_max] at every point (to rounding). Throws
/// std::invalid_argument for sizes that disagree, non-finite coefficients, a grid that does not
/// increase, limits with tau_min >= tau_max, and a point that violates a limit at rest ("grid
/// point 12 (s = 0.3): actuator 2 needs 812 at rest, beyond its limits [-500, 500]"; the end
/// rows likewise, "the end of interval 11"), or a path that cannot be left at rest (every
/// admissible b zero on an interval).
TimeOptimalPath time_optimal_path(const PathDynamics& path);

}  // namespace manipdyn
