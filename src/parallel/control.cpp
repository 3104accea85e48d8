// Task-space computed torque of a parallel robot (control.hpp).
#include "manipdyn/parallel/control.hpp"

#include <cmath>
#include <memory>
#include <stdexcept>
#include <utility>

#include "manipdyn/parallel/inverse_dynamics.hpp"
#include "manipdyn/stewart/simulate.hpp"

namespace manipdyn::parallel {

namespace {

void check_gains(const TaskSpaceGains& gains) {
  if (!(gains.natural_frequency > 0.0) || !std::isfinite(gains.natural_frequency))
    throw std::invalid_argument("computed_torque: gains.natural_frequency must be positive and finite, got " +
                                std::to_string(gains.natural_frequency));
  if (!(gains.damping_ratio > 0.0) || !std::isfinite(gains.damping_ratio))
    throw std::invalid_argument("computed_torque: gains.damping_ratio must be positive and finite, got " +
                                std::to_string(gains.damping_ratio));
}

// [t_d - t; log(R_d R^T)] (6), world axes
Vector6d pose_error(const PlatformMotion& measured, const PlatformMotion& desired) {
  Vector6d e;
  e << desired.t - measured.t, stewart::rotation_log(desired.R * measured.R.transpose());
  return e;
}

}  // namespace

VectorXd tracking_error(const ParallelModel& model, const PlatformMotion& measured, const PlatformMotion& desired) {
  return model.E.transpose() * pose_error(measured, desired);
}

const VectorXd& computed_torque(const ParallelModel& model, ParallelData& data, const PlatformMotion& measured,
                                const PlatformMotion& desired, const TaskSpaceGains& gains,
                                const ExternalWrench& wrench) {
  check_gains(gains);
  const double kp = gains.natural_frequency * gains.natural_frequency;
  const double kd = 2.0 * gains.damping_ratio * gains.natural_frequency;
  // the commanded acceleration of the platform coordinates: feed-forward, then the PD terms
  Vector6d Vd_d, V_d, V;
  Vd_d << desired.a, desired.alpha;
  V_d << desired.v, desired.omega;
  V << measured.v, measured.omega;
  const Vector6d command = model.E * model.E.transpose() * (Vd_d + kd * (V_d - V) + kp * pose_error(measured, desired));
  // the inverse dynamics at the measured state with that acceleration
  PlatformMotion x = measured;
  x.a = command.head<3>();
  x.alpha = command.tail<3>();
  return inverse_dynamics(model, data, x, wrench);
}

ActuatorForces computed_torque_controller(ParallelModel model, PlatformReference reference,
                                          const TaskSpaceGains& gains, const ExternalWrench& wrench) {
  check_gains(gains);
  if (!reference) throw std::invalid_argument("computed_torque_controller: the reference is empty");
  // the model and its Data at one address (the Data points to its model), shared by the copies
  struct State {
    explicit State(ParallelModel m) : model(std::move(m)), data(model) {}
    ParallelModel model;
    ParallelData data;
  };
  auto state = std::make_shared<State>(std::move(model));
  return [state, reference = std::move(reference), gains, wrench](double t, const PlatformMotion& measured, VectorXd& tau) {
    tau = computed_torque(state->model, state->data, measured, reference(t), gains, wrench);
  };
}

}  // namespace manipdyn::parallel
