#pragma once
/// \file forward_kinematics.hpp
/// Forward kinematics of a parallel robot: actuated joint values -> platform pose, by Newton's
/// method on the platform's coordinates. The residual is q_a(x) - q_a*, q_a(x) the actuated
/// joints of the legs closed at the pose x (kinematics.hpp); its Jacobian is the actuation
/// Jacobian A (qd_a = A xd), so each step solves A dx = q_a* - q_a(x) and moves the pose by
/// V = E dx: t += dv, R = exp([dphi]x) R (world axes). Revolute actuators' residuals are taken
/// modulo 2 pi. Every assembly: Newton from seeded starts (as stewart/forward_kinematics.hpp).
/// The conditioning of both kinds of singularity (Gosselin & Angeles 1990) at a pose. Not a hot
/// path: results hold std::vector.
#include <vector>

#include "manipdyn/core/types.hpp"
#include "manipdyn/parallel/data.hpp"
#include "manipdyn/parallel/model.hpp"

namespace manipdyn::parallel {

/// Options of forward_kinematics and forward_kinematics_all.
struct ForwardKinematicsOptions {
  int max_iterations = 50;  ///< Newton iterations per start
  /// converged when max_k |q_a,k(x) - q_a,k*| <= tolerance * max(1, max_k |q_a,k*|) (m or rad)
  double tolerance = 1e-12;
  double max_step_translation = 0.1;  ///< m: a longer step is scaled down (far starts)
  double max_step_rotation = 0.3;     ///< rad: likewise for the rotation step
  // ---- forward_kinematics_all only ----
  int starts = 100;   ///< number of starts: the home pose, then seeded random poses about it
  unsigned seed = 1;  ///< seed of the random starts (std::mt19937)
  /// m: half-width of the box of start positions about the home pose; 0 = the legs' reach
  /// (the largest distance of a leg's end from its base at home, times 2)
  double position_bound = 0.0;
  double orientation_bound = 1.0;  ///< rad: largest rotation angle of a start from the home rotation
  /// two assemblies are the same when their positions are within this (m) and their rotations
  /// within this angle (rad): distinct platform poses (a leg's other branch at the same pose,
  /// such as a U-joint turned half a turn, is not counted again; the first found is kept)
  double distinct_tolerance = 1e-6;
};

/// One assembly found by forward kinematics.
struct ForwardKinematicsResult {
  Vector3d t = Vector3d::Zero();      ///< platform position (base frame, m)
  Matrix3d R = Matrix3d::Identity();  ///< platform orientation (platform -> base)
  std::vector<VectorXd> q;            ///< each leg's joint values at the assembly
  int iterations = 0;                 ///< Newton iterations done
  double residual = 0.0;              ///< max_k |q_a,k(x) - q_a,k*| at the end
  bool converged = false;             ///< residual within the tolerance
};

/// The pose whose actuated joints are `q_actuated` (actuated_count(), model.actuators' order)
/// nearest by Newton's method to the guess (t_guess, R_guess), the legs followed from data.q.
/// Throws std::invalid_argument for a wrong size, a non-finite value, a guess the mobility
/// forbids, and when Newton's method does not converge (naming the residual and the actuator).
ForwardKinematicsResult forward_kinematics(const ParallelModel& model, ParallelData& data,
                                           const VectorXd& q_actuated, const Vector3d& t_guess,
                                           const Matrix3d& R_guess,
                                           const ForwardKinematicsOptions& options = {});

/// Every distinct assembly found from options.starts deterministic starts (the home pose, then
/// seeded random poses about it; each start's legs from their home assembly), sorted by
/// decreasing t_z. Throws std::invalid_argument for bad input and when no start converges.
std::vector<ForwardKinematicsResult> forward_kinematics_all(const ParallelModel& model,
                                                            const VectorXd& q_actuated,
                                                            const ForwardKinematicsOptions& options = {});

/// How far a pose is from the two kinds of singularity of Gosselin & Angeles (1990), each as an
/// inverse condition number in [0, 1] (0 at the singularity).
struct Conditioning {
  /// Type 2 (parallel): sigma_min / sigma_max of the actuation Jacobian A (qd_a = A xd), its
  /// rotation columns divided by `characteristic_length` (an angular rate taken as the linear
  /// rate omega L of a point L from the axis), so that the measure does not depend on units.
  double actuation = 0.0;
  /// Type 1 (serial): the smallest over the legs of sigma_min / sigma_max of the leg's end
  /// point Jacobian J_i (3 x n_i), and that leg (0-based).
  double legs = 0.0;
  int worst_leg = 0;
  double characteristic_length = 1.0;  ///< m: the mean distance of the platform points from the platform origin (1 m if zero)
};

/// The conditioning of the pose (t, R): closes the legs (inverse_kinematics), then the
/// singular values of A and of each J_i. Throws as leg_motion.
Conditioning conditioning(const ParallelModel& model, ParallelData& data, const Vector3d& t, const Matrix3d& R);

}  // namespace manipdyn::parallel
