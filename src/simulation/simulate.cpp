#include "manipdyn/simulation/simulate.hpp"

#include <cmath>
#include <iomanip>
#include <ostream>
#include <sstream>
#include <string>
#include <utility>

#include "manipdyn/core/check.hpp"

namespace manipdyn {

double quantise(double x, int bits, double range) {
  if (bits <= 0) return x;
  const double resolution = range / std::ldexp(1.0, bits);
  return resolution * std::round(x / resolution);
}

MatrixXd SimulationResult::error() const {
  if (!has_reference)
    throw std::logic_error("SimulationResult::error: the controller tracked no trajectory");
  return q_desired - q;
}

VectorXd SimulationResult::max_abs_error() const {
  return error().cwiseAbs().colwise().maxCoeff().transpose();
}

void write_simulation_csv(std::ostream& os, const SimulationResult& r) {
  const Eigen::Index n = r.q.cols();
  // Header.
  os << "t";
  auto names = [&](const char* prefix) {
    for (Eigen::Index i = 0; i < n; ++i) os << "," << prefix << i + 1;
  };
  if (r.has_reference) names("q_d");
  names("q");
  names("qd");
  if (r.has_reference) names("e");
  names("tau");
  os << "\n" << std::setprecision(17);
  // One row per sample.
  for (Eigen::Index k = 0; k < r.t.size(); ++k) {
    os << r.t[k];
    auto cells = [&](const MatrixXd& m) {
      for (Eigen::Index i = 0; i < n; ++i) os << "," << m(k, i);
    };
    if (r.has_reference) cells(r.q_desired);
    cells(r.q);
    cells(r.qd);
    if (r.has_reference)
      for (Eigen::Index i = 0; i < n; ++i) os << "," << r.q_desired(k, i) - r.q(k, i);
    cells(r.tau);
    os << "\n";
  }
}

namespace {

std::string state_text(const VectorXd& q, const VectorXd& qd) {
  std::ostringstream os;
  const Eigen::IOFormat fmt(Eigen::StreamPrecision, Eigen::DontAlignCols, ", ", ", ", "", "",
                            "[", "]");
  os << "q = " << q.transpose().format(fmt) << ", qd = " << qd.transpose().format(fmt);
  return os.str();
}

void check_options(const SerialModel& plant, const Controller* controller, const VectorXd& q0,
                   const VectorXd& qd0, const SimulationOptions& o) {
  constexpr const char* where = "simulate";
  const int n = plant.dof();
  check_vector(where, "q0", q0, n);
  check_vector(where, "qd0", qd0, n);
  auto positive = [&](const char* name, double x) {
    if (!(x > 0.0) || !std::isfinite(x)) {
      std::ostringstream os;
      os << where << ": " << name << " = " << x << ", expected a finite value > 0";
      throw std::invalid_argument(os.str());
    }
  };
  positive("duration", o.duration);
  positive("step", o.step);
  if (!(o.control_period >= 0.0) || !std::isfinite(o.control_period))
    throw std::invalid_argument("simulate: control_period must be finite and >= 0 (0 = continuous)");
  if (o.control_period == 0.0) positive("log_period", o.log_period);
  if (o.torque_limit.size() != 0) {
    check_vector(where, "torque_limit", o.torque_limit, n);
    for (int i = 0; i < n; ++i)
      if (!(o.torque_limit[i] > 0.0))
        throw std::invalid_argument("simulate: torque_limit[" + std::to_string(i) +
                                    "] must be > 0");
  }
  for (const auto& [name, bits] : {std::pair{"position_bits", o.position_bits},
                                   std::pair{"velocity_bits", o.velocity_bits}})
    if (bits < 0 || bits > 52)
      throw std::invalid_argument(std::string(where) + ": " + name + " = " +
                                  std::to_string(bits) + " must lie in 0..52 (0 = ideal sensor)");
  // Bounded work, checked before anything is allocated: samples, then RK4 steps.
  const double period = o.control_period == 0.0 ? o.log_period : o.control_period;
  const double samples = std::ceil(o.duration / period - 1e-9);
  if (samples > static_cast<double>(kMaxSimulationSamples)) {
    std::ostringstream os;
    os << where << ": duration / " << (o.control_period == 0.0 ? "log_period" : "control_period")
       << " = " << o.duration << " / " << period << " gives " << samples
       << " samples, more than the limit " << kMaxSimulationSamples;
    throw std::invalid_argument(os.str());
  }
  if (o.integrator == IntegratorType::rk4) {
    if (o.step > period * (1 + 1e-12)) {
      std::ostringstream os;
      os << where << ": step = " << o.step << " s is longer than the "
         << (o.control_period == 0.0 ? "log_period" : "control_period") << " = " << period
         << " s (use a step <= the period)";
      throw std::invalid_argument(os.str());
    }
    const double steps = o.duration / o.step;
    if (steps > kMaxRk4Steps) {
      std::ostringstream os;
      os << where << ": duration / step = " << o.duration << " / " << o.step << " = " << steps
         << " RK4 steps, more than the limit " << kMaxRk4Steps;
      throw std::invalid_argument(os.str());
    }
  }
  if (o.position_bits > 0) positive("position_range", o.position_range);
  if (o.velocity_from_positions && o.control_period == 0.0)
    throw std::invalid_argument(
        "simulate: velocity_from_positions needs a sampled controller (control_period > 0)");
  if (o.velocity_bits > 0) positive("velocity_range", o.velocity_range);
  if (controller && controller->dof() != n) {
    std::ostringstream os;
    os << where << ": the controller has " << controller->dof() << " joints, the plant " << n;
    throw std::invalid_argument(os.str());
  }
}

}  // namespace

SimulationResult simulate(const SerialModel& plant, Controller* controller, const VectorXd& q0,
                          const VectorXd& qd0, const SimulationOptions& options) {
  check_options(plant, controller, q0, qd0, options);
  const int n = plant.dof();
  const bool continuous = options.control_period == 0.0;
  const double period = continuous ? options.log_period : options.control_period;
  const long samples = static_cast<long>(std::ceil(options.duration / period - 1e-9));

  // Buffers: the state y = [q; qd], the measured state, the commanded torque, the log.
  VectorXd y(2 * n);
  y << q0, qd0;
  VectorXd y_start(2 * n);  // the state at the start of the current step (for error reports)
  VectorXd q_meas(n), qd_meas(n), q_prev(n), tau = VectorXd::Zero(n);
  bool first_sample = true;
  VectorXd q_des(n), qd_des(n), qdd_des(n);
  ForwardDynamicsData fd(plant);
  const Vector3d gravity = plant.gravity;
  const Vector6d no_wrench = Vector6d::Zero();
  SimulationResult out;
  out.t.resize(samples + 1);
  out.q.resize(samples + 1, n);
  out.qd.resize(samples + 1, n);
  out.tau.resize(samples + 1, n);
  out.has_reference = controller && controller->reference(0.0, q_des, qd_des, qdd_des);
  if (out.has_reference) {
    out.q_desired.resize(samples + 1, n);
    out.qd_desired.resize(samples + 1, n);
  }

  // Sensors (A/D quantisation), controller, actuators (saturation).
  auto control = [&](double t, const Eigen::Ref<const VectorXd>& q,
                     const Eigen::Ref<const VectorXd>& qd) {
    if (!controller) return;
    for (int i = 0; i < n; ++i) {
      q_meas[i] = quantise(q[i], options.position_bits, options.position_range);
      qd_meas[i] = quantise(qd[i], options.velocity_bits, options.velocity_range);
    }
    // Without tachometers: backward difference of the measured positions.
    if (options.velocity_from_positions) {
      if (first_sample)
        qd_meas.setZero();
      else
        qd_meas = (q_meas - q_prev) / options.control_period;
      q_prev = q_meas;
      first_sample = false;
    }
    controller->compute(t, q_meas, qd_meas, tau);
    if (options.torque_limit.size() == n)
      tau = tau.cwiseMax(-options.torque_limit).cwiseMin(options.torque_limit);
  };
  // The plant: y' = [qd; qdd(q, qd, tau)].
  auto plant_rhs = [&](double t, const VectorXd& state, VectorXd& ydot) {
    if (continuous) control(t, state.head(n), state.tail(n));
    const VectorXd& qdd = forward_dynamics<double>(options.method, plant, fd, state.head(n),
                                                   state.tail(n), tau, gravity, no_wrench);
    ydot.head(n) = state.tail(n);
    ydot.tail(n) = qdd;
    ++out.dynamics_calls;
  };
  auto log = [&](long k, double t) {
    out.t[k] = t;
    out.q.row(k) = y.head(n).transpose();
    out.qd.row(k) = y.tail(n).transpose();
    if (continuous) control(t, y.head(n), y.tail(n));
    out.tau.row(k) = tau.transpose();
    if (out.has_reference) {
      controller->reference(t, q_des, qd_des, qdd_des);
      out.q_desired.row(k) = q_des.transpose();
      out.qd_desired.row(k) = qd_des.transpose();
    }
  };

  RungeKutta4 rk4(2 * n);
  AdaptiveOptions adaptive = options.adaptive;
  adaptive.initial_step = std::min(adaptive.initial_step, options.step);
  DormandPrince54 dp(2 * n, adaptive);

  // First sample: measure, control, log.
  if (!continuous) control(0.0, y.head(n), y.tail(n));
  log(0, 0.0);
  for (long k = 0; k < samples; ++k) {
    const double t0 = static_cast<double>(k) * period;
    const double t1 = std::min(static_cast<double>(k + 1) * period, options.duration);
    y_start = y;
    try {
      // Integrate the plant over [t_k, t_{k+1}] with tau held (or the continuous controller).
      if (options.integrator == IntegratorType::rk4)
        out.plant_steps += rk4.integrate(plant_rhs, t0, y, t1, options.step);
      else
        dp.integrate(plant_rhs, t0, y, t1);
      if (!y.allFinite()) throw std::invalid_argument("the state is not finite");
      // Next sample: measure, control, log.
      if (!continuous) control(t1, y.head(n), y.tail(n));
      log(k + 1, t1);
    } catch (const std::invalid_argument& e) {
      std::ostringstream os;
      os << "simulate: the state became non-finite during step " << k + 1 << " of " << samples
         << " (t = " << t0 << " s to " << t1 << " s), starting from "
         << state_text(y_start.head(n), y_start.tail(n)) << " (" << e.what() << ")";
      throw SimulationError(os.str(), k + 1, t0, y_start.head(n), y_start.tail(n));
    } catch (const std::runtime_error& e) {
      std::ostringstream os;
      os << "simulate: integration failed during step " << k + 1 << " of " << samples
         << " (t = " << t0 << " s), starting from "
         << state_text(y_start.head(n), y_start.tail(n)) << " (" << e.what() << ")";
      throw SimulationError(os.str(), k + 1, t0, y_start.head(n), y_start.tail(n));
    }
    if (options.progress) options.progress(t1, options.duration);
  }
  if (options.integrator == IntegratorType::dormand_prince) {
    out.plant_steps = dp.accepted();
    out.rejected_steps = dp.rejected();
  }
  return out;
}

}  // namespace manipdyn
