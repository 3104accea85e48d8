/// \file strobing.cpp
/// The terms of tau = M qdd + C qd + G + friction by "strobing" the Newton-Euler equations
/// (Turney, Mudge & Lee 1980, end of sec. 3 and sec. 7): unit accelerations with qd = 0 and
/// g = 0 give the columns of M (mass_matrix_strobing); unit velocities and pairs of them with
/// qdd = 0 and g = 0 give the C^k matrices; qd = qdd = 0 gives G; qdd = 0 gives the bias;
/// C(q, qd) (Christoffel form) comes column by column from two strobes each, by polarization of
/// the velocity torques. The strobes run the rigid-body core (detail::fast_core, no drive
/// terms); the reflected motor inertia is added to M's diagonal and the friction to the bias
/// explicitly. The default mass_matrix, the composite-rigid-body algorithm, is in mass_matrix.cpp.
#include <cassert>
#include <string>
#include <string_view>

#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/core/dual.hpp"
#include "checked_entry.hpp"
#include "input_checks.hpp"
#include "newton_euler_core.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "scalars.hpp"
#include "tree_algorithms.hpp"

namespace manipdyn {

namespace {

// M by strobing, inputs already checked: column j = tau(qd = 0, qdd = e_j, g = 0). Links before
// j stay at rest, so the forward pass starts at link j, and only rows j..n-1 are computed (the
// backward pass stops at link j); the upper triangle is mirrored.
template <typename S>
void strobe_mass_matrix(const SerialModel& model, SerialDataTpl<S>& data,
                        const Eigen::Ref<const VectorX<S>>& q) {
  const DhChain& ch = model.standard;
  const int n = ch.n;
  detail::ensure_size(data.M, n, n);  // sized on first use
  detail::joint_trig(ch, data, q);
  data.qd_work.setZero();
  data.qdd_work.setZero();
  const Vector3<S> zero = Vector3<S>::Zero();
  for (int j = 0; j < n; ++j) {
    data.qdd_work[j] = S(1);
    detail::run_fast_core<S, false>(ch, data, q, data.qd_work, data.qdd_work, zero, false, zero,
                                    zero, {j, j}, data.tau_work);
    data.qdd_work[j] = S(0);
    for (int k = j; k < n; ++k) {
      data.M(k, j) = data.tau_work[k];
      data.M(j, k) = data.tau_work[k];
    }
  }
  // reflected motor inertia G^2 Jm on the diagonal
  if (model.has_drive)
    for (int j = 0; j < n; ++j) data.M(j, j) += model.reflected_inertia[j];
}

}  // namespace

template <typename S>
const MatrixX<S>& mass_matrix_strobing(Unchecked, const SerialModel& model,
                                       SerialDataTpl<S>& data, JointVectorIn<S> q) {
  assert(data.n == model.dof() && q.size() == data.n);
  strobe_mass_matrix(model, data, q);
  return data.M;
}

template <typename S>
const MatrixX<S>& mass_matrix_strobing(const SerialModel& model, SerialDataTpl<S>& data,
                                       JointVectorIn<S> q) {
  return detail::checked_of_q<S>("mass_matrix_strobing", "M", model, data, q,
                                 [&]() -> const MatrixX<S>& {
                                   return mass_matrix_strobing<S>(unchecked, model, data, q);
                                 });
}

template <typename S>
const VectorX<S>& gravity_torques(Unchecked, const SerialModel& model, SerialDataTpl<S>& data,
                                  JointVectorIn<S> q, const Vector3In<S>& gravity) {
  assert(data.n == model.dof() && q.size() == model.nq());
  if (detail::uses_tree_path(model)) [[unlikely]] {
    // a tree: the recursive Newton-Euler algorithm at rest, rigid body only
    data.qd_work.setZero();
    detail::tree_inverse_dynamics<S>(model, data, q, data.qd_work, data.qd_work, gravity,
                                     Vector6<S>::Zero(), nullptr, detail::DriveTerms::none,
                                     data.G);
    return data.G;
  }
  detail::fast_gravity_torques<S>(model, data, q, gravity);
  return data.G;
}

template <typename S>
const VectorX<S>& gravity_torques(const SerialModel& model, SerialDataTpl<S>& data,
                                  JointVectorIn<S> q, const Vector3In<S>& gravity) {
  constexpr std::string_view where = "gravity_torques";
  return detail::checked_entry(
      [&] {
        detail::check_q_input(where, model, data, q, detail::Takes::free_flyers);
        check_finite(where, "gravity", gravity);
      },
      [&]() -> const VectorX<S>& { return gravity_torques<S>(unchecked, model, data, q, gravity); },
      [&](const VectorX<S>& G) {
        check_result(where, "G", G, result_input("q", q), result_input("gravity", gravity));
      });
}

template <typename S>
const VectorX<S>& bias_torques(Unchecked, const SerialModel& model, SerialDataTpl<S>& data,
                               JointVectorIn<S> q, JointVectorIn<S> qd,
                               const Vector3In<S>& gravity) {
  assert(data.n == model.dof() && q.size() == model.nq() && qd.size() == model.nv());
  if (detail::uses_tree_path(model)) [[unlikely]] {
    // a tree: the recursive Newton-Euler algorithm with qdd = 0, plus friction(qd)
    data.qdd_work.setZero();
    detail::tree_inverse_dynamics<S>(model, data, q, qd, data.qdd_work, gravity,
                                     Vector6<S>::Zero(), nullptr, detail::DriveTerms::all,
                                     data.bias);
    return data.bias;
  }
  const DhChain& ch = model.standard;
  detail::joint_trig(ch, data, q);
  // tau(q, qd, qdd = 0) + friction(qd)
  data.qdd_work.setZero();
  const Vector3<S> zero = Vector3<S>::Zero();
  detail::run_fast_core<S, true>(ch, data, q, qd, data.qdd_work,
                                 detail::base_acceleration(ch, gravity), false, zero, zero, {0, 0},
                                 data.bias);
  detail::add_drive_unchecked<S>(model, qd, data.qdd_work, data.bias);
  return data.bias;
}

template <typename S>
const VectorX<S>& bias_torques(const SerialModel& model, SerialDataTpl<S>& data, JointVectorIn<S> q,
                               JointVectorIn<S> qd, const Vector3In<S>& gravity) {
  constexpr std::string_view where = "bias_torques";
  return detail::checked_entry(
      [&] {
        detail::check_q_input(where, model, data, q, detail::Takes::free_flyers);
        check_vector(where, "qd", qd, model.nv());
        check_finite(where, "gravity", gravity);
      },
      [&]() -> const VectorX<S>& {
        return bias_torques<S>(unchecked, model, data, q, qd, gravity);
      },
      [&](const VectorX<S>& bias) {
        check_result(where, "bias", bias, result_input("q", q), result_input("qd", qd),
                     result_input("gravity", gravity));
      });
}

namespace {

// C^k by strobing, inputs already checked: qd = e_i gives C^k_ii = tau_k; qd = e_i + e_j gives
// C^k_ii + C^k_jj + 2 C^k_ij = tau_k. Links before min(i, j) stay at rest.
template <typename S>
void strobe_velocity_coupling(const SerialModel& model, SerialDataTpl<S>& data,
                              const Eigen::Ref<const VectorX<S>>& q) {
  const DhChain& ch = model.standard;
  const int n = ch.n;
  detail::joint_trig(ch, data, q);
  data.qd_work.setZero();
  data.qdd_work.setZero();
  const Vector3<S> zero = Vector3<S>::Zero();
  // diagonal entries: one unit velocity
  for (int i = 0; i < n; ++i) {
    data.qd_work[i] = S(1);
    detail::run_fast_core<S, true>(ch, data, q, data.qd_work, data.qdd_work, zero, false, zero,
                                   zero, {i, 0}, data.tau_work);
    data.qd_work[i] = S(0);
    for (int k = 0; k < n; ++k) data.Ck[k](i, i) = data.tau_work[k];
  }
  // off-diagonal entries: pairs of unit velocities
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      data.qd_work[i] = S(1);
      data.qd_work[j] = S(1);
      detail::run_fast_core<S, true>(ch, data, q, data.qd_work, data.qdd_work, zero, false, zero,
                                     zero, {i, 0}, data.tau_work);
      data.qd_work[i] = S(0);
      data.qd_work[j] = S(0);
      for (int k = 0; k < n; ++k) {
        const S c = (data.tau_work[k] - data.Ck[k](i, i) - data.Ck[k](j, j)) * 0.5;
        data.Ck[k](i, j) = c;
        data.Ck[k](j, i) = c;
      }
    }
}

}  // namespace

