#include "manipdyn/serial/forward_dynamics.hpp"

#include <initializer_list>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>

#include "manipdyn/core/check.hpp"
#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/core/dual.hpp"
#include "manipdyn/serial/articulated_body.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "input_checks.hpp"
#include "tree_algorithms.hpp"
#include "scalars.hpp"

namespace manipdyn {

// Measured with bench/bench_simulation.cpp (CPU time, medians of 3 on random all-revolute arms,
// Release, this 2-core machine idle, pinned), after the mass matrix's frame-0 projection for
// long chains: M by CRBA + LDL^T 0.54 us at n = 6, 1.19 at 12, 3.4 at 24, 5.7 at 32, 13.1 at 48,
// 25.6 at 64; the articulated-body algorithm 1.24, 2.55, 5.2, 6.9, 10.3 and 14.2 us. The curves
// cross between n = 32 and 48 (was 12-16 before the projection).
int forward_dynamics_crossover() { return 40; }

template <typename S>
ForwardDynamicsDataTpl<S>::ForwardDynamicsDataTpl(const SerialModel& model)
    : n(model.dof()), serial(model) {
  // nv = n, or n + 6 with a free-flyer root (its base coordinates first)
  const int nv = model.nv();
  qdd = VectorX<S>::Zero(nv);
  rhs = VectorX<S>::Zero(nv);
  zero = VectorX<S>::Zero(nv);
  if (detail::uses_tree_path(model)) {
    // the parent of each velocity coordinate for the L^T D L factorisation: a free-flyer's six
    // base coordinates in a row (each supports all that follow), the joints on the base after
    // them
    const int off = nv - n;
    parent_v.resize(nv);
    for (int i = 0; i < off; ++i) parent_v[i] = i - 1;
    for (int i = 0; i < n; ++i)
      parent_v[off + i] = model.parent[i] < 0 ? off - 1 : model.parent[i] + off;
  }
  // ldl (n x n) is sized on the first call of the mass-matrix method
  rot.assign(n, Matrix3<S>::Identity());
  pos.assign(n, Vector3<S>::Zero());
  v.assign(n, Vector6<S>::Zero());
  c.assign(n, Vector6<S>::Zero());
  pA.assign(n, Vector6<S>::Zero());
  U.assign(n, Vector6<S>::Zero());
  a.assign(n, Vector6<S>::Zero());
  IA.assign(n, Matrix6<S>::Zero());
  D = VectorX<S>::Zero(n);
  u = VectorX<S>::Zero(n);
  friction = VectorX<S>::Zero(n);
}

template <typename S>
void ldlt_solve_in_place(const MatrixX<S>& M, MatrixX<S>& ldl, JointVectorOut<S> x) {
  const Eigen::Index n = M.rows();
  // Factorise column by column: D_j = M_jj - sum_k L_jk^2 D_k, L_ij = (M_ij - sum_k L_ik L_jk
  // D_k) / D_j, reading only the lower triangle of M.
  for (Eigen::Index j = 0; j < n; ++j) {
    S dj = M(j, j);
    for (Eigen::Index k = 0; k < j; ++k) {
      const S ljk_dk = ldl(j, k) * ldl(k, k);
      dj -= ldl(j, k) * ljk_dk;
      ldl(k, j) = ljk_dk;  // keep L_jk D_k in the (unused) upper triangle for the column below
    }
    if (!(math::value(dj) > 0.0)) {
      std::ostringstream os;
      os << "forward_dynamics: M is not positive definite (pivot " << j + 1 << " of " << n
         << " is " << math::value(dj) << ")";
      throw std::invalid_argument(os.str());
    }
    ldl(j, j) = dj;
    const S inv_dj = S(1) / dj;
    for (Eigen::Index i = j + 1; i < n; ++i) {
      S lij = M(i, j);
      for (Eigen::Index k = 0; k < j; ++k) lij -= ldl(i, k) * ldl(k, j);
      ldl(i, j) = lij * inv_dj;
    }
  }
  // Solve L y = b, then D z = y, then L^T x = z.
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index k = 0; k < i; ++k) x[i] -= ldl(i, k) * x[k];
  for (Eigen::Index i = 0; i < n; ++i) x[i] /= ldl(i, i);
  for (Eigen::Index i = n - 1; i >= 0; --i)
    for (Eigen::Index k = i + 1; k < n; ++k) x[i] -= ldl(k, i) * x[k];
}

