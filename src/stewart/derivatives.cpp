// Derivatives of the Stewart platform's dynamics, both models, by forward-mode automatic
// differentiation through the templated inverse dynamics (see derivatives.hpp).
#include "manipdyn/stewart/derivatives.hpp"

#include <initializer_list>
#include <utility>

#include "manipdyn/core/check.hpp"
#include "manipdyn/stewart/forward_dynamics.hpp"
#include "manipdyn/stewart/inverse_dynamics.hpp"
#include "manipdyn/stewart/inverse_kinematics.hpp"
#include "manipdyn/stewart/task_space_elimination.hpp"

namespace manipdyn::stewart {

namespace {

constexpr int kX = 0;   // first direction of x = [t; phi]
constexpr int kXd = 6;  // first direction of xd = [v; omega]

// The values of a dual vector or matrix.
template <int R, int C>
Eigen::Matrix<double, R, C> values(const Eigen::Matrix<StewartDual, R, C>& m) {
  return m.unaryExpr([](const StewartDual& z) { return z.value(); });
}

// The 6 x 6 block of derivatives of v (6) along directions first..first+5: out(r, k) = dv_r/dz_k.
Matrix6<double> directions(const Vector6<StewartDual>& v, int first) {
  Matrix6<double> out;
  for (int r = 0; r < 6; ++r)
    for (int k = 0; k < 6; ++k) out(r, k) = v(r).derivative(first + k);
  return out;
}

// The wrench as dual constants (held fixed in the platform frame).
ExternalWrenchTpl<StewartDual> constant_wrench(const ExternalWrench& w) {
  ExternalWrenchTpl<StewartDual> c;
  c.f = w.f.cast<StewartDual>();
  c.m = w.m.cast<StewartDual>();
  return c;
}

// The input checks of both entries, named `where`.
void check_inputs(const char* where, const PlatformMotion& motion, const ExternalWrench& wrench) {
  check_motion(where, motion);
  check_finite(where, "wrench.f", wrench.f);
  check_finite(where, "wrench.m", wrench.m);
}

// Every output `names[j]` = `outputs[j]` finite, else the error naming it and the largest input.
void check_outputs(const char* where, std::initializer_list<std::pair<const char*, const Matrix6<double>*>> outputs,
                   const PlatformMotion& m, const ExternalWrench& w) {
  for (const auto& [name, value] : outputs)
    check_result(where, name, *value, result_input("motion.t", m.t), result_input("motion.v", m.v),
                 result_input("motion.omega", m.omega), result_input("motion.a", m.a),
                 result_input("motion.alpha", m.alpha), result_input("wrench.f", w.f),
                 result_input("wrench.m", w.m));
}

}  // namespace

PlatformMotionTpl<StewartDual> seeded_motion(const PlatformMotion& m) {
  PlatformMotionTpl<StewartDual> s;
  for (int i = 0; i < 3; ++i) {
    // x = [t; phi], xd = [v; omega]; a and alpha constant
    s.t(i) = StewartDual::variable(m.t(i), kX + i);
    s.v(i) = StewartDual::variable(m.v(i), kXd + i);
    s.omega(i) = StewartDual::variable(m.omega(i), kXd + 3 + i);
    s.a(i) = m.a(i);
    s.alpha(i) = m.alpha(i);
  }
  // R <- exp([phi]x) R: dR/dphi_k = [e_k]x R, column j of which is e_k x R e_j
  s.R = m.R.cast<StewartDual>();
  for (int k = 0; k < 3; ++k)
    for (int j = 0; j < 3; ++j) {
      const Vector3d dcol = Vector3d::Unit(k).cross(m.R.col(j));
      for (int i = 0; i < 3; ++i) s.R(i, j).set_derivative(kX + 3 + k, dcol(i));
    }
  return s;
}

const StewartDerivativesData& inverse_dynamics_derivatives(DynamicsModel which,
                                                           const StewartModel& model,
                                                           StewartDerivativesData& data,
                                                           const PlatformMotion& motion,
                                                           const ExternalWrench& wrench) {
  const char* where = "inverse_dynamics_derivatives";
  check_inputs(where, motion, wrench);
  // F, dF/dx and dF/dxd: one inverse dynamics in Dual<12> arithmetic
  const Vector6<StewartDual>& F =
      inverse_dynamics(which, model, data.dual, seeded_motion(motion), constant_wrench(wrench));
  data.F = values(F);
  data.dF_dx = directions(F, kX);
  data.dF_dxd = directions(F, kXd);
  // dF/dxdd = H^-1 Lambda (F is affine in xdd and H dF/dxdd = Lambda, forward_dynamics.hpp), with
  // the closed-form Lambda and the inverse dynamics' own LU factors of H
  task_space_inertia(which, model, data.plain, motion);
  data.plain.lu = values(data.dual.lu);
  data.plain.perm = data.dual.perm;
  data.dF_dxdd = solve_leg_jacobian(data.plain, data.plain.Lambda);
  check_outputs(where, {{"dF_dx", &data.dF_dx}, {"dF_dxd", &data.dF_dxd}, {"dF_dxdd", &data.dF_dxdd}},
                motion, wrench);
  return data;
}

const StewartDerivativesData& forward_dynamics_derivatives(DynamicsModel which,
                                                           const StewartModel& model,
                                                           StewartDerivativesData& data,
                                                           const PlatformMotion& state,
                                                           const Vector6d& F,
                                                           const ExternalWrench& wrench) {
  const char* where = "forward_dynamics_derivatives";
  PlatformMotion at = state;
  at.a.setZero();
  at.alpha.setZero();
  check_inputs(where, at, wrench);
  check_finite(where, "F", F);
  // xdd, Lambda = L D L^T and H: the forward dynamics in double
  data.xdd = forward_dynamics(which, model, data.plain, at, F, wrench);
  // r = H F - (H D - c) at the solved xdd, with its derivatives along x and xd (one Dual<12>
  // run of the elimination, no solve with H)
  at.a = data.xdd.head<3>();
  at.alpha = data.xdd.tail<3>();
  data.dual.motion = seeded_motion(at);
  const Vector6<StewartDual> u = actuator_wrench_from_motion(which, model, data.dual, constant_wrench(wrench));
  const Vector6<StewartDual> r = data.dual.H * F.cast<StewartDual>() - u;
  const Matrix6<double> dr_dx = directions(r, kX), dr_dxd = directions(r, kXd);
  // dxdd/dF = Lambda^-1 H, dxdd/dx = Lambda^-1 dr/dx, dxdd/dxd = Lambda^-1 dr/dxd
  for (int k = 0; k < 6; ++k) {
    data.dxdd_dF.col(k) = solve_task_space_inertia(data.plain, Vector6d(data.plain.H.col(k)));
    data.dxdd_dx.col(k) = solve_task_space_inertia(data.plain, Vector6d(dr_dx.col(k)));
    data.dxdd_dxd.col(k) = solve_task_space_inertia(data.plain, Vector6d(dr_dxd.col(k)));
  }
  check_outputs(where, {{"dxdd_dx", &data.dxdd_dx}, {"dxdd_dxd", &data.dxdd_dxd}, {"dxdd_dF", &data.dxdd_dF}},
                at, wrench);
  return data;
}

}  // namespace manipdyn::stewart
