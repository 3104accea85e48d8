#pragma once
/// \file derivatives.hpp
/// Derivatives of the Stewart platform's dynamics, both models (Dasgupta & Mruthyunjaya 1998;
/// Pedrammehr et al. 2012), with the models' friction (issue 20 item 2; docs/stewart/derivatives.md).
///
/// Variables (base frame throughout):
///  - x = [t; phi] (6): the platform position t and a rotation perturbation phi applied on the
///    left, R <- exp([phi]x) R (phi in the base frame; the convention of forward_kinematics'
///    Newton step). d/dphi_k at phi = 0 moves R along [e_k]x R; v, omega, a, alpha are held fixed;
///  - xd = [v; omega] (6): velocity of the platform-frame origin and angular velocity;
///  - xdd = [a; alpha] (6): their time derivatives.
/// The external wrench (platform frame) is held fixed in the platform frame, so it turns with R.
///
/// Friction: the Stewart models have viscous friction only (Cu at the U joints, Cp at the
/// prismatic actuators, Cs at the S joints, Dasgupta eqs. 17-18, 23), which is smooth and
/// differentiated exactly; there is no Coulomb term in these models.
///
/// Method (this version): forward-mode automatic differentiation, a Dual<12> scalar
/// (core/dual.hpp) seeded along x and xd run once through the templated inverse dynamics (or, for
/// the forward dynamics, the elimination's H D - c); exact to rounding. F is affine in xdd,
/// F = G(x) xdd + F(x, xd, 0) with H G = Lambda (forward_dynamics.hpp), so dF/dxdd = H^-1 Lambda
/// from the closed-form task-space inertia. An analytic pass is a later step.
#include "manipdyn/core/dual.hpp"
#include "manipdyn/stewart/data.hpp"
#include "manipdyn/stewart/pose.hpp"

namespace manipdyn::stewart {

/// The scalar of the derivative runs: a value and 12 directions, x (6) then xd (6).
using StewartDual = Dual<12>;

/// Workspace and results of the Stewart derivatives (fixed sizes; build once, reuse per call).
/// About 90 kB: keep it on the heap in small-stack threads.
struct StewartDerivativesData {
  // ---- inverse_dynamics_derivatives -------------------------------------------------------
  Vector6d F = Vector6d::Zero();                          ///< leg forces (6, N)
  Matrix6<double> dF_dx = Matrix6<double>::Zero();        ///< dF/dx, x = [t; phi] (6 x 6)
  Matrix6<double> dF_dxd = Matrix6<double>::Zero();       ///< dF/dxd, xd = [v; omega] (6 x 6)
  Matrix6<double> dF_dxdd = Matrix6<double>::Zero();      ///< dF/dxdd = H^-1 Lambda, xdd = [a; alpha] (6 x 6)
  // ---- forward_dynamics_derivatives -------------------------------------------------------
  Vector6d xdd = Vector6d::Zero();                        ///< platform acceleration [a; alpha] (6)
  Matrix6<double> dxdd_dx = Matrix6<double>::Zero();      ///< dxdd/dx (6 x 6)
  Matrix6<double> dxdd_dxd = Matrix6<double>::Zero();     ///< dxdd/dxd (6 x 6)
  Matrix6<double> dxdd_dF = Matrix6<double>::Zero();      ///< dxdd/dF = Lambda^-1 H = (dF/dxdd)^-1 (6 x 6)
  // ---- workspaces -------------------------------------------------------------------------
  StewartData plain;                   ///< double run: Lambda, its factors, H, the forward dynamics
  StewartDataTpl<StewartDual> dual;    ///< the dual run (values equal the double run's)

  StewartDerivativesData() = default;
  /// A workspace for `model` (sizes are fixed; the model is not referenced).
  explicit StewartDerivativesData(const StewartModel&) {}
};

/// Leg forces F (6) of model `which` and their derivatives dF/dx, dF/dxd, dF/dxdd (6 x 6 each,
/// variables in the file comment) at `motion` (t, R, v, omega, a, alpha; base frame) under the
/// external wrench (platform frame). Results in data.F, data.dF_dx, data.dF_dxd, data.dF_dxdd;
/// data.dual holds the inverse dynamics' other outputs (condition_number, ...) as values.
/// Throws std::invalid_argument for a non-finite input or an R that is not a rotation
/// ("inverse_dynamics_derivatives: motion.t[0] is nan"), a singular pose (as inverse_dynamics),
/// or a non-finite result. Cost: one inverse dynamics in Dual<12> arithmetic plus Lambda and
/// six 6 x 6 solves (bench_stewart: BM_InverseDynamicsDerivatives).
const StewartDerivativesData& inverse_dynamics_derivatives(DynamicsModel which,
                                                           const StewartModel& model,
                                                           StewartDerivativesData& data,
                                                           const PlatformMotion& motion,
                                                           const ExternalWrench& wrench = {});

/// Platform acceleration xdd (6) of model `which` for the leg forces F (6, N) at `state` (t, R,
/// v, omega; a and alpha are not read), as forward_dynamics, and its derivatives dxdd/dx,
/// dxdd/dxd, dxdd/dF (6 x 6 each). From the forward dynamics' equation
/// r(x, xd, xdd) = H(x) F - (H D - c)(x, xd, xdd) = H F - Lambda xdd - mu = 0:
///   dxdd/dF = Lambda^-1 H,  dxdd/dx = Lambda^-1 dr/dx,  dxdd/dxd = Lambda^-1 dr/dxd,
/// dr by one Dual<12> run of the elimination at the solved xdd; Lambda^-1 by the forward
/// dynamics' L D L^T factors. Equal to -(dF/dxdd)^-1 dF/d(x, xd) where H is regular, and
/// defined at a singular H too (like forward_dynamics). Results in data.xdd, data.dxdd_dx,
/// data.dxdd_dxd, data.dxdd_dF (and data.plain: Lambda, mu, H). Throws std::invalid_argument for a
/// non-finite input or an R that is not a rotation ("forward_dynamics_derivatives: F[2] is nan"),
/// what forward_dynamics throws (a leg along its U-joint axis, a singular Lambda), or for a
/// non-finite result.
const StewartDerivativesData& forward_dynamics_derivatives(DynamicsModel which,
                                                           const StewartModel& model,
                                                           StewartDerivativesData& data,
                                                           const PlatformMotion& state,
                                                           const Vector6d& F,
                                                           const ExternalWrench& wrench = {});

/// The motion as StewartDual numbers seeded along x = [t; phi] (directions 0-5) and xd = [v;
/// omega] (directions 6-11): t_i with e_i, R with d R / d phi_k = [e_k]x R, v and omega with
/// e_{6+i} and e_{9+i}; a, alpha (and the wrench) constant. What both derivatives run.
PlatformMotionTpl<StewartDual> seeded_motion(const PlatformMotion& motion);

}  // namespace manipdyn::stewart
