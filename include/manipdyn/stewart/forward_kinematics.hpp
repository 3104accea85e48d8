#pragma once
/// \file forward_kinematics.hpp
/// Forward kinematics of the 6-UPS platform: leg lengths -> platform pose, by Newton-Raphson on
/// the six length equations L_i(t, R) = |R p_i + t - b_i| = L_i* with the analytic Jacobian.
/// The pose is updated as t += dt, R = exp([dphi]x) R (dphi in the base frame), for which the
/// Jacobian is dL/d[dt; dphi] = H^T, H = [s_i; q_i x s_i] of Dasgupta 1998 eq. 36, so the
/// iteration is H^T delta = L* - L(x) and converges quadratically near a regular assembly.
/// Not a hot path: results hold std::vector logs.
#include <vector>

#include "manipdyn/core/types.hpp"
#include "manipdyn/stewart/model.hpp"

namespace manipdyn::stewart {

/// Options of forward_kinematics and forward_kinematics_all.
struct ForwardKinematicsOptions {
  int max_iterations = 50;          ///< Newton iterations per start
  /// converged when max_i |L_i(x) - L_i*| <= tolerance * max(1 m, max_i L_i*) (m)
  double tolerance = 1e-13;
  double max_step_translation = 0.25;  ///< m: a longer Newton step is scaled down (far starts)
  double max_step_rotation = 0.5;      ///< rad: likewise for the rotation step |dphi|
  double condition_warning = 1e3;      ///< cond(H) above this at the solution sets near_singular
  // ---- forward_kinematics_all only ----
  int starts = 200;                 ///< number of starts (the first two: above and below the base)
  unsigned seed = 1;                ///< seed of the pseudo-random starts (std::mt19937)
  /// m: keep assemblies with |t - centroid(b)| <= position_bound; 0 means
  /// max_i |b_i - centroid(b)| + max_i |p_i| + max_i L_i* (every assembly satisfies this)
  double position_bound = 0.0;
  /// rad: keep assemblies whose rotation angle (of R, from the identity) is <= this
  double orientation_bound = 3.141592653589793;
  /// two poses are the same assembly when |t1 - t2| <= this (m) and the angle of R1^T R2 <= this (rad)
  double distinct_tolerance = 1e-6;
};

/// One assembly found by forward kinematics.
struct ForwardKinematicsResult {
  Vector3d t = Vector3d::Zero();       ///< platform position (base frame, m)
  Matrix3d R = Matrix3d::Identity();   ///< platform orientation (platform -> base)
  Vector3d rpy = Vector3d::Zero();     ///< RPY angles of R (Dasgupta eq. 38), rad
  int iterations = 0;                  ///< Newton iterations done
  /// max_i |L_i - L_i*| (m) before each iteration and after the last (iterations + 1 entries)
  std::vector<double> residual_log;
  double residual = 0.0;               ///< the last entry of residual_log
  double condition_number = 0.0;       ///< cond(H) at the solution (sigma_max / sigma_min)
  bool near_singular = false;          ///< condition_number > options.condition_warning
  bool converged = false;              ///< residual within the tolerance
};

/// The pose with leg lengths `leg_lengths` (6, m, each > 0) nearest by Newton-Raphson to the guess
/// (t_guess, R_guess): the previous pose in a simulation. Throws std::invalid_argument for bad
/// input ("forward_kinematics: leg_lengths[2] is nan", "... leg_lengths[4] = -0.1 is not
/// positive", "... R_guess is not a rotation matrix") and when Newton-Raphson does not converge,
/// naming the residual ("... did not converge in 50 iterations: residual max|L - L*| = 0.012 m at
/// leg 3 ..."). A converged result near a singularity has near_singular = true.
ForwardKinematicsResult forward_kinematics(const StewartModel& model, const Vector6d& leg_lengths,
                                           const Vector3d& t_guess, const Matrix3d& R_guess,
                                           const ForwardKinematicsOptions& options = {});

/// Every distinct real assembly found from options.starts deterministic starts (seeded; the first
/// two above and below the base, the others with positions uniform in the box of half-width
/// position_bound about centroid(b) and uniformly random orientations), within the position and
/// orientation bounds, distinct by options.distinct_tolerance; sorted by decreasing t_z (the
/// usual assembly above the base first). Throws std::invalid_argument for bad input and when no
/// start converges, naming the smallest residual reached.
std::vector<ForwardKinematicsResult> forward_kinematics_all(const StewartModel& model,
                                                            const Vector6d& leg_lengths,
                                                            const ForwardKinematicsOptions& options = {});

}  // namespace manipdyn::stewart
