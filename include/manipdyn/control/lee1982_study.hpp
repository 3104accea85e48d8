#pragma once
/// \file lee1982_study.hpp
/// The computed-torque study of Lee, Chung, Mudge & Turney (~1982, sec. 5) run in full: the
/// cases of lee1982_experiments (studies.hpp), then the loop the paper leaves open: the
/// unmodelled payload identified from its run's own log (identify_payload_from_run) and that run
/// repeated with the identified payload in the controller's model. Used by the CLI (`manipdyn
/// control --paper`) and the report (`manipdyn report`, section 3); docs/simulation.md and
/// docs/identification.md. Not a hot path.
#include <functional>
#include <string>
#include <vector>

#include "manipdyn/control/studies.hpp"

namespace manipdyn {

struct Lee1982Study;

/// Options of run_lee1982_study.
struct Lee1982StudyOptions {
  /// How the payload run's log is made into samples. The log is noise-free and the move short
  /// (2 s at 100 Hz): a 10 Hz cutoff and 5 samples (50 ms) trimmed keep the accelerations at
  /// both ends of the move that the defaults (5 Hz, three filter periods = 0.6 s) would drop; the
  /// mass then comes out within 0.5 %.
  LogFilterOptions payload_filter = [] {
    LogFilterOptions f;
    f.cutoff = 10.0;
    f.trim = 5;
    return f;
  }();
  /// Called with each run's experiment before it runs; may change what does not change the
  /// numbers (simulation.progress), e.g. to show progress, or print a note.
  std::function<void(TrackingExperiment&)> before_run;
  /// Called with each run's experiment and result as soon as it has run (to write it).
  std::function<void(const TrackingExperiment&, const TrackingExperimentResult&)> after_run;
  /// Called once the payload is identified, before the run with it.
  std::function<void(const Lee1982Study&)> after_payload;
};

/// What run_lee1982_study gave.
struct Lee1982Study {
  /// Every run in order: lee1982_experiments(base, model_name), then payload_identified.
  std::vector<TrackingExperiment> experiments;
  std::vector<TrackingExperimentResult> results;  ///< one per experiment
  /// The case whose unmodelled payload was identified (the first with payload > 0); empty when
  /// no case carries one (then there is no payload_identified run).
  std::string payload_case;
  PayloadEstimate payload_estimate;  ///< identified from that case's log
  /// (10) the body the controller carries in payload_identified (physical_payload)
  VectorXd controller_payload;
  /// (10) the payload the plant carried: a point mass at kPlantPayloadOffset along the last z
  /// axis, [m, 0, 0, m z, m z^2, 0, m z^2, 0, 0, 0] (identification/parameters.hpp)
  VectorXd plant_payload;
};

/// The setting of Lee et al. ~1982 sec. 5 on a 6-joint arm (the PUMA 560), the defaults of
/// `manipdyn control`: a rest-to-rest quintic from lee1982_start_pose to lee1982_goal_pose in
/// 2 s, then 0.5 s of hold; computed torque with Kp = 100 s^-2, Kv = 20 s^-1 sampled every
/// 0.01 s with zero-order hold; the plant integrated by RK4 with 1 ms steps; ideal sensors.
TrackingExperiment lee1982_base_experiment();

/// Runs the cases of lee1982_experiments(`base`, `model_name`) on `arm` (a model with its drive
/// terms), then identifies the first payload case's payload from its run and repeats that case
/// with it (lee1982_identified_payload_case). Throws what run_tracking_experiment and
/// identify_payload_from_run throw.
Lee1982Study run_lee1982_study(const SerialModel& arm, const TrackingExperiment& base,
                               const std::string& model_name,
                               const Lee1982StudyOptions& options = {});

}  // namespace manipdyn