template <typename S>
const std::vector<MatrixX<S>>& velocity_coupling_strobing(const SerialModel& model,
                                                          SerialDataTpl<S>& data,
                                                          JointVectorIn<S> q) {
  constexpr std::string_view where = "velocity_coupling_strobing";
  detail::check_q_input(where, model, data, q);
  // C^k: n^3 scalars, sized on first use within kMaxWorkspaceBytes
  detail::ensure_velocity_coupling(where, data, model.dof());
  strobe_velocity_coupling(model, data, q);
  // one check of all n^3 entries (the strobes cost O(n^3) too)
  for (std::size_t k = 0; k < data.Ck.size(); ++k)
    if (!all_finite(data.Ck[k])) [[unlikely]]
      check_result(where, "Ck[" + std::to_string(k) + "]", data.Ck[k], result_input("q", q));
  return data.Ck;
}

template <typename S>
const MatrixX<S>& coriolis_matrix(Unchecked, const SerialModel& model, SerialDataTpl<S>& data,
                                  JointVectorIn<S> q, JointVectorIn<S> qd) {
  assert(data.n == model.dof() && q.size() == data.n && qd.size() == data.n);
  const DhChain& ch = model.standard;
  const int n = ch.n;
  detail::ensure_size(data.C, n, n);  // sized on first use
  detail::joint_trig(ch, data, q);
  // Column j of C is B(e_j, qd), B the symmetric bilinear form of the velocity torques,
  // B(x, y)_k = x^T C^k y (C^k_ij = Gamma_kij, so C_kj = sum_i Gamma_kji qd_i). By polarization
  // of Q(v) = tau(q, v, qdd = 0, g = 0) = B(v, v):
  //   B(e_j, qd) = |qd| (Q(e_j + u) - Q(e_j - u)) / 4,  u = qd / |qd|,
  // two strobes per column (2n in all, instead of the n(n+1)/2 strobes of every C^k), with e_j
  // and u of the same size so that the difference loses no digits.
  S norm2 = qd[0] * qd[0];
  for (int i = 1; i < n; ++i) norm2 += qd[i] * qd[i];
  if (math::value(norm2) == 0.0) {
    data.C.setZero();
    return data.C;
  }
  const S norm = math::sqrt(norm2);
  const S inv_norm = S(1) / norm;
  const S scale = norm * 0.25;
  data.qdd_work.setZero();
  const Vector3<S> zero = Vector3<S>::Zero();
  for (int j = 0; j < n; ++j) {
    // Q(e_j + u) into C's column, then subtract Q(e_j - u)
    for (int i = 0; i < n; ++i) data.qd_work[i] = qd[i] * inv_norm;
    data.qd_work[j] += S(1);
    detail::run_fast_core<S, true>(ch, data, q, data.qd_work, data.qdd_work, zero, false, zero,
                                   zero, {0, 0}, data.tau_work);
    data.C.col(j) = data.tau_work;
    for (int i = 0; i < n; ++i) data.qd_work[i] = -(qd[i] * inv_norm);
    data.qd_work[j] += S(1);
    detail::run_fast_core<S, true>(ch, data, q, data.qd_work, data.qdd_work, zero, false, zero,
                                   zero, {0, 0}, data.tau_work);
    for (int k = 0; k < n; ++k) data.C(k, j) = (data.C(k, j) - data.tau_work[k]) * scale;
  }
  return data.C;
}

