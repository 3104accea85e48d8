#include "manipdyn/control/controller.hpp"

#include <sstream>
#include <stdexcept>

#include "manipdyn/core/check.hpp"

namespace manipdyn {

TrackingController::TrackingController(SerialModel model, JointTrajectory trajectory,
                                       ControlLaw law, VectorXd kp, VectorXd kv)
    : model_(std::move(model)), trajectory_(std::move(trajectory)), law_(law), kp_(std::move(kp)),
      kv_(std::move(kv)), data_(model_) {
  constexpr const char* where = "TrackingController";
  const int n = model_.dof();
  if (trajectory_.dof() != n) {
    std::ostringstream os;
    os << where << ": the trajectory has " << trajectory_.dof() << " joints, the controller's model "
       << n;
    throw std::invalid_argument(os.str());
  }
  check_vector(where, "kp", kp_, n);
  check_vector(where, "kv", kv_, n);
  for (int i = 0; i < n; ++i)
    if (kp_[i] < 0.0 || kv_[i] < 0.0)
      throw std::invalid_argument(std::string(where) + ": gains must be >= 0 (joint " +
                                  std::to_string(i + 1) + ")");
  q_d_ = VectorXd::Zero(n);
  qd_d_ = VectorXd::Zero(n);
  qdd_d_ = VectorXd::Zero(n);
}

void TrackingController::compute(double t, const VectorXd& q, const VectorXd& qd,
                                 VectorXd& tau) {
  // Desired state at t, then the control law on the controller's own model.
  trajectory_.evaluate(t, q_d_, qd_d_, qdd_d_);
  const Vector3d g = model_.gravity;
  switch (law_) {
    case ControlLaw::computed_torque:
      tau = computed_torque<double>(model_, data_, q, qd, q_d_, qd_d_, qdd_d_, kp_, kv_, g);
      break;
    case ControlLaw::computed_torque_lagrange_euler:
      tau = computed_torque_lagrange_euler<double>(model_, data_, q, qd, q_d_, qd_d_, qdd_d_,
                                                   kp_, kv_, g);
      break;
    case ControlLaw::pd_gravity:
      tau = pd_gravity_torque<double>(model_, data_, q, qd, q_d_, qd_d_, kp_, kv_, g);
      break;
    case ControlLaw::pd:
      tau = pd_torque<double>(data_, q, qd, q_d_, qd_d_, kp_, kv_);
      break;
  }
}

bool TrackingController::reference(double t, VectorXd& q, VectorXd& qd, VectorXd& qdd) const {
  trajectory_.evaluate(t, q, qd, qdd);
  return true;
}

namespace {

SerialModel rebuild(const SerialModel& model, std::vector<LinkParameters> links,
                    const std::string& suffix) {
  SerialModelOptions options;
  options.name = model.name + suffix;
  options.gravity = model.gravity;
  options.allow_invalid_inertia = !model.warnings.empty();
  return SerialModel::from_table(links, model.convention, options);
}

}  // namespace

SerialModel with_payload(const SerialModel& model, double mass, const Vector3d& com) {
  if (!std::isfinite(mass) || mass < 0.0)
    throw std::invalid_argument("with_payload: mass must be finite and >= 0 kg");
  check_finite("with_payload", "com", com);
  std::vector<LinkParameters> links = model.links;
  LinkParameters& last = links.back();
  const double m = last.mass, total = m + mass;
  if (total <= 0.0) return model;
  // New COM, and both inertias moved to it (parallel-axis theorem, point-mass payload).
  const Vector3d c_new = (m * last.com + mass * com) / total;
  auto shift = [](double mm, const Vector3d& r) {
    return Matrix3d(mm * (r.squaredNorm() * Matrix3d::Identity() - r * r.transpose()));
  };
  last.inertia = last.inertia + shift(m, last.com - c_new) + shift(mass, com - c_new);
  last.com = c_new;
  last.mass = total;
  std::ostringstream os;
  os << " + " << mass << " kg payload";
  return rebuild(model, links, os.str());
}

SerialModel with_inertial_error(const SerialModel& model, double fraction) {
  if (!std::isfinite(fraction) || fraction <= -1.0)
    throw std::invalid_argument("with_inertial_error: fraction must be finite and > -1");
  std::vector<LinkParameters> links = model.links;
  for (auto& l : links) {
    l.mass *= 1.0 + fraction;
    l.inertia *= 1.0 + fraction;
  }
  std::ostringstream os;
  os << " (masses and inertias x " << 1.0 + fraction << ")";
  return rebuild(model, links, os.str());
}

SerialModel with_friction(const SerialModel& model, bool viscous, bool coulomb) {
  std::vector<LinkParameters> links = model.links;
  for (auto& l : links) {
    if (!viscous) l.viscous = 0.0;
    if (!coulomb) l.coulomb_positive = l.coulomb_negative = 0.0;
  }
  if (viscous && coulomb) return model;
  return rebuild(model, links, viscous ? " (viscous friction only)"
                               : coulomb ? " (Coulomb friction only)" : " (no friction)");
}

}  // namespace manipdyn
