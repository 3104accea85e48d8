#include "manipdyn/control/operation_counts.hpp"

#include "manipdyn/control/computed_torque.hpp"
#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/serial/articulated_body.hpp"
#include "manipdyn/serial/forward_dynamics.hpp"
#include "manipdyn/serial/operation_counts.hpp"

namespace manipdyn {

namespace {

using C = Counted;

// Generic nonzero inputs of one counted control step (diagonal gains Kp = 100, Kv = 20).
struct ControlInputs {
  explicit ControlInputs(const SerialModel& model)
      : data(model), q(model.dof()), qd(model.dof()), q_d(model.dof()), qd_d(model.dof()),
        qdd_d(model.dof()), kp(VectorX<C>::Constant(model.dof(), C(100.0))),
        kv(VectorX<C>::Constant(model.dof(), C(20.0))), gravity(model.gravity.cast<C>()) {
    for (int i = 0; i < model.dof(); ++i) {
      q[i] = 0.3 + 0.17 * i;
      qd[i] = 0.5 - 0.11 * i;
      q_d[i] = 0.31 + 0.15 * i;
      qd_d[i] = 0.45 - 0.1 * i;
      qdd_d[i] = -0.4 + 0.07 * i;
    }
  }
  ControlDataTpl<C> data;
  VectorX<C> q, qd, q_d, qd_d, qdd_d, kp, kv;
  Vector3<C> gravity;
};

}  // namespace

std::vector<CountedAlgorithm> control_counted_algorithms() {
  std::vector<CountedAlgorithm> list;
  // The computed-torque law, by Newton-Euler and in closed Lagrange-Euler form.
  list.push_back(counted_algorithm(
      "computed_torque",
      "computed-torque PD law by Newton-Euler with eq. 4.4 (Lee et al. ~1982 eq. 4.1)", 200,
      [](const SerialModel& model) {
        ControlInputs in(model);
        op_counter().reset();
        computed_torque<C>(model, in.data, in.q, in.qd, in.q_d, in.qd_d, in.qdd_d, in.kp,
                           in.kv, in.gravity);
      },
      PaperCount{"119n - 24", "107n - 21", [](int n) { return 119.0 * n - 24; },
                 [](int n) { return 107.0 * n - 21; }, "Lee et al. ~1982, Table 2"}));
  list.push_back(counted_algorithm(
      "computed_torque_lagrange_euler",
      "the same law through D, H, G in closed Lagrange-Euler form (Lee et al. ~1982 Table 1)",
      201,
      [](const SerialModel& model) {
        ControlInputs in(model);
        op_counter().reset();
        computed_torque_lagrange_euler<C>(model, in.data, in.q, in.qd, in.q_d, in.qd_d,
                                          in.qdd_d, in.kp, in.kv, in.gravity);
      },
      PaperCount{"128/3 n^4 + 515/3 n^3 + 850/3 n^2 + 82/3 n",
                 "98/3 n^4 + 787/6 n^3 + 640/3 n^2 + 131/6 n",
                 [](int n) {
                   const double x = n;
                   return 128.0 / 3 * x * x * x * x + 515.0 / 3 * x * x * x +
                          850.0 / 3 * x * x + 82.0 / 3 * x;
                 },
                 [](int n) {
                   const double x = n;
                   return 98.0 / 3 * x * x * x * x + 787.0 / 6 * x * x * x +
                          640.0 / 3 * x * x + 131.0 / 6 * x;
                 },
                 "Lee et al. ~1982, Table 1"},
      12));
  // Forward dynamics, by the articulated-body algorithm and through the mass matrix.
  list.push_back(counted_algorithm(
      "forward_dynamics_articulated_body",
      "qdd by Featherstone's articulated-body algorithm (RBDA Table 7.1)", 210,
      [](const SerialModel& model) {
        ControlInputs in(model);
        ForwardDynamicsDataTpl<C> fd(model);
        op_counter().reset();
        forward_dynamics_articulated_body<C>(model, fd, in.q, in.qd, in.qdd_d, in.gravity,
                                             Vector6<C>::Zero());
      }));
  list.push_back(counted_algorithm(
      "forward_dynamics_mass_matrix",
      "qdd by M (CRBA) + bias + LDL^T", 211,
      [](const SerialModel& model) {
        ControlInputs in(model);
        ForwardDynamicsDataTpl<C> fd(model);
        op_counter().reset();
        forward_dynamics_mass_matrix<C>(model, fd, in.q, in.qd, in.qdd_d, in.gravity,
                                        Vector6<C>::Zero());
      }));
  list.push_back(counted_algorithm(
      "forward_dynamics_strobing",
      "qdd by strobed M + bias + LDL^T (Turney et al. 1980 sec. 7)", 212,
      [](const SerialModel& model) {
        ControlInputs in(model);
        ForwardDynamicsDataTpl<C> fd(model);
        op_counter().reset();
        forward_dynamics_mass_matrix<C>(model, fd, in.q, in.qd, in.qdd_d, in.gravity,
                                        Vector6<C>::Zero(), true);
      }));
  return list;
}

}  // namespace manipdyn
