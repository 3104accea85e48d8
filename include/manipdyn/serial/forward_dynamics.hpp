#pragma once
/// \file forward_dynamics.hpp
/// Forward dynamics of a serial arm: the joint accelerations qdd that the torques tau produce,
///   qdd = M(q)^-1 (tau - C(q,qd) qd - G(q) - friction(qd) - J^T f_ext),
/// by two methods:
///  - `strobing`: literally Turney et al. 1980 sec. 7: M by strobing the Newton-Euler equations
///    (unit accelerations, end of sec. 3; mass_matrix_strobing), the bias by one inverse dynamics
///    with qdd = 0, and an LDL^T (square-root-free Cholesky) solve; O(n^2) + O(n^3);
///  - `mass_matrix`: the same with M from the serial core's fastest mass_matrix (the
///    composite-rigid-body algorithm), which is cheaper than strobing;
///  - `articulated_body`: Featherstone's articulated-body algorithm (RBDA, Table 7.1), O(n),
///    run in the modified-DH frames of the model (articulated_body.hpp).
/// On a tree (docs/trees.md) `mass_matrix` factorises M by the sparse L^T D L of Featherstone
/// (2005; ltdl_solve_in_place), `articulated_body` runs with the parents, `strobing` refuses it.
/// The default (`fastest`) picks the method that is faster for the model's number of joints:
/// `mass_matrix` below forward_dynamics_crossover() joints, `articulated_body` from there on
/// (measured by bench/bench_simulation.cpp); on a tree or a free-flyer `articulated_body` at
/// every size (measured faster on random trees of 2 to 24 joints on both roots, 0.47 to 0.84 of
/// the mass-matrix method's time, and on Romeo's and Solo 12's floating trees in bench_peers).
///
/// Coulomb friction at zero velocity: the drive terms follow drive.hpp, where the Coulomb torque
/// is taken as zero at exactly qd_i = 0, so qdd is always defined (no set-valued stiction model;
/// a joint at rest under a small torque starts to move and the friction then opposes it).
///
/// Workspace: forward dynamics keeps its own workspace struct ForwardDynamicsDataTpl (below),
/// which contains the SerialDataTpl used by the mass-matrix method. Memory grows as the method
/// does: the articulated-body method uses O(n) buffers only; the mass-matrix methods size M and
/// its LDL^T factor (n x n each) on their first call. Nothing is allocated after the first call.
///
/// Checks: the inputs (sizes, finiteness) and, once per call, the result: a non-finite qdd (or a
/// non-finite M or bias on the way to it) raises std::invalid_argument naming qdd and the input
/// of largest magnitude ("forward_dynamics_mass_matrix: the result qdd is not finite ((tau -
/// b)[0] = nan, b the bias torques); an input is too large: |qd| = 1e+200 (overflow)"). Every
/// function has an overload taking the tag `unchecked` first (core/check.hpp) that skips the
/// input and result checks (not the positive-definiteness of M or D_i).
#include <string>
#include <vector>

#include "manipdyn/core/check.hpp"
#include "manipdyn/core/enum_names.hpp"
#include "manipdyn/core/types.hpp"
#include "manipdyn/serial/data.hpp"
#include "manipdyn/serial/model.hpp"

namespace manipdyn {

/// The methods of forward dynamics (names used by the CLI and Python as well).
enum class ForwardDynamicsMethod {
  fastest,           ///< the default: the faster of mass_matrix / articulated_body for n
  mass_matrix,       ///< M (fastest, CRBA) + bias + LDL^T solve
  strobing,          ///< M by strobing + bias + LDL^T solve (Turney et al. 1980, sec. 7)
  articulated_body   ///< Featherstone's articulated-body algorithm, O(n)
};
/// The names of ForwardDynamicsMethod (core/enum_names.hpp: to_string, from_string, all, names).
template <>
struct EnumNames<ForwardDynamicsMethod> {
  static constexpr std::string_view argument = "forward dynamics method";
  static constexpr EnumName<ForwardDynamicsMethod> table[] = {
      {ForwardDynamicsMethod::fastest, "fastest"},
      {ForwardDynamicsMethod::mass_matrix, "mass_matrix"},
      {ForwardDynamicsMethod::strobing, "strobing"},
      {ForwardDynamicsMethod::articulated_body, "articulated_body"}};
};
/// from_string<ForwardDynamicsMethod>: throws std::invalid_argument "forward_dynamics: unknown
/// method 'crba' (valid: fastest, mass_matrix, strobing, articulated_body)" for an unknown name.
inline ForwardDynamicsMethod forward_dynamics_method_from_string(const std::string& name) {
  return from_string<ForwardDynamicsMethod>(name, "forward_dynamics", "method");
}

/// The smallest number of joints from which `fastest` uses the articulated-body algorithm
/// (below it, the mass-matrix method is faster on this machine; see docs/simulation.md).
int forward_dynamics_crossover();

/// The per-call workspace of forward dynamics (built once from the model; one per thread).
template <typename Scalar>
struct ForwardDynamicsDataTpl {
  using S = Scalar;
  explicit ForwardDynamicsDataTpl(const SerialModel& model);

