// Benchmarks of the Stewart-platform inverse dynamics: one evaluation of each model (with and
// without the 6x6 SVD for cond(H)), the inverse kinematics alone, and a whole path (Dasgupta
// 1998 Path II, 61 samples); forward kinematics (iterations as a counter) and forward dynamics
// of both models by both task-space methods, so that their ratio to one inverse dynamics is read
// in the same run. No allocation per evaluation (tests/unit/stewart_no_alloc.cpp).
#include <benchmark/benchmark.h>

#include "manipdyn/analysis/platform_datasheet.hpp"
#include "manipdyn/analysis/workspace_atlas.hpp"
#include "manipdyn/stewart/forward_dynamics.hpp"
#include "manipdyn/stewart/forward_kinematics.hpp"
#include "manipdyn/stewart/inverse_dynamics_dasgupta.hpp"
#include "manipdyn/stewart/inverse_dynamics_improved.hpp"
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
  return ms::forward_dynamics(m, d, which, x, F, {}, o);
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
  const manipdyn::Vector6d F = ms::inverse_dynamics(f.model, d, which, f.motion, {}, io);
  for (auto _ : state) benchmark::DoNotOptimize(run_forward(f.model, d, which, f.motion, F, o).data());
}
BENCHMARK(BM_ForwardDynamics)->ArgsProduct({{0, 1}, {0, 1}})->ArgNames({"improved", "strobe"});

// Task-space inertia alone (pose only), both methods, Dasgupta model.
void BM_TaskSpaceInertia(benchmark::State& state) {
  const auto& f = fixture();
  const auto method = state.range(0) == 0 ? ms::TaskSpaceMethod::direct : ms::TaskSpaceMethod::strobe;
  ms::StewartData d(f.model);
  for (auto _ : state)
    benchmark::DoNotOptimize(ms::task_space_inertia(f.model, d, ms::DynamicsModel::dasgupta, f.motion, method).data());
}
BENCHMARK(BM_TaskSpaceInertia)->Arg(0)->Arg(1)->ArgName("strobe");

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
