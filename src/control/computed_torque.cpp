#include "manipdyn/control/computed_torque.hpp"

#include "manipdyn/core/check.hpp"
#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/serial/drive.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"

namespace manipdyn {

namespace {

template <typename S>
void check_data(const char* where, const ControlDataTpl<S>& data, int n) {
  check_data_size(where, data.n, n);
}

}  // namespace

template <typename S>
const VectorX<S>& reference_acceleration(ControlDataTpl<S>& data, JointVectorIn<S> q,
                                         JointVectorIn<S> qd, JointVectorIn<S> q_d,
                                         JointVectorIn<S> qd_d, JointVectorIn<S> qdd_d,
                                         JointVectorIn<S> kp, JointVectorIn<S> kv) {
  constexpr const char* where = "computed_torque";
  const int n = data.n;
  check_vector(where, "q", q, n);
  check_vector(where, "qd", qd, n);
  check_vector(where, "q_d", q_d, n);
  check_vector(where, "qd_d", qd_d, n);
  check_vector(where, "qdd_d", qdd_d, n);
  check_vector(where, "kp", kp, n);
  check_vector(where, "kv", kv, n);
  // Eq. 4.4 with diagonal gains: 2 multiplications and 4 additions per joint (Table 2).
  for (int i = 0; i < n; ++i)
    data.qdd_ref[i] = qdd_d[i] + kv[i] * (qd_d[i] - qd[i]) + kp[i] * (q_d[i] - q[i]);
  return data.qdd_ref;
}

template <typename S>
const VectorX<S>& computed_torque(const SerialModel& model, ControlDataTpl<S>& data,
                                  JointVectorIn<S> q, JointVectorIn<S> qd, JointVectorIn<S> q_d,
                                  JointVectorIn<S> qd_d, JointVectorIn<S> qdd_d,
                                  JointVectorIn<S> kp, JointVectorIn<S> kv,
                                  const Vector3In<S>& gravity) {
  check_data("computed_torque", data, model.dof());
  // Reference accelerations (eq. 4.4), then the Newton-Euler recursion driven by them.
  reference_acceleration<S>(data, q, qd, q_d, qd_d, qdd_d, kp, kv);
  data.tau = inverse_dynamics_newton_euler<S>(model, data.serial, q, qd, data.qdd_ref, gravity,
                                              Vector6<S>::Zero());
  return data.tau;
}

template <typename S>
const VectorX<S>& computed_torque_lagrange_euler(
    const SerialModel& model, ControlDataTpl<S>& data, JointVectorIn<S> q, JointVectorIn<S> qd,
    JointVectorIn<S> q_d, JointVectorIn<S> qd_d, JointVectorIn<S> qdd_d, JointVectorIn<S> kp,
    JointVectorIn<S> kv, const Vector3In<S>& gravity) {
  check_data("computed_torque_lagrange_euler", data, model.dof());
  const int n = data.n;
  reference_acceleration<S>(data, q, qd, q_d, qd_d, qdd_d, kp, kv);
  // D(q) (with G^2 Jm on its diagonal), the C^i matrices and G(q) in closed form.
  const MatrixX<S>& D = mass_matrix_lagrange_euler<S>(model, data.serial, q);
  data.tau.noalias() = D * data.qdd_ref;
  const std::vector<MatrixX<S>>& Ck = velocity_coupling_lagrange_euler<S>(model, data.serial, q);
  for (int i = 0; i < n; ++i) data.velocity_terms[i] = qd.dot(Ck[i] * qd);
  const VectorX<S>& G = gravity_torques_lagrange_euler<S>(model, data.serial, q, gravity);
  // tau = D qdd_ref + H + G (+ friction at the measured velocity).
  data.tau += data.velocity_terms + G;
  if (model.has_drive) {
    friction_torques<S>(model, qd, data.friction);
    data.tau += data.friction;
  }
  return data.tau;
}

template <typename S>
const VectorX<S>& pd_torque(ControlDataTpl<S>& data, JointVectorIn<S> q, JointVectorIn<S> qd,
                            JointVectorIn<S> q_d, JointVectorIn<S> qd_d, JointVectorIn<S> kp,
                            JointVectorIn<S> kv) {
  constexpr const char* where = "pd_torque";
  const int n = data.n;
  check_vector(where, "q", q, n);
  check_vector(where, "qd", qd, n);
  check_vector(where, "q_d", q_d, n);
  check_vector(where, "qd_d", qd_d, n);
  check_vector(where, "kp", kp, n);
  check_vector(where, "kv", kv, n);
  for (int i = 0; i < n; ++i) data.tau[i] = kp[i] * (q_d[i] - q[i]) + kv[i] * (qd_d[i] - qd[i]);
  return data.tau;
}

template <typename S>
const VectorX<S>& pd_gravity_torque(const SerialModel& model, ControlDataTpl<S>& data,
                                    JointVectorIn<S> q, JointVectorIn<S> qd, JointVectorIn<S> q_d,
                                    JointVectorIn<S> qd_d, JointVectorIn<S> kp,
                                    JointVectorIn<S> kv, const Vector3In<S>& gravity) {
  check_data("pd_gravity_torque", data, model.dof());
  pd_torque<S>(data, q, qd, q_d, qd_d, kp, kv);
  data.tau += gravity_torques<S>(model, data.serial, q, gravity);
  return data.tau;
}

#define MANIPDYN_INSTANTIATE(S)                                                               \
  template const VectorX<S>& reference_acceleration<S>(                                       \
      ControlDataTpl<S>&, JointVectorIn<S>, JointVectorIn<S>, JointVectorIn<S>,               \
      JointVectorIn<S>, JointVectorIn<S>, JointVectorIn<S>, JointVectorIn<S>);                \
  template const VectorX<S>& computed_torque<S>(                                              \
      const SerialModel&, ControlDataTpl<S>&, JointVectorIn<S>, JointVectorIn<S>,             \
      JointVectorIn<S>, JointVectorIn<S>, JointVectorIn<S>, JointVectorIn<S>,                 \
      JointVectorIn<S>, const Vector3In<S>&);                                                 \
  template const VectorX<S>& computed_torque_lagrange_euler<S>(                               \
      const SerialModel&, ControlDataTpl<S>&, JointVectorIn<S>, JointVectorIn<S>,             \
      JointVectorIn<S>, JointVectorIn<S>, JointVectorIn<S>, JointVectorIn<S>,                 \
      JointVectorIn<S>, const Vector3In<S>&);                                                 \
  template const VectorX<S>& pd_torque<S>(ControlDataTpl<S>&, JointVectorIn<S>,               \
                                          JointVectorIn<S>, JointVectorIn<S>,                 \
                                          JointVectorIn<S>, JointVectorIn<S>,                 \
                                          JointVectorIn<S>);                                  \
  template const VectorX<S>& pd_gravity_torque<S>(                                            \
      const SerialModel&, ControlDataTpl<S>&, JointVectorIn<S>, JointVectorIn<S>,             \
      JointVectorIn<S>, JointVectorIn<S>, JointVectorIn<S>, JointVectorIn<S>,                 \
      const Vector3In<S>&);
MANIPDYN_INSTANTIATE(double)
MANIPDYN_INSTANTIATE(Counted)
#undef MANIPDYN_INSTANTIATE

}  // namespace manipdyn