  int n = 0;                    ///< number of joints the buffers are sized for
  SerialDataTpl<S> serial;      ///< workspace of mass_matrix / inverse_dynamics (M, tau, ...)

  // ---- output --------------------------------------------------------------------------------
  /// (nv) joint accelerations of the last forward dynamics; nv = n, or n + 6 with a free-flyer
  /// root (the base's spatial acceleration [linear; angular] in the base frame first)
  VectorX<S> qdd;

  // ---- mass-matrix method --------------------------------------------------------------------
  VectorX<S> rhs;               ///< (nv) tau - bias - J^T f_ext
  VectorX<S> zero;              ///< (nv) zeros (qdd = 0 for the bias)
  /// (nv) a tree's or a free-flyer's parent of each velocity coordinate (ltdl_solve_in_place;
  /// the base's six coordinates in a row first); empty for a fixed-root chain
  std::vector<int> parent_v;
  MatrixX<S> ldl;               ///< (n x n) LDL^T factor of M (a tree's L^T D L): unit L below the diagonal, D on it;
                                ///< empty until the first call of the mass-matrix method

  // ---- articulated-body method (modified-DH frames; spatial vectors [angular; linear]) -------
  AlignedVector<Matrix3<S>> rot;  ///< (n) rotation of frame i in frame i-1 ({i-1}R{i})
  AlignedVector<Vector3<S>> pos;  ///< (n) origin of frame i in frame i-1
  AlignedVector<Vector6<S>> v;    ///< (n) spatial velocity of link i, frame i
  AlignedVector<Vector6<S>> c;    ///< (n) velocity-product acceleration v_i x S_i qd_i
  AlignedVector<Vector6<S>> pA;   ///< (n) articulated bias force of link i
  AlignedVector<Vector6<S>> U;    ///< (n) IA_i S_i
  AlignedVector<Vector6<S>> a;    ///< (n) spatial acceleration of link i
  AlignedVector<Matrix6<S>> IA;   ///< (n) articulated-body inertia of link i (6 x 6)
  VectorX<S> D;                   ///< (n) S_i^T IA_i S_i + G_i^2 Jm_i
  VectorX<S> u;                   ///< (n) tau_i - friction_i - S_i^T pA_i
  VectorX<S> friction;            ///< (n) friction torques at qd
};
using ForwardDynamicsData = ForwardDynamicsDataTpl<double>;

/// Forward dynamics by `method`: joint accelerations qdd (n) for joint values q, velocities qd
/// and torques/forces tau (n each), gravitational acceleration `gravity` (world frame, m/s^2)
/// and the wrench f_ext = [f; n] (6) that the end-effector exerts on the environment (end-effector
/// frame, moment about its origin; the convention of inverse_dynamics.hpp). Includes the drive
/// terms (reflected motor inertia G^2 Jm in M, friction) when model.has_drive. Result in data.qdd.
/// Throws std::invalid_argument for a wrong size or a non-finite input.
template <typename S>
const VectorX<S>& forward_dynamics(ForwardDynamicsMethod method, const SerialModel& model,
                                   ForwardDynamicsDataTpl<S>& data, JointVectorIn<S> q,
                                   JointVectorIn<S> qd, JointVectorIn<S> tau,
                                   const Vector3In<S>& gravity, const Vector6In<S>& f_ext);

/// forward_dynamics without the input and result checks (Unchecked).
template <typename S>
const VectorX<S>& forward_dynamics(Unchecked, ForwardDynamicsMethod method,
                                   const SerialModel& model, ForwardDynamicsDataTpl<S>& data,
                                   JointVectorIn<S> q, JointVectorIn<S> qd, JointVectorIn<S> tau,
                                   const Vector3In<S>& gravity, const Vector6In<S>& f_ext);

/// forward_dynamics by the fastest method for the model.
template <typename S>
const VectorX<S>& forward_dynamics(const SerialModel& model, ForwardDynamicsDataTpl<S>& data,
                                   JointVectorIn<S> q, JointVectorIn<S> qd, JointVectorIn<S> tau,
                                   const Vector3In<S>& gravity, const Vector6In<S>& f_ext) {
  return forward_dynamics(ForwardDynamicsMethod::fastest, model, data, q, qd, tau, gravity,
                          f_ext);
}

/// forward_dynamics by the fastest method for the model, unchecked.
template <typename S>
const VectorX<S>& forward_dynamics(Unchecked, const SerialModel& model,
                                   ForwardDynamicsDataTpl<S>& data, JointVectorIn<S> q,
                                   JointVectorIn<S> qd, JointVectorIn<S> tau,
                                   const Vector3In<S>& gravity, const Vector6In<S>& f_ext) {
  return forward_dynamics(unchecked, ForwardDynamicsMethod::fastest, model, data, q, qd, tau,
                          gravity, f_ext);
}

/// forward_dynamics with the model's gravity and no external wrench.
template <typename S>
const VectorX<S>& forward_dynamics(const SerialModel& model, ForwardDynamicsDataTpl<S>& data,
                                   JointVectorIn<S> q, JointVectorIn<S> qd,
                                   JointVectorIn<S> tau) {
  return forward_dynamics(ForwardDynamicsMethod::fastest, model, data, q, qd, tau,
                          Vector3<S>(model.gravity.template cast<S>()), Vector6<S>::Zero());
}

/// The mass-matrix method: M by mass_matrix (or, with `strobe`, by mass_matrix_strobing), the bias b = tau(q, qd, 0, g, f_ext) by
/// one inverse dynamics, then M qdd = tau - b by an LDL^T factorisation (M is symmetric positive
/// definite, so no pivoting is needed; Turney et al. 1980 sec. 7). Result in data.qdd.
template <typename S>
const VectorX<S>& forward_dynamics_mass_matrix(const SerialModel& model,
                                               ForwardDynamicsDataTpl<S>& data,
                                               JointVectorIn<S> q, JointVectorIn<S> qd,
                                               JointVectorIn<S> tau, const Vector3In<S>& gravity,
                                               const Vector6In<S>& f_ext, bool strobe = false);

/// forward_dynamics_mass_matrix without the input and result checks (Unchecked).
template <typename S>
const VectorX<S>& forward_dynamics_mass_matrix(Unchecked, const SerialModel& model,
                                               ForwardDynamicsDataTpl<S>& data,
                                               JointVectorIn<S> q, JointVectorIn<S> qd,
                                               JointVectorIn<S> tau, const Vector3In<S>& gravity,
                                               const Vector6In<S>& f_ext, bool strobe = false);

/// Factorises the symmetric positive-definite `M` (n x n) as L D L^T into `ldl` (unit L below the
/// diagonal, D on the diagonal) and solves M x = b in place of `x` (holding b on entry).
/// Throws std::invalid_argument("...: M is not positive definite (pivot k = ...)") for a
/// non-positive pivot.
template <typename S>
void ldlt_solve_in_place(const MatrixX<S>& M, MatrixX<S>& ldl, JointVectorOut<S> x);
/// Factorises the symmetric positive-definite mass matrix `M` (n x n) of a tree with the parents
/// `parent` (n, model.parent: -1 = the base, parent[i] < i) as M = L^T D L into `ltdl` (unit L
/// below the diagonal, D on the diagonal; n x n, entries of joints on different branches
/// untouched) and solves M x = b in place of `x` (holding b on entry): Featherstone's sparse
/// factorisation (2005; RBDA Tables 6.3-6.4), which visits only each joint's ancestors (no
/// fill-in). Throws std::invalid_argument("forward_dynamics: M is not positive definite (pivot
/// k ...)") for a non-positive pivot.
template <typename S>
void ltdl_solve_in_place(const std::vector<int>& parent, const MatrixX<S>& M, MatrixX<S>& ltdl,
                         JointVectorOut<S> x);

}  // namespace manipdyn
