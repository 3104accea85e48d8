// Derivatives of a parallel robot's dynamics by Dual1 runs, one per column (derivatives.hpp).
#include "manipdyn/parallel/derivatives.hpp"

#include <stdexcept>

#include "manipdyn/core/small_lu.hpp"
#include "manipdyn/parallel/forward_dynamics.hpp"
#include "manipdyn/parallel/inverse_dynamics.hpp"
#include "cross_matrix.hpp"

namespace manipdyn::parallel {

namespace {

// Solves Lambda y = b with the forward dynamics' factors in data.plain; y overwrites b.
void solve_lambda(ParallelDerivativesData& data, VectorXd& b) {
  lu_solve_in_place(data.plain.Lambda_lu, data.plain.Lambda_perm, b, data.work);
}

}  // namespace

ParallelDerivativesData::ParallelDerivativesData(const ParallelModel& model)
    : plain(model), dual(model) {
  const int p = model.platform_dof();
  const int na = model.actuated_count();
  tau = VectorXd::Zero(na);
  dtau_dx = dtau_dxd = dtau_dxdd = MatrixXd::Zero(na, p);
  xdd = VectorXd::Zero(p);
  dxdd_dx = dxdd_dxd = MatrixXd::Zero(p, p);
  dxdd_dtau = MatrixXd::Zero(p, na);
  column = work = VectorXd::Zero(p);
}

PlatformMotionTpl<Dual1> seeded_motion(const ParallelModel& model, const PlatformMotion& motion,
                                       DerivativeVariable variable, int k) {
  if (k < 0 || k >= model.platform_dof())
    throw std::invalid_argument("seeded_motion: k = " + std::to_string(k) + " is outside 0.." +
                                std::to_string(model.platform_dof() - 1));
  PlatformMotionTpl<Dual1> x = motion.cast<Dual1>();
  const Vector3d ev = model.E.col(k).head<3>();
  const Vector3d ew = model.E.col(k).tail<3>();
  auto seed = [](Vector3<Dual1>& u, const Vector3d& d) {
    for (int r = 0; r < 3; ++r) u(r).set_derivative(0, d(r));
  };
  switch (variable) {
    case DerivativeVariable::x: {
      seed(x.t, ev);
      const Matrix3d dR = detail::cross_matrix(ew) * motion.R;
      for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) x.R(r, c).set_derivative(0, dR(r, c));
      break;
    }
    case DerivativeVariable::xd:
      seed(x.v, ev);
      seed(x.omega, ew);
      break;
    case DerivativeVariable::xdd:
      seed(x.a, ev);
      seed(x.alpha, ew);
      break;
  }
  return x;
}

const ParallelDerivativesData& inverse_dynamics_derivatives(const ParallelModel& model, ParallelDerivativesData& data,
                                                            const PlatformMotion& motion,
                                                            const ExternalWrench& wrench) {
  if (!model.dependent.empty())
    throw std::invalid_argument("inverse_dynamics_derivatives: the legs of '" + model.name +
                                "' restrict its platform (dependent coordinates): derivatives over the "
                                "independent coordinates are not implemented yet");
  data.tau = inverse_dynamics(model, data.plain, motion, wrench);
  const ExternalWrenchTpl<Dual1> w{wrench.f.cast<Dual1>(), wrench.m.cast<Dual1>()};
  // one dual run per column of each variable
  for (const DerivativeVariable v : {DerivativeVariable::x, DerivativeVariable::xd, DerivativeVariable::xdd}) {
    MatrixXd& out = v == DerivativeVariable::x ? data.dtau_dx : v == DerivativeVariable::xd ? data.dtau_dxd : data.dtau_dxdd;
    for (int k = 0; k < model.platform_dof(); ++k) {
      const VectorX<Dual1>& tau = inverse_dynamics(model, data.dual, seeded_motion(model, motion, v, k), w);
      for (int r = 0; r < tau.size(); ++r) out(r, k) = tau(r).derivative(0);
    }
  }
  return data;
}

const ParallelDerivativesData& forward_dynamics_derivatives(const ParallelModel& model, ParallelDerivativesData& data,
                                                            const PlatformMotion& state, const VectorXd& tau_a,
                                                            const ExternalWrench& wrench) {
  if (!model.dependent.empty())
    throw std::invalid_argument("forward_dynamics_derivatives: the legs of '" + model.name +
                                "' restrict its platform (dependent coordinates): derivatives over the "
                                "independent coordinates are not implemented yet");
  data.xdd = forward_dynamics(model, data.plain, state, tau_a, wrench);
  const PlatformMotion x = with_acceleration(model, state, data.xdd);
  const ExternalWrenchTpl<Dual1> w{wrench.f.cast<Dual1>(), wrench.m.cast<Dual1>()};
  const int p = model.platform_dof();
  // dxdd/dtau_a = Lambda^-1 A^T
  for (int j = 0; j < model.actuated_count(); ++j) {
    data.column = data.plain.A.row(j).transpose();
    solve_lambda(data, data.column);
    data.dxdd_dtau.col(j) = data.column;
  }
  // dr/dx = dA^T/dx tau_a - df/dx and dr/dxd = -df/dxd by dual runs of the generalised force at xdd
  for (const DerivativeVariable v : {DerivativeVariable::x, DerivativeVariable::xd}) {
    MatrixXd& out = v == DerivativeVariable::x ? data.dxdd_dx : data.dxdd_dxd;
    for (int k = 0; k < p; ++k) {
      const VectorX<Dual1>& f = generalized_force(model, data.dual, seeded_motion(model, x, v, k), w);
      for (int r = 0; r < p; ++r) {
        double dAT_tau = 0;
        for (int j = 0; j < model.actuated_count(); ++j) dAT_tau += data.dual.A(j, r).derivative(0) * tau_a(j);
        data.column(r) = dAT_tau - f(r).derivative(0);
      }
      solve_lambda(data, data.column);
      out.col(k) = data.column;
    }
  }
  return data;
}

}  // namespace manipdyn::parallel
