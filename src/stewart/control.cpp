#include "manipdyn/stewart/control.hpp"

#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>

#include "manipdyn/stewart/forward_dynamics.hpp"
#include "manipdyn/stewart/inverse_dynamics.hpp"
#include "manipdyn/stewart/inverse_kinematics.hpp"
#include "manipdyn/stewart/task_space_elimination.hpp"

namespace manipdyn::stewart {

namespace {

// The Stewart control's wording of an unknown name: "<argument> '<name>' is not one of a, b".
template <typename E>
E parse(const std::string& name) {
  if (const std::optional<E> value = try_from_string<E>(name)) return *value;
  throw std::invalid_argument(std::string(EnumNames<E>::argument) + " '" + name +
                              "' is not one of " + names_text<E>());
}

}  // namespace

PlatformControlLaw platform_control_law_from_string(const std::string& name) {
  return parse<PlatformControlLaw>(name);
}

Mismatch mismatch_from_string(const std::string& name) { return parse<Mismatch>(name); }

namespace {

// The inverse dynamics without cond(H) (not needed in the loop; a 6x6 SVD per call).
InverseDynamicsOptions loop_options() {
  InverseDynamicsOptions o;
  o.condition_number = false;
  return o;
}

void check_gains(const PlatformGains& g) {
  if (!(g.natural_frequency > 0) || !std::isfinite(g.natural_frequency))
    throw std::invalid_argument("control: gains.natural_frequency must be finite and > 0");
  if (!(g.damping_ratio > 0) || !std::isfinite(g.damping_ratio))
    throw std::invalid_argument("control: gains.damping_ratio must be finite and > 0");
}

}  // namespace

StewartModel with_payload(const StewartModel& model, double payload) {
  if (!(payload >= 0) || !std::isfinite(payload))
    throw std::invalid_argument("with_payload: payload must be finite and >= 0 kg");
  StewartModel m = model;
  m.M += payload;
  derive_inertias(m);
  return m;
}

StewartModel with_scaled_inertia(const StewartModel& model, double scale) {
  if (!(scale > 0) || !std::isfinite(scale))
    throw std::invalid_argument("with_scaled_inertia: scale must be finite and > 0");
  StewartModel m = model;
  m.M *= scale;
  m.I_p *= scale;
  for (LegMassProperties& leg : m.legs) {
    leg.m_d *= scale;
    leg.m_u *= scale;
    leg.I_d0 *= scale;
    leg.I_u0 *= scale;
  }
  derive_inertias(m);
  return m;
}

TaskSpaceComputedTorque::TaskSpaceComputedTorque(StewartModel model, DynamicsModel which,
                                                 PlannedPath path, const PlatformGains& gains)
    : model_(std::move(model)), which_(which), path_(std::move(path)), data_(model_) {
  check_gains(gains);
  kp_ = gains.natural_frequency * gains.natural_frequency;
  kv_ = 2.0 * gains.damping_ratio * gains.natural_frequency;
}

PlatformMotion TaskSpaceComputedTorque::desired(double t) const {
  return sample_path(path_, t).motion();
}

void TaskSpaceComputedTorque::compute(double t, const PlatformMotion& x, Vector6d& F) {
  const PlatformMotion d = desired(t);
  // pose error e = [t_d - t; log(R_d R^T)] and twist error, base frame
  const Vector3d e_t = d.t - x.t;
  const Vector3d e_r = rotation_log(d.R * x.R.transpose());
  // commanded acceleration a_d + Kv e' + Kp e
  PlatformMotion cmd = x;
  cmd.a = d.a + kv_ * (d.v - x.v) + kp_ * e_t;
  cmd.alpha = d.alpha + kv_ * (d.omega - x.omega) + kp_ * e_r;
  // F = ID(x, xd, a_cmd)
  F = inverse_dynamics(which_, model_, data_, cmd, ExternalWrench{}, loop_options());
}

LegSpacePD::LegSpacePD(StewartModel model, DynamicsModel which, PlannedPath path,
                       const PlatformGains& gains)
    : model_(std::move(model)), which_(which), path_(std::move(path)), data_(model_) {
  check_gains(gains);
  // constant gain matrices from the leg-space inertia M_L0 = H^-1 Lambda H^-T at the start pose
  PlatformMotion start = desired(0.0);
  const Matrix6<double> Lambda = task_space_inertia(which_, model_, data_, start);
  // H = [s_i; q_i x s_i] (Dasgupta eq. 36) at the start pose, then M_L = H^-1 (H^-1 Lambda)^T
  for (int i = 0; i < kLegs; ++i)
    data_.H.col(i) = leg_jacobian_column<double>(data_.s.col(i), data_.q.col(i));
  if (!factor_leg_jacobian(data_))
    throw std::invalid_argument("LegSpacePD: the start pose of the path is singular (H has a zero pivot)");
  const Matrix6<double> HinvLambda = solve_leg_jacobian(data_, Lambda);
  Matrix6<double> M_L = solve_leg_jacobian(data_, Matrix6<double>(HinvLambda.transpose()));
  M_L = 0.5 * (M_L + M_L.transpose());
  const double wn = gains.natural_frequency;
  kp_ = wn * wn * M_L;
  kd_ = 2.0 * gains.damping_ratio * wn * M_L;
}

PlatformMotion LegSpacePD::desired(double t) const { return sample_path(path_, t).motion(); }

void LegSpacePD::compute(double t, const PlatformMotion& x, Vector6d& F) {
  PlatformMotion d = desired(t);
  // leg targets from the inverse kinematics of the desired motion
  inverse_kinematics(model_, data_, d);
  const Vector6d L_d = data_.L, Ld_d = data_.Ld;
  // measured leg lengths and rates
  inverse_kinematics(model_, data_, x);
  const Vector6d L = data_.L, Ld = data_.Ld;
  // gravity compensation: the static forces at the desired pose
  PlatformMotion rest;
  rest.t = d.t;
  rest.R = d.R;
  const Vector6d F_static = inverse_dynamics(which_, model_, data_, rest, ExternalWrench{}, loop_options());
  F = F_static + kp_ * (L_d - L) + kd_ * (Ld_d - Ld);
}

TrackingSummary summarize_tracking(const PlatformSimulationResult& r) {
  if (!r.has_reference)
    throw std::invalid_argument("summarize_tracking: the result has no desired motion");
  TrackingSummary s;
  const Eigen::Index n = r.time.size();
  double sp = 0, so = 0;
  for (Eigen::Index k = 0; k < n; ++k) {
    const double ep = r.position_error.row(k).norm(), eo = r.orientation_error.row(k).norm();
    s.max_position_error = std::max(s.max_position_error, ep);
    s.max_orientation_error = std::max(s.max_orientation_error, eo);
    sp += ep * ep;
    so += eo * eo;
  }
  s.rms_position_error = std::sqrt(sp / static_cast<double>(n));
  s.rms_orientation_error = std::sqrt(so / static_cast<double>(n));
  s.max_abs_force = r.F.cwiseAbs().maxCoeff();
  return s;
}

PlatformSimulationResult control(const StewartModel& model, const PlannedPath& path,
                                 const PlatformControlOptions& o) {
  // plant and the controller's model for this mismatch
  const StewartModel plant =
      o.mismatch == Mismatch::payload ? with_payload(model, o.payload) : model;
  const StewartModel ctrl_model =
      o.mismatch == Mismatch::inertia ? with_scaled_inertia(model, o.inertia_scale) : model;
  const DynamicsModel ctrl_which =
      o.mismatch == Mismatch::dasgupta_model ? DynamicsModel::dasgupta : DynamicsModel::improved;
  if (o.mismatch == Mismatch::quantised && (o.length_bits < 1 || o.length_bits > 52))
    throw std::invalid_argument("control: options.length_bits must be in 1..52, got " +
                                std::to_string(o.length_bits));

  if (!(o.twist_cutoff >= 0) || !std::isfinite(o.twist_cutoff))
    throw std::invalid_argument("control: options.twist_cutoff must be finite and >= 0 Hz, got " +
                                std::to_string(o.twist_cutoff));

  PlatformSimulationOptions sim;
  sim.duration = path.spec.tau_f;
  sim.control_period = o.control_period;
  sim.step = o.step;
  sim.integrator = o.integrator;
  sim.adaptive = o.adaptive;
  sim.plant = DynamicsModel::improved;
  if (o.mismatch == Mismatch::quantised) {
    sim.length_bits = o.length_bits;
    sim.length_range = o.length_range;
    sim.twist_cutoff = o.twist_cutoff;
  }

  // start at rest at the desired initial pose
  PlatformMotion initial = sample_path(path, 0.0).motion();
  initial.a.setZero();
  initial.alpha.setZero();

  if (o.law == PlatformControlLaw::computed_torque) {
    TaskSpaceComputedTorque c(ctrl_model, ctrl_which, path, o.gains);
    return simulate(plant, &c, initial, sim);
  }
  LegSpacePD c(ctrl_model, ctrl_which, path, o.gains);
  return simulate(plant, &c, initial, sim);
}

}  // namespace manipdyn::stewart
