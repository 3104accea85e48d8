#pragma once
/// \file studies.hpp
/// Joint-space tracking experiments on a serial arm, and the computed-torque experiment of Lee,
/// Chung, Mudge & Turney (~1982, sec. 5) with its robustness variants. Used by the CLI
/// (`manipdyn control`) and the report (`manipdyn report`, section 3), beside the Stewart
/// platform's studies (stewart/studies.hpp). Not a hot path.
#include <array>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "manipdyn/control/controller.hpp"
#include "manipdyn/core/enum_names.hpp"
#include "manipdyn/identification/identify.hpp"
#include "manipdyn/simulation/simulate.hpp"

namespace manipdyn {

/// The resolution of the 12-bit position A/D that Lee et al. ~1982 sec. 5 use as the yardstick
/// of the tracking error (rad).
inline constexpr double kLee1982AdcResolution = 4.26e-4;

/// Drive friction of both the plant and the controller's model in a tracking experiment.
enum class DriveFriction {
  none,     ///< no friction (the motor inertia is kept)
  viscous,  ///< viscous friction B only
  full      ///< the model's viscous + Coulomb friction (Corke's Tc+, Tc- for the PUMA 560)
};
/// The names of DriveFriction (core/enum_names.hpp: to_string, from_string, all, names).
template <>
struct EnumNames<DriveFriction> {
  static constexpr std::string_view argument = "friction";
  static constexpr EnumName<DriveFriction> table[] = {{DriveFriction::none, "none"},
                                                      {DriveFriction::viscous, "viscous"},
                                                      {DriveFriction::full, "full"}};
};
/// Throws std::invalid_argument "friction 'dry': expected none, viscous or full" for an
/// unknown name.
DriveFriction drive_friction_from_string(const std::string& name);
/// Every DriveFriction, in declaration order.
std::array<DriveFriction, 3> all_drive_frictions();

/// Where the plant carries a TrackingExperiment's payload: a point mass this far along the last
/// link's z axis (m).
inline constexpr double kPlantPayloadOffset = 0.05;

/// One closed-loop run: the plant is the arm (with `friction`, and `payload` at 5 cm along the
/// last z axis that the controller does not know), the controller runs `law` on the arm's
/// model with its masses and inertias x (1 + inertia_error), tracking a rest-to-rest move from
/// `q_start` to `q_goal` over `move_time`, then holding for `settle_time`.
struct TrackingExperiment {
  std::string name;         ///< file stem and label of the run
  std::string description;  ///< one line for titles and summaries
  VectorXd q_start, q_goal;  ///< (n) rad or m
  double move_time = 2.0;    ///< s
  double settle_time = 0.5;  ///< s after the move
  ProfileShape profile = ProfileShape::quintic;
  double blend_fraction = 0.25;  ///< LSPB: blend time / move time
  ControlLaw law = ControlLaw::computed_torque;
  /// Diagonal gains: 1/s^2 and 1/s for the computed-torque laws; for the PD laws the same
  /// per-joint bandwidth, multiplied by the diagonal of the controller's M at q_start.
  double kp = 100.0, kv = 20.0;
  DriveFriction friction = DriveFriction::none;
  double payload = 0.0;        ///< kg carried by the plant only, >= 0
  double inertia_error = 0.0;  ///< fraction, > -1: the controller's masses and inertias x (1 + e)
  /// A payload the controller's model carries on the last link: 10 parameters [m, m c, I about
  /// the origin] in its frame (identification/parameters.hpp), a physical body; empty: none.
  VectorXd controller_payload;
  /// The plant's integration, sampling and sensors: control_period, step, integrator,
  /// adaptive, torque_limit, position_bits, position_range, velocity_from_positions, progress.
  /// Its duration is set to move_time + settle_time.
  SimulationOptions simulation;
};

/// What a TrackingExperiment gave.
struct TrackingExperimentResult {
  std::string name, description;
  SimulationResult simulation;  ///< the full log (write_simulation_csv)
  VectorXd max_abs_error;       ///< (n) largest |q_d - q| per joint over the run
  VectorXd max_abs_torque;      ///< (n) largest |tau| per joint over the run
};

/// Runs one experiment on `arm` (a model with its drive terms, or without for a rigid arm).
/// Throws std::invalid_argument for poses of the wrong size (naming q_start / q_goal) and the
/// errors of simulate().
TrackingExperimentResult run_tracking_experiment(const SerialModel& arm,
                                                 const TrackingExperiment& experiment);

/// The cases of Lee et al. ~1982 sec. 5 built on `base` (its poses, timing, gains and plant
/// options): ideal (computed torque, perfect model), inertia_plus10 (the controller's masses
/// and inertias +10%), payload_2.5kg (an unmodelled 2.5 kg payload), adc_12bit (12-bit
/// position A/D), adc_12bit_diff (the same with the velocity differenced from the positions)
/// and corke_friction (plant and model with Corke's viscous + Coulomb friction). `model_name`
/// is quoted in the first description.
std::vector<TrackingExperiment> lee1982_experiments(const TrackingExperiment& base,
                                                    const std::string& model_name);

/// The default move of lee1982_experiments on the PUMA 560, in rad: (90, 0, 90, 0, 0, 0) deg
/// to (45, 30, 0, 45, 60, 90) deg.
VectorXd lee1982_start_pose();
VectorXd lee1982_goal_pose();

/// The payload that the run `result` of `experiment` on `arm` carried beyond what its
/// controller's model knew, identified from the run's own logged t, q, qd and tau as from a real
/// robot: the log made into samples by prepare_motion_log(`filter`; its sample rate defaults to
/// the run's), then identify_payload on the controller's model. Throws std::invalid_argument for
/// a run too short for the filter and the errors of identify_payload.
PayloadEstimate identify_payload_from_run(const SerialModel& arm,
                                          const TrackingExperiment& experiment,
                                          const TrackingExperimentResult& result,
                                          const LogFilterOptions& filter = {});

/// `estimate`'s parameters as a body a model can carry: the estimate itself where its
/// pseudo-inertia is positive definite, else a point mass at the estimated centre of mass (the
/// least inertia consistent with m and m c; a short move rarely excites the payload's inertia).
/// Throws std::invalid_argument for a non-positive mass.
VectorXd physical_payload(const PayloadEstimate& estimate);

/// The payload case of lee1982_experiments re-run with `payload` (10 parameters, as
/// physical_payload returns) in the controller's model: named payload_identified.
TrackingExperiment lee1982_identified_payload_case(const TrackingExperiment& payload_case,
                                                   const VectorXd& payload);

/// Writes the largest error and torque of each case and joint as CSV, header
/// `case,description,joint,max_abs_error_rad,max_abs_torque,adc_resolution_rad` (6 significant
/// digits; the description quoted).
void write_tracking_summary_csv(std::ostream& os,
                                const std::vector<TrackingExperimentResult>& results);

}  // namespace manipdyn
