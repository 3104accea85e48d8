#pragma once
/// \file dynamics_terms.hpp
/// The terms of tau = M(q) qdd + C(q,qd) qd + G(q) + friction(qd): mass matrix, gravity torques,
/// bias torques, the Coriolis/centrifugal matrix and the C^k matrices, by strobing the
/// Newton-Euler equations (Turney et al. 1980, end of sec. 3 and sec. 7) and by the closed
/// Lagrange-Euler form (eqs 2.5-2.11). All include the reflected motor inertia G^2 Jm on the
/// diagonal of M when the model has drive terms; C, C^k and G are rigid-body only.
///
/// Checks: every function throws std::invalid_argument for a wrong size or a non-finite input,
/// and checks its result once per call: a non-finite result raises an error naming the output and
/// the input of largest magnitude ("bias_torques: the result bias is not finite (bias[1] = nan);
/// an input is too large: |qd| = 1e+200 (overflow)"). The O(n) and O(n^2) ones have an overload
/// taking the tag `unchecked` first (core/check.hpp) that skips the input and result checks.
/// Memory (docs/memory.md): M and C (n^2 scalars) are sized on the first call that needs them;
/// the C^k (n^3 scalars) by velocity_coupling_*, which refuse an n whose buffers would exceed
/// kMaxWorkspaceBytes (1 GiB: n > 512 by strobing, n > 198 by Lagrange-Euler).
#include "manipdyn/core/check.hpp"
#include "manipdyn/core/enum_names.hpp"
#include "manipdyn/serial/data.hpp"

