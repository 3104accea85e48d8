#pragma once
/// \file arm_datasheet.hpp
/// The dynamics datasheet of a serial arm (issue 9): the numbers a designer looks up when sizing
/// the motors of an arm, computed from its model by sampling the joint ranges. Used by
/// `manipdyn report`; docs/datasheet.md says what each quantity is and how it is sampled.
///
/// Sections of the datasheet (ArmDatasheet):
///  - the DH tables in both conventions, the mass and inertial summary of each link;
///  - the joint ranges used for sampling (the model's limits, or the documented defaults);
///  - the largest |gravity torque| G_i(q) of each joint over the joint ranges, with the pose where
///    it occurs (seeded random sample + coordinate-grid refinement, ArmDatasheetOptions);
///  - a default point-to-point motion, time-scaled so that the fastest joint just reaches its
///    speed limit: torques tau_i, joint powers tau_i qd_i, kinetic and potential energy along it,
///    and the peaks per joint;
///  - the range (min, max) of each diagonal entry M_ii of the mass matrix over the workspace sample
///    (the inertia each joint's motor sees, joint side), and the 2-norm condition number of M
///    (min, median, max, with the worst pose);
///  - the median time of one call of each inverse- and forward-dynamics formulation on this arm.
///
/// Conventions: SI units and radians; joint i is 1-based in CSV files and messages, 0-based in
/// the C++ vectors; q, qd, qdd, tau as everywhere in manipdyn. tau includes the drive terms
/// (reflected motor inertia, friction) when model.has_drive, as inverse_dynamics does; M includes
/// the reflected motor inertia G^2 Jm on its diagonal (dynamics_terms.hpp).
///
/// A singular mass matrix (a zero-mass link, or a joint that moves no mass) is not an error: its
/// condition number is +infinity (std::numeric_limits<double>::infinity()), written "inf" in the
/// CSV files, and ArmConditionNumber::singular_samples counts the samples where it occurred.
/// Quantities that are not defined (a limit the model does not have) are NaN or +infinity as
/// documented per field, and written "nan" / "inf".
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "manipdyn/core/types.hpp"
#include "manipdyn/serial/model.hpp"
#include "manipdyn/trajectory/joint_trajectory.hpp"

namespace manipdyn::analysis {

/// Called at the start of each long step with a short description ("gravity torques",
/// "mass matrix over the workspace", "point-to-point motion", "timings"); may be empty.
using ProgressCallback = std::function<void(std::string_view step)>;

/// Options of arm_datasheet. Every default is the value documented here and in docs/datasheet.md.
struct ArmDatasheetOptions {
  // ---- joint ranges used for sampling ------------------------------------------------------
  /// Range of a prismatic joint without both limits, m: [-r, r] when both are infinite; an
  /// infinite bound alone is replaced by the finite one -/+ 2 r. Must be > 0 and finite.
  double prismatic_default_half_range = 0.5;
  // (A revolute joint without limits uses [-pi, pi]; an infinite bound alone is replaced by the
  // finite one -/+ 2 pi.)

  // ---- workspace sample (gravity torques, mass matrix, condition number) --------------------
  /// Number of poses drawn uniformly in the joint ranges (seeded); >= 1, <= 1'000'000. The
  /// sample also contains the zero pose (clamped into the ranges), the ranges' mid pose and the
  /// model's named configurations that lie within the ranges.
  int workspace_samples = 2000;
  /// Seed of the random generator (std::mt19937_64, top 53 bits per draw: the same numbers on
  /// every platform); the datasheet is reproducible from it.
  std::uint64_t seed = 1;

  // ---- refinement of the largest gravity torque --------------------------------------------
  /// From the `gravity_starts` sample poses with the largest |G_i| (for each joint i), coordinate
  /// search: each joint j in turn is swept over `gravity_grid_points` values spread over a
  /// window of its range centred on the current best value, keeping the best; the window starts
  /// as the whole range and shrinks by `gravity_shrink` after each sweep over all joints,
  /// `gravity_sweeps` sweeps in all. gravity_starts >= 1, gravity_grid_points >= 3,
  /// gravity_sweeps >= 0 (0: sample only), 0 < gravity_shrink < 1.
  int gravity_starts = 4;
  int gravity_grid_points = 33;  ///< values per joint and sweep (both range ends included)
  int gravity_sweeps = 6;        ///< sweeps over all joints
  double gravity_shrink = 0.35;  ///< window factor per sweep

