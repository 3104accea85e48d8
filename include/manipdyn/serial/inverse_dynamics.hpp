#pragma once
/// \file inverse_dynamics.hpp
/// Inverse dynamics of a serial arm, tau = M(q) qdd + C(q,qd) qd + G(q) + friction(qd) + J^T f,
/// by each formulation of the founding papers. Every function
///  - takes q, qd, qdd (n each), the gravitational acceleration `gravity` (world frame, m/s^2,
///    e.g. model.gravity) and the wrench `f_ext` = [f_{n+1}; n_{n+1}] (6) that the end-effector
///    exerts ON the environment, expressed in the end-effector frame, moment about its origin
///    (Turney et al. 1980, eqs 3.20-3.21; Craig's f_{n+1}, n_{n+1});
///  - writes the joint torques (revolute, N m) and forces (prismatic, N) to data.tau and returns it;
///  - includes the drive terms (G^2 Jm qdd and friction, drive.hpp) when model.has_drive;
///  - throws std::invalid_argument for a wrong size or a non-finite entry, and for a result that
///    is not finite (checked once per call, after computing: the message names the output and the
///    input of largest magnitude, e.g. "inverse_dynamics: the result tau is not finite (tau[0] =
///    nan); an input is too large: |qd| = 1e+200 (overflow)"), so no NaN is ever returned.
/// Each has an overload taking the tag `unchecked` first (core/check.hpp) that computes the same
/// numbers without the input and result checks, for callers that validate upstream (measured in
/// bench/bench_serial.cpp: the checks cost a few percent of the default on the PUMA 560).
/// Memory: the O(n) methods use only the O(n) buffers the Data is built with; Lagrange-Euler
/// sizes n^2 + n^3 4x4 partials on first use (128 n^3 bytes) and refuses n > 202
/// (kMaxWorkspaceBytes, data.hpp).
/// Each formulation runs in the frames of its paper; a model in the other DH convention is run
/// through its equivalent chain (SerialModel::standard / ::modified), which is exact.
/// NOTE for implementers: parameter types are the non-deduced aliases of core/types.hpp
/// (JointVectorIn<S>, Vector3In<S>, Vector6In<S>); definitions and explicit instantiations in
/// src/ must spell them exactly the same way, or they define a different template.
#include "manipdyn/core/check.hpp"
#include "manipdyn/core/enum_names.hpp"
#include "manipdyn/serial/data.hpp"