namespace manipdyn {

/// The methods of the mass matrix (and of the C^k matrices, velocity_coupling_*), by the names
/// the CLI and Python use.
enum class MassMatrixMethod {
  fastest,        ///< the default: mass_matrix (velocity coupling: strobing)
  strobing,       ///< mass_matrix_strobing: unit accelerations through Newton-Euler (Turney sec. 3)
  lagrange_euler  ///< mass_matrix_lagrange_euler: the closed form (Turney et al. 1980 eq. 2.7)
};
/// The names of MassMatrixMethod (core/enum_names.hpp: to_string, from_string, all, names).
template <>
struct EnumNames<MassMatrixMethod> {
  static constexpr std::string_view argument = "mass matrix method";
  static constexpr EnumName<MassMatrixMethod> table[] = {
      {MassMatrixMethod::fastest, "fastest"},
      {MassMatrixMethod::strobing, "strobing"},
      {MassMatrixMethod::lagrange_euler, "lagrange_euler"}};
};

/// The methods of the gravity torques, by the names the CLI and Python use.
enum class GravityTorquesMethod {
  fastest,        ///< the default: gravity_torques
  lagrange_euler  ///< gravity_torques_lagrange_euler (Turney et al. 1980 eq. 2.11)
};
/// The names of GravityTorquesMethod (core/enum_names.hpp).
template <>
struct EnumNames<GravityTorquesMethod> {
  static constexpr std::string_view argument = "gravity torques method";
  static constexpr EnumName<GravityTorquesMethod> table[] = {
      {GravityTorquesMethod::fastest, "fastest"},
      {GravityTorquesMethod::lagrange_euler, "lagrange_euler"}};
};

/// M(q) (n x n), symmetric positive definite, by the fastest method; in data.M. On a tree the
/// composite-rigid-body algorithm with the parents (RBDA Table 6.2: zero between branches); with
/// a free-flyer root nv x nv, the base's six rows and columns first (docs/trees.md). G and b
/// below likewise take trees and free-flyers (nv entries, the base wrench first).
template <typename S>
const MatrixX<S>& mass_matrix(const SerialModel& model, SerialDataTpl<S>& data,
                              JointVectorIn<S> q);
/// mass_matrix without the input and result checks (Unchecked).
template <typename S>
const MatrixX<S>& mass_matrix(Unchecked, const SerialModel& model, SerialDataTpl<S>& data,
                              JointVectorIn<S> q);

/// M(q) (data.M, as mass_matrix) and the bias b(q, qd) = C qd + G + friction + the torques of
/// the end-effector wrench f_ext (data.bias, = inverse_dynamics with qdd = 0) in one call that
/// computes the joint sin/cos once: the two terms forward dynamics needs (Turney et al. 1980
/// sec. 7). gravity: world frame; f_ext: as in inverse_dynamics.hpp.
template <typename S>
void mass_matrix_and_bias(const SerialModel& model, SerialDataTpl<S>& data, JointVectorIn<S> q,
                          JointVectorIn<S> qd, const Vector3In<S>& gravity,
                          const Vector6In<S>& f_ext);
/// mass_matrix_and_bias without the input and result checks (Unchecked).
template <typename S>
void mass_matrix_and_bias(Unchecked, const SerialModel& model, SerialDataTpl<S>& data,
                          JointVectorIn<S> q, JointVectorIn<S> qd, const Vector3In<S>& gravity,
                          const Vector6In<S>& f_ext);

/// M(q) by strobing the Newton-Euler equations: column j = tau(q, qd = 0, qdd = e_j, g = 0),
/// only the lower triangle computed (rows j..n-1 of column j), mirrored by symmetry.
template <typename S>
const MatrixX<S>& mass_matrix_strobing(const SerialModel& model, SerialDataTpl<S>& data,
                                       JointVectorIn<S> q);
/// mass_matrix_strobing without the input and result checks (Unchecked).
template <typename S>
const MatrixX<S>& mass_matrix_strobing(Unchecked, const SerialModel& model, SerialDataTpl<S>& data,
                                       JointVectorIn<S> q);

/// M(q) by the Lagrange-Euler closed form D_ik = sum_j tr(U_jk J_j U_ji^T) (Turney et al. 1980
/// eq. 2.7); in data.M.
template <typename S>
const MatrixX<S>& mass_matrix_lagrange_euler(const SerialModel& model, SerialDataTpl<S>& data,
                                             JointVectorIn<S> q);

/// G(q) (n): the torques that hold the arm still against `gravity` (world frame), i.e.
/// tau(q, 0, 0); in data.G. By composite first moments (Featherstone RBDA sec. 6.2's composite
/// bodies with the motion terms gone: tau_k = z_k . (h_k x a), h_k the first moment of links
/// k..n-1 about origin k; detail::composite_gravity_core): 56 multiplications on the PUMA 560,
/// 100 on a general 6-joint arm, against 204 and 457 for strobing the Newton-Euler core.
template <typename S>
const VectorX<S>& gravity_torques(const SerialModel& model, SerialDataTpl<S>& data,
                                  JointVectorIn<S> q,
                                  const Vector3In<S>& gravity);
/// gravity_torques without the input and result checks (Unchecked).
template <typename S>
const VectorX<S>& gravity_torques(Unchecked, const SerialModel& model, SerialDataTpl<S>& data,
                                  JointVectorIn<S> q,
                                  const Vector3In<S>& gravity);

/// G(q) by the Lagrange-Euler closed form (Turney et al. 1980 eq. 2.11); in data.G.
template <typename S>
const VectorX<S>& gravity_torques_lagrange_euler(const SerialModel& model,
                                                 SerialDataTpl<S>& data,
                                                 JointVectorIn<S> q,
                                                 const Vector3In<S>& gravity);

/// b(q, qd) = C(q,qd) qd + G(q) + friction(qd) (n) = tau(q, qd, qdd = 0), so that
/// tau = M qdd + b; in data.bias.
template <typename S>
const VectorX<S>& bias_torques(const SerialModel& model, SerialDataTpl<S>& data,
                               JointVectorIn<S> q,
                               JointVectorIn<S> qd, const Vector3In<S>& gravity);
/// bias_torques without the input and result checks (Unchecked).
template <typename S>
const VectorX<S>& bias_torques(Unchecked, const SerialModel& model, SerialDataTpl<S>& data,
                               JointVectorIn<S> q,
                               JointVectorIn<S> qd, const Vector3In<S>& gravity);

/// The C^k matrices (n of n x n, symmetric): the velocity term of joint k is qd^T C^k qd
/// (Turney et al. 1980 eq. 2.9), by strobing pairs of unit velocities through Newton-Euler with
/// qdd = 0 and gravity zero; in data.Ck.
template <typename S>
const std::vector<MatrixX<S>>& velocity_coupling_strobing(const SerialModel& model,
                                                          SerialDataTpl<S>& data,
                                                          JointVectorIn<S> q);

/// The C^k matrices by the Lagrange-Euler closed form h_ikm = sum_j tr(U_jkm J_j U_ji^T)
/// (Turney et al. 1980 eq. 2.9); in data.Ck.
template <typename S>
const std::vector<MatrixX<S>>& velocity_coupling_lagrange_euler(
    const SerialModel& model, SerialDataTpl<S>& data, JointVectorIn<S> q);

/// C(q, qd) (n x n) in Christoffel form, C_kj = sum_i Gamma_kij qd_i with the Christoffel
/// symbols of the first kind Gamma_kij = (dM_kj/dq_i + dM_ki/dq_j - dM_ij/dq_k)/2, so that
/// dM/dt - 2C is skew-symmetric and C qd is the velocity term; in data.C.
template <typename S>
const MatrixX<S>& coriolis_matrix(const SerialModel& model, SerialDataTpl<S>& data,
                                  JointVectorIn<S> q,
                                  JointVectorIn<S> qd);
/// coriolis_matrix without the input and result checks (Unchecked).
template <typename S>
const MatrixX<S>& coriolis_matrix(Unchecked, const SerialModel& model, SerialDataTpl<S>& data,
                                  JointVectorIn<S> q,
                                  JointVectorIn<S> qd);

}  // namespace manipdyn
