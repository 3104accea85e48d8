// Benchmarks of the Stewart-platform inverse dynamics: one evaluation of each model (with and
// without the 6x6 SVD for cond(H)), the inverse kinematics alone, and a whole path (Dasgupta
// 1998 Path II, 61 samples); forward kinematics (iterations as a counter) and forward dynamics
// of both models by both task-space methods, one step of the task-space computed-torque
// controller, one RK4 step of the plant (4 forward dynamics) and one closed-loop step of
// simulate(), and one workspace-atlas pose, so that their ratio to one inverse dynamics is read
// in the same run (docs/stewart.md, Performance); the derivatives of both dynamics (and central
// differences of the inverse dynamics for comparison). No allocation per evaluation
// (tests/unit/stewart_no_alloc.cpp).
#include <memory>

#include <benchmark/benchmark.h>
#include <Eigen/Geometry>

#include "manipdyn/analysis/platform_datasheet.hpp"
#include "manipdyn/analysis/workspace_atlas.hpp"
#include "manipdyn/core/integrators.hpp"
#include "manipdyn/stewart/control.hpp"
#include "manipdyn/stewart/derivatives.hpp"
#include "manipdyn/stewart/forward_dynamics.hpp"
#include "manipdyn/stewart/forward_kinematics.hpp"
#include "manipdyn/stewart/inverse_dynamics_dasgupta.hpp"
#include "manipdyn/stewart/inverse_dynamics.hpp"
#include "manipdyn/stewart/studies.hpp"

namespace ms = manipdyn::stewart;
using manipdyn::Vector3d;