  // ---- default point-to-point motion -------------------------------------------------------
  /// Start pose: `start` if non-empty (n values), else the named configuration
  /// `start_configuration` if non-empty, else the model's first named configuration if it has
  /// any, else zero; in every case clamped into the joint ranges.
  VectorXd start;
  std::string start_configuration;
  /// Goal pose: `goal` if non-empty (n values), else the named configuration `goal_configuration`
  /// if non-empty, else each joint moved from the start half-way towards the farther end of its
  /// range (goal_i = start_i + (far_i - start_i) / 2); clamped into the ranges. The start and
  /// the goal must differ.
  VectorXd goal;
  std::string goal_configuration;
  /// Time scaling: quintic (peak speed 15/8 |Delta q| / T) or LSPB with the blend fraction below
  /// (peak speed |Delta q| / (T (1 - f))). T is the smallest duration at which no joint exceeds
  /// its speed limit, i.e. the fastest joint (relative to its limit) reaches it exactly.
  ProfileShape motion_shape = ProfileShape::quintic;
  double lspb_blend_fraction = 0.25;  ///< blend time / T for LSPB, in (0, 0.5]
  /// Speed limit used for a joint whose qd_max is infinite: rad/s (revolute), m/s (prismatic).
  double default_qd_max_revolute = 1.0;
  double default_qd_max_prismatic = 0.25;
  /// Number of samples of the motion, uniformly in [0, T] (both ends included); >= 3.
  int motion_samples = 201;

  // ---- timings ----------------------------------------------------------------------------
  /// Measure the time of each formulation (false: ArmDatasheet::timings is empty).
  bool timings = true;
  /// Repetitions per formulation (the median is reported); >= 1. Each repetition times a batch
  /// of calls lasting about `timing_batch_ns` (batch size calibrated from one timed call).
  int timing_repetitions = 21;
  double timing_batch_ns = 2e5;  ///< > 0