template <typename S>
const MatrixX<S>& coriolis_matrix(const SerialModel& model, SerialDataTpl<S>& data,
                                  JointVectorIn<S> q, JointVectorIn<S> qd) {
  constexpr std::string_view where = "coriolis_matrix";
  return detail::checked_entry(
      [&] {
        detail::check_q_input(where, model, data, q);
        check_vector(where, "qd", qd, model.dof());
      },
      [&]() -> const MatrixX<S>& { return coriolis_matrix<S>(unchecked, model, data, q, qd); },
      [&](const MatrixX<S>& C) {
        check_result(where, "C", C, result_input("q", q), result_input("qd", qd));
      });
}

#define MANIPDYN_INSTANTIATE(S)                                                                \
  MANIPDYN_INSTANTIATE_ENTRIES(const MatrixX<S>&, mass_matrix_strobing, S, JointVectorIn<S>);  \
  MANIPDYN_INSTANTIATE_ENTRIES(const VectorX<S>&, gravity_torques, S, JointVectorIn<S>,        \
                               const Vector3In<S>&);                                          \
  MANIPDYN_INSTANTIATE_ENTRIES(const VectorX<S>&, bias_torques, S, JointVectorIn<S>,           \
                               JointVectorIn<S>, const Vector3In<S>&);                        \
  MANIPDYN_INSTANTIATE_ENTRIES(const MatrixX<S>&, coriolis_matrix, S, JointVectorIn<S>,        \
                               JointVectorIn<S>);                                             \
  template const std::vector<MatrixX<S>>& velocity_coupling_strobing<S>(                     \
      const SerialModel&, SerialDataTpl<S>&, JointVectorIn<S>);
MANIPDYN_FOR_SERIAL_SCALARS(MANIPDYN_INSTANTIATE)
#undef MANIPDYN_INSTANTIATE

}  // namespace manipdyn