namespace {

struct Fixture {
  ms::StewartModel model = ms::dasgupta_test_platform(true);
  // Path I at t = 1.3 s: in the acceleration blend, all terms non-zero
  ms::PlatformMotion motion = ms::sample_path(ms::plan_path(ms::paper_path("I").spec), 1.3).motion();
};
const Fixture& fixture() {
  static const Fixture f;
  return f;
}

// non-inlined wrappers, so that the compiler cannot hoist work out of the timing loop
[[gnu::noinline]] const manipdyn::Vector6d& run_dasgupta(const ms::StewartModel& m, ms::StewartData& d,
                                                         const ms::PlatformMotion& x,
                                                         const ms::InverseDynamicsOptions& o) {
  return ms::inverse_dynamics_dasgupta(m, d, x, {}, o);
}
[[gnu::noinline]] const manipdyn::Vector6d& run_improved(const ms::StewartModel& m, ms::StewartData& d,
                                                         const ms::PlatformMotion& x,
                                                         const ms::InverseDynamicsOptions& o) {
  return ms::inverse_dynamics_improved(m, d, x, {}, o);
}

void BM_Dasgupta(benchmark::State& state) {
  const auto& f = fixture();
  ms::StewartData d(f.model);
  ms::InverseDynamicsOptions o;
  o.condition_number = state.range(0) != 0;
  for (auto _ : state) benchmark::DoNotOptimize(run_dasgupta(f.model, d, f.motion, o).data());
}
BENCHMARK(BM_Dasgupta)->Arg(1)->Arg(0)->ArgName("cond");

void BM_Improved(benchmark::State& state) {
  const auto& f = fixture();
  ms::StewartData d(f.model);
  ms::InverseDynamicsOptions o;
  o.condition_number = state.range(0) != 0;
  for (auto _ : state) benchmark::DoNotOptimize(run_improved(f.model, d, f.motion, o).data());
}
BENCHMARK(BM_Improved)->Arg(1)->Arg(0)->ArgName("cond");

// ---- derivatives (issue 20, item 2): compare with BM_Dasgupta/BM_Improved (cond:1) ----------------

[[gnu::noinline]] const ms::StewartDerivativesData& run_id_derivatives(const ms::StewartModel& m,
                                                                      ms::StewartDerivativesData& d,
                                                                      ms::DynamicsModel which,
                                                                      const ms::PlatformMotion& x) {
  return ms::inverse_dynamics_derivatives(which, m, d, x);
}
[[gnu::noinline]] const ms::StewartDerivativesData& run_fd_derivatives(const ms::StewartModel& m,
                                                                      ms::StewartDerivativesData& d,
                                                                      ms::DynamicsModel which,
                                                                      const ms::PlatformMotion& x,
                                                                      const manipdyn::Vector6d& F) {
  return ms::forward_dynamics_derivatives(which, m, d, x, F);
}

// F, dF/dx, dF/dxd, dF/dxdd (derivatives.hpp); arg: model (0 Dasgupta, 1 improved).
void BM_InverseDynamicsDerivatives(benchmark::State& state) {
  const auto& f = fixture();
  const auto which = state.range(0) == 0 ? ms::DynamicsModel::dasgupta : ms::DynamicsModel::improved;
  auto d = std::make_unique<ms::StewartDerivativesData>(f.model);
  for (auto _ : state) benchmark::DoNotOptimize(run_id_derivatives(f.model, *d, which, f.motion).dF_dx.data());
}
BENCHMARK(BM_InverseDynamicsDerivatives)->Arg(0)->Arg(1)->ArgName("improved");

// The same three Jacobians by central differences of the inverse dynamics (36 calls, cond:1).
void BM_InverseDynamicsCentralDifferences(benchmark::State& state) {
  const auto& f = fixture();
  const auto which = state.range(0) == 0 ? ms::DynamicsModel::dasgupta : ms::DynamicsModel::improved;
  ms::StewartData d(f.model);
  manipdyn::Matrix6<double> J;
  for (auto _ : state) {
    for (int k = 0; k < 18; ++k) {
      ms::PlatformMotion up = f.motion, down = f.motion;
      const double h = 1e-6;
      const int j = k % 3;
      switch (k / 3) {
        case 0: up.t(j) += h; down.t(j) -= h; break;
        case 1: {
          const Vector3d e = Vector3d::Unit(j);
          up.R = Eigen::AngleAxisd(h, e).toRotationMatrix() * f.motion.R;
          down.R = Eigen::AngleAxisd(-h, e).toRotationMatrix() * f.motion.R;
          break;
        }
        case 2: up.v(j) += h; down.v(j) -= h; break;
        case 3: up.omega(j) += h; down.omega(j) -= h; break;
        case 4: up.a(j) += h; down.a(j) -= h; break;
        default: up.alpha(j) += h; down.alpha(j) -= h; break;
      }
      const manipdyn::Vector6d Fu = ms::inverse_dynamics(which, f.model, d, up);
      J.col(k % 6) = (Fu - ms::inverse_dynamics(which, f.model, d, down)) / (2 * h);
    }
    benchmark::DoNotOptimize(J.data());
  }
}
BENCHMARK(BM_InverseDynamicsCentralDifferences)->Arg(0)->Arg(1)->ArgName("improved");

// xdd, dxdd/dx, dxdd/dxd, dxdd/dF (derivatives.hpp); compare with BM_ForwardDynamics (strobe:0).
void BM_ForwardDynamicsDerivatives(benchmark::State& state) {
  const auto& f = fixture();
  const auto which = state.range(0) == 0 ? ms::DynamicsModel::dasgupta : ms::DynamicsModel::improved;
  auto d = std::make_unique<ms::StewartDerivativesData>(f.model);
  ms::StewartData plain(f.model);
  const manipdyn::Vector6d F = ms::inverse_dynamics(which, f.model, plain, f.motion);
  for (auto _ : state) benchmark::DoNotOptimize(run_fd_derivatives(f.model, *d, which, f.motion, F).dxdd_dx.data());
}
BENCHMARK(BM_ForwardDynamicsDerivatives)->Arg(0)->Arg(1)->ArgName("improved");

void BM_InverseKinematics(benchmark::State& state) {
  const auto& f = fixture();
  ms::StewartData d(f.model);
  for (auto _ : state) {
    ms::inverse_kinematics(f.model, d, f.motion);
    benchmark::DoNotOptimize(d.L.data());
  }
}
BENCHMARK(BM_InverseKinematics);

void BM_PathII_Dasgupta(benchmark::State& state) {
  const auto& f = fixture();
  const ms::PlannedPath path = ms::plan_path(ms::paper_path("II").spec);
  const std::vector<double> times = ms::path_times(path);
  ms::StewartData d(f.model);
  ms::InverseDynamicsOptions o;
  for (auto _ : state) {
    double acc = 0;
    for (double t : times) acc += run_dasgupta(f.model, d, ms::sample_path(path, t).motion(), o)(0);
    benchmark::DoNotOptimize(acc);
  }
  state.counters["samples"] = static_cast<double>(times.size());
}
BENCHMARK(BM_PathII_Dasgupta)->Unit(benchmark::kMicrosecond);

void BM_PathII_BothModelsWithRows(benchmark::State& state) {
  const auto& f = fixture();
  const ms::PlannedPath path = ms::plan_path(ms::paper_path("II").spec);
  for (auto _ : state) benchmark::DoNotOptimize(ms::evaluate_path(f.model, path).size());
}
BENCHMARK(BM_PathII_BothModelsWithRows)->Unit(benchmark::kMicrosecond);


// ---- forward kinematics and forward dynamics (issue 11, parts 1, 2, 6) -------------------------

// FK from a nearby guess (a simulation's previous pose: 1 mm and 1 mrad away) and from the home
// pose [0.15, 0, 0.5], identity (a cold start); counter: Newton iterations.
void BM_ForwardKinematics(benchmark::State& state) {
  const auto& f = fixture();
  ms::StewartData d(f.model);
  ms::inverse_kinematics(f.model, d, f.motion);
  const manipdyn::Vector6d L = d.L;
  const bool nearby = state.range(0) != 0;
  const Vector3d t_guess = nearby ? Vector3d(f.motion.t + Vector3d(1e-3, -1e-3, 1e-3)) : Vector3d(0.15, 0.0, 0.5);
  const manipdyn::Matrix3d R_guess =
      nearby ? manipdyn::Matrix3d(ms::rpy_to_rotation(Vector3d(1e-3, 1e-3, -1e-3)) * f.motion.R)
             : manipdyn::Matrix3d::Identity();
  int iterations = 0;
  for (auto _ : state) {
    const ms::ForwardKinematicsResult r = ms::forward_kinematics(f.model, L, t_guess, R_guess);
    iterations = r.iterations;
    benchmark::DoNotOptimize(r.t.data());
  }
  state.counters["iterations"] = iterations;
}
BENCHMARK(BM_ForwardKinematics)->Arg(1)->Arg(0)->ArgName("nearby");

[[gnu::noinline]] const manipdyn::Vector6d& run_forward(const ms::StewartModel& m, ms::StewartData& d,
                                                        ms::DynamicsModel which, const ms::PlatformMotion& x,
                                                        const manipdyn::Vector6d& F,
                                                        const ms::ForwardDynamicsOptions& o) {
  return ms::forward_dynamics(which, m, d, x, F, {}, o);
}

// Forward dynamics (Lambda + mu + L D L^T solve); args: model (0 Dasgupta, 1 improved), method
// (0 direct, 1 strobe). Compare with BM_Dasgupta/BM_Improved (cond:0) of the same run.
void BM_ForwardDynamics(benchmark::State& state) {
  const auto& f = fixture();
  const auto which = state.range(0) == 0 ? ms::DynamicsModel::dasgupta : ms::DynamicsModel::improved;
  ms::ForwardDynamicsOptions o;
  o.method = state.range(1) == 0 ? ms::TaskSpaceMethod::direct : ms::TaskSpaceMethod::strobe;
  ms::StewartData d(f.model);
  ms::InverseDynamicsOptions io;
  io.condition_number = false;
  const manipdyn::Vector6d F = ms::inverse_dynamics(which, f.model, d, f.motion, {}, io);
  for (auto _ : state) benchmark::DoNotOptimize(run_forward(f.model, d, which, f.motion, F, o).data());
}
BENCHMARK(BM_ForwardDynamics)->ArgsProduct({{0, 1}, {0, 1}})->ArgNames({"improved", "strobe"});

// Task-space inertia alone (pose only), both methods, Dasgupta model.
void BM_TaskSpaceInertia(benchmark::State& state) {
  const auto& f = fixture();
  const auto method = state.range(0) == 0 ? ms::TaskSpaceMethod::direct : ms::TaskSpaceMethod::strobe;
  ms::StewartData d(f.model);
  for (auto _ : state)
    benchmark::DoNotOptimize(
        ms::task_space_inertia(ms::DynamicsModel::dasgupta, f.model, d, f.motion, method).data());
}
BENCHMARK(BM_TaskSpaceInertia)->Arg(0)->Arg(1)->ArgName("strobe");

// ---- control and simulation (issue 11, parts 3, 4, 6) -------------------------------------------

// The measured state of the control benchmarks: Path I at t = 1.3 s, 1 mm, 1 mrad and small
// twist errors away from the desired motion.
ms::PlatformMotion measured_state() {
  ms::PlatformMotion x = fixture().motion;
  x.t += Vector3d(1e-3, -1e-3, 1e-3);
  x.R = ms::rpy_to_rotation(Vector3d(1e-3, 1e-3, -1e-3)) * x.R;
  x.v += Vector3d(1e-3, 2e-3, -1e-3);
  x.omega += Vector3d(-2e-3, 1e-3, 1e-3);
  return x;
}

// One step of the task-space computed-torque law (control.hpp): the desired motion of Path I at
// t, the pose and twist errors, and one inverse dynamics of the controller's model (arg: 0
// Dasgupta, 1 improved) at the measured state, without cond(H) (control.cpp). Compare with
// BM_Dasgupta/BM_Improved (cond:0).
void BM_ControlStep(benchmark::State& state) {
  const auto& f = fixture();
  const auto which = state.range(0) == 0 ? ms::DynamicsModel::dasgupta : ms::DynamicsModel::improved;
  ms::TaskSpaceComputedTorque controller(f.model, which, ms::plan_path(ms::paper_path("I").spec),
                                         ms::PlatformGains{});
  const ms::PlatformMotion x = measured_state();
  manipdyn::Vector6d F;
  for (auto _ : state) {
    controller.compute(1.3, x, F);
    benchmark::DoNotOptimize(F.data());
  }
}
BENCHMARK(BM_ControlStep)->Arg(0)->Arg(1)->ArgName("improved");

// One RK4 step (1 ms) of the plant under held forces: 4 forward dynamics of the improved model
// (direct Lambda) through the state derivative of simulate(), platform_state_derivative
// (stewart/simulate.hpp): y' = [v; 1/2 (0, omega) (x) q; a; alpha]. Compare with
// BM_ForwardDynamics/improved:1/strobe:0.
void BM_SimulationStep(benchmark::State& state) {
  const auto& f = fixture();
  ms::StewartData d(f.model);
  ms::InverseDynamicsOptions io;
  io.condition_number = false;
  const manipdyn::Vector6d F =
      ms::inverse_dynamics(ms::DynamicsModel::improved, f.model, d, f.motion, {}, io);
  const manipdyn::VectorXd y0 = ms::state_vector(f.motion);
  manipdyn::VectorXd y = y0;
  manipdyn::RungeKutta4 rk4(ms::kPlatformStateSize);
  long calls = 0;
  const auto derivative = [&](double, const manipdyn::VectorXd& yy, manipdyn::VectorXd& yd) {
    ms::platform_state_derivative(ms::DynamicsModel::improved, f.model, d, yy, F, {}, yd);
    ++calls;
  };
  for (auto _ : state) {
    y = y0;  // every iteration the same step from Path I at t = 1.3 s
    rk4.step(derivative, 0.0, y, 1e-3);
    benchmark::DoNotOptimize(y.data());
  }
  state.counters["fd_per_step"] =
      static_cast<double>(calls) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_SimulationStep);

// The closed loop as simulate() runs it (stewart/simulate.hpp): Path I for 0.1 s at a 1 ms
// period, each step the sensors (inverse kinematics), the computed-torque controller (improved
// model), one RK4 step of the plant and the log; the counter is the time per step (the run's
// setup and log allocation included, spread over its 100 steps).
void BM_ClosedLoopStep(benchmark::State& state) {
  const auto& f = fixture();
  const ms::PlannedPath path = ms::plan_path(ms::paper_path("I").spec);
  ms::TaskSpaceComputedTorque controller(f.model, ms::DynamicsModel::improved, path,
                                         ms::PlatformGains{});
  ms::PlatformSimulationOptions o;
  o.duration = 0.1;
  const ms::PlatformMotion start = controller.desired(0.0);
  long steps = 0;
  for (auto _ : state) {
    const ms::PlatformSimulationResult r = ms::simulate(f.model, &controller, start, o);
    steps = r.plant_steps;
    benchmark::DoNotOptimize(r.t.data());
  }
  state.counters["time_per_step"] = benchmark::Counter(
      static_cast<double>(steps), benchmark::Counter::kIsIterationInvariantRate |
                                      benchmark::Counter::kInvert);
}
BENCHMARK(BM_ClosedLoopStep)->Unit(benchmark::kMicrosecond);

}  // namespace

// One workspace-atlas pose (analysis/workspace_atlas.hpp) at the home pose, reachable under the
// default limits: limit checks, inverse dynamics at rest with cond(H), task-space inertia and
// the 6x6 solve for dF/dxdd; compare with BM_Dasgupta/cond:1 (one inverse dynamics).
[[gnu::noinline]] manipdyn::analysis::AtlasPoint run_atlas_pose(
    const ms::StewartModel& m, const manipdyn::analysis::AtlasLegLimits& l,
    manipdyn::analysis::AtlasWorkspace& ws, const Vector3d& t) {
  return manipdyn::analysis::evaluate_atlas_pose(m, l, ws, t, manipdyn::Matrix3d::Identity());
}
void BM_AtlasPose(benchmark::State& state) {
  const auto& f = fixture();
  const auto limits = manipdyn::analysis::atlas_default_limits(f.model);
  const Vector3d home = manipdyn::analysis::platform_home_pose(f.model).t;
  manipdyn::analysis::AtlasWorkspace ws;
  for (auto _ : state) benchmark::DoNotOptimize(run_atlas_pose(f.model, limits, ws, home).max_envelope_force);
}
BENCHMARK(BM_AtlasPose);

BENCHMARK_MAIN();