  /// Progress callback (may be empty).
  ProgressCallback progress;
};

/// One row of a DH table (the chain's own numbers, SerialModel::standard or ::modified).
struct DhRow {
  std::string name;                      ///< link name (may be empty)
  JointType type = JointType::revolute;  ///< joint type
  double a = 0, alpha = 0, d = 0, theta = 0;  ///< m, rad, m, rad (modified: a_{i-1}, alpha_{i-1})
  /// A tree's row (Khalil & Kleinfinger, modified convention): the 0-based antecedent joint (-1:
  /// the base; i - 1 on a chain) and gamma_i (rad), b_i (m), applied before the row.
  int parent = -1;
  double gamma = 0, b = 0;
};

/// A DH table with the base and tool transforms of its chain.
struct DhTable {
  DhConvention convention = DhConvention::standard;
  bool is_model_table = false;  ///< the table the model was given in (else the exact conversion)
  /// A tree's table (modified convention, rows with parent, gamma, b); a tree has no standard
  /// table (ArmDatasheet::dh_standard is then empty).
  bool is_tree = false;
  std::vector<DhRow> rows;      ///< (n)
  Eigen::Isometry3d base = Eigen::Isometry3d::Identity();  ///< world <- frame 0
  Eigen::Isometry3d tool = Eigen::Isometry3d::Identity();  ///< frame n <- end-effector
};

/// Mass and inertia of one link, in the frame of the model's own table (model.links).
struct LinkInertial {
  std::string name;
  double mass = 0;                      ///< kg
  Vector3d com = Vector3d::Zero();      ///< m, in frame i of the model's table
  Matrix3d inertia = Matrix3d::Zero();  ///< kg m^2, about the COM, in frame i
  double reflected_inertia = 0;         ///< G^2 Jm, kg m^2 (joint side; 0 without drive)
  double gear_ratio = 1;                ///< G
};

/// The range of joint i used for sampling, and the model's limits.
struct JointRange {
  JointType type = JointType::revolute;
  double q_min = 0, q_max = 0;   ///< the model's limits (may be -inf / +inf)
  double lo = 0, hi = 0;         ///< the range sampled (finite, lo < hi)
  bool from_limits = false;      ///< both lo and hi are the model's limits
  double qd_max = 0;             ///< the model's speed limit (may be +inf)
  double qd_limit = 0;           ///< the speed limit used by the motion (qd_max or the default)
  double tau_max = 0;            ///< the model's effort limit (may be +inf)
};

/// The largest |G_i(q)| of joint i over the ranges and where it occurs.
struct GravityPeak {
  double max_abs = 0;        ///< max |G_i|, N m or N
  double value = 0;          ///< G_i at `pose` (signed)
  VectorXd pose;             ///< (n) the pose where it occurs
  double sample_max_abs = 0; ///< max |G_i| over the random sample alone (before refinement)
  /// max_abs / tau_max (NaN when tau_max is infinite)
  double fraction_of_tau_max = 0;
};

/// The default point-to-point motion and the torques and powers along it.
struct ArmMotion {
  VectorXd start, goal;     ///< (n) poses, rad or m
  std::string start_name;   ///< named configuration used for the start, or "zero" / "user"
  std::string goal_name;    ///< named configuration, "half_range" or "user"
  ProfileShape shape = ProfileShape::quintic;
  double duration = 0;      ///< T, s
  int limiting_joint = 0;   ///< 0-based joint whose speed limit sets T
  std::vector<double> time;                ///< (K) s
  MatrixXd q, qd, qdd, tau, power;         ///< (K x n) each; power = tau .* qd (W)
  std::vector<double> kinetic, potential;  ///< (K) J (simulation/energy.hpp)
  /// Per joint (n): peaks along the motion.
  VectorXd max_abs_qd;       ///< max |qd_i|
  VectorXd max_abs_tau;      ///< max |tau_i|
  VectorXd time_max_tau;     ///< time of max |tau_i|, s
  VectorXd rms_tau;          ///< sqrt(1/T integral tau_i^2 dt) (trapezoid rule)
  VectorXd max_abs_power;    ///< max |tau_i qd_i|, W
  VectorXd time_max_power;   ///< time of max |power_i|, s
  VectorXd max_power;        ///< max of tau_i qd_i (motoring peak), W
  VectorXd min_power;        ///< min of tau_i qd_i (braking peak, <= 0), W
  double max_total_power = 0;  ///< max of sum_i tau_i qd_i, W
  /// max_abs_tau / tau_max per joint (NaN when tau_max is infinite)
  VectorXd tau_fraction_of_limit;
};

/// Range of the diagonal of M over the workspace sample.
struct MassDiagonalRange {
  VectorXd min, max;          ///< (n) min and max of M_ii, kg m^2 or kg (joint side)
  std::vector<VectorXd> pose_min, pose_max;  ///< (n) poses (n each) of the extremes
  VectorXd motor_side_min, motor_side_max;   ///< (n) M_ii / G_i^2, seen at the motor shaft
};

/// 2-norm condition number of M over the workspace sample: lambda_max / lambda_min of the
/// symmetric M (SelfAdjointEigenSolver); +inf when lambda_min <= 1e-12 lambda_max (singular).
struct ArmConditionNumber {
  double min = 0, median = 0, max = 0;
  VectorXd pose_min, pose_median, pose_max;  ///< (n) poses (median: the sample at the median)
  int singular_samples = 0;                  ///< samples where M is singular (cond = inf)
};

/// The median time of one call of one formulation.
struct FormulationTiming {
  std::string operation;     ///< "inverse_dynamics" or "forward_dynamics"
  std::string method;        ///< the method's name (to_string of its enum)
  double median_ns = 0;      ///< median over repetitions of (batch time / calls), ns
  double min_ns = 0;         ///< fastest repetition, ns
  int repetitions = 0;
  int calls_per_repetition = 0;
  std::string note;          ///< why a method was not timed (then the times are NaN), else empty
};

/// The dynamics datasheet of a serial arm.
struct ArmDatasheet {
  std::string name;                 ///< model name
  int dof = 0;
  DhConvention convention = DhConvention::standard;
  bool has_drive = false;
  Vector3d gravity = Vector3d::Zero();  ///< world frame, m/s^2
  std::vector<std::string> warnings;    ///< the model's warnings and the datasheet's own notes
  /// A tree of joints on a fixed root (Khalil & Kleinfinger): dh_standard has no rows, dh_modified
  /// has each joint's parent, gamma and b; the motion, gravity and mass-matrix sections take the
  /// tree's joints as they are, in the order of model.joint_names().
  bool is_tree = false;
  DhTable dh_standard, dh_modified;
  std::vector<LinkInertial> links;  ///< (n)
  double total_mass = 0;            ///< sum of link masses, kg
  std::vector<JointRange> ranges;   ///< (n)
  /// The workspace sample: (K x n) poses, and per pose cond(M) and diag(M) (K x n).
  MatrixXd sample_q;
  std::vector<double> sample_condition;
  MatrixXd sample_mass_diagonal;
  std::vector<GravityPeak> gravity_peaks;  ///< (n) largest |G_i| per joint
  ArmMotion motion;
  MassDiagonalRange mass_diagonal;
  ArmConditionNumber condition;
  std::vector<FormulationTiming> timings;  ///< empty if options.timings is false
  ArmDatasheetOptions options;             ///< the options used (progress dropped)
};

/// The DH table of `chain` (model.standard or model.modified) with its base and tool.
DhTable dh_table(const SerialModel& model, const DhChain& chain);

/// The ranges used for sampling (see ArmDatasheetOptions). Throws std::invalid_argument for an
/// options.prismatic_default_half_range <= 0 or non-finite.
std::vector<JointRange> joint_ranges(const SerialModel& model,
                                     const ArmDatasheetOptions& options = {});

/// The 2-norm condition number of a symmetric positive semi-definite M: lambda_max/lambda_min,
/// +inf when lambda_min <= 1e-12 lambda_max (or M is zero); NaN for a non-finite M.
double mass_matrix_condition_number(const MatrixXd& M);

/// The largest |G_i| per joint over the ranges (sampled and refined as ArmDatasheetOptions
/// says); `sample` (K x n) is the workspace sample (from workspace_sample). Result (n).
std::vector<GravityPeak> gravity_peaks(const SerialModel& model,
                                       const std::vector<JointRange>& ranges,
                                       const MatrixXd& sample,
                                       const ArmDatasheetOptions& options = {});

/// The workspace sample: (K x n) poses: the zero pose and the mid pose (clamped), the named
/// configurations within the ranges, then options.workspace_samples uniform random poses.
MatrixXd workspace_sample(const SerialModel& model, const std::vector<JointRange>& ranges,
                          const ArmDatasheetOptions& options = {});

/// The default point-to-point motion (ArmDatasheetOptions) and the torques, powers and energies
/// along it. Throws std::invalid_argument when start == goal, for a named configuration the
/// model does not have, or for a start/goal of the wrong size or non-finite.
ArmMotion point_to_point_motion(const SerialModel& model, const std::vector<JointRange>& ranges,
                                const ArmDatasheetOptions& options = {});

/// Median times of inverse_dynamics by every InverseDynamicsMethod and forward_dynamics by every
/// ForwardDynamicsMethod at one seeded random state within the ranges (ns per call).
std::vector<FormulationTiming> formulation_timings(const SerialModel& model,
                                                   const std::vector<JointRange>& ranges,
                                                   const ArmDatasheetOptions& options = {});

/// The whole datasheet, of a serial chain or a tree on a fixed root. Throws std::invalid_argument
/// naming the option for options out of range ("arm_datasheet: options.workspace_samples = 0,
/// expected >= 1"), for a model with no joints, and for a free-flyer root (its gravity torques
/// and motor loads depend on how the base is supported: the datasheet takes the base fixed).
ArmDatasheet arm_datasheet(const SerialModel& model, const ArmDatasheetOptions& options = {});

/// Writes the datasheet as CSV files into `folder` (created if missing; existing files of these
/// names are overwritten) and returns the paths written. Numbers with 17 significant digits;
/// infinity as "inf", NaN as "nan"; joint index i is 1-based. Files and columns:
///  - summary.csv: key,value  -- name, dof, convention, has_drive, gravity_x/y/z, total_mass,
///    workspace_samples (poses in the sample), seed, motion_duration, motion_shape,
///    limiting_joint, condition_min, condition_median, condition_max, singular_samples
///  - dh_standard.csv, dh_modified.csv: i,name,type,a,alpha,d,theta  (modified: a, alpha are
///    a_{i-1}, alpha_{i-1}); the base and tool transforms are in base_tool.csv. A tree writes
///    dh_modified.csv only, as i,name,type,parent,gamma,b,a,alpha,d,theta (parent 1-based, 0
///    the base, as `manipdyn dh` prints it), summary.csv gains the key topology = tree, and
///    base_tool.csv has the modified rows only (the tool is on the last joint's frame)
///  - base_tool.csv: table,frame,x,y,z,roll,pitch,yaw  (table standard|modified, frame
///    base|tool; m and rad, R = Rz(yaw) Ry(pitch) Rx(roll) as in URDF)
///  - links.csv: i,name,type,mass,com_x,com_y,com_z,Ixx,Iyy,Izz,Ixy,Ixz,Iyz,gear_ratio,
///    reflected_inertia
///  - joints.csv: i,type,q_min,q_max,lo,hi,from_limits,qd_max,qd_limit,tau_max
///  - gravity.csv: i,max_abs_tau_g,tau_g,sample_max_abs_tau_g,fraction_of_tau_max,q1..qn
///    (q1..qn: the pose of the peak)
///  - motion.csv: time,q1..qn,qd1..qdn,qdd1..qddn,tau1..taun,power1..powern,power_total,
///    kinetic,potential
///  - motion_peaks.csv: i,start,goal,max_abs_qd,qd_limit,max_abs_tau,time_max_tau,rms_tau,
///    tau_max,tau_fraction_of_limit,max_abs_power,time_max_power,max_power,min_power
///  - mass_diagonal.csv: i,M_min,M_max,gear_ratio,motor_side_min,motor_side_max
///  - condition_number.csv: statistic,value,q1..qn  (rows min, median, max)
///  - workspace.csv: sample,q1..qn,condition,M1..Mn  (M_i: the diagonal entry M_ii)
///  - timings.csv: operation,method,median_ns,min_ns,repetitions,calls_per_repetition,note
///    (only when the datasheet has timings)
/// Throws std::runtime_error naming the file that cannot be written.
std::vector<std::filesystem::path> write_arm_datasheet_csv(const ArmDatasheet& sheet,
                                                           const std::filesystem::path& folder);

}  // namespace manipdyn::analysis
