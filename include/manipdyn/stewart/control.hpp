#pragma once
/// \file control.hpp
/// Control of the Stewart platform along a planned path (issue 11, part 4), simulated with
/// simulate.hpp:
///  - task-space computed torque: F = ID(x, xd, a_cmd) (the inverse dynamics of the controller's
///    model at the measured pose and twist) with
///        a_cmd = [a_d; alpha_d] + Kv [v_d - v; omega_d - omega] + Kp e,
///        e = [t_d - t; log(R_d R^T)]
///    (position error in the base frame; orientation error the rotation vector of R_d R^T, base
///    frame, which is the rotation that takes the actual orientation onto the desired one);
///    Kp = wn^2, Kv = 2 zeta wn (critically damped for zeta = 1): with an exact model and a
///    continuous controller e'' + Kv e' + Kp e = 0 to first order in e;
///  - a leg-space PD baseline: F = F_static(x_d) + Kp (L_d - L) + Kd (Ld_d - Ld), L_d and Ld_d
///    from the inverse kinematics of the desired motion, F_static the controller model's
///    inverse dynamics at the desired pose at rest (gravity compensation), with constant 6x6
///    gains Kp = wn^2 M_L0, Kd = 2 zeta wn M_L0, M_L0 = H^-1 Lambda H^-T the leg-space inertia
///    at the start of the path (Ld = H^T xd, so 1/2 Ld^T M_L Ld is the kinetic energy): near the
///    start the legs' error dynamics are those of computed torque, but no velocity terms, no
///    inertial feed-forward and no change of M_L along the path. (Scalar gains do not work on
///    the paper platform: the eigenvalues of M_L0 span 2.5 to 2100 kg, so one leg gain either
///    destabilises the sampled loop on the light mode or cannot hold the heavy one.);
///  - model mismatch: a payload added to the plant's platform; every mass and inertia of the
///    controller's model scaled; Dasgupta's model in the controller with the improved
///    (exact-U-joint) plant; quantised leg-length sensors with forward kinematics in the loop.
#include <string>
#include <vector>

#include "manipdyn/stewart/simulate.hpp"
#include "manipdyn/stewart/trajectory.hpp"

namespace manipdyn::stewart {

/// The platform's control law (named apart from the arm's ControlLaw of control/controller.hpp,
/// whose laws differ): task-space computed torque or the leg-space PD baseline.
enum class PlatformControlLaw { computed_torque, pd };
/// The earlier name of PlatformControlLaw.
using ControlLaw [[deprecated("use stewart::PlatformControlLaw")]] = PlatformControlLaw;
/// The mismatch between the plant and the controller.
enum class Mismatch { none, payload, inertia, dasgupta_model, quantised };

}  // namespace manipdyn::stewart

namespace manipdyn {
/// The names of stewart::PlatformControlLaw (core/enum_names.hpp: to_string, from_string, all,
/// names).
template <>
struct EnumNames<stewart::PlatformControlLaw> {
  static constexpr std::string_view argument = "control law";
  static constexpr EnumName<stewart::PlatformControlLaw> table[] = {
      {stewart::PlatformControlLaw::computed_torque, "computed_torque"},
      {stewart::PlatformControlLaw::pd, "pd"}};
};
/// The names of stewart::Mismatch (core/enum_names.hpp).
template <>
struct EnumNames<stewart::Mismatch> {
  static constexpr std::string_view argument = "mismatch";
  static constexpr EnumName<stewart::Mismatch> table[] = {
      {stewart::Mismatch::none, "none"},
      {stewart::Mismatch::payload, "payload"},
      {stewart::Mismatch::inertia, "inertia"},
      {stewart::Mismatch::dasgupta_model, "dasgupta_model"},
      {stewart::Mismatch::quantised, "quantised"}};
};
}  // namespace manipdyn