namespace {

// The mass-matrix method; kChecked adds the input checks and, before the LDL^T solve, the
// finiteness of M and of tau - b (a non-finite one would make the solve fail with a misleading
// pivot, or return a finite but wrong qdd for an infinite M), then of qdd.
template <typename S, bool kChecked>
const VectorX<S>& mass_matrix_method(const SerialModel& model, ForwardDynamicsDataTpl<S>& data,
                                     JointVectorIn<S> q, JointVectorIn<S> qd,
                                     JointVectorIn<S> tau, const Vector3<S>& gravity,
                                     const Vector6<S>& f_ext, bool strobe) {
  constexpr std::string_view where = "forward_dynamics_mass_matrix";
  if constexpr (kChecked)
    detail::check_state_inputs<S>(where, model, data.serial, q, qd, "tau", tau, gravity, f_ext,
                                  strobe ? detail::Takes::chains : detail::Takes::free_flyers);
  if (strobe && !model.is_chain()) [[unlikely]]
    detail::throw_not_a_chain("forward_dynamics_mass_matrix (strobing)", model);
  // Bias b = C qd + G + friction + J^T f_ext (inverse dynamics with qdd = 0, sec. 7, first step)
  // and M, by strobing the Newton-Euler equations (unit accelerations, no gravity, no velocity)
  // or by the serial core's fastest method, which shares the joint sin/cos with the bias.
  // Both leave M in data.serial.M. The inputs are checked here once, so the unchecked
  // overloads run.
  if (strobe) {
    data.rhs = tau - inverse_dynamics<S>(unchecked, model, data.serial, q, qd, data.zero, gravity,
                                         f_ext);
    mass_matrix_strobing<S>(unchecked, model, data.serial, q);
  } else {
    mass_matrix_and_bias<S>(unchecked, model, data.serial, q, qd, gravity, f_ext);
    data.rhs = tau - data.serial.bias;
  }
  // a non-finite result: name it and the largest input
  auto fail = [&](const std::string& entry) {
    detail::throw_non_finite_qdd(where, entry, q, qd, tau, gravity, f_ext);
  };
  if constexpr (kChecked) {
    if (!all_finite(data.serial.M)) [[unlikely]]
      fail(detail::first_non_finite("M", data.serial.M) + ", M the mass matrix");
    if (!all_finite(data.rhs)) [[unlikely]]
      fail(detail::first_non_finite("(tau - b)", data.rhs) + ", b the bias torques");
  }
  // M qdd = tau - b by LDL^T (M symmetric positive definite: no pivoting); on a tree by the
  // sparse L^T D L factorisation, which keeps the branch sparsity (Featherstone 2005)
  detail::ensure_size(data.ldl, model.nv(), model.nv());  // sized on first use
  data.qdd = data.rhs;
  if (detail::uses_tree_path(model)) [[unlikely]]
    ltdl_solve_in_place<S>(data.parent_v, data.serial.M, data.ldl, data.qdd);
  else
    ldlt_solve_in_place<S>(data.serial.M, data.ldl, data.qdd);
  return detail::checked_qdd<kChecked>(data.qdd, fail);
}

}  // namespace

template <typename S>
const VectorX<S>& forward_dynamics_mass_matrix(const SerialModel& model,
                                               ForwardDynamicsDataTpl<S>& data,
                                               JointVectorIn<S> q, JointVectorIn<S> qd,
                                               JointVectorIn<S> tau, const Vector3In<S>& gravity,
                                               const Vector6In<S>& f_ext, bool strobe) {
  return mass_matrix_method<S, true>(model, data, q, qd, tau, gravity, f_ext, strobe);
}

template <typename S>
const VectorX<S>& forward_dynamics_mass_matrix(Unchecked, const SerialModel& model,
                                               ForwardDynamicsDataTpl<S>& data,
                                               JointVectorIn<S> q, JointVectorIn<S> qd,
                                               JointVectorIn<S> tau, const Vector3In<S>& gravity,
                                               const Vector6In<S>& f_ext, bool strobe) {
  return mass_matrix_method<S, false>(model, data, q, qd, tau, gravity, f_ext, strobe);
}