namespace manipdyn {

/// The formulations of inverse dynamics (names used by the CLI and Python as well).
enum class InverseDynamicsMethod {
  fastest,                ///< the default: the fastest correct O(n) method
  lagrange_euler,         ///< Turney et al. 1980 eqs 2.1-2.11 (4x4 trace form), O(n^4)
  newton_euler,           ///< Turney et al. 1980 eqs 3.15-3.21, link coordinates, O(n)
  modified_newton_euler,  ///< Turney et al. 1980 sec. 5, eqs 5.1-5.2 (A_i, K_i), O(n)
  craig                   ///< Craig's outward/inward iterations, modified DH frames, O(n)
};
/// The names of InverseDynamicsMethod (core/enum_names.hpp: to_string, from_string, all, names).
template <>
struct EnumNames<InverseDynamicsMethod> {
  static constexpr std::string_view argument = "inverse dynamics method";
  static constexpr EnumName<InverseDynamicsMethod> table[] = {
      {InverseDynamicsMethod::fastest, "fastest"},
      {InverseDynamicsMethod::lagrange_euler, "lagrange_euler"},
      {InverseDynamicsMethod::newton_euler, "newton_euler"},
      {InverseDynamicsMethod::modified_newton_euler, "modified_newton_euler"},
      {InverseDynamicsMethod::craig, "craig"}};
};
/// from_string<InverseDynamicsMethod>(name): throws std::invalid_argument "unknown inverse
/// dynamics method 'rnea' (valid: fastest, lagrange_euler, ...)" for an unknown name.
inline InverseDynamicsMethod inverse_dynamics_method_from_string(const std::string& name) {
  return from_string<InverseDynamicsMethod>(name);
}

/// Lagrange-Euler in the 4x4 trace form (Turney et al. 1980 eqs 2.1-2.11, appendix; Lee et al.
/// 1982 eqs 3.6-3.10); standard DH frames.
template <typename S>
const VectorX<S>& inverse_dynamics_lagrange_euler(
    const SerialModel& model, SerialDataTpl<S>& data, JointVectorIn<S> q,
    JointVectorIn<S> qd, JointVectorIn<S> qdd,
    const Vector3In<S>& gravity, const Vector6In<S>& f_ext);
/// inverse_dynamics_lagrange_euler without the input and result checks (core/check.hpp, Unchecked).
template <typename S>
const VectorX<S>& inverse_dynamics_lagrange_euler(
    Unchecked, const SerialModel& model, SerialDataTpl<S>& data, JointVectorIn<S> q,
    JointVectorIn<S> qd, JointVectorIn<S> qdd,
    const Vector3In<S>& gravity, const Vector6In<S>& f_ext);

/// Recursive Newton-Euler in link coordinates (Turney et al. 1980 eqs 3.15-3.21; Lee et al. 1982
/// eqs 3.21-3.27); standard DH frames, revolute and prismatic joints.
template <typename S>
const VectorX<S>& inverse_dynamics_newton_euler(
    const SerialModel& model, SerialDataTpl<S>& data, JointVectorIn<S> q,
    JointVectorIn<S> qd, JointVectorIn<S> qdd,
    const Vector3In<S>& gravity, const Vector6In<S>& f_ext);
/// inverse_dynamics_newton_euler without the input and result checks (core/check.hpp, Unchecked).
template <typename S>
const VectorX<S>& inverse_dynamics_newton_euler(
    Unchecked, const SerialModel& model, SerialDataTpl<S>& data, JointVectorIn<S> q,
    JointVectorIn<S> qd, JointVectorIn<S> qdd,
    const Vector3In<S>& gravity, const Vector6In<S>& f_ext);

/// The modified Newton-Euler of Turney et al. 1980 sec. 5 (eqs 5.1-5.2, A_i and K_i matrices);
/// standard DH frames.
template <typename S>
const VectorX<S>& inverse_dynamics_modified_newton_euler(
    const SerialModel& model, SerialDataTpl<S>& data, JointVectorIn<S> q,
    JointVectorIn<S> qd, JointVectorIn<S> qdd,
    const Vector3In<S>& gravity, const Vector6In<S>& f_ext);
/// inverse_dynamics_modified_newton_euler without the input and result checks (core/check.hpp, Unchecked).
template <typename S>
const VectorX<S>& inverse_dynamics_modified_newton_euler(
    Unchecked, const SerialModel& model, SerialDataTpl<S>& data, JointVectorIn<S> q,
    JointVectorIn<S> qd, JointVectorIn<S> qdd,
    const Vector3In<S>& gravity, const Vector6In<S>& f_ext);

/// Craig's iterative Newton-Euler (Introduction to Robotics, eqs 6.45-6.53; paper 002) with
/// modified DH frames, revolute and prismatic joints.
template <typename S>
const VectorX<S>& inverse_dynamics_craig(
    const SerialModel& model, SerialDataTpl<S>& data, JointVectorIn<S> q,
    JointVectorIn<S> qd, JointVectorIn<S> qdd,
    const Vector3In<S>& gravity, const Vector6In<S>& f_ext);
/// inverse_dynamics_craig without the input and result checks (core/check.hpp, Unchecked).
template <typename S>
const VectorX<S>& inverse_dynamics_craig(
    Unchecked, const SerialModel& model, SerialDataTpl<S>& data, JointVectorIn<S> q,
    JointVectorIn<S> qd, JointVectorIn<S> qdd,
    const Vector3In<S>& gravity, const Vector6In<S>& f_ext);

/// The default inverse dynamics: the fastest correct O(n) formulation; allocates nothing and
/// uses only the O(n) buffers of the Data. On a tree (!model.is_chain()) the recursive
/// Newton-Euler algorithm with the parents (Featherstone RBDA Table 5.1; docs/trees.md), f_ext
/// on the end-effector (the last joint's frame times the tool); the other formulations are
/// written for chains and refuse a tree. With a free-flyer root (RootJoint, configuration.hpp)
/// q has nq = 7 + n entries, qd and qdd nv = 6 + n, and tau (nv) starts with the wrench [force;
/// torque] on the base in the base frame (docs/trees.md).
template <typename S>
const VectorX<S>& inverse_dynamics(
    const SerialModel& model, SerialDataTpl<S>& data, JointVectorIn<S> q,
    JointVectorIn<S> qd, JointVectorIn<S> qdd,
    const Vector3In<S>& gravity, const Vector6In<S>& f_ext);

/// The default inverse dynamics without the input and result checks (Unchecked): for callers
/// that validate q, qd, qdd, gravity, f_ext upstream.
template <typename S>
const VectorX<S>& inverse_dynamics(
    Unchecked, const SerialModel& model, SerialDataTpl<S>& data, JointVectorIn<S> q,
    JointVectorIn<S> qd, JointVectorIn<S> qdd,
    const Vector3In<S>& gravity, const Vector6In<S>& f_ext);

/// External wrenches on the links, 6 x n: column i = [f; n] that link i exerts ON the
/// environment (the sign of f_ext), expressed in frame i of model.modified (for a tree or a
/// modified-DH model, the frame data.T0[i + 1] of link_transforms; Khalil & Kleinfinger's frame
/// on joint i), moment about its origin.
/// (The stride is spelled out: Ref's default for a matrix is written with a dependent expression,
/// which compilers may mangle differently, tests/install/clang_consumer.cmake.)
template <typename S>
using LinkWrenchesIn = std::type_identity_t<Eigen::Ref<const MatrixX<S>, 0, Eigen::OuterStride<>>>;
/// Inverse dynamics with wrenches on any link: tau (n) = ID(q, qd, qdd) under `gravity` with the
/// end-effector wrench f_ext (6, as above) and the link wrenches f_links (6 x n,
/// LinkWrenchesIn), tau = M qdd + C qd + G + friction + J^T f_ext + sum_i J_i^T f_links_i; by
/// the recursive Newton-Euler algorithm with the parents (RBDA Table 5.1) on a tree or a chain
/// (in the frames of model.modified). In data.tau; allocates nothing after the first call (a
/// chain's Data sizes its link buffers then). Throws std::invalid_argument for a wrong size or
/// a non-finite input (f_links named with its row and column) or result.
template <typename S>
const VectorX<S>& inverse_dynamics(const SerialModel& model, SerialDataTpl<S>& data,
                                   JointVectorIn<S> q, JointVectorIn<S> qd, JointVectorIn<S> qdd,
                                   const Vector3In<S>& gravity, const Vector6In<S>& f_ext,
                                   const LinkWrenchesIn<S>& f_links);
/// inverse_dynamics with link wrenches, without the input and result checks (Unchecked).
template <typename S>
const VectorX<S>& inverse_dynamics(Unchecked, const SerialModel& model, SerialDataTpl<S>& data,
                                   JointVectorIn<S> q, JointVectorIn<S> qd, JointVectorIn<S> qdd,
                                   const Vector3In<S>& gravity, const Vector6In<S>& f_ext,
                                   const LinkWrenchesIn<S>& f_links);
/// inverse_dynamics with the model's gravity and no external wrench.
template <typename S>
const VectorX<S>& inverse_dynamics(const SerialModel& model, SerialDataTpl<S>& data,
                                   JointVectorIn<S> q,
                                   JointVectorIn<S> qd,
                                   JointVectorIn<S> qdd) {
  return inverse_dynamics(model, data, q, qd, qdd, Vector3<S>(model.gravity.template cast<S>()),
                          Vector6<S>::Zero());
}

/// inverse_dynamics with the model's gravity and no external wrench, unchecked.
template <typename S>
const VectorX<S>& inverse_dynamics(Unchecked, const SerialModel& model, SerialDataTpl<S>& data,
                                   JointVectorIn<S> q, JointVectorIn<S> qd,
                                   JointVectorIn<S> qdd) {
  return inverse_dynamics(unchecked, model, data, q, qd, qdd,
                          Vector3<S>(model.gravity.template cast<S>()), Vector6<S>::Zero());
}

/// Dispatches to the formulation `method`.
template <typename S>
const VectorX<S>& inverse_dynamics(
    InverseDynamicsMethod method, const SerialModel& model, SerialDataTpl<S>& data,
    JointVectorIn<S> q, JointVectorIn<S> qd,
    JointVectorIn<S> qdd, const Vector3In<S>& gravity,
    const Vector6In<S>& f_ext);

/// Dispatches to the unchecked overload of the formulation `method`.
template <typename S>
const VectorX<S>& inverse_dynamics(
    Unchecked, InverseDynamicsMethod method, const SerialModel& model, SerialDataTpl<S>& data,
    JointVectorIn<S> q, JointVectorIn<S> qd,
    JointVectorIn<S> qdd, const Vector3In<S>& gravity,
    const Vector6In<S>& f_ext);

}  // namespace manipdyn
