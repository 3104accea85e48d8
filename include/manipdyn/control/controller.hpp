#pragma once
/// \file controller.hpp
/// Run-time controllers for `simulate` (double precision): implementations of the interface
/// Controller (simulation/controller_interface.hpp), which maps the measured joint state to
/// torque commands at its sampling instants. TrackingController follows a
/// JointTrajectory with one of the control laws of computed_torque.hpp, using its OWN model of
/// the arm, which may differ from the simulated plant (with_payload, with_inertial_error), so a
/// user can study robustness; torque limits and sensor quantisation belong to the simulated
/// hardware (SimulationOptions in simulate.hpp).
#include <memory>
#include <string>

#include "manipdyn/control/computed_torque.hpp"
#include "manipdyn/core/enum_names.hpp"
#include "manipdyn/simulation/controller_interface.hpp"
#include "manipdyn/trajectory/joint_trajectory.hpp"

namespace manipdyn {

/// The control laws of TrackingController (names used by the CLI and Python as well).
enum class ControlLaw {
  computed_torque,                 ///< Lee et al. eq. 4.1 by Newton-Euler with eq. 4.4, O(n)
  computed_torque_lagrange_euler,  ///< the same law through D, H, G in closed form, O(n^4)
  pd_gravity,                      ///< PD (N m/rad) + gravity compensation G(q)
  pd                               ///< independent-joint PD (N m/rad)
};
/// The names of ControlLaw (core/enum_names.hpp: to_string, from_string, all, names).
template <>
struct EnumNames<ControlLaw> {
  static constexpr std::string_view argument = "control law";
  static constexpr EnumName<ControlLaw> table[] = {
      {ControlLaw::computed_torque, "computed_torque"},
      {ControlLaw::computed_torque_lagrange_euler, "computed_torque_lagrange_euler"},
      {ControlLaw::pd_gravity, "pd_gravity"},
      {ControlLaw::pd, "pd"}};
};
/// from_string<ControlLaw>: throws std::invalid_argument "control: unknown control law 'lqr'
/// (valid: computed_torque, ...)" for an unknown name.
inline ControlLaw control_law_from_string(const std::string& name) {
  return from_string<ControlLaw>(name, "control");
}

/// Follows a joint trajectory with a control law of computed_torque.hpp on its own model.
class TrackingController final : public Controller {
 public:
  /// `model`: the controller's model of the arm (n joints); `trajectory`: the desired motion
  /// (n joints); `kp`, `kv` (n each, >= 0): diagonal gains, in 1/s^2 and 1/s for the
  /// computed-torque laws, in N m/rad and N m s/rad (N/m, N s/m for prismatic joints) for the
  /// PD laws. Throws std::invalid_argument for mismatched sizes or negative gains.
  TrackingController(SerialModel model, JointTrajectory trajectory, ControlLaw law, VectorXd kp,
                     VectorXd kv);

  int dof() const override { return model_.dof(); }
  void compute(double t, const VectorXd& q, const VectorXd& qd, VectorXd& tau) override;
  bool reference(double t, VectorXd& q, VectorXd& qd, VectorXd& qdd) const override;

  const SerialModel& model() const { return model_; }
  const JointTrajectory& trajectory() const { return trajectory_; }
  ControlLaw law() const { return law_; }

 private:
  SerialModel model_;
  JointTrajectory trajectory_;
  ControlLaw law_;
  VectorXd kp_, kv_;
  ControlData data_;
  VectorXd q_d_, qd_d_, qdd_d_;
};

/// The arm carrying a payload: a point mass `mass` (kg, >= 0) at `com` (m, in the last link's
/// frame of the model's own convention) rigidly added to the last link (mass, COM and inertia
/// about the new COM by the parallel-axis theorem).
SerialModel with_payload(const SerialModel& model, double mass, const Vector3d& com);

/// The arm with every link mass and inertia tensor scaled by (1 + fraction), fraction > -1
/// (e.g. 0.1 for a model whose masses and inertias are 10 % too large; COMs unchanged).
SerialModel with_inertial_error(const SerialModel& model, double fraction);

/// The arm with its friction terms kept or removed: `viscous` keeps B, `coulomb` keeps Tc+ and
/// Tc-; the motor inertias are kept either way (e.g. with_friction(puma560(), false, false) is
/// the rigid arm plus reflected motor inertia G^2 Jm).
SerialModel with_friction(const SerialModel& model, bool viscous, bool coulomb);

}  // namespace manipdyn
