#pragma once
/// \file model.hpp
/// The general 6-UPS Stewart platform (Dasgupta & Mruthyunjaya 1998, sec. 2; Pedrammehr et al.
/// 2012, sec. 2): a universal (U) joint at base point b_i with fixed axis k_i, a prismatic (P)
/// actuator, and a spherical (S) joint at platform point p_i. No symmetry is assumed.
///
/// Frames (see docs/stewart.md): the base frame is inertial; the platform frame has origin t and
/// rotation R (platform -> base); each leg's lower part carries frame D (origin b_i, x along the
/// leg s_i, y along k_i x s_i, Dasgupta eq. 10) and its upper part frame U (same axes, origin at
/// the platform point). Leg COMs and inertias are given in these local frames; inertias are
/// *centroidal* (about the part's own centre of mass), as Pedrammehr 2012 states.
#include <array>
#include <limits>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "manipdyn/core/types.hpp"

namespace manipdyn::stewart {

/// Number of legs of a Stewart platform.
inline constexpr int kLegs = 6;

/// Mass properties of one leg (Dasgupta 1998, sec. 2.2 and appendix).
struct LegMassProperties {
  double m_d = 0.0;                        ///< mass of the lower part (kg)
  double m_u = 0.0;                        ///< mass of the upper part (kg)
  Vector3d r_d0 = Vector3d::Zero();        ///< lower COM in frame D (m), eq. 11
  Vector3d r_u0 = Vector3d::Zero();        ///< upper COM in frame U (m), eq. 12
  Matrix3d I_d0 = Matrix3d::Zero();        ///< lower centroidal inertia in frame D (kg m^2)
  Matrix3d I_u0 = Matrix3d::Zero();        ///< upper centroidal inertia in frame U (kg m^2)
};

/// The designer's limits of one leg (none of them is used by the dynamics; they are carried with
/// the model for planners and model files). Infinity means no limit. A joint angle is the cone
/// half-angle between the leg axis s_i and the joint's mounting normal: the U joint's normal is
/// fixed in the base frame, the S joint's in the platform frame.
struct LegLimits {
  double length_min = 0.0;  ///< m; shortest leg (0 = no limit), >= 0 and <= length_max
  double length_max = std::numeric_limits<double>::infinity();  ///< m; longest leg, > 0
  /// rad, in (0, pi]: largest angle between s_i and u_joint_normal
  double u_joint_angle_max = std::numeric_limits<double>::infinity();
  /// rad, in (0, pi]: largest angle between -s_i (pointing from the platform point down the
  /// leg) and s_joint_normal
  double s_joint_angle_max = std::numeric_limits<double>::infinity();
  double force_max = std::numeric_limits<double>::infinity();  ///< N, > 0: largest |actuator force|
  Vector3d u_joint_normal = Vector3d::UnitZ();   ///< U-joint mounting normal, base frame (unit after build_model)
  Vector3d s_joint_normal = -Vector3d::UnitZ();  ///< S-joint mounting normal, platform frame (unit after build_model)
};

/// Everything needed to build a StewartModel, as plain arrays (one column per leg).
struct StewartParameters {
  std::string name = "stewart";                        ///< label used in messages and files
  Eigen::Matrix<double, 3, 6> b = Eigen::Matrix<double, 3, 6>::Zero();  ///< base points b_i (base frame)
  Eigen::Matrix<double, 3, 6> k = Eigen::Matrix<double, 3, 6>::Zero();  ///< fixed U-joint axes k_i (normalised by the builder)
  Eigen::Matrix<double, 3, 6> p = Eigen::Matrix<double, 3, 6>::Zero();  ///< platform points p_i (platform frame)
  std::array<LegMassProperties, kLegs> legs{};       ///< mass properties of each leg
  double M = 0.0;                                    ///< platform + payload mass (kg)
  Vector3d R0 = Vector3d::Zero();                    ///< platform COM in the platform frame (m), eq. 30
  Matrix3d I_p = Matrix3d::Zero();                   ///< platform centroidal inertia, platform frame, eq. 32
  double Cu = 0.0;                                   ///< viscous friction of U joints (N m s), eq. 17
  double Cp = 0.0;                                   ///< viscous friction of P joints (N s/m), eq. 23
  double Cs = 0.0;                                   ///< viscous friction of S joints (N m s), eq. 18
  Vector3d gravity = Vector3d(0.0, 0.0, -9.81);      ///< gravity in the base frame (m/s^2)
  std::array<LegLimits, kLegs> limits{};             ///< designer's limits of each leg (default: none)
};

/// The immutable model. Build it with build_model() (or a built-in); it is never changed by the
/// algorithms. `warnings` records accepted-but-invalid input (e.g. a published inertia that is
/// not physically realisable).
struct StewartModel {
  std::string name;                                  ///< label
  Eigen::Matrix<double, 3, 6> b;                     ///< base points b_i (base frame, m)
  Eigen::Matrix<double, 3, 6> k;                     ///< unit fixed U-joint axes k_i (base frame)
  Eigen::Matrix<double, 3, 6> p;                     ///< platform points p_i (platform frame, m)
  std::array<LegMassProperties, kLegs> legs;         ///< per-leg mass properties
  double M = 0.0;                                    ///< platform mass (kg)
  Vector3d R0;                                       ///< platform COM (platform frame, m)
  Matrix3d I_p;                                      ///< platform centroidal inertia (platform frame)
  double Cu = 0.0, Cp = 0.0, Cs = 0.0;               ///< viscous friction coefficients
  Vector3d gravity;                                  ///< gravity (base frame, m/s^2)
  std::vector<std::string> warnings;                 ///< accepted problems of the input data
  bool allow_invalid_inertia = false;                ///< the builder's option, kept for saving the model
  std::array<LegLimits, kLegs> limits;               ///< designer's limits, normals normalised
  // Derived once by build_model (depend on the model only):
  std::array<Matrix3d, kLegs> I_leg0;        ///< I_d0 + I_u0, centroidal sum in the leg frame (Dasgupta 1998 eq. 19)
  std::array<Matrix3d, kLegs> I_leg_pivot0;  ///< I_d0 + m_d(|r_d0|^2 E - r_d0 r_d0^T) + I_u0: lower part about the U-joint centre (parallel axes, Pedrammehr 2012 eq. 32)
  Matrix3d I_p_origin;                       ///< I_p + M(|R0|^2 E - R0 R0^T): platform about its frame origin (Pedrammehr 2012 eq. 50)
  bool has_friction = false;                 ///< any of Cu, Cp, Cs non-zero (friction terms are skipped otherwise)
};

/// What is wrong with an inertia tensor, or an empty string if it is a physical inertia:
/// symmetric, positive semi-definite, and its principal moments satisfy the triangle inequality
/// (each <= the sum of the other two).
std::string inertia_problem(const Matrix3d& I, double tolerance = 1e-12);

/// The nearest-looking physical inertia used by the corrected built-ins: same principal axes,
/// negative principal moments clamped to 0, then the two smaller moments raised equally until
/// their sum is 1.02 times the largest (a strict triangle inequality).
Matrix3d corrected_inertia(const Matrix3d& I);

/// Fills the inertias derived from the mass properties (legs, M, R0, I_p) of `model`: I_leg0,
/// I_leg_pivot0 (Dasgupta 1998 eq. 19; Pedrammehr 2012 eq. 32) and I_p_origin (Pedrammehr 2012
/// eq. 50). build_model calls it; so does whoever changes the mass properties of a built model
/// (with_payload, with_scaled_inertia in control.hpp).
void derive_inertias(StewartModel& model);

/// Builds and validates a model. Throws std::invalid_argument naming the leg and the field for
/// non-finite data, non-positive masses, a zero U-joint axis, coincident base/platform points
/// or a non-physical inertia; with `allow_invalid_inertia` the latter is recorded in
/// model.warnings instead. U-joint axes are normalised (a warning when |k_i| differs from 1 by
/// more than 1e-3); an axis already of unit norm to rounding (|1 - |k_i|| <= 8 eps) is kept bit
/// for bit, so that a built model's k rebuilds to itself. Leg limits: length_min finite and
/// >= 0, length_max > 0, length_min <= length_max, joint angles in (0, pi] or infinity,
/// force_max > 0, normals finite and non-zero (normalised like k, without a warning).
StewartModel build_model(const StewartParameters& params, bool allow_invalid_inertia = false);

/// The test manipulator of Dasgupta & Mruthyunjaya 1998 (appendix), also Pedrammehr 2012
/// (appendix 2). `printed_inertias = true` keeps the printed inertias (the lower leg's I_d0 is
/// indefinite; the upper leg's I_u0 and the platform's I_p break the triangle inequality), with
/// warnings; `false` gives the corrected variant (corrected_inertia() of each). k_1 is printed
/// with norm 0.858 and is normalised. Gravity -9.81 m/s^2 along z.
StewartParameters dasgupta_test_parameters(bool printed_inertias = true);
/// build_model(dasgupta_test_parameters(printed), allow_invalid_inertia = printed).
StewartModel dasgupta_test_platform(bool printed_inertias = true);
/// Pedrammehr 2012 appendix 2 variant: identical except the upper-leg COM r_u0 = [-0.6 -0.08
/// -0.08] (Dasgupta prints +0.08 for the z component).
StewartModel pedrammehr_test_platform(bool printed_inertias = true);

}  // namespace manipdyn::stewart
