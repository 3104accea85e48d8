#pragma once
/// \file forward_dynamics_derivatives_body.hpp
/// Private to src/serial: the body of forward_dynamics_derivatives (serial/derivatives.hpp) as
/// templates on the scalar, for every translation unit that instantiates it
/// (forward_dynamics_derivatives.cpp; the SIMD lane scalars of the batch layer). From
/// tau = ID(q, qd, FD(q, qd, tau)) differentiated, dqdd/dx = -M^-1 dtau/dx for x = q, qd and
/// dqdd/dtau = M^-1 (Carpentier & Mansard 2018, sec. IV-B). The inverse dynamics' derivative
/// pass at qdd = 0 gives the bias b (its tau), M and dtau/dqd; one Cholesky factorisation
/// M = L L^T in place in data.llt gives qdd = M^-1 (tau - b) and M^-1 (the output dqdd/dtau);
/// the qdd terms are added to dtau/dq (add_acceleration_terms: tau is affine in qdd), and the
/// two products -M^-1 dtau/dx finish. No separate forward dynamics call (it cost a third of the
/// total on the PUMA 560).
#include <Eigen/Cholesky>
#include <cassert>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "inverse_dynamics_derivatives_body.hpp"
#include "manipdyn/serial/derivatives.hpp"

namespace manipdyn::detail {

/// M = L L^T in place: L below the diagonal of llt (which holds M on entry), 1 / L_jj on it.
/// For double, throws std::invalid_argument if a pivot is not positive (other scalars: a nan).
template <typename S>
void cholesky_in_place(MatrixX<S>& llt) {
  const Eigen::Index n = llt.rows();
  for (Eigen::Index j = 0; j < n; ++j) {
    S d = llt(j, j);
    for (Eigen::Index k = 0; k < j; ++k) d -= llt(j, k) * llt(j, k);
    // double refuses a pivot that is not positive; scalars that cannot branch on a value (the
    // tracing scalar, the SIMD lanes) carry on, and its square root's nan reaches every output
    if constexpr (std::is_same_v<S, double>)
      if (!(d > 0.0))
        throw std::invalid_argument(
            "forward_dynamics_derivatives: the mass matrix M is not positive definite (pivot " +
            std::to_string(j + 1) + ")");
    const S inv = S(1) / math::sqrt(d);
    llt(j, j) = inv;
    for (Eigen::Index i = j + 1; i < n; ++i) {
      S lij = llt(i, j);
      for (Eigen::Index k = 0; k < j; ++k) lij -= llt(i, k) * llt(j, k);
      llt(i, j) = lij * inv;
    }
  }
}

/// x <- M^-1 x from the factor (cholesky_in_place): L y = x, then L^T x = y; `first` = the first
/// nonzero entry of x (the rows above it stay zero in L y = x).
template <typename S>
MANIPDYN_ALWAYS_INLINE void cholesky_solve(const MatrixX<S>& llt, S* x, Eigen::Index first) {
  const Eigen::Index n = llt.rows();
  for (Eigen::Index i = first; i < n; ++i) {
    S v = x[i];
    for (Eigen::Index k = first; k < i; ++k) v -= llt(i, k) * x[k];
    x[i] = v * llt(i, i);
  }
  for (Eigen::Index i = n - 1; i >= 0; --i) {
    S v = x[i];
    for (Eigen::Index k = i + 1; k < n; ++k) v -= llt(k, i) * x[k];
    x[i] = v * llt(i, i);
  }
}

/// M^-1 = L^-T L^-1 from the factor (cholesky_in_place) and -M^-1 dtau/dq, -M^-1 dtau/dqd for a
/// compile-time n = N (used for the common arm sizes, N = 6 and 7): fixed-size loops and products the compiler unrolls and vectorises (on the
/// PUMA 560 this step took a third of the call with the run-time-sized loops).
template <int N, typename S>
void inverse_and_products_fixed(DerivativesDataTpl<S>& data) {
  using MatrixN = Eigen::Matrix<S, N, N>;
  const Eigen::Map<const MatrixN> L(data.llt.data());
  // X = L^-1 column by column (forward substitution; the diagonal of L holds 1 / L_jj)
  MatrixN X = MatrixN::Zero();
  for (int c = 0; c < N; ++c) {
    X(c, c) = L(c, c);
    for (int i = c + 1; i < N; ++i) {
      S v = S(0);
      for (int k = c; k < i; ++k) v -= L(i, k) * X(k, c);
      X(i, c) = v * L(i, i);
    }
  }
  Eigen::Map<MatrixN> Minv(data.dqdd_dtau.data());
  Minv.noalias() = X.transpose() * X;
  Eigen::Map<MatrixN>(data.dqdd_dq.data()).noalias() =
      -Minv * Eigen::Map<const MatrixN>(data.dtau_dq.data());
  Eigen::Map<MatrixN>(data.dqdd_dqd.data()).noalias() =
      -Minv * Eigen::Map<const MatrixN>(data.dtau_dqd.data());
}

/// Above this n, Eigen's blocked LLT and triangular solves replace the hand loops (measured in
/// bench_peers: the hand loops win at n = 6 and 12, Eigen's by 2x at n = 128).
constexpr int kHandCholeskyMax = 24;

/// From the derivatives at qdd = 0 in data (b in data.tau, M, dtau/dqd, dtau/dq at rest): qdd =
/// M^-1 (tau - b), dtau/dq at qdd, then M^-1 and -M^-1 dtau/dx; M = L L^T by the hand loops
/// (cholesky_in_place; small n) or by Eigen's LLT in place in data.llt.
template <typename S>
void solve_with_mass_matrix(DerivativesDataTpl<S>& data, JointVectorIn<S> tau) {
  data.llt = data.dtau_dqdd;
  data.qdd = tau - data.tau;
  if (data.n <= kHandCholeskyMax) {
    cholesky_in_place<S>(data.llt);
    cholesky_solve<S>(data.llt, data.qdd.data(), 0);
    add_acceleration_terms<S>(data, data.qdd);
    if (data.n == 6) return inverse_and_products_fixed<6, S>(data);
    if (data.n == 7) return inverse_and_products_fixed<7, S>(data);
    data.dqdd_dtau.setIdentity();
    for (Eigen::Index c = 0; c < data.n; ++c)
      cholesky_solve<S>(data.llt, data.dqdd_dtau.col(c).data(), c);
    data.dqdd_dq.noalias() = -data.dqdd_dtau * data.dtau_dq;
    data.dqdd_dqd.noalias() = -data.dqdd_dtau * data.dtau_dqd;
    return;
  }
  // Eigen's LLT branches on each pivot's value: scalars without a comparison (the SIMD lanes,
  // whose batch path stops at kHandCholeskyMax) do not compile it
  if constexpr (requires(const S& a) { static_cast<bool>(a <= a); }) {
    Eigen::LLT<Eigen::Ref<MatrixX<S>>> cholesky(data.llt);
    if (cholesky.info() != Eigen::Success)
      throw std::invalid_argument(
          "forward_dynamics_derivatives: the mass matrix M is not positive definite");
    cholesky.solveInPlace(data.qdd);
    add_acceleration_terms<S>(data, data.qdd);
    data.dqdd_dtau.setIdentity();
    cholesky.solveInPlace(data.dqdd_dtau);
    data.dqdd_dq = -data.dtau_dq;
    cholesky.solveInPlace(data.dqdd_dq);
    data.dqdd_dqd = -data.dtau_dqd;
    cholesky.solveInPlace(data.dqdd_dqd);
  } else {
    assert(false && "solve_with_mass_matrix: n above kHandCholeskyMax needs a comparable scalar");
  }
}

/// The body of forward_dynamics_derivatives (both entries): the derivatives at qdd = 0, then
/// solve_with_mass_matrix.
template <typename S>
void forward_dynamics_derivatives_body(const SerialModel& model, DerivativesDataTpl<S>& data,
                                       JointVectorIn<S> q, JointVectorIn<S> qd,
                                       JointVectorIn<S> tau, const Vector3<S>& gravity,
                                       const Vector6<S>& f_ext) {
  inverse_dynamics_derivatives_body<S>(model, data, q, qd, data.zero, gravity, f_ext);
  solve_with_mass_matrix<S>(data, tau);
  data.tau = tau;
}

}  // namespace manipdyn::detail

namespace manipdyn {

/// The unchecked entry (serial/derivatives.hpp): the body above, no input checks.
template <typename S>
const DerivativesDataTpl<S>& forward_dynamics_derivatives(
    Unchecked, const SerialModel& model, DerivativesDataTpl<S>& data, JointVectorIn<S> q,
    JointVectorIn<S> qd, JointVectorIn<S> tau, const Vector3In<S>& gravity,
    const Vector6In<S>& f_ext) {
  if constexpr (std::is_same_v<S, double>) {
    if (detail::uses_tree_path(model)) [[unlikely]] {
      assert(data.n == model.nv() && q.size() == model.nq() && qd.size() == data.n &&
             tau.size() == data.n);
      detail::tree_forward_dynamics_derivatives<S>(model, data, q, qd, tau, gravity, f_ext);
      return data;
    }
  }
  assert(data.n == model.dof() && q.size() == data.n && qd.size() == data.n &&
         tau.size() == data.n);
  detail::forward_dynamics_derivatives_body<S>(model, data, q, qd, tau, gravity, f_ext);
  return data;
}

}  // namespace manipdyn
