// Benchmarks of the Stewart-platform inverse dynamics: one evaluation of each model (with and
// without the 6x6 SVD for cond(H)), the inverse kinematics alone, and a whole path (Dasgupta
// 1998 Path II, 61 samples). No allocation per evaluation (tests/unit/stewart_no_alloc.cpp).
#include <benchmark/benchmark.h>

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

}  // namespace

BENCHMARK_MAIN();
