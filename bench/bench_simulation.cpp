// Timing of forward dynamics (both methods) and one control step (Google Benchmark).
//
// Robots: PUMA 560 with drive terms, and random all-revolute, drive-free arms of n = 2..64
// (random_arm(n, 1, standard)). Every call goes through a non-inlined wrapper with a workspace
// built once per benchmark. Names: <algorithm>/<robot>, e.g. forward_dynamics_articulated_body/
// n:16, control_step_computed_torque/puma560. The crossover of forward_dynamics_crossover()
// (src/serial/forward_dynamics.cpp) is read off these numbers.
// Run: build/bench_simulation [--benchmark_filter=REGEX].
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "manipdyn/control/computed_torque.hpp"
#include "manipdyn/serial/articulated_body.hpp"
#include "manipdyn/serial/forward_dynamics.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/simulation/simulate.hpp"

namespace {

using namespace manipdyn;

struct Robot {
  std::string name;
  SerialModel model;
  VectorXd q, qd, tau, q_d, qd_d, qdd_d, kp, kv;
  Robot(std::string robot_name, SerialModel m) : name(std::move(robot_name)), model(std::move(m)) {
    const int n = model.dof();
    q.resize(n), qd.resize(n), tau.resize(n), q_d.resize(n), qd_d.resize(n), qdd_d.resize(n);
    for (int i = 0; i < n; ++i) {
      q[i] = 0.3 + 0.17 * i;
      qd[i] = 0.5 - 0.11 * i;
      tau[i] = 1.0 - 0.2 * i;
      q_d[i] = q[i] + 0.01;
      qd_d[i] = qd[i] - 0.02;
      qdd_d[i] = -0.4 + 0.07 * i;
    }
    kp = VectorXd::Constant(n, 100.0);
    kv = VectorXd::Constant(n, 20.0);
  }
};

const std::vector<Robot>& robots() {
  static const std::vector<Robot> list = [] {
    std::vector<Robot> r;
    r.emplace_back("puma560", puma560(true));
    for (int n : {2, 4, 6, 8, 10, 12, 16, 24, 32, 48, 64})
      r.emplace_back("n:" + std::to_string(n), random_arm(n, 1, DhConvention::standard,
                                                          RandomArmOptions{0.0, false}));
    return r;
  }();
  return list;
}

__attribute__((noinline)) const VectorXd& call_fd(ForwardDynamicsMethod m, const Robot& r,
                                                   ForwardDynamicsData& d) {
  return forward_dynamics<double>(m, r.model, d, r.q, r.qd, r.tau, r.model.gravity,
                                  Vector6d::Zero());
}

__attribute__((noinline)) const VectorXd& call_ct(bool lagrange, const Robot& r, ControlData& d) {
  if (lagrange)
    return computed_torque_lagrange_euler<double>(r.model, d, r.q, r.qd, r.q_d, r.qd_d, r.qdd_d,
                                                  r.kp, r.kv, r.model.gravity);
  return computed_torque<double>(r.model, d, r.q, r.qd, r.q_d, r.qd_d, r.qdd_d, r.kp, r.kv,
                                 r.model.gravity);
}

void register_all() {
  for (const Robot& r : robots()) {
    for (auto m : {ForwardDynamicsMethod::mass_matrix, ForwardDynamicsMethod::strobing,
                   ForwardDynamicsMethod::articulated_body,
                   ForwardDynamicsMethod::fastest})
      benchmark::RegisterBenchmark(
          (std::string("forward_dynamics_") + to_string(m) + "/" + r.name).c_str(),
          [&r, m](benchmark::State& state) {
            ForwardDynamicsData d(r.model);
            for (auto _ : state) benchmark::DoNotOptimize(call_fd(m, r, d).data());
          });
    for (bool lagrange : {false, true}) {
      if (lagrange && r.model.dof() > 16) continue;  // O(n^4)
      benchmark::RegisterBenchmark(
          (std::string("control_step_") +
           (lagrange ? "computed_torque_lagrange_euler/" : "computed_torque/") + r.name)
              .c_str(),
          [&r, lagrange](benchmark::State& state) {
            ControlData d(r.model);
            for (auto _ : state) benchmark::DoNotOptimize(call_ct(lagrange, r, d).data());
          });
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
