// FD(ID(xdd)) = xdd and the cost of forward dynamics (analysis/platform_forward_dynamics_study.hpp).
#include "manipdyn/analysis/platform_forward_dynamics_study.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>

#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/stewart/inverse_dynamics.hpp"
#include "manipdyn/stewart/studies.hpp"

namespace manipdyn::analysis {

namespace ms = stewart;

namespace {

// The dynamic models compared, in the order of the rows.
constexpr ms::DynamicsModel kModels[] = {ms::DynamicsModel::dasgupta, ms::DynamicsModel::improved};

}  // namespace

std::vector<ForwardDynamicsRoundTripRow> forward_dynamics_round_trip(
    const ms::StewartModel& model, const ForwardDynamicsRoundTripOptions& options) {
  const std::string where = "forward_dynamics_round_trip: ";
  if (!(options.interval > 0) || !std::isfinite(options.interval))
    throw std::invalid_argument(where + "interval must be positive and finite");
  if (!(options.linear >= 0) || !(options.angular >= 0))
    throw std::invalid_argument(where + "the bounds linear and angular must not be negative");
  // The path's poses and twists every interval, with pseudo-random accelerations
  const ms::PlannedPath path = ms::plan_path(ms::paper_path(options.path).spec);
  std::vector<ms::PlatformMotion> states;
  std::mt19937 rng(options.seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int k = 0; k * options.interval <= path.spec.tau_f + 1e-12; ++k) {
    ms::PlatformMotion m = ms::sample_path(path, k * options.interval).motion();
    for (int c = 0; c < 3; ++c) {
      m.a(c) = options.linear * u(rng);
      m.alpha(c) = options.angular * u(rng);
    }
    states.push_back(m);
  }
  // FD(ID(xdd)) per model and method
  ms::StewartData d(model);
  ms::InverseDynamicsOptions io;
  io.condition_number = false;
  std::vector<ForwardDynamicsRoundTripRow> rows;
  for (auto which : kModels)
    for (auto method : all<ms::TaskSpaceMethod>()) {
      ms::ForwardDynamicsOptions fo;
      fo.method = method;
      ForwardDynamicsRoundTripRow row;
      row.model = which;
      row.method = method;
      row.states = states.size();
      for (const auto& m : states) {
        const Vector6d F = ms::inverse_dynamics(which, model, d, m, {}, io);
        Vector6d xdd_in;
        xdd_in << m.a, m.alpha;
        const Vector6d xdd = ms::forward_dynamics(which, model, d, m, F, {}, fo);
        row.max_abs_error = std::max(row.max_abs_error, (xdd - xdd_in).cwiseAbs().maxCoeff());
        row.max_abs_xdd = std::max(row.max_abs_xdd, xdd_in.cwiseAbs().maxCoeff());
      }
      row.max_relative_error = row.max_abs_error / row.max_abs_xdd;
      rows.push_back(row);
    }
  return rows;
}

std::vector<ForwardDynamicsCostRow> forward_dynamics_cost(const ms::StewartModel& model,
                                                          const ForwardDynamicsCostOptions& options) {
  const ms::PlannedPath path = ms::plan_path(ms::paper_path(options.path).spec);
  if (!(options.time >= 0 && options.time <= path.spec.tau_f))
    throw std::invalid_argument("forward_dynamics_cost: time is outside path " + options.path);
  ms::InverseDynamicsOptions io;
  io.condition_number = false;
  const ms::PlatformMotionTpl<Counted> x = ms::sample_path(path, options.time).motion().cast<Counted>();
  ms::StewartDataTpl<Counted> c(model);
  auto& oc = op_counter();
  std::vector<ForwardDynamicsCostRow> rows;
  for (auto which : kModels) {
    // one inverse dynamics, then one forward dynamics per method on its forces
    oc.reset();
    const Vector6<Counted> F = ms::inverse_dynamics(which, model, c, x, {}, io);
    const OpCounter id = oc;
    const double id_flops = static_cast<double>(id.flops());
    const auto row = [&](const std::string& algorithm, const OpCounter& n) {
      rows.push_back({which, algorithm, n.mul, n.add, n.div, n.functions(), n.flops(),
                      static_cast<double>(n.flops()) / id_flops});
    };
    row("inverse_dynamics", id);
    for (auto method : all<ms::TaskSpaceMethod>()) {
      ms::ForwardDynamicsOptions fo;
      fo.method = method;
      oc.reset();
      ms::forward_dynamics(which, model, c, x, F, {}, fo);
      row(std::string("forward_dynamics_") + to_string(method), oc);
    }
  }
  oc.reset();
  return rows;
}

}  // namespace manipdyn::analysis
