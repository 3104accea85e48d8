// The time of each inverse- and forward-dynamics formulation on one arm, measured with
// std::chrono in this process (analysis/arm_datasheet.hpp: formulation_timings; a step of
// arm_datasheet when ArmDatasheetOptions::timings is set). The library's only wall-clock
// measurement: machine-dependent by nature, kept apart from the datasheet's deterministic steps.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "manipdyn/analysis/arm_datasheet.hpp"
#include "manipdyn/serial/data.hpp"
#include "manipdyn/serial/forward_dynamics.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "arm_datasheet_checks.hpp"

namespace manipdyn::analysis {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[(v.size() - 1) / 2];
}

}  // namespace

std::vector<FormulationTiming> formulation_timings(const SerialModel& model,
                                                   const std::vector<JointRange>& ranges,
                                                   const ArmDatasheetOptions& options) {
  detail::check_model(model, "formulation_timings");
  detail::check_ranges(model, ranges, "formulation_timings");
  detail::check_options(options);
  using Clock = std::chrono::steady_clock;
  const int n = model.dof();

  // One seeded random state within the ranges (a stream apart from the workspace sample's).
  std::mt19937_64 rng(options.seed ^ 0x9e3779b97f4a7c15ULL);
  VectorXd q(n), qd(n), qdd(n), tau(n);
  for (int i = 0; i < n; ++i) {
    q[i] = ranges[i].lo + (ranges[i].hi - ranges[i].lo) * detail::uniform01(rng);
    qd[i] = 2 * detail::uniform01(rng) - 1;
    qdd[i] = 2 * detail::uniform01(rng) - 1;
  }
  const Vector3d g = model.gravity;
  const Vector6d f_ext = Vector6d::Zero();
  SerialData data(model);
  ForwardDynamicsData fd_data(model);
  volatile double sink = 0;

  // Times `call` (one evaluation): calibrate the batch, then the median of the repetitions.
  auto time_it = [&](const std::string& operation, const std::string& method, auto&& call) {
    FormulationTiming t;
    t.operation = operation;
    t.method = method;
    try {
      call();  // warm-up; sizes the buffers
      const auto t0 = Clock::now();
      call();
      const double one =
          std::max(1.0, std::chrono::duration<double, std::nano>(Clock::now() - t0).count());
      t.calls_per_repetition = static_cast<int>(
          std::clamp(std::ceil(options.timing_batch_ns / one), 1.0, 1e6));
      std::vector<double> per_call;
      for (int r = 0; r < options.timing_repetitions; ++r) {
        const auto a = Clock::now();
        for (int c = 0; c < t.calls_per_repetition; ++c) call();
        const double ns = std::chrono::duration<double, std::nano>(Clock::now() - a).count();
        per_call.push_back(ns / t.calls_per_repetition);
      }
      t.repetitions = options.timing_repetitions;
      t.median_ns = median_of(per_call);
      t.min_ns = *std::min_element(per_call.begin(), per_call.end());
    } catch (const std::exception& e) {
      t.median_ns = t.min_ns = kNaN;
      t.note = e.what();
    }
    return t;
  };

  std::vector<FormulationTiming> out;
  for (InverseDynamicsMethod m :
       {InverseDynamicsMethod::lagrange_euler, InverseDynamicsMethod::newton_euler,
        InverseDynamicsMethod::modified_newton_euler, InverseDynamicsMethod::craig,
        InverseDynamicsMethod::fastest}) {
    out.push_back(time_it("inverse_dynamics", to_string(m), [&] {
      sink = sink + inverse_dynamics(m, model, data, q, qd, qdd, g, f_ext)[0];
    }));
  }
  // Forward dynamics with the torques of the state (so qdd comes back).
  tau = inverse_dynamics(model, data, q, qd, qdd, g, f_ext);
  for (ForwardDynamicsMethod m :
       {ForwardDynamicsMethod::mass_matrix, ForwardDynamicsMethod::strobing,
        ForwardDynamicsMethod::articulated_body, ForwardDynamicsMethod::fastest}) {
    out.push_back(time_it("forward_dynamics", to_string(m), [&] {
      sink = sink + forward_dynamics(m, model, fd_data, q, qd, tau, g, f_ext)[0];
    }));
  }
  return out;
}

}  // namespace manipdyn::analysis
