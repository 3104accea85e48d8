#pragma once
/// \file derivatives_lanes_run.hpp
/// The body of the lane path of inverse_dynamics_derivatives_batch and
/// forward_dynamics_derivatives_batch (src/serial/batch_lanes.hpp), templated on the lane scalar:
/// gather L::size rows into the lanes, one call of inverse_dynamics_derivatives_body or
/// forward_dynamics_derivatives_body on the lane scalar, scatter the three n x n matrices. Eigen's
/// expressions of the bodies take the paths they take for double (src/core/lanes_packets.hpp),
/// so every lane is the single call's result bit for bit. Private to the translation units that
/// instantiate it with their own instruction set: src/serial/derivatives_lanes.cpp (AVX2, 4 lanes)
/// and derivatives_lanes_avx512.cpp (AVX-512, 8 lanes).
#include <cassert>
#include <optional>

#include "forward_dynamics_derivatives_body.hpp"
#include "inverse_dynamics_derivatives_body.hpp"
#include "lanes_run.hpp"

namespace manipdyn::detail {
namespace {

/// The workspace of one lane scalar: the derivatives' Data and the gathered rows' inputs.
template <typename L>
struct DerivativeLaneData {
  explicit DerivativeLaneData(const SerialModel& model)
      : data(model), q(model.dof()), qd(model.dof()), third(model.dof()) {}
  DerivativesDataTpl<L> data;  ///< the workspace of the lane call
  VectorX<L> q, qd, third;     ///< (n) the inputs (third: qdd or tau), lane j = row first + j
};

/// Gather rows first..first+L::size-1, one call of the forward (`forward`) or inverse dynamics'
/// derivatives (model gravity, no wrench), scatter the three matrices into rows of A, B, C.
template <typename L>
void run_derivative_lanes(const SerialModel& model, DerivativeLaneData<L>& ws, bool forward,
                          const RowsIn& q, const RowsIn& qd, const RowsIn& third, RowsOut& A,
                          RowsOut& B, RowsOut& C, Eigen::Index first) {
  assert(ws.data.n == model.dof() && first + L::size <= q.rows());
  gather_rows(q, first, ws.q);
  gather_rows(qd, first, ws.qd);
  gather_rows(third, first, ws.third);
  const Vector3<L> gravity(model.gravity.cast<L>());
  const Vector6<L> f_ext = Vector6<L>::Zero();
  DerivativesDataTpl<L>& d = ws.data;
  if (forward) {
    forward_dynamics_derivatives_body<L>(model, d, ws.q, ws.qd, ws.third, gravity, f_ext);
    scatter_rows(d.dqdd_dq, first, A);
    scatter_rows(d.dqdd_dqd, first, B);
    scatter_rows(d.dqdd_dtau, first, C);
  } else {
    inverse_dynamics_derivatives_body<L>(model, d, ws.q, ws.qd, ws.third, gravity, f_ext);
    scatter_rows(d.dtau_dq, first, A);
    scatter_rows(d.dtau_dqd, first, B);
    scatter_rows(d.dtau_dqdd, first, C);
  }
}

/// The derivative workspace of one lane width, made on first use (a warm workspace allocates
/// nothing). Exact trigonometry only: BatchSimd::fast runs it too (batch_lanes.hpp).
template <typename L>
struct DerivativeLaneSlot {
  std::optional<DerivativeLaneData<L>> lanes;

  void run(const SerialModel& model, bool forward, const RowsIn& q, const RowsIn& qd,
           const RowsIn& third, RowsOut& A, RowsOut& B, RowsOut& C, Eigen::Index first) {
    if (!lanes) lanes.emplace(model);
    run_derivative_lanes(model, *lanes, forward, q, qd, third, A, B, C, first);
  }
};

}  // namespace
}  // namespace manipdyn::detail
