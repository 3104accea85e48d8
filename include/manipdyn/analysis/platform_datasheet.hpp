#pragma once
/// \file platform_datasheet.hpp
/// The dynamics datasheet of a Stewart platform (issue 9): leg forces along a default motion
/// around the home pose, the stroke each leg uses against the model's leg limits, the condition
/// number of H and the dynamic fraction Fd/F along the motion (Dasgupta & Mruthyunjaya 1998,
/// eqs. 36-42; the improved model of Pedrammehr et al. 2012 alongside). Used by `manipdyn
/// report`; docs/datasheet.md describes each quantity and the default motion.
///
/// The home pose: R = identity (theta = 0) and t = (c_b - c_p) in x, y, where c_b and c_p are
/// the centroids of the base points b_i and the platform points p_i, at the height z_home:
///  - options.home_height if given (finite), else
///  - if every leg has finite length_min > 0 and length_max, the height at which the mean leg
///    length is the mean mid-stroke (length_min + length_max) / 2 (found by bisection), else
///  - mean(b_z) - mean(p_z) + r, with r the platform size: the mean distance of the base points
///    from c_b in the x-y plane.
/// The default motion: one straight line through the home pose with parabolic blends
/// (stewart/trajectory.hpp, Dasgupta 1998 eqs. 39-40), from t_home - a e to t_home + a e and
/// from theta = -phi u to +phi u, with e = u = (1, 1, 1)/sqrt(3), a = translation_fraction * r,
/// phi = rotation_amplitude, duration tau_f, sampling dt, cruise speeds 1.5 |Delta| / tau_f (so
/// the blends last tau_f / 3). options.path replaces it by any PathSpec.
///
/// Conventions: SI units, radians; legs 1-based in CSV files, 0-based in C++ arrays. F is the
/// actuator force of Dasgupta's model (positive = pushing the platform away from the base along
/// s_i), F_improved that of the improved model.
#include <array>
#include <filesystem>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "manipdyn/analysis/arm_datasheet.hpp"  // ProgressCallback
#include "manipdyn/stewart/model.hpp"
#include "manipdyn/stewart/studies.hpp"
#include "manipdyn/stewart/trajectory.hpp"

