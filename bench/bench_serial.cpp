// Timing of the serial-arm formulations and dynamics terms (Google Benchmark).
//
// Robots: PUMA 560 (with drive terms) and random all-revolute, drive-free arms of n = 2, 4, 8,
// 16, 32, 64 joints (random_arm(n, 1, standard)). The O(n^4) Lagrange-Euler methods stop at
// n = 16. Every call goes through a non-inlined wrapper with a workspace built once per
// benchmark, and the result goes through benchmark::DoNotOptimize. Names:
//   <algorithm>/<robot>, e.g. inverse_dynamics_newton_euler/puma560, mass_matrix/n:16.
// inverse_dynamics_unchecked/<robot> is the default without its input and result checks, for the
// checked/unchecked ratio (docs/benchmarks.md).
// Many states at once (serial/batch.hpp) are timed in bench_peers.cpp (`batch/`), beside
// KDL's single call in the same run (docs/performance.md).
// Run: build/bench_serial [--benchmark_filter=REGEX] (see docs/benchmarks.md).
#include <benchmark/benchmark.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"

namespace {

using namespace manipdyn;

// One robot and a fixed, generic state.
struct Robot {
  std::string name;
  SerialModel model;
  VectorXd q, qd, qdd;
  Vector3d gravity;
  Vector6d f_ext = Vector6d::Zero();

  Robot(std::string robot_name, SerialModel m)
      : name(std::move(robot_name)), model(std::move(m)), gravity(model.gravity) {
    const int n = model.dof();
    q.resize(n);
    qd.resize(n);
    qdd.resize(n);
    for (int i = 0; i < n; ++i) {
      q[i] = 0.3 + 0.17 * i;
      qd[i] = 0.5 - 0.11 * i;
      qdd[i] = -0.4 + 0.07 * i;
    }
  }
};

// ---- non-inlined wrappers: one per algorithm --------------------------------------------------
#define WRAP_ID(fn)                                                                          \
  __attribute__((noinline)) const VectorXd& call_##fn(const Robot& r, SerialData& d) {     \
    return fn(r.model, d, r.q, r.qd, r.qdd, r.gravity, r.f_ext);                           \
  }
WRAP_ID(inverse_dynamics)
WRAP_ID(inverse_dynamics_lagrange_euler)
WRAP_ID(inverse_dynamics_newton_euler)
WRAP_ID(inverse_dynamics_modified_newton_euler)
WRAP_ID(inverse_dynamics_craig)
#undef WRAP_ID

// The default inverse dynamics without the input and result checks (core/check.hpp, Unchecked):
// against `inverse_dynamics` in the same run, the cost of the checks.
__attribute__((noinline)) const VectorXd& call_inverse_dynamics_unchecked(const Robot& r,
                                                                         SerialData& d) {
  return inverse_dynamics(unchecked, r.model, d, r.q, r.qd, r.qdd, r.gravity, r.f_ext);
}

__attribute__((noinline)) const MatrixXd& call_mass_matrix(const Robot& r, SerialData& d) {
  return mass_matrix(r.model, d, r.q);
}
__attribute__((noinline)) const MatrixXd& call_mass_matrix_strobing(const Robot& r,
                                                                    SerialData& d) {
  return mass_matrix_strobing(r.model, d, r.q);
}
__attribute__((noinline)) const MatrixXd& call_mass_matrix_lagrange_euler(const Robot& r,
                                                                          SerialData& d) {
  return mass_matrix_lagrange_euler(r.model, d, r.q);
}
__attribute__((noinline)) const VectorXd& call_gravity_torques(const Robot& r, SerialData& d) {
  return gravity_torques(r.model, d, r.q, r.gravity);
}
__attribute__((noinline)) const VectorXd& call_bias_torques(const Robot& r, SerialData& d) {
  return bias_torques(r.model, d, r.q, r.qd, r.gravity);
}
__attribute__((noinline)) const MatrixXd& call_coriolis_matrix(const Robot& r, SerialData& d) {
  return coriolis_matrix(r.model, d, r.q, r.qd);
}
__attribute__((noinline)) const std::vector<MatrixXd>& call_velocity_coupling_strobing(
    const Robot& r, SerialData& d) {
  return velocity_coupling_strobing(r.model, d, r.q);
}
__attribute__((noinline)) const std::vector<MatrixXd>& call_velocity_coupling_lagrange_euler(
    const Robot& r, SerialData& d) {
  return velocity_coupling_lagrange_euler(r.model, d, r.q);
}

// ---- registration ---------------------------------------------------------------------------

template <typename Result>
void register_algorithm(const std::string& name, Result (*call)(const Robot&, SerialData&),
                        const std::vector<std::shared_ptr<Robot>>& robots, int n_max) {
  for (const auto& robot : robots) {
    if (robot->model.dof() > n_max) continue;
    benchmark::RegisterBenchmark((name + "/" + robot->name).c_str(),
                                 [robot, call](benchmark::State& state) {
                                   SerialData data(robot->model);
                                   call(*robot, data);  // sizes lazily allocated buffers
                                   for (auto _ : state) {
                                     benchmark::DoNotOptimize(call(*robot, data));
                                     benchmark::ClobberMemory();
                                   }
                                 })
        ->MinTime(0.1)
        ->MinWarmUpTime(0.02);
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::shared_ptr<Robot>> robots;
  robots.push_back(std::make_shared<Robot>("puma560", puma560(true)));
  RandomArmOptions options;
  options.prismatic_fraction = 0.0;
  options.with_drive = false;
  for (int n : {2, 4, 8, 16, 32, 64})
    robots.push_back(std::make_shared<Robot>("n:" + std::to_string(n),
                                             random_arm(n, 1, DhConvention::standard, options)));
  constexpr int all = 1000, le_max = 16;

  // Inverse dynamics by each formulation.
  register_algorithm("inverse_dynamics", &call_inverse_dynamics, robots, all);
  register_algorithm("inverse_dynamics_unchecked", &call_inverse_dynamics_unchecked, robots, all);
  register_algorithm("inverse_dynamics_newton_euler", &call_inverse_dynamics_newton_euler,
                     robots, all);
  register_algorithm("inverse_dynamics_modified_newton_euler",
                     &call_inverse_dynamics_modified_newton_euler, robots, all);
  register_algorithm("inverse_dynamics_craig", &call_inverse_dynamics_craig, robots, all);
  register_algorithm("inverse_dynamics_lagrange_euler", &call_inverse_dynamics_lagrange_euler,
                     robots, le_max);
  // The terms of tau = M qdd + C qd + G.
  register_algorithm("mass_matrix", &call_mass_matrix, robots, all);
  register_algorithm("mass_matrix_strobing", &call_mass_matrix_strobing, robots, all);
  register_algorithm("mass_matrix_lagrange_euler", &call_mass_matrix_lagrange_euler, robots,
                     le_max);
  register_algorithm("gravity_torques", &call_gravity_torques, robots, all);
  register_algorithm("bias_torques", &call_bias_torques, robots, all);
  register_algorithm("coriolis_matrix", &call_coriolis_matrix, robots, all);
  register_algorithm("velocity_coupling_strobing", &call_velocity_coupling_strobing, robots, all);
  register_algorithm("velocity_coupling_lagrange_euler", &call_velocity_coupling_lagrange_euler,
                     robots, le_max);

  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