namespace manipdyn::stewart {

/// The law named `name`; throws std::invalid_argument "control law 'lqr' is not one of
/// computed_torque, pd" otherwise.
PlatformControlLaw platform_control_law_from_string(const std::string& name);
/// The earlier name of platform_control_law_from_string.
[[deprecated("use stewart::platform_control_law_from_string")]] inline PlatformControlLaw
control_law_from_string(const std::string& name) {
  return platform_control_law_from_string(name);
}
/// from_string<Mismatch>: "mismatch 'wind' is not one of none, payload, ..." otherwise.
Mismatch mismatch_from_string(const std::string& name);

/// Gains of both laws: natural frequency wn (rad/s) and damping ratio zeta of each error
/// coordinate (Kp = wn^2, Kv = 2 zeta wn).
struct PlatformGains {
  double natural_frequency = 40.0;  ///< rad/s, > 0
  double damping_ratio = 1.0;       ///< > 0; 1 = critically damped
};

/// A copy of `model` with its platform mass increased by `payload` (kg, a point mass at the
/// platform COM: I_p unchanged) and the derived inertias recomputed.
StewartModel with_payload(const StewartModel& model, double payload);
/// A copy of `model` with every mass and inertia (platform and leg parts) multiplied by `scale`
/// (> 0) and the derived inertias recomputed.
StewartModel with_scaled_inertia(const StewartModel& model, double scale);

/// Task-space computed torque (see the file comment) tracking `path`.
class TaskSpaceComputedTorque final : public PlatformController {
 public:
  /// `model` and `which`: the controller's model of the plant.
  TaskSpaceComputedTorque(StewartModel model, DynamicsModel which, PlannedPath path,
                          const PlatformGains& gains);
  void compute(double t, const PlatformMotion& measured, Vector6d& F) override;
  bool has_reference() const override { return true; }
  PlatformMotion desired(double t) const override;

 private:
  StewartModel model_;
  DynamicsModel which_;
  PlannedPath path_;
  double kp_, kv_;
  StewartData data_;
};

/// Leg-space PD with gravity compensation at the desired pose (see the file comment).
class LegSpacePD final : public PlatformController {
 public:
  LegSpacePD(StewartModel model, DynamicsModel which, PlannedPath path, const PlatformGains& gains);
  void compute(double t, const PlatformMotion& measured, Vector6d& F) override;
  bool has_reference() const override { return true; }
  PlatformMotion desired(double t) const override;
  const Matrix6<double>& kp() const { return kp_; }  ///< (6x6) N/m
  const Matrix6<double>& kd() const { return kd_; }  ///< (6x6) N s/m

 private:
  StewartModel model_;
  DynamicsModel which_;
  PlannedPath path_;
  Matrix6<double> kp_, kd_;
  StewartData data_;
};

/// Options of control().
struct PlatformControlOptions {
  PlatformControlLaw law = PlatformControlLaw::computed_torque;
  Mismatch mismatch = Mismatch::none;
  PlatformGains gains;
  double payload = 10.0;        ///< kg added to the plant's platform (Mismatch::payload)
  double inertia_scale = 1.2;   ///< the controller's masses and inertias times this (Mismatch::inertia)
  int length_bits = 16;         ///< leg-length sensor bits (Mismatch::quantised), 1..52
  double length_range = 2.0;    ///< m, sensor full scale (Mismatch::quantised)
  /// Hz, >= 0 (Mismatch::quantised): cutoff of the low-pass on the twist estimated by
  /// differencing the forward kinematics (PlatformSimulationOptions::twist_cutoff; 0 = none).
  /// 100 Hz (w_c = 628 rad/s = 16 wn at the default gains, 3.6 deg of lag at wn): on Path I
  /// the RMS leg-force first difference 2.9x lower at the same tracking error; the lag costs
  /// ~a / w_c of twist on fast paths (Path II: 2.4x the error; docs/stewart/simulation.md).
  double twist_cutoff = 100.0;
  double control_period = 1e-3; ///< s, ZOH sampling of the controller
  double step = 1e-3;  ///< s, RK4 step (<= control_period; shortened to divide it evenly)
  /// The plant's integrator within each control period. Dormand-Prince 5(4) (default) takes as
  /// many steps as the tolerances need, so the held forces stay resolved near singular poses
  /// (Path III at 1 ms: RK4 with one 1 ms step per period diverges there, Dormand-Prince takes
  /// substeps; docs/stewart/simulation.md).
  IntegratorType integrator = IntegratorType::dormand_prince;
  AdaptiveOptions adaptive;     ///< tolerances of Dormand-Prince 5(4)
};

/// Tracking errors of one run.
struct TrackingSummary {
  double max_position_error = 0;     ///< m, max_k |t_d - t|
  double rms_position_error = 0;     ///< m
  double max_orientation_error = 0;  ///< rad, max_k |log(R_d R^T)|
  double rms_orientation_error = 0;  ///< rad
  double max_abs_force = 0;          ///< N, max |F_i|
};
TrackingSummary summarize_tracking(const PlatformSimulationResult& result);

/// One closed-loop run along `path` (duration path.spec.tau_f, starting at rest at the desired
/// initial pose): the plant is `model` with the improved model (plus the payload for
/// Mismatch::payload), the controller's model is `model` (scaled for Mismatch::inertia; with
/// Dasgupta's model for Mismatch::dasgupta_model, else the improved one). Throws
/// std::invalid_argument for bad options (naming the field) and what simulate() throws.
PlatformSimulationResult control(const StewartModel& model, const PlannedPath& path,
                                 const PlatformControlOptions& options);

}  // namespace manipdyn::stewart
