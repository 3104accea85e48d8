#pragma once
/// \file data.hpp
/// Per-call buffers of the parallel-robot algorithms, apart from the model (model.hpp): one
/// SerialData per leg and the closure terms. Sized once by the constructor; the algorithms
/// allocate nothing after that.
#include <vector>

#include "manipdyn/core/platform_motion.hpp"
#include "manipdyn/core/types.hpp"
#include "manipdyn/parallel/model.hpp"
#include "manipdyn/serial/data.hpp"

namespace manipdyn::parallel {

template <typename Scalar>
struct ParallelDataTpl {
  using S = Scalar;
  /// Sizes every buffer for `model`; the legs' joint values start at their home values (the
  /// first inverse kinematics' seed).
  explicit ParallelDataTpl(const ParallelModel& model);

  const ParallelModel* model = nullptr;  ///< the model the buffers are sized for

  // ---- outputs -------------------------------------------------------------------------------
  /// (actuated_count()) actuator forces or torques of the last inverse dynamics, in the order of
  /// model.actuators (joint side: N or N m).
  VectorX<S> tau;
  /// (actuated_count() x platform_dof()) the actuation Jacobian: qd_a = A xd, xd the platform's
  /// free twist components (model.E); its transpose maps actuator forces to platform forces.
  MatrixX<S> A;
  PlatformMotionTpl<S> motion;  ///< the platform motion of the last call

  // ---- the legs ------------------------------------------------------------------------------
  std::vector<SerialDataTpl<S>> leg;  ///< one per leg
  std::vector<VectorX<S>> q;          ///< (n_i) each leg's joint values (the seed of the next inverse kinematics)
  std::vector<VectorX<S>> qd;         ///< (n_i) joint rates
  std::vector<VectorX<S>> qdd;        ///< (n_i) joint accelerations
  /// Leg i's closure map, qd_i = M_i V (n_i x 6), V = [v; omega] of the platform (world axes,
  /// at its frame origin): M_i = J_i^+ [I, -[R p_i]x] with J_i the 3 x n_i Jacobian of the leg's
  /// end point.
  std::vector<Eigen::Matrix<S, Eigen::Dynamic, 6>> M;
  std::vector<Eigen::Matrix<S, 3, Eigen::Dynamic>> J;  ///< (3 x n_i) leg end point Jacobians, world
  std::vector<Eigen::Matrix<S, 3, Eigen::Dynamic>> J_plus_T;  ///< (3 x n_i) transpose of J_i^+
  AlignedVector<Vector3<S>> r;        ///< R p_i: platform origin -> point i, world (m)
  AlignedVector<Vector3<S>> omega_leg;  ///< angular velocity of each leg's end link, world (cut friction)
  std::vector<Eigen::Matrix<S, 3, Eigen::Dynamic>> J_rot;  ///< (3 x n_i) angular rows of the end Jacobian

  /// (3) each leg's end point minus its platform point after closing: zero for a leg of 3
  /// joints; for a leg of fewer, the part its joints cannot remove (zero when the pose is one the
  /// legs allow)
  AlignedVector<Vector3<S>> gap;
  std::vector<Eigen::Matrix<S, 3, Eigen::Dynamic>> W;  ///< (3 x (3 - n_i)) directions leg i cannot move its end in

  // ---- a platform whose legs restrict it (model.dependent not empty) ---------------------------
  MatrixX<S> K;   ///< (closure_rows() x platform_dof()) closure matrix, K xd = 0
  MatrixX<S> N;   ///< (platform_dof() x dof()) the platform's allowed rates: xd = N zd, zd the independent coordinates' rates
  MatrixX<S> AN;  ///< (actuated_count() x dof()) A N
  VectorX<S> closure_gap;           ///< (closure_rows()) W_i^T (end - platform point): the pose's violation of the closure
  VectorX<S> closure_velocity;      ///< (closure_rows()) W_i^T (v + omega x r_i) = K xd
  VectorX<S> closure_acceleration;  ///< (closure_rows()) W_i^T (a_point - Jdot qd)
  MatrixX<S> K_lu;             ///< (dependent x dependent) LU of K's constraint rows' dependent columns
  std::vector<int> K_perm;     ///< its row order

  // ---- the platform and the reduction ----------------------------------------------------------
  Vector6<S> platform_wrench;  ///< [force; moment about the origin] the platform needs, world
  Vector6<S> wrench_total;     ///< platform_wrench + sum_i M_i^T tau_i (world)
  VectorX<S> rhs;              ///< (platform_dof()) E^T wrench_total
  VectorX<S> rhs_dof;          ///< (dof()) N^T rhs, on a platform the legs restrict
  MatrixX<S> lu;               ///< (platform_dof() square) LU factors of A^T (core/small_lu.hpp)
  std::vector<int> perm;       ///< (platform_dof()) their row order
  VectorX<S> work;             ///< (platform_dof()) scratch of the solves
  MatrixX<S> leg_lu;           ///< (up to 3 x 3) scratch of the leg solves
  std::vector<int> leg_perm;   ///< (3) scratch of the leg solves

  // ---- forward dynamics (forward_dynamics.hpp) -------------------------------------------------
  /// (platform_dof() square) task-space inertia Lambda = E^T (M_p + sum_i M_i^T H_i M_i) E
  MatrixX<S> Lambda;
  /// (platform_dof()) task-space bias: the generalised force at xdd = 0 (forward_dynamics on a
  /// platform its legs restrict: at the completed motion with zero independent accelerations)
  VectorX<S> mu;
  VectorX<S> xdd;              ///< (platform_dof()) platform accelerations of the last forward_dynamics
  /// (dof() square) LU factors of Lambda (core/small_lu.hpp); on a platform its legs restrict,
  /// of N^T Lambda N
  MatrixX<S> Lambda_lu;
  std::vector<int> Lambda_perm;  ///< (dof()) their row order
  MatrixX<S> LambdaN;          ///< (platform_dof() x dof()) Lambda N, on a platform its legs restrict
  VectorX<S> zdd;              ///< (dof()) the independent coordinates' accelerations, on such a platform
  Eigen::Matrix<S, 6, Eigen::Dynamic> E;     ///< (6 x platform_dof()) model.E in the scalar S
  Eigen::Matrix<S, 6, Eigen::Dynamic> MpE;   ///< (6 x platform_dof()) platform spatial inertia times E
  std::vector<MatrixX<S>> ME;  ///< (n_i x platform_dof()) M_i E: leg i's joint rates per platform coordinate
  std::vector<MatrixX<S>> HME; ///< (n_i x platform_dof()) H_i M_i E, H_i leg i's mass matrix
};

using ParallelData = ParallelDataTpl<double>;

}  // namespace manipdyn::parallel
