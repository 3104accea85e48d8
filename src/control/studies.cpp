// Tracking experiments on a serial arm and the computed-torque experiment of Lee et al. ~1982
// (manipdyn/control/studies.hpp).
#include "manipdyn/control/studies.hpp"

#include <cmath>
#include <numbers>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <vector>

#include <Eigen/Eigenvalues>

#include "manipdyn/identification/parameters.hpp"
#include "manipdyn/io/csv.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"

namespace manipdyn {

std::array<DriveFriction, 3> all_drive_frictions() {
  const std::vector<DriveFriction> values = all<DriveFriction>();
  return {values.at(0), values.at(1), values.at(2)};
}

DriveFriction drive_friction_from_string(const std::string& name) {
  if (const std::optional<DriveFriction> f = try_from_string<DriveFriction>(name)) return *f;
  throw std::invalid_argument("friction '" + name +
                              "': expected " + names_text<DriveFriction>(false, " or "));
}

namespace {

// The default poses of the PUMA 560 move, in degrees.
VectorXd degrees_to_radians(std::initializer_list<double> deg) {
  VectorXd q(static_cast<Eigen::Index>(deg.size()));
  Eigen::Index i = 0;
  for (const double d : deg) q[i++] = d * (std::numbers::pi / 180.0);  // as the CLI's --deg
  return q;
}

void check_pose(const VectorXd& q, int n, const char* name) {
  if (q.size() != n)
    throw std::invalid_argument("run_tracking_experiment: " + std::string(name) + " has " +
                                std::to_string(q.size()) + " values, the model has " +
                                std::to_string(n) + " joints");
}

// The desired motion: rest-to-rest from q_start to q_goal over move_time (then held).
JointTrajectory desired_motion(const TrackingExperiment& e) {
  if (e.profile == ProfileShape::lspb)
    return JointTrajectory::lspb_fraction({e.q_start, e.q_goal}, {e.move_time},
                                          e.blend_fraction);
  return JointTrajectory::quintic({e.q_start, e.q_goal}, {e.move_time});
}

}  // namespace

VectorXd lee1982_start_pose() { return degrees_to_radians({90, 0, 90, 0, 0, 0}); }
VectorXd lee1982_goal_pose() { return degrees_to_radians({45, 30, 0, 45, 60, 90}); }

namespace {

// The arm with the experiment's drive friction (plant and controller alike).
SerialModel experiment_arm(const SerialModel& arm, const TrackingExperiment& e) {
  return e.friction == DriveFriction::full
             ? arm
             : with_friction(arm, e.friction == DriveFriction::viscous, false);
}

// The controller's model: the arm with the experiment's inertia error and known payload.
SerialModel controller_arm(const SerialModel& nominal, const TrackingExperiment& e) {
  SerialModel m = e.inertia_error != 0 ? with_inertial_error(nominal, e.inertia_error) : nominal;
  if (e.controller_payload.size() > 0) m = with_payload(m, e.controller_payload);
  return m;
}

}  // namespace

TrackingExperimentResult run_tracking_experiment(const SerialModel& arm,
                                                 const TrackingExperiment& e) {
  const SerialModel nominal = experiment_arm(arm, e);
  const int n = nominal.dof();
  check_pose(e.q_start, n, "q_start");
  check_pose(e.q_goal, n, "q_goal");
  // The plant may carry a payload the controller does not know about; the controller's model
  // may have an error on every mass and inertia.
  const SerialModel plant =
      e.payload > 0 ? with_payload(nominal, e.payload, Vector3d(0, 0, kPlantPayloadOffset)) : nominal;
  const SerialModel controller_model = controller_arm(nominal, e);
  // Gains: 1/s^2 and 1/s for computed torque; for the PD baselines the same per-joint bandwidth
  // in torque units, scaled by the diagonal of the controller's M at the start.
  VectorXd kp = VectorXd::Constant(n, e.kp), kv = VectorXd::Constant(n, e.kv);
  if (e.law == ControlLaw::pd || e.law == ControlLaw::pd_gravity) {
    SerialData s(controller_model);
    const VectorXd m = mass_matrix<double>(controller_model, s, e.q_start).diagonal();
    kp = kp.cwiseProduct(m);
    kv = kv.cwiseProduct(m);
  }
  TrackingController controller(controller_model, desired_motion(e), e.law, kp, kv);
  // The closed loop over the move and the hold.
  SimulationOptions so = e.simulation;
  so.duration = e.move_time + e.settle_time;
  TrackingExperimentResult r{e.name, e.description,
                             simulate(plant, &controller, e.q_start, VectorXd::Zero(n), so),
                             VectorXd(), VectorXd()};
  r.max_abs_error = r.simulation.max_abs_error();
  r.max_abs_torque = r.simulation.tau.cwiseAbs().colwise().maxCoeff();
  return r;
}

std::vector<TrackingExperiment> lee1982_experiments(const TrackingExperiment& base,
                                                    const std::string& model_name) {
  // Lee et al. ~1982 sec. 5: computed torque on a perfect model with ideal sensors ...
  TrackingExperiment ideal = base;
  ideal.law = ControlLaw::computed_torque;
  ideal.payload = 0;
  ideal.inertia_error = 0;
  ideal.friction = DriveFriction::none;
  ideal.simulation.position_bits = 0;
  ideal.simulation.velocity_from_positions = false;
  const auto variant = [&](const char* name, const std::string& description) {
    TrackingExperiment e = ideal;
    e.name = name;
    e.description = description;
    return e;
  };
  std::vector<TrackingExperiment> cases;
  cases.push_back(variant("ideal", model_name + ", computed torque, perfect model"));
  // ... and its robustness variants: model errors, payload, sensors, friction.
  cases.push_back(variant("inertia_plus10", "controller model: masses and inertias +10%"));
  cases.back().inertia_error = 0.10;
  cases.push_back(variant("payload_2.5kg", "plant carries an unmodelled 2.5 kg payload"));
  cases.back().payload = 2.5;
  cases.push_back(variant("adc_12bit", "12-bit position A/D (4.26e-4 rad)"));
  cases.back().simulation.position_bits = 12;
  cases.push_back(
      variant("adc_12bit_diff", "12-bit position A/D, velocity by differencing positions"));
  cases.back().simulation.position_bits = 12;
  cases.back().simulation.velocity_from_positions = true;
  cases.push_back(variant("corke_friction", "plant and model with Corke's viscous + Coulomb "
                                            "friction (qualitative: see docs)"));
  cases.back().friction = DriveFriction::full;
  return cases;
}

PayloadEstimate identify_payload_from_run(const SerialModel& arm, const TrackingExperiment& e,
                                          const TrackingExperimentResult& result,
                                          const LogFilterOptions& filter) {
  // The run's log as a robot's controller would have written it: the sampled q, qd and the
  // torques it commanded (held over each period).
  const SimulationResult& run = result.simulation;
  MotionLog log;
  log.source = "the run " + result.name;
  log.n = static_cast<int>(run.q.cols());
  log.t = run.t;
  log.q = run.q;
  log.qd = run.qd;
  log.tau = run.tau;
  log.has_qd = log.has_tau = true;
  LogFilterOptions options = filter;
  if (options.sample_rate == 0 && e.simulation.control_period > 0)
    options.sample_rate = 1.0 / e.simulation.control_period;
  return identify_payload(controller_arm(experiment_arm(arm, e), e),
                          {prepare_motion_log(log, options)});
}

VectorXd physical_payload(const PayloadEstimate& estimate) {
  const VectorXd& p = estimate.parameters;
  if (!(estimate.mass > 0) || p.size() != 10)
    throw std::invalid_argument("physical_payload: the estimated mass " +
                                csv_number(estimate.mass, 6) + " kg is not positive");
  if (Eigen::SelfAdjointEigenSolver<Matrix4d>(pseudo_inertia(p)).eigenvalues().minCoeff() > 0)
    return p;
  // A point mass at c: I_o = m (c.c E - c c^T), pseudo-inertia m [c; 1][c; 1]^T.
  const Vector3d c = estimate.com;
  const Matrix3d inertia =
      estimate.mass * (c.squaredNorm() * Matrix3d::Identity() - c * c.transpose());
  return link_parameter_block(estimate.mass, estimate.mass * c, inertia);
}

TrackingExperiment lee1982_identified_payload_case(const TrackingExperiment& payload_case,
                                                   const VectorXd& payload) {
  TrackingExperiment e = payload_case;
  e.name = "payload_identified";
  e.description = "controller model with the payload identified from the run payload_" +
                  csv_number(payload_case.payload, 3) + "kg";
  e.controller_payload = payload;
  return e;
}

void write_tracking_summary_csv(std::ostream& os,
                                const std::vector<TrackingExperimentResult>& results) {
  os << "case,description,joint,max_abs_error_rad,max_abs_torque,adc_resolution_rad\n";
  for (const auto& c : results)
    for (Eigen::Index i = 0; i < c.max_abs_error.size(); ++i)
      os << c.name << "," << csv_quoted(c.description) << "," << i + 1 << ","
         << csv_number(c.max_abs_error[i], 6) << "," << csv_number(c.max_abs_torque[i], 6) << ","
         << csv_number(kLee1982AdcResolution, 6) << "\n";
}

}  // namespace manipdyn
