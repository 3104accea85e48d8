/// \file forward_dynamics_derivatives.cpp
/// qdd and dqdd/dq, dqdd/dqd, dqdd/dtau of the forward dynamics (serial/derivatives.hpp): qdd by
/// the fastest forward dynamics, the inverse dynamics' derivatives at (q, qd, qdd), then, from
/// tau = ID(q, qd, FD(q, qd, tau)) differentiated, dqdd/dx = -M^-1 dtau/dx for x = q, qd and
/// dqdd/dtau = M^-1 (Carpentier & Mansard 2018, sec. IV-B), with one Cholesky factorisation of
/// M = dtau/dqdd in place in data.llt and triangular solves into the output buffers.
#include <Eigen/Cholesky>
#include <cassert>
#include <stdexcept>
#include <string_view>

#include "checked_entry.hpp"
#include "derivatives_body.hpp"
#include "input_checks.hpp"
#include "manipdyn/serial/derivatives.hpp"

namespace manipdyn {
namespace detail {
namespace {

/// X <- M^-1 X with the Cholesky factor L of M (lower triangle of llt): L Y = X, L^T X = Y.
template <typename S>
void cholesky_solve_in_place(const MatrixX<S>& llt, MatrixX<S>& X) {
  llt.template triangularView<Eigen::Lower>().solveInPlace(X);
  llt.template triangularView<Eigen::Lower>().transpose().solveInPlace(X);
}

/// The body of forward_dynamics_derivatives (both entries).
template <typename S>
void forward_dynamics_derivatives_body(const SerialModel& model, DerivativesDataTpl<S>& data,
                                       JointVectorIn<S> q, JointVectorIn<S> qd,
                                       JointVectorIn<S> tau, const Vector3<S>& gravity,
                                       const Vector6<S>& f_ext) {
  // qdd, then the inverse dynamics' derivatives at it
  data.qdd = forward_dynamics<S>(unchecked, model, data.fd, q, qd, tau, gravity, f_ext);
  inverse_dynamics_derivatives_body<S>(model, data, q, qd, data.qdd, gravity, f_ext);
  // M = L L^T in place
  data.llt = data.dtau_dqdd;
  Eigen::LLT<Eigen::Ref<MatrixX<S>>> cholesky(data.llt);
  if (cholesky.info() != Eigen::Success)
    throw std::invalid_argument(
        "forward_dynamics_derivatives: the mass matrix M is not positive definite");
  // dqdd/dq = -M^-1 dtau/dq, dqdd/dqd = -M^-1 dtau/dqd, dqdd/dtau = M^-1
  data.dqdd_dq = -data.dtau_dq;
  cholesky_solve_in_place<S>(data.llt, data.dqdd_dq);
  data.dqdd_dqd = -data.dtau_dqd;
  cholesky_solve_in_place<S>(data.llt, data.dqdd_dqd);
  data.dqdd_dtau.setIdentity();
  cholesky_solve_in_place<S>(data.llt, data.dqdd_dtau);
}

}  // namespace
}  // namespace detail

template <typename S>
const DerivativesDataTpl<S>& forward_dynamics_derivatives(
    Unchecked, const SerialModel& model, DerivativesDataTpl<S>& data, JointVectorIn<S> q,
    JointVectorIn<S> qd, JointVectorIn<S> tau, const Vector3In<S>& gravity,
    const Vector6In<S>& f_ext) {
  assert(data.n == model.dof() && q.size() == data.n && qd.size() == data.n &&
         tau.size() == data.n);
  detail::forward_dynamics_derivatives_body<S>(model, data, q, qd, tau, gravity, f_ext);
  return data;
}

template <typename S>
const DerivativesDataTpl<S>& forward_dynamics_derivatives(
    const SerialModel& model, DerivativesDataTpl<S>& data, JointVectorIn<S> q,
    JointVectorIn<S> qd, JointVectorIn<S> tau, const Vector3In<S>& gravity,
    const Vector6In<S>& f_ext) {
  constexpr std::string_view where = "forward_dynamics_derivatives";
  return detail::checked_entry(
      [&] {
        detail::check_model_built(where, model);
        check_joint_state(where, data.n, model.dof(), q, qd, "tau", tau, gravity, f_ext);
      },
      [&]() -> const DerivativesDataTpl<S>& {
        detail::forward_dynamics_derivatives_body<S>(model, data, q, qd, tau, gravity, f_ext);
        return data;
      },
      [&](const DerivativesDataTpl<S>& out) {
        check_result(where, "qdd", out.qdd, result_input("q", q), result_input("qd", qd),
                     result_input("tau", tau), result_input("gravity", gravity),
                     result_input("f_ext", f_ext));
        detail::check_derivatives_result<S>(where, out, true, q, qd, "tau", tau, gravity, f_ext);
      });
}

#define MANIPDYN_DERIVATIVES_PARAMS                                                             \
  DerivativesDataTpl<double>&, JointVectorIn<double>, JointVectorIn<double>,                      \
      JointVectorIn<double>, const Vector3In<double>&, const Vector6In<double>&
template const DerivativesDataTpl<double>& forward_dynamics_derivatives<double>(const SerialModel&,
                                                                    MANIPDYN_DERIVATIVES_PARAMS);
template const DerivativesDataTpl<double>& forward_dynamics_derivatives<double>(Unchecked, const SerialModel&,
                                                                    MANIPDYN_DERIVATIVES_PARAMS);
#undef MANIPDYN_DERIVATIVES_PARAMS

}  // namespace manipdyn