namespace {

// The method `fastest` stands for. On a tree or a free-flyer the articulated-body algorithm was
// faster at every size measured (random trees of 2 to 24 joints, both roots: 0.47 to 0.84 of the
// mass-matrix method's time; Romeo's and Solo 12's floating trees in bench_peers).
ForwardDynamicsMethod resolve(ForwardDynamicsMethod method, const SerialModel& model) {
  if (method != ForwardDynamicsMethod::fastest) return method;
  if (!model.is_chain() || model.root != RootJoint::fixed)
    return ForwardDynamicsMethod::articulated_body;
  return model.dof() >= forward_dynamics_crossover() ? ForwardDynamicsMethod::articulated_body
                                                     : ForwardDynamicsMethod::mass_matrix;
}

}  // namespace

template <typename S>
const VectorX<S>& forward_dynamics(ForwardDynamicsMethod method, const SerialModel& model,
                                   ForwardDynamicsDataTpl<S>& data, JointVectorIn<S> q,
                                   JointVectorIn<S> qd, JointVectorIn<S> tau,
                                   const Vector3In<S>& gravity, const Vector6In<S>& f_ext) {
  method = resolve(method, model);
  if (method == ForwardDynamicsMethod::articulated_body)
    return forward_dynamics_articulated_body<S>(model, data, q, qd, tau, gravity, f_ext);
  return forward_dynamics_mass_matrix<S>(model, data, q, qd, tau, gravity, f_ext,
                                         method == ForwardDynamicsMethod::strobing);
}

template <typename S>
const VectorX<S>& forward_dynamics(Unchecked, ForwardDynamicsMethod method,
                                   const SerialModel& model, ForwardDynamicsDataTpl<S>& data,
                                   JointVectorIn<S> q, JointVectorIn<S> qd, JointVectorIn<S> tau,
                                   const Vector3In<S>& gravity, const Vector6In<S>& f_ext) {
  method = resolve(method, model);
  if (method == ForwardDynamicsMethod::articulated_body)
    return forward_dynamics_articulated_body<S>(unchecked, model, data, q, qd, tau, gravity,
                                                f_ext);
  return forward_dynamics_mass_matrix<S>(unchecked, model, data, q, qd, tau, gravity, f_ext,
                                         method == ForwardDynamicsMethod::strobing);
}

#define MANIPDYN_INSTANTIATE(S)                                                              \
  template struct ForwardDynamicsDataTpl<S>;                                                 \
  template void ldlt_solve_in_place<S>(const MatrixX<S>&, MatrixX<S>&, JointVectorOut<S>);   \
  template const VectorX<S>& forward_dynamics_mass_matrix<S>(                                \
      const SerialModel&, ForwardDynamicsDataTpl<S>&, JointVectorIn<S>, JointVectorIn<S>,    \
      JointVectorIn<S>, const Vector3In<S>&, const Vector6In<S>&, bool);                     \
  template const VectorX<S>& forward_dynamics_mass_matrix<S>(                                \
      Unchecked, const SerialModel&, ForwardDynamicsDataTpl<S>&, JointVectorIn<S>,           \
      JointVectorIn<S>, JointVectorIn<S>, const Vector3In<S>&, const Vector6In<S>&, bool);   \
  template const VectorX<S>& forward_dynamics<S>(                                            \
      ForwardDynamicsMethod, const SerialModel&, ForwardDynamicsDataTpl<S>&,                 \
      JointVectorIn<S>, JointVectorIn<S>, JointVectorIn<S>, const Vector3In<S>&,             \
      const Vector6In<S>&);                                                                  \
  template const VectorX<S>& forward_dynamics<S>(                                            \
      Unchecked, ForwardDynamicsMethod, const SerialModel&, ForwardDynamicsDataTpl<S>&,      \
      JointVectorIn<S>, JointVectorIn<S>, JointVectorIn<S>, const Vector3In<S>&,             \
      const Vector6In<S>&);
MANIPDYN_FOR_SERIAL_SCALARS(MANIPDYN_INSTANTIATE)
#undef MANIPDYN_INSTANTIATE

}  // namespace manipdyn
