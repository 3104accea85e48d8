// The computed-torque study of Lee et al. ~1982 with the payload loop closed
// (control/lee1982_study.hpp).
#include "manipdyn/control/lee1982_study.hpp"

#include "manipdyn/identification/parameters.hpp"

namespace manipdyn {

TrackingExperiment lee1982_base_experiment() {
  // TrackingExperiment's and SimulationOptions' defaults are the paper's setting
  TrackingExperiment e;
  e.q_start = lee1982_start_pose();
  e.q_goal = lee1982_goal_pose();
  return e;
}

Lee1982Study run_lee1982_study(const SerialModel& arm, const TrackingExperiment& base,
                               const std::string& model_name, const Lee1982StudyOptions& options) {
  Lee1982Study study;
  // One run, with the caller's hooks around it
  const auto run = [&](const TrackingExperiment& experiment) {
    TrackingExperiment e = experiment;
    if (options.before_run) options.before_run(e);
    study.results.push_back(run_tracking_experiment(arm, e));
    study.experiments.push_back(experiment);
    if (options.after_run) options.after_run(e, study.results.back());
  };
  // The experiment of Lee et al. ~1982 sec. 5, and its robustness variants ...
  for (const TrackingExperiment& e : lee1982_experiments(base, model_name)) run(e);
  // ... then the loop closed: the unmodelled payload identified from its run's own log, and the
  // run repeated with it in the controller's model
  const std::size_t cases = study.experiments.size();
  for (std::size_t k = 0; k < cases; ++k) {
    const TrackingExperiment& e = study.experiments[k];
    if (!(e.payload > 0)) continue;
    const double m = e.payload, z = kPlantPayloadOffset;
    study.payload_case = e.name;
    study.payload_estimate = identify_payload_from_run(arm, e, study.results[k],
                                                       options.payload_filter);
    study.controller_payload = physical_payload(study.payload_estimate);
    study.plant_payload = link_parameter_block(m, Vector3d(0, 0, m * z),
                                               m * z * z * Vector3d(1, 1, 0).asDiagonal());
    if (options.after_payload) options.after_payload(study);
    run(lee1982_identified_payload_case(study.experiments[k], study.controller_payload));
    break;
  }
  return study;
}

}  // namespace manipdyn