namespace manipdyn::analysis {

/// Options of platform_datasheet. Every default is the value documented here and in
/// docs/datasheet.md.
struct PlatformDatasheetOptions {
  /// Height of the home pose (m, platform frame origin, base frame z); NaN = the default rule of
  /// the file comment.
  double home_height = std::numeric_limits<double>::quiet_NaN();
  /// Half-amplitude of the default translation as a fraction of the platform size r; >= 0.
  double translation_fraction = 0.2;
  /// Half-amplitude of the default rotation about (1,1,1)/sqrt(3), rad; >= 0, < pi/2.
  double rotation_amplitude = 0.1;
  double duration = 2.0;  ///< tau_f of the default motion, s; > 0
  double dt = 0.01;       ///< sampling step, s; > 0, at most kMaxPathSamples samples
  /// Replaces the default motion when set (validated by stewart::plan_path).
  std::optional<stewart::PathSpec> path;
  /// cond(H) above which a sample is flagged ill-conditioned (InverseDynamicsOptions).
  double condition_warning = 1e3;
  /// A leg's dynamic fraction counts only where |F| >= this fraction of the leg's peak |F|
  /// (so that Fd/F does not blow up where F crosses zero); in [0, 1).
  double significant_force_fraction = 0.25;
  ProgressCallback progress;  ///< may be empty
};

/// What one leg does along the motion.
struct LegSummary {
  double length_min_used = 0, length_max_used = 0;  ///< min and max of L_i along the motion, m
  double stroke_used = 0;           ///< length_max_used - length_min_used, m
  double length_min = 0;            ///< the model's limit (0 = none), m
  double length_max = 0;            ///< the model's limit (+inf = none), m
  double stroke_available = 0;      ///< length_max - length_min (+inf without an upper limit)
  double stroke_fraction = 0;       ///< stroke_used / stroke_available (0 without limits)
  bool within_limits = true;        ///< length_min <= L_i <= length_max all along
  double max_abs_force = 0;         ///< max |F_i| (Dasgupta model), N
  double time_max_force = 0;        ///< s
  double max_abs_force_improved = 0;  ///< max |F_improved_i|, N
  double max_abs_force_static = 0;  ///< max |F0_i| (massless legs, no friction), N
  double force_max = 0;             ///< the model's limit (+inf = none), N
  double force_fraction = 0;        ///< max(max_abs_force, max_abs_force_improved) / force_max
  double max_abs_dynamic_fraction = 0;  ///< max |Fd_i / F_i| where |F_i| is significant
  double time_max_dynamic_fraction = 0; ///< s
  double max_abs_rate = 0;          ///< max |dL_i/dt|, m/s
  /// max |F_i dL_i/dt|, W (the actuator's mechanical power, Dasgupta model)
  double max_abs_power = 0;
};

/// The dynamics datasheet of a Stewart platform.
struct PlatformDatasheet {
  std::string name;
  std::vector<std::string> warnings;  ///< the model's warnings and the datasheet's notes
  // ---- mass summary -----------------------------------------------------------------------
  double platform_mass = 0;           ///< M, kg
  double leg_mass = 0;                ///< sum of m_d + m_u over the legs, kg
  double total_moving_mass = 0;       ///< platform_mass + leg_mass, kg
  double platform_size = 0;           ///< r, m (see the file comment)
  Vector3d platform_com = Vector3d::Zero();        ///< R0, platform frame, m
  Matrix3d platform_inertia = Matrix3d::Zero();    ///< I_p about the COM, platform frame, kg m^2
  // ---- geometry (copied from the model, one column per leg) -------------------------------
  Eigen::Matrix<double, 3, 6> b = Eigen::Matrix<double, 3, 6>::Zero();  ///< base points, m
  Eigen::Matrix<double, 3, 6> k = Eigen::Matrix<double, 3, 6>::Zero();  ///< unit U-joint axes
  Eigen::Matrix<double, 3, 6> p = Eigen::Matrix<double, 3, 6>::Zero();  ///< platform points, m
  std::array<stewart::LegMassProperties, stewart::kLegs> leg_properties{};  ///< per leg
  // ---- the motion -------------------------------------------------------------------------
  Vector3d home_t = Vector3d::Zero();  ///< m
  Vector3d home_theta = Vector3d::Zero();  ///< rad (zero)
  Vector6d home_lengths = Vector6d::Zero();  ///< leg lengths at home, m
  std::string home_rule;               ///< "option", "mid_stroke" or "platform_size"
  stewart::PathSpec path;              ///< the path evaluated
  std::vector<stewart::PathRow> rows;  ///< every sample, both models (stewart/studies.hpp)
  stewart::PathSummary summary;        ///< stewart::summarize(rows)
  std::array<LegSummary, stewart::kLegs> legs;
  // ---- condition number of H along the motion ----------------------------------------------
  double condition_min = 0, condition_median = 0, condition_max = 0;
  double time_condition_max = 0;        ///< s
  int ill_conditioned_samples = 0;      ///< samples with cond(H) > options.condition_warning
  double max_abs_force = 0;             ///< max |F| over all legs and samples, N
  double max_abs_model_difference = 0;  ///< max |F_improved - F|, N
  PlatformDatasheetOptions options;     ///< the options used (progress dropped)
};

/// The home pose height and rule (see the file comment).
struct HomePose {
  Vector3d t = Vector3d::Zero();
  std::string rule;  ///< "option", "mid_stroke" or "platform_size"
};
HomePose platform_home_pose(const stewart::StewartModel& model,
                            const PlatformDatasheetOptions& options = {});

/// r: mean distance of the base points from their centroid in the x-y plane, m.
double platform_size(const stewart::StewartModel& model);

/// The default path of the file comment (or options.path when set).
stewart::PathSpec platform_default_path(const stewart::StewartModel& model,
                                        const PlatformDatasheetOptions& options = {});

/// The whole datasheet. Throws std::invalid_argument naming the option for options out of
/// range, and the errors of stewart::plan_path / evaluate_path (a singular pose, a zero-length
/// leg) with the path time.
PlatformDatasheet platform_datasheet(const stewart::StewartModel& model,
                                     const PlatformDatasheetOptions& options = {});

/// Writes the datasheet as CSV files into `folder` (created if missing) and returns the paths
/// written. Numbers with 17 significant digits; "inf" / "nan" as in arm_datasheet; legs 1-based.
///  - summary.csv: key,value -- name, platform_mass, leg_mass, total_moving_mass, platform_size,
///    platform_com_x/y/z, platform_Ixx, _Iyy, _Izz, _Ixy, _Ixz, _Iyz, home_x, home_y, home_z,
///    home_rule, duration, dt, samples, condition_min,
///    condition_median, condition_max, time_condition_max, ill_conditioned_samples,
///    max_abs_force, max_abs_model_difference
///  - geometry.csv: leg,b_x,b_y,b_z,k_x,k_y,k_z,p_x,p_y,p_z,m_d,m_u
///  - legs.csv: leg,home_length,length_min_used,length_max_used,stroke_used,length_min,length_max,
///    stroke_available,stroke_fraction,within_limits,max_abs_force,time_max_force,
///    max_abs_force_improved,max_abs_force_static,force_max,force_fraction,
///    max_abs_dynamic_fraction,time_max_dynamic_fraction,max_abs_rate,max_abs_power
///  - path.csv: the rows, as stewart::write_path_csv (time, tx.., thx.., L1.., Ld1.., F1..,
///    F0_1.., Fd_1.., frac1.., Fimp1.., dF1.., cond, ill, ...)
/// Throws std::runtime_error naming the file that cannot be written.
std::vector<std::filesystem::path> write_platform_datasheet_csv(
    const PlatformDatasheet& sheet, const std::filesystem::path& folder);

}  // namespace manipdyn::analysis
