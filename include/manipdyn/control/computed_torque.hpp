#pragma once
/// \file computed_torque.hpp
/// The computed-torque PD control law of Lee, Chung, Mudge, Turney (~1982), eq. 4.1:
///   tau = D(q) [qdd_d + Kv (qd_d - qd) + Kp (q_d - q)] + H(q, qd) + G(q)   (+ drive terms),
/// in two forms that give the same torques (Lee et al. sec. 4 prove it; the tests check it):
///  - computed_torque: O(n), by running the Newton-Euler recursion (Turney et al. 1980 eqs
///    3.15-3.21, the serial core's inverse_dynamics_newton_euler) with the joint accelerations
///    replaced by the reference accelerations of eq. 4.4,
///      qdd_ref_i = qdd_d_i + Kv_i (qd_d_i - qd_i) + Kp_i (q_d_i - q_i);
///  - computed_torque_lagrange_euler: the same law through the closed Lagrange-Euler terms
///    D = M (eq. 3.8), H_i = qd^T C^i qd (eq. 3.9) and G (eq. 3.10), O(n^4) as in Table 1.
/// The gains are diagonal (Kp, Kv given as vectors of n entries, 1/s^2 and 1/s), as in the
/// paper's experiment; the PD part then costs 2n multiplications and 4n additions (Table 2).
/// With the drive terms of the model (motor inertia, friction) the law also compensates
/// G^2 Jm qdd_ref and the friction at the measured qd.
#include "manipdyn/serial/data.hpp"

namespace manipdyn {

/// Workspace of the control laws (built once from the controller's model).
template <typename Scalar>
struct ControlDataTpl {
  using S = Scalar;
  explicit ControlDataTpl(const SerialModel& model)
      : n(model.dof()), serial(model), qdd_ref(VectorX<S>::Zero(n)), tau(VectorX<S>::Zero(n)),
        velocity_terms(VectorX<S>::Zero(n)), friction(VectorX<S>::Zero(n)) {}
  int n = 0;                  ///< number of joints
  SerialDataTpl<S> serial;    ///< workspace of the serial-core algorithms
  VectorX<S> qdd_ref;         ///< (n) reference accelerations of eq. 4.4
  VectorX<S> tau;             ///< (n) output: the commanded torques/forces
  VectorX<S> velocity_terms;  ///< (n) H_i = qd^T C^i qd (Lagrange-Euler form)
  VectorX<S> friction;        ///< (n) friction torques at qd (Lagrange-Euler form)
};
using ControlData = ControlDataTpl<double>;

/// qdd_ref (n) = qdd_d + kv .* (qd_d - qd) + kp .* (q_d - q) (eq. 4.4 with diagonal gains);
/// in data.qdd_ref. Checks sizes and finiteness of every input.
template <typename S>
const VectorX<S>& reference_acceleration(ControlDataTpl<S>& data, JointVectorIn<S> q,
                                         JointVectorIn<S> qd, JointVectorIn<S> q_d,
                                         JointVectorIn<S> qd_d, JointVectorIn<S> qdd_d,
                                         JointVectorIn<S> kp, JointVectorIn<S> kv);

/// Computed-torque law, Newton-Euler form (Lee et al. eq. 4.1 evaluated as eqs 3.21-3.27 with
/// qdd replaced by eq. 4.4): the torques (n) for the measured q, qd, the desired q_d, qd_d,
/// qdd_d and the diagonal gains kp, kv (n each), under `gravity` (world frame). In data.tau.
template <typename S>
const VectorX<S>& computed_torque(const SerialModel& model, ControlDataTpl<S>& data,
                                  JointVectorIn<S> q, JointVectorIn<S> qd, JointVectorIn<S> q_d,
                                  JointVectorIn<S> qd_d, JointVectorIn<S> qdd_d,
                                  JointVectorIn<S> kp, JointVectorIn<S> kv,
                                  const Vector3In<S>& gravity);

/// Computed-torque law, Lagrange-Euler form: tau = D qdd_ref + H + G (+ friction) with D, the
/// C^i and G from their closed Lagrange-Euler expressions (Turney et al. 1980 eqs 2.7-2.11;
/// Lee et al. eqs 3.8-3.10). Same inputs and output as computed_torque.
template <typename S>
const VectorX<S>& computed_torque_lagrange_euler(
    const SerialModel& model, ControlDataTpl<S>& data, JointVectorIn<S> q, JointVectorIn<S> qd,
    JointVectorIn<S> q_d, JointVectorIn<S> qd_d, JointVectorIn<S> qdd_d, JointVectorIn<S> kp,
    JointVectorIn<S> kv, const Vector3In<S>& gravity);

/// PD with gravity compensation: tau = kp .* (q_d - q) + kv .* (qd_d - qd) + G(q), gains in
/// N m/rad and N m s/rad (n each). In data.tau.
template <typename S>
const VectorX<S>& pd_gravity_torque(const SerialModel& model, ControlDataTpl<S>& data,
                                    JointVectorIn<S> q, JointVectorIn<S> qd, JointVectorIn<S> q_d,
                                    JointVectorIn<S> qd_d, JointVectorIn<S> kp,
                                    JointVectorIn<S> kv, const Vector3In<S>& gravity);

/// Independent-joint PD: tau = kp .* (q_d - q) + kv .* (qd_d - qd), gains in N m/rad and
/// N m s/rad. In data.tau.
template <typename S>
const VectorX<S>& pd_torque(ControlDataTpl<S>& data, JointVectorIn<S> q, JointVectorIn<S> qd,
                            JointVectorIn<S> q_d, JointVectorIn<S> qd_d, JointVectorIn<S> kp,
                            JointVectorIn<S> kv);

}  // namespace manipdyn
