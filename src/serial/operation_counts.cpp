#include "manipdyn/serial/operation_counts.hpp"

#include <optional>
#include <string>
#include <utility>

#include "manipdyn/serial/data.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"

namespace manipdyn {

namespace {

using C = Counted;

// Inputs of one counted call: generic nonzero joint values (no angle is a multiple of pi/2, so
// nothing is accidentally exact), the model's gravity, and a zero external wrench.
struct CountedInputs {
  explicit CountedInputs(const SerialModel& model)
      : data(model), q(model.dof()), qd(model.dof()), qdd(model.dof()),
        gravity(model.gravity.cast<C>()), f_ext(Vector6<C>::Zero()) {
    for (int i = 0; i < model.dof(); ++i) {
      q[i] = 0.3 + 0.17 * i;
      qd[i] = 0.5 - 0.11 * i;
      qdd[i] = -0.4 + 0.07 * i;
    }
  }
  SerialDataTpl<C> data;
  VectorX<C> q, qd, qdd;
  Vector3<C> gravity;
  Vector6<C> f_ext;
};

// A counted run of one inverse-dynamics formulation.
std::function<void(const SerialModel&)> count_inverse_dynamics(InverseDynamicsMethod method) {
  return [method](const SerialModel& model) {
    CountedInputs in(model);
    op_counter().reset();
    switch (method) {
      case InverseDynamicsMethod::lagrange_euler:
        inverse_dynamics_lagrange_euler(model, in.data, in.q, in.qd, in.qdd, in.gravity, in.f_ext);
        break;
      case InverseDynamicsMethod::newton_euler:
        inverse_dynamics_newton_euler(model, in.data, in.q, in.qd, in.qdd, in.gravity, in.f_ext);
        break;
      case InverseDynamicsMethod::modified_newton_euler:
        inverse_dynamics_modified_newton_euler(model, in.data, in.q, in.qd, in.qdd, in.gravity,
                                               in.f_ext);
        break;
      case InverseDynamicsMethod::craig:
        inverse_dynamics_craig(model, in.data, in.q, in.qd, in.qdd, in.gravity, in.f_ext);
        break;
      case InverseDynamicsMethod::fastest:
        inverse_dynamics(model, in.data, in.q, in.qd, in.qdd, in.gravity, in.f_ext);
        break;
    }
  };
}

PaperCount turney_lagrange_euler() {
  // Turney, Mudge, Lee 1980, Table 1 (= the "Total" row of Table 2). The appendix repeats the
  // two totals with the words "additions" and "multiplications" swapped; Table 2's rows sum to
  // the Table 1 assignment, which is the one quoted here.
  return PaperCount{"81/6 n^3 + 165/2 n^2 + 5n", "40/3 n^3 + 58n^2 - 64/3 n",
                    [](int n) { return 81.0 / 6 * n * n * n + 165.0 / 2 * n * n + 5.0 * n; },
                    [](int n) { return 40.0 / 3 * n * n * n + 58.0 * n * n - 64.0 / 3 * n; },
                    "Turney et al. 1980, Table 1"};
}

PaperCount turney_newton_euler() {
  return PaperCount{"108n - 12", "100n - 9", [](int n) { return 108.0 * n - 12; },
                    [](int n) { return 100.0 * n - 9; }, "Turney et al. 1980, Table 1 (Table 3)"};
}

PaperCount turney_modified_newton_euler() {
  return PaperCount{"90n - 27", "88n - 24", [](int n) { return 90.0 * n - 27; },
                    [](int n) { return 88.0 * n - 24; }, "Turney et al. 1980, Table 1 (Table 4)"};
}

}  // namespace

std::vector<CountedAlgorithm> serial_counted_algorithms() {
  std::vector<CountedAlgorithm> rows;
  const auto add = [&rows](std::string name, std::string description, int order,
                           std::function<void(const SerialModel&)> run,
                           std::optional<PaperCount> paper = std::nullopt, int n_max = 1000) {
    rows.push_back(counted_algorithm(std::move(name), std::move(description), order,
                                     std::move(run), std::move(paper), n_max));
  };
  // A run that calls f(model, inputs) on fresh Counted inputs, the counter reset just before.
  const auto on_inputs = [](auto f) -> std::function<void(const SerialModel&)> {
    return [f](const SerialModel& model) {
      CountedInputs in(model);
      op_counter().reset();
      f(model, in);
    };
  };
  // Inverse dynamics, one row per formulation.
  using M = InverseDynamicsMethod;
  add(operation_count_name(M::lagrange_euler), "tau by Lagrange-Euler, 4x4 trace form (Turney 1980 eqs 2.1-2.11)", 10,
      count_inverse_dynamics(InverseDynamicsMethod::lagrange_euler), turney_lagrange_euler(), 16);
  add(operation_count_name(M::newton_euler), "tau by recursive Newton-Euler (Turney 1980 eqs 3.15-3.21)", 20,
      count_inverse_dynamics(InverseDynamicsMethod::newton_euler), turney_newton_euler());
  add(operation_count_name(M::modified_newton_euler), "tau by modified Newton-Euler (Turney 1980 eqs 5.1-5.2)", 30,
      count_inverse_dynamics(InverseDynamicsMethod::modified_newton_euler),
      turney_modified_newton_euler());
  add(operation_count_name(M::craig), "tau by Craig's iterative Newton-Euler, modified DH (Craig eqs 6.45-6.53)", 40,
      count_inverse_dynamics(InverseDynamicsMethod::craig));
  add(operation_count_name(M::fastest), "tau by the default (fastest) formulation", 50,
      count_inverse_dynamics(InverseDynamicsMethod::fastest));
  // Terms of tau = M qdd + C qd + G.
  using In = CountedInputs;
  add("mass_matrix_strobing", "M(q) by strobing Newton-Euler (Turney 1980 sec. 3)", 60,
      on_inputs([](const SerialModel& m, In& in) { mass_matrix_strobing(m, in.data, in.q); }));
  add("mass_matrix_lagrange_euler", "M(q) by Lagrange-Euler (Turney 1980 eq. 2.7)", 61,
      on_inputs([](const SerialModel& m, In& in) { mass_matrix_lagrange_euler(m, in.data, in.q); }),
      std::nullopt, 16);
  add("mass_matrix", "M(q) by the default method", 62,
      on_inputs([](const SerialModel& m, In& in) { mass_matrix(m, in.data, in.q); }));
  add("gravity_torques", "G(q) by the default method", 70,
      on_inputs([](const SerialModel& m, In& in) { gravity_torques(m, in.data, in.q, in.gravity); }));
  add("gravity_torques_lagrange_euler", "G(q) by Lagrange-Euler (Turney 1980 eq. 2.11)", 71,
      on_inputs([](const SerialModel& m, In& in) {
        gravity_torques_lagrange_euler(m, in.data, in.q, in.gravity);
      }));
  add("bias_torques", "C(q,qd) qd + G(q) by the default method", 80,
      on_inputs([](const SerialModel& m, In& in) {
        bias_torques(m, in.data, in.q, in.qd, in.gravity);
      }));
  add("velocity_coupling_strobing", "the C^k matrices by strobing (Turney 1980 sec. 3)", 90,
      on_inputs([](const SerialModel& m, In& in) { velocity_coupling_strobing(m, in.data, in.q); }));
  add("velocity_coupling_lagrange_euler", "the C^k matrices by Lagrange-Euler (eq. 2.9)", 91,
      on_inputs([](const SerialModel& m, In& in) {
        velocity_coupling_lagrange_euler(m, in.data, in.q);
      }),
      std::nullopt, 16);
  add("coriolis_matrix", "C(q,qd), Christoffel form", 100,
      on_inputs([](const SerialModel& m, In& in) { coriolis_matrix(m, in.data, in.q, in.qd); }));
  return rows;
}

std::string operation_count_name(InverseDynamicsMethod method) {
  return method == InverseDynamicsMethod::fastest ? "inverse_dynamics" : to_string(method);
}

std::vector<std::string> inverse_dynamics_count_names() {
  std::vector<std::string> out;
  for (InverseDynamicsMethod m : all<InverseDynamicsMethod>())
    if (m != InverseDynamicsMethod::fastest) out.push_back(operation_count_name(m));
  out.push_back(operation_count_name(InverseDynamicsMethod::fastest));
  return out;
}

CountedAlgorithm counted_algorithm(std::string name, std::string description, int order,
                                   std::function<void(const SerialModel&)> run,
                                   std::optional<PaperCount> paper, int n_max) {
  CountedAlgorithm a;
  a.name = std::move(name);
  a.description = std::move(description);
  a.order = order;
  a.n_max = n_max;
  a.run = std::move(run);
  a.paper = std::move(paper);
  return a;
}

}  // namespace manipdyn
