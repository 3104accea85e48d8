#pragma once
/// \file derivatives.hpp
/// Derivatives of a parallel robot's dynamics (inverse_dynamics.hpp, forward_dynamics.hpp) with
/// respect to the platform coordinates (p = platform_dof(), V = E xd, world axes):
///  - x (p): the pose moved along column k of E, E_k = [e_v; e_w]: t <- t + s e_v and
///    R <- exp(s [e_w]x) R (a rotation applied on the left, world axes), v, omega, a, alpha held;
///  - xd (p): V <- V + s E_k;
///  - xdd (p): [a; alpha] <- [a; alpha] + s E_k.
/// The external wrench is held in the platform frame (it turns with R).
///
/// Method: forward-mode automatic differentiation with the one-direction dual Dual1
/// (core/dual.hpp), one run of the templated algorithms per column, exact to rounding (the legs'
/// Newton closure carries the dual parts to convergence). The forward dynamics' derivatives come
/// from its equation r = A^T tau_a - f(x, xd, xdd) = 0, f the generalised force
/// (generalized_force, = Lambda xdd + mu):
///     dxdd/dx = Lambda^-1 (dA^T/dx tau_a - df/dx),  dxdd/dxd = -Lambda^-1 df/dxd,
///     dxdd/dtau_a = Lambda^-1 A^T,
/// df by the dual runs at the solved xdd, Lambda^-1 by the forward dynamics' LU factors; defined
/// at a singular A too, and equal to -(dtau_a/dxdd)^-1 dtau_a/d(x, xd) where A is regular.
#include "manipdyn/core/dual.hpp"
#include "manipdyn/parallel/data.hpp"
#include "manipdyn/parallel/model.hpp"

namespace manipdyn::parallel {

/// Workspace and results of the derivatives (sized once for a model; no allocation per call).
struct ParallelDerivativesData {
  /// Sizes every buffer for `model`.
  explicit ParallelDerivativesData(const ParallelModel& model);

  // ---- inverse_dynamics_derivatives ----------------------------------------------------------
  VectorXd tau;       ///< (actuated_count()) actuator forces
  MatrixXd dtau_dx;   ///< (actuated_count() x p) dtau_a/dx
  MatrixXd dtau_dxd;  ///< (actuated_count() x p) dtau_a/dxd
  MatrixXd dtau_dxdd; ///< (actuated_count() x p) dtau_a/dxdd = A^-T Lambda
  // ---- forward_dynamics_derivatives ----------------------------------------------------------
  VectorXd xdd;        ///< (p) platform accelerations
  MatrixXd dxdd_dx;    ///< (p x p) dxdd/dx
  MatrixXd dxdd_dxd;   ///< (p x p) dxdd/dxd
  MatrixXd dxdd_dtau;  ///< (p x actuated_count()) dxdd/dtau_a = Lambda^-1 A^T
  // ---- workspaces ----------------------------------------------------------------------------
  ParallelData plain;               ///< the double run (Lambda, its factors, A, the legs)
  ParallelDataTpl<Dual1> dual;      ///< the dual runs (values equal the double run's)
  VectorXd column;                  ///< (p) scratch of the Lambda solves
  VectorXd work;                    ///< (p) scratch of the Lambda solves
};

/// The actuator forces tau_a at `motion` under `wrench` (inverse_dynamics) and their derivatives
/// dtau_a/dx, dtau_a/dxd, dtau_a/dxdd (file comment), one Dual1 run of inverse_dynamics per
/// column. Results in data.tau, dtau_dx, dtau_dxd, dtau_dxdd. Throws as inverse_dynamics
/// (an unreachable or singular pose, a non-finite input), and for a platform its legs restrict
/// (model.dependent not empty: not yet).
const ParallelDerivativesData& inverse_dynamics_derivatives(const ParallelModel& model, ParallelDerivativesData& data,
                                                            const PlatformMotion& motion,
                                                            const ExternalWrench& wrench = {});

/// The platform accelerations xdd (p) for tau_a at `state` (pose and twist; a, alpha not read)
/// under `wrench` (forward_dynamics) and their derivatives dxdd/dx, dxdd/dxd, dxdd/dtau_a (file
/// comment). Results in data.xdd, dxdd_dx, dxdd_dxd, dxdd_dtau. Throws as forward_dynamics, and
/// for a platform its legs restrict (model.dependent not empty: not yet).
const ParallelDerivativesData& forward_dynamics_derivatives(const ParallelModel& model, ParallelDerivativesData& data,
                                                            const PlatformMotion& state, const VectorXd& tau_a,
                                                            const ExternalWrench& wrench = {});

/// Which variable a seeded motion moves.
enum class DerivativeVariable { x, xd, xdd };

/// `motion` in Dual1 with the derivative along column k of E for `variable` (file comment):
/// x: t' = e_v, R' = [e_w]x R; xd: V' = E_k; xdd: [a; alpha]' = E_k.
PlatformMotionTpl<Dual1> seeded_motion(const ParallelModel& model, const PlatformMotion& motion,
                                       DerivativeVariable variable, int k);

}  // namespace manipdyn::parallel
