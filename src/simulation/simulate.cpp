#include "manipdyn/simulation/simulate.hpp"

#include <cmath>
#include <iomanip>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <utility>

#include "manipdyn/core/check.hpp"
#include "manipdyn/serial/configuration.hpp"
#include "manipdyn/simulation/lie_group_rk.hpp"

namespace manipdyn {

MatrixXd SimulationResult::error() const {
  if (!has_reference)
    throw std::logic_error("SimulationResult::error: the controller tracked no trajectory");
  return q_desired - q.rightCols(q_desired.cols());
}

VectorXd SimulationResult::max_abs_error() const {
  return error().cwiseAbs().colwise().maxCoeff().transpose();
}

void write_simulation_csv(std::ostream& os, const SimulationResult& r) {
  const Eigen::Index n = r.tau.cols();  // the joints
  const Eigen::Index base_q = r.q.cols() - n, base_v = r.qd.cols() - n;  // 7 and 6 on a free-flyer
  // Header: q1..qn on a chain, the joint names on a tree.
  os << "t";
  auto names = [&](const char* prefix) {
    for (Eigen::Index i = 0; i < n; ++i) {
      os << "," << prefix;
      if (r.joint_names.empty())
        os << i + 1;
      else
        os << "_" << r.joint_names[static_cast<std::size_t>(i)];
    }
  };
  auto base_names = [&](std::initializer_list<const char*> base) {
    for (const char* b : base) os << "," << b;
  };
  if (r.has_reference) names("q_d");
  if (base_q > 0) base_names({"q_base_x", "q_base_y", "q_base_z", "q_base_qx", "q_base_qy", "q_base_qz", "q_base_qw"});
  names("q");
  if (base_v > 0) base_names({"qd_base_vx", "qd_base_vy", "qd_base_vz", "qd_base_wx", "qd_base_wy", "qd_base_wz"});
  names("qd");
  if (r.has_reference) names("e");
  names("tau");
  os << "\n" << std::setprecision(17);
  // One row per sample.
  for (Eigen::Index k = 0; k < r.t.size(); ++k) {
    os << r.t[k];
    auto cells = [&](const MatrixXd& m) {
      for (Eigen::Index i = 0; i < m.cols(); ++i) os << "," << m(k, i);
    };
    if (r.has_reference) cells(r.q_desired);
    cells(r.q);
    cells(r.qd);
    if (r.has_reference)
      for (Eigen::Index i = 0; i < n; ++i) os << "," << r.q_desired(k, i) - r.q(k, base_q + i);
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
  if (plant.root == RootJoint::free_flyer) {
    check_configuration<double>(where, "q0", plant, q0);
    check_tangent<double>(where, "qd0", plant, qd0);
  } else {
    check_vector(where, "q0", q0, n);
    check_vector(where, "qd0", qd0, n);
  }
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
  const double samples = covering_steps(o.duration, period);
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

namespace {

// One run of simulate(): the state y = [q; qd] (on a free-flyer [u; v], q = integrate(q_start,
// u, 1): lie_group_rk.hpp), the sensors (A/D quantisation), the controller, the actuators
// (saturation), the plant's forward dynamics and the log, with their buffers. The controller
// sees and drives the joints (the last n entries of q and v); a free-flyer's base is free (zero
// wrench).
class Run {
 public:
  Run(const SerialModel& plant, Controller* controller, const VectorXd& q0, const VectorXd& qd0,
      const SimulationOptions& options, long samples)
      : plant_(plant), controller_(controller), o_(options), n_(plant.dof()),
        nv_(plant.nv()), group_(plant.root == RootJoint::free_flyer),
        continuous_(options.control_period == 0.0), y(2 * nv_), y_start(2 * nv_),
        q_meas_(n_), qd_meas_(n_), q_prev_(n_), tau_(VectorXd::Zero(n_)),
        tau_full_(VectorXd::Zero(nv_)), q_des_(n_), qd_des_(n_), qdd_des_(n_), fd_(plant) {
    if (group_) {
      q_start_ = normalize(plant, q0);
      q_at_step_ = q_start_;
      y << VectorXd::Zero(nv_), qd0;
    } else {
      y << q0, qd0;
    }
    out.t.resize(samples + 1);
    out.q.resize(samples + 1, plant.nq());
    out.qd.resize(samples + 1, nv_);
    out.tau.resize(samples + 1, n_);
    if (group_ || !plant.is_chain()) out.joint_names = plant.joint_names();
    out.has_reference = controller && controller->reference(0.0, q_des_, qd_des_, qdd_des_);
    if (out.has_reference) {
      out.q_desired.resize(samples + 1, n_);
      out.qd_desired.resize(samples + 1, n_);
    }
  }

  // The configuration (nq) at the end of the last integrator call.
  Eigen::Ref<const VectorXd> q() const {
    if (group_) return q_start_;
    return y.head(n_);
  }

  // Sensors (A/D quantisation), controller, actuators (saturation), on the joints.
  void control(double t, const Eigen::Ref<const VectorXd>& q,
               const Eigen::Ref<const VectorXd>& qd) {
    if (!controller_) return;
    const auto qj = q.tail(n_);
    const auto qdj = qd.tail(n_);
    for (int i = 0; i < n_; ++i) {
      q_meas_[i] = quantise(qj[i], o_.position_bits, o_.position_range);
      qd_meas_[i] = quantise(qdj[i], o_.velocity_bits, o_.velocity_range);
    }
    // Without tachometers: backward difference of the measured positions.
    if (o_.velocity_from_positions) {
      if (first_sample_)
        qd_meas_.setZero();
      else
        qd_meas_ = (q_meas_ - q_prev_) / o_.control_period;
      q_prev_ = q_meas_;
      first_sample_ = false;
    }
    controller_->compute(t, q_meas_, qd_meas_, tau_);
    if (o_.torque_limit.size() == n_)
      tau_ = tau_.cwiseMax(-o_.torque_limit).cwiseMin(o_.torque_limit);
  }
  // Between samples: control once per sample, or continuously inside the integrator.
  void sample_control(double t) {
    if (!continuous_) control(t, q(), y.tail(nv_));
  }

  // The plant: y' = [qd; qdd(q, qd, tau)]; on a free-flyer y' = [u'(u, v); qdd(q(u), v, tau)].
  void plant_rhs(double t, const VectorXd& state, VectorXd& ydot) {
    if (!group_) {
      if (continuous_) control(t, state.head(n_), state.tail(n_));
      const VectorXd& qdd = forward_dynamics<double>(o_.method, plant_, fd_, state.head(n_),
                                                     state.tail(n_), tau_, plant_.gravity,
                                                     no_wrench_);
      ydot.head(n_) = state.tail(n_);
      ydot.tail(n_) = qdd;
    } else {
      q_stage_ = integrate<double>(unchecked, plant_, q_start_, state.head(nv_), 1.0);
      if (continuous_) control(t, q_stage_, state.tail(nv_));
      tau_full_.tail(n_) = tau_;
      const VectorXd& qdd = forward_dynamics<double>(o_.method, plant_, fd_, q_stage_,
                                                     state.tail(nv_), tau_full_, plant_.gravity,
                                                     no_wrench_);
      local_coordinate_rate(state.head(nv_), state.tail(nv_), ydot.head(nv_));
      ydot.tail(nv_) = qdd;
    }
    ++out.dynamics_calls;
  }

  // A free-flyer: moves q_start to the configuration u reached, u <- 0.
  void rebase() {
    if (!group_) return;
    q_start_ = integrate<double>(unchecked, plant_, q_start_, y.head(nv_), 1.0);
    y.head(nv_).setZero();
  }

  // Advances the plant from t0 to t1 by RK4 steps of at most h (RungeKutta4::integrate's
  // steps; on a free-flyer re-based after each step); returns the number of steps.
  template <typename F>
  long rk4_steps(RungeKutta4& rk4, F&& rhs, double t0, double t1, double h) {
    if (!group_) return rk4.integrate(rhs, t0, y, t1, h);
    const double span = t1 - t0;
    if (!(span > 0.0)) return 0;
    const long steps = std::max(1L, static_cast<long>(covering_steps(span, h)));
    const double hh = span / static_cast<double>(steps);
    for (long k = 0; k < steps; ++k) {
      rk4.step(rhs, t0 + static_cast<double>(k) * hh, y, hh);
      rebase();
    }
    return steps;
  }

  // The state at the start of a step, for error reports.
  void mark_start() {
    y_start = y;
    if (group_) q_at_step_ = q_start_;
  }
  Eigen::Ref<const VectorXd> q_at_start() const {
    if (group_) return q_at_step_;
    return y_start.head(n_);
  }
  Eigen::Ref<const VectorXd> qd_at_start() const { return y_start.tail(nv_); }

  // Sample k at time t: the state, the torque and the reference.
  void log(long k, double t) {
    out.t[k] = t;
    out.q.row(k) = q().transpose();
    out.qd.row(k) = y.tail(nv_).transpose();
    if (continuous_) control(t, q(), y.tail(nv_));
    out.tau.row(k) = tau_.transpose();
    if (out.has_reference) {
      controller_->reference(t, q_des_, qd_des_, qdd_des_);
      out.q_desired.row(k) = q_des_.transpose();
      out.qd_desired.row(k) = qd_des_.transpose();
    }
  }

  SimulationResult out;

 private:
  const SerialModel& plant_;
  Controller* controller_;
  const SimulationOptions& o_;
  const int n_;       // joints
  const int nv_;      // velocities (n, or 6 + n on a free-flyer)
  const bool group_;  // a free-flyer: the state is [u; v] about q_start_
  const bool continuous_;

 public:
  VectorXd y;        // the state [q; qd] (2n), or [u; v] (2 nv) on a free-flyer
  VectorXd y_start;  // the state at the start of the current step, for error reports

 private:
  VectorXd q_start_, q_at_step_, q_stage_;  // free-flyer: the configurations (nq)
  VectorXd q_meas_, qd_meas_, q_prev_, tau_;  // measured state, last measured q, command (n)
  VectorXd tau_full_;                         // the generalized force (nv: the base's zero)
  bool first_sample_ = true;
  VectorXd q_des_, qd_des_, qdd_des_;  // the controller's reference (n)
  ForwardDynamicsData fd_;
  const Vector6d no_wrench_ = Vector6d::Zero();
};

// The error of step k (1-based) of `samples`, from t0 (to t1 if given), that started from
// (q, qd).
SimulationError step_error(const char* what, const std::exception& e, long k, long samples,
                           double t0, std::optional<double> t1, const VectorXd& q,
                           const VectorXd& qd) {
  std::ostringstream os;
  os << "simulate: " << what << " during step " << k << " of " << samples << " (t = " << t0
     << " s";
  if (t1) os << " to " << *t1 << " s";
  os << "), starting from " << state_text(q, qd) << " (" << e.what() << ")";
  return SimulationError(os.str(), k, t0, q, qd);
}

}  // namespace

SimulationResult simulate(const SerialModel& plant, Controller* controller, const VectorXd& q0,
                          const VectorXd& qd0, const SimulationOptions& options) {
  check_options(plant, controller, q0, qd0, options);
  const int nv = plant.nv();
  const double period =
      options.control_period == 0.0 ? options.log_period : options.control_period;
  const long samples = static_cast<long>(covering_steps(options.duration, period));
  Run run(plant, controller, q0, qd0, options, samples);
  auto rhs = [&run](double t, const VectorXd& state, VectorXd& ydot) {
    run.plant_rhs(t, state, ydot);
  };
  RungeKutta4 rk4(2 * nv);
  AdaptiveOptions adaptive = options.adaptive;
  adaptive.initial_step = std::min(adaptive.initial_step, options.step);
  DormandPrince54 dp(2 * nv, adaptive);

  // First sample: measure, control, log.
  run.sample_control(0.0);
  run.log(0, 0.0);
  for (long k = 0; k < samples; ++k) {
    const double t0 = static_cast<double>(k) * period;
    const double t1 = std::min(static_cast<double>(k + 1) * period, options.duration);
    run.mark_start();
    try {
      // Integrate the plant over [t_k, t_{k+1}] with tau held (or the continuous controller).
      if (options.integrator == IntegratorType::rk4) {
        run.out.plant_steps += run.rk4_steps(rk4, rhs, t0, t1, options.step);
      } else {
        dp.integrate(rhs, t0, run.y, t1);
        run.rebase();
      }
      if (!run.y.allFinite() || !run.q().allFinite())
        throw std::invalid_argument("the state is not finite");
      // Next sample: measure, control, log.
      run.sample_control(t1);
      run.log(k + 1, t1);
    } catch (const std::invalid_argument& e) {
      throw step_error("the state became non-finite", e, k + 1, samples, t0, t1,
                       run.q_at_start(), run.qd_at_start());
    } catch (const std::runtime_error& e) {
      throw step_error("integration failed", e, k + 1, samples, t0, std::nullopt,
                       run.q_at_start(), run.qd_at_start());
    }
    if (options.progress) options.progress(t1, options.duration);
  }
  if (options.integrator == IntegratorType::dormand_prince) {
    run.out.plant_steps = dp.accepted();
    run.out.rejected_steps = dp.rejected();
  }
  return std::move(run.out);
}

}  // namespace manipdyn
