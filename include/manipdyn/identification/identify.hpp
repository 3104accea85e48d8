#pragma once
/// \file identify.hpp
/// From logged motion to a model that predicts the robot (docs/identification.md): the
/// observation matrix of the standard parameters over the samples (serial/regressor.hpp), the
/// base parameters of the model's structure (Gautier's numerical method over random states,
/// base_parameters.hpp), their weighted least-squares estimate with its statistics
/// (least_squares.hpp), then physically consistent standard parameters that reproduce them
/// (physical_consistency.hpp), written into an ordinary SerialModel. Also: the torques a model
/// predicts along samples (validation), and a payload at the end effector identified on top of an
/// identified arm.
#include <functional>
#include <string>
#include <vector>

#include "manipdyn/identification/base_parameters.hpp"
#include "manipdyn/identification/coulomb_velocity_scale.hpp"
#include "manipdyn/identification/filter.hpp"
#include "manipdyn/identification/least_squares.hpp"
#include "manipdyn/identification/physical_consistency.hpp"
#include "manipdyn/serial/model.hpp"
#include "manipdyn/trajectory/fourier_trajectory.hpp"

namespace manipdyn {

/// Options of identify().
struct IdentificationOptions {
  /// Identify the drive parameters [Ia, Fv, Fc, Fo] of every joint (true) or the link
  /// parameters alone (the model's drive terms are then kept and subtracted from the torques).
  bool drive = true;
  /// Coulomb model of the identified drives (docs/identification.md, "Friction near zero
  /// velocity"): < 0 (the default) = the smooth tanh(qd / v_s) model with each joint's v_s chosen
  /// from the runs by cross-validation (choose_coulomb_velocity_scales, over
  /// coulomb_velocity_scale_candidates in coulomb_velocity_scale_folds folds); 0 = switch at
  /// qd = 0 (Corke's sign model, which turns encoder noise at rest into +-Fc); > 0 = the smooth
  /// model with this scale on every joint (rad/s or m/s; docs/conventions.md). The scales are
  /// written into the identified model (LinkParameters::coulomb_velocity_scale).
  double coulomb_velocity_scale = -1.0;
  /// Candidate scales of the cross-validation (empty: default_coulomb_velocity_scale_candidates).
  std::vector<double> coulomb_velocity_scale_candidates;
  int coulomb_velocity_scale_folds = 3;  ///< folds of the cross-validation (>= 2)
  /// Weighted (per-joint noise variances, iterated; Gautier & Poignet 2001) or ordinary least
  /// squares.
  bool weighted = true;
  /// Physically consistent standard parameters (true) or the least-squares base parameters
  /// spread on the standard ones by the minimum-norm solution closest to the nominal model
  /// (false: the model may then be non-physical; it is built with allow_invalid_inertia).
  bool physically_consistent = true;
  /// Parallel filtering and decimation (Gautier 1997, "Dynamic identification of robots with
  /// power model", ICRA; Khalil & Dombre 2002 sec. 12.5.2): every column of the observation
  /// matrix and the torques pass through the same zero-phase Butterworth low-pass at this
  /// cutoff (Hz), then every `decimate`-th sample is kept. Filtering the torques alone would
  /// smear the jumps of Coulomb friction that the regressor's sign(qd) keeps sharp: a bias of
  /// 8-16 % of the torque on a simulated arm (tests/unit/identification_identify.cpp). Use it
  /// with samples whose torques were only resampled (LogFilterOptions::filter_tau = false).
  /// 0: off, the samples are used as they are.
  double decimation_cutoff = 0.0;
  /// Keep every decimate-th filtered sample; 0: the largest factor whose Nyquist frequency
  /// stays above 1.25 x decimation_cutoff (nearly white residuals, so that the standard
  /// deviations hold).
  int decimate = 0;
  int filter_order = 4;  ///< of the decimation filter
  BaseParameterOptions base;
  LeastSquaresOptions least_squares;
  ConsistencyOptions consistency;
  /// Random states for the structural base parameters (q uniform in the joint limits or
  /// [-pi, pi], qd and qdd uniform in [-2, 2]); their count, >= p, and the seed.
  int structure_states = 0;  ///< 0: 4 p (p = number of standard parameters identified)
  unsigned seed = 1;
  /// Called with a step's description and its fraction done (0..1), for progress on a terminal.
  std::function<void(const std::string& step, double fraction)> progress;
};

/// What identify() found.
struct IdentificationResult {
  SerialModel model;                 ///< the identified arm (nominal kinematics)
  std::vector<std::string> names;    ///< names of the standard parameters identified (p)
  VectorXd nominal;                  ///< the nominal model's standard parameters (p)
  VectorXd standard;                 ///< the identified model's standard parameters (p)
  BaseParameters base;               ///< base parameters of the structure (K: r x p)
  LeastSquaresFit fit;               ///< the least-squares estimate of the base parameters
  ConsistentFit consistent;          ///< the consistent fit (empty if not asked for)
  /// The Coulomb velocity scales chosen by cross-validation (empty unless
  /// options.coulomb_velocity_scale < 0 and the drives are identified); the model's scales are
  /// in model.links[j].coulomb_velocity_scale either way.
  CoulombVelocityScaleChoice coulomb_velocity_scale;
  Eigen::Index samples = 0;          ///< samples used (over every run)
};

/// Throws std::invalid_argument "<where>: model 'm' has a free-flyer root; identification takes
/// fixed-root models ..." for a floating base (its base body's inertia is no part of the standard
/// parameters); chains and trees on a fixed root pass. Called by identify, identify_payload,
/// identify_drive_gains, identify_from_logs, observation_matrix and structural_base_parameters
/// before anything else.
void check_identifiable_model(const std::string& where, const SerialModel& model);

/// Identifies `nominal`'s inertial (and drive) parameters from `runs` (uniform, filtered samples:
/// prepare_motion_log); a serial chain or a tree on a fixed root (docs/identification.md,
/// "Trees"). The kinematics and gravity stay the nominal model's. Throws
/// std::invalid_argument for a free-flyer (check_identifiable_model), runs of another joint count, too few samples, or a trajectory that
/// does not excite some base parameter (named by its grouping).
IdentificationResult identify(const SerialModel& nominal,
                              const std::vector<IdentificationSamples>& runs,
                              const IdentificationOptions& options = {});

/// The stacked observation matrix (N n x p) of the states (q, qd, qdd: N x n each) for the
/// standard parameters of `model`: rows k n .. k n + n - 1 are Y(q_k, qd_k, qdd_k) (the drive
/// columns only if `drive`: p = 14 n, else 10 n).
MatrixXd observation_matrix(const SerialModel& model, const MatrixXd& q, const MatrixXd& qd,
                            const MatrixXd& qdd, bool drive);

/// The base parameters of the model's structure, as identify() finds them: Gautier's numerical
/// method on the regressor stacked over `states` random states (0: 4 p) drawn with `seed`.
BaseParameters structural_base_parameters(const SerialModel& model, bool drive,
                                          const BaseParameterOptions& options = {},
                                          int states = 0, unsigned seed = 1);

/// log10 of the condition number of the base observation matrix of the sampled motion: the
/// cost an exciting trajectory minimises (Swevers et al. 1997; excitation.hpp).
double base_condition_log10(const SerialModel& model, const BaseParameters& base,
                            const TrajectorySamples& samples, bool drive);

/// The torques `model` predicts along `samples` (inverse dynamics at each sample) and how far the
/// measured ones are from them.
struct TorquePrediction {
  MatrixXd predicted;            ///< (N x n)
  VectorXd relative_rms_error;   ///< RMS(measured - predicted) / RMS(measured) per joint (n)
  VectorXd rms_error;            ///< RMS(measured - predicted) per joint (n), N m or N
};
TorquePrediction predict_torques(const SerialModel& model, const IdentificationSamples& samples);

/// A payload rigidly fixed to the end effector: 10 parameters [m, m c, I about the origin] in
/// the last link's frame (frame n of model.own_chain()), with their standard deviations.
struct PayloadEstimate {
  VectorXd parameters;           ///< (10) [m, mx, my, mz, Ixx, Ixy, Iyy, Ixz, Iyz, Izz]
  VectorXd standard_deviation;   ///< (10), the ones the data cannot see are infinite
  std::vector<std::string> names;
  double mass = 0;               ///< kg
  Vector3d com = Vector3d::Zero();  ///< m, in the last link's frame (0 if not identifiable)
  double condition_number = 0;   ///< of the (identifiable part of the) payload regressor
  std::vector<std::string> unidentifiable;  ///< parameters the motion does not excite
  VectorXd relative_rms_error_before, relative_rms_error_after;  ///< per joint (n)
};

/// The payload that explains the torques of `runs` beyond those `arm` predicts (least squares on
/// the last link's 10 regressor columns, weighted per joint). The parameters the motion leaves
/// unexcited are reported and set to zero.
PayloadEstimate identify_payload(const SerialModel& arm,
                                 const std::vector<IdentificationSamples>& runs);

/// Drive gains (torque per current, N m/A or N/A) identified together with the arm's base
/// parameters from runs without and with a payload of known mass (Gautier & Briot 2014, "Global
/// identification of joint drive gains and dynamic parameters of robots", J. Dyn. Sys. Meas.
/// Control 136(5)): i_j g_j = (W_b beta)_j + (Y_p pi_p)_j is linear in (beta, pi_p, g) and the
/// known mass sets the scale that currents alone cannot.
struct DriveGainEstimate {
  VectorXd gains;                ///< g (n)
  VectorXd standard_deviation;   ///< of g (n)
  double condition_number = 0;   ///< of the whole observation matrix
  /// The payload's other 9 parameters [mx, my, mz, Ixx, Ixy, Iyy, Ixz, Iyz, Izz] where excited
  /// (zero where not), in the last link's frame.
  VectorXd payload;
  VectorXd relative_rms_error;   ///< of the currents, per joint (n)
};

/// Identifies the drive gains: `unloaded` and `loaded` are runs whose `tau` holds the motor
/// CURRENTS (prepare_motion_log with drive_gains = 1), the loaded ones with a payload of mass
/// `payload_mass` (kg, > 0) fixed to the last link. The arm's drive parameters are identified
/// as in identify(options.drive). Throws std::invalid_argument if some gain is not excited.
DriveGainEstimate identify_drive_gains(const SerialModel& nominal,
                                       const std::vector<IdentificationSamples>& unloaded,
                                       const std::vector<IdentificationSamples>& loaded,
                                       double payload_mass,
                                       const IdentificationOptions& options = {});

/// `arm` with `payload` (10 parameters in the last link's frame) added to its last link; the sum
/// must be a physical body unless `allow_invalid_inertia` (or the arm's own opt-in).
SerialModel with_payload(const SerialModel& arm, const Eigen::Ref<const VectorXd>& payload,
                         bool allow_invalid_inertia = false);

}  // namespace manipdyn
