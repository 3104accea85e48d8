#pragma once
/// \file free_floating_study.hpp
/// A free-floating space manipulator (Umetani & Yoshida 1989, "Resolved motion rate control of
/// space manipulators with generalized Jacobian matrix", IEEE Trans. Robotics and Automation
/// 5(3)): a satellite base (a free-flyer, a uniform cube) carrying the PUMA 560's six links
/// (Corke's numbers, without drives), no gravity, zero initial momentum. The arm follows a
/// joint trajectory (rest-to-rest quintics around a closed loop start -> goal -> via -> start); the base moves so that the
/// momentum stays zero: with M the free-flyer mass matrix (base rows first, configuration.hpp's
/// conventions), the base twist is v_b = -M_bb^-1 M_bj qd. The base pose is integrated on SE(3)
/// by RK4 in local coordinates (simulation/lie_group_rk.hpp), the joints read from the
/// trajectory. Along the motion the study measures
///  - the base's attitude change R(0)^T R(t) (rotation vector and angle) and displacement: the
///    attitude does not return when the arm does (the non-holonomic constraint);
///  - the momentum residual |h_G| (centroidal momentum, serial/centroidal_momentum.hpp) over the
///    largest momentum the arm's motion alone carries, and the drift of the centre of mass
///    (fixed at zero momentum) from the integration;
///  - the generalized Jacobian J* = J_m - J_b M_bb^-1 M_bj (J_b, J_m: the end-effector
///    Jacobian's base and joint columns) against central differences of the end-effector pose
///    along the motion (the base re-integrated from each sample to t +- fd_step).
#include <string>

#include "manipdyn/core/types.hpp"

namespace manipdyn {

/// Options of free_floating_study().
struct FreeFloatingStudyOptions {
  double base_mass = 100.0;        ///< kg, the satellite (a uniform cube)
  double base_side = 1.0;          ///< m, the cube's side; the arm's frame 0 on its top face
  VectorXd q_start;                ///< (6) rad; empty: (0, -0.5, 0.8, 0, 0.5, 0)
  VectorXd q_goal;                 ///< (6) rad; empty: (1.2, -1.4, 1.6, 1.0, -0.6, 1.2)
  VectorXd q_via;                  ///< (6) rad; empty: (0, -1.4, 1.6, -1, 0.5, 1.2)
  double segment_duration = 2.0;   ///< s, each of start -> goal -> via -> start
  double sample_period = 0.01;     ///< s, the logged samples
  double step = 1e-3;              ///< s, the RK4 step of the base pose
  double fd_step = 1e-4;           ///< s, the central difference of the end-effector pose
};

/// What free_floating_study() measured, one row per sample.
struct FreeFloatingStudyResult {
  std::string model_name;         ///< the free-flyer model
  double total_mass = 0.0;        ///< kg
  VectorXd t;                     ///< (N) s
  MatrixXd q;                     ///< (N x 13) configuration (base pose, joints)
  MatrixXd v;                     ///< (N x 12) velocity (base twist in the base frame, joints)
  MatrixXd base_rotation_vector;  ///< (N x 3) rad, log of R(0)^T R(t) (initial base frame)
  VectorXd base_angle;            ///< (N) rad, the attitude change's angle
  MatrixXd base_displacement;     ///< (N x 3) m, p(t) - p(0) in the world
  VectorXd momentum_residual;     ///< (N) |h_G| / max_t |A_G,joints qd| (relative)
  VectorXd com_drift;             ///< (N) m, |c(t) - c(0)|
  VectorXd jacobian_error;        ///< (N) |J* qd - FD twist| / max_t |FD twist| (relative)
  double max_momentum_residual = 0.0;  ///< over the run
  double max_com_drift = 0.0;          ///< m
  double max_jacobian_error = 0.0;     ///< relative
  double max_arm_momentum = 0.0;       ///< the scale of momentum_residual (SI, 6-vector norm)
  double final_angle = 0.0;            ///< rad, the attitude change when the arm is back
};

/// Runs the study. Throws std::invalid_argument for bad options (non-positive mass, side,
/// durations, periods or steps, a step longer than the sample period, joint vectors not of 6
/// finite entries).
FreeFloatingStudyResult free_floating_study(const FreeFloatingStudyOptions& options = {});

}  // namespace manipdyn
