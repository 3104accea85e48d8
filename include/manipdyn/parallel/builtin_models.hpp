#pragma once
/// \file builtin_models.hpp
/// Parallel robots built in, with named parameters: any Stewart platform of the dedicated module
/// in the general description (from_stewart), the Delta robot (delta, delta_rl5_1450), and the
/// instances of docs/parallel.md.
#include <string>

#include <Eigen/Geometry>

#include "manipdyn/parallel/model.hpp"
#include "manipdyn/stewart/model.hpp"

namespace manipdyn::parallel {

/// A home pose for a Stewart platform: R = identity, the platform's point centroid above the
/// base's by the base points' mean distance from their centroid (legs near 45 degrees).
Eigen::Isometry3d stewart_home_pose(const stewart::StewartModel& platform);

/// The Stewart platform `platform` (stewart/model.hpp) as a general parallel robot with the
/// improved (U-joint) leg model of Pedrammehr et al. 2012: leg i is the chain U-P from base point
/// b_i -- a revolute joint about the fixed axis k_i, a revolute joint about the cross axis
/// k_i x s_i, a prismatic joint along the leg s_i (actuated) -- with the lower part's mass on the
/// second link and the upper part's on the third (their COMs and centroidal inertias moved from
/// the leg frames D and U of stewart/model.hpp), and the spherical joint at platform point p_i
/// its cut joint. Friction: Cu on both U-joint revolutes, Cp on the prismatic joint (viscous
/// drive terms), Cs on the cut joint (cut_viscous). The platform's mass M, COM R0 and inertia
/// I_p; spatial mobility; `home` the pose whose leg assembly (the cross axis along +k_i x s_i,
/// as the dedicated module's leg frames) inverse kinematics follows.
ParallelModel from_stewart(const stewart::StewartModel& platform, const Eigen::Isometry3d& home);
/// from_stewart at stewart_home_pose(platform).
ParallelModel from_stewart(const stewart::StewartModel& platform);

/// The named parameters of a Delta robot (Clavel 1988): three identical legs, each a motor
/// turning an upper arm about a horizontal axis fixed to the base, and a forearm that is a
/// parallelogram of two bars with spherical joints at both ends, from the upper arm's elbow to
/// the platform, which only translates. SI units; every value is per leg unless said.
struct DeltaParameters {
  std::string name = "delta";                    ///< used in messages and files
  double base_radius = 0.0;      ///< m; distance from the base frame's origin to each motor axis (> 0)
  double platform_radius = 0.0;  ///< m; distance from the platform's centre to each forearm's lower end (midpoint of its two bars' ends, > 0)
  double upper_arm_length = 0.0;  ///< m; motor axis to the elbow (the forearm's upper end, > 0)
  double upper_arm_mass = 0.0;    ///< kg (> 0)
  double upper_arm_com = 0.0;     ///< m; distance of the upper arm's centre of mass from the motor axis, along the arm (>= 0)
  double upper_arm_inertia = 0.0;  ///< kg m^2; the whole upper arm's moment about the motor axis (>= upper_arm_mass * upper_arm_com^2)
  double forearm_length = 0.0;     ///< m; each bar's length, spherical joint to spherical joint (> 0)
  double forearm_bar_mass = 0.0;   ///< kg; one of the parallelogram's two bars, a uniform slender rod (> 0)
  /// m; the distance between the parallelogram's two bars (> 0). It does not enter the dynamics
  /// (both bars move as their midline does: see delta()), only the geometry check
  /// forearm_spacing < 2 sqrt(3) platform_radius (the bars' lower ends stay on the sides of the
  /// platform's triangle).
  double forearm_spacing = 0.0;
  double elbow_mass = 0.0;     ///< kg; a point mass at the elbow (the pins, the bars' upper joints; >= 0)
  double platform_mass = 0.0;  ///< kg; the moving platform with its payload, a point at its centre (> 0)
  double motor_inertia = 0.0;  ///< kg m^2; the motor's (and gearbox input's) inertia, motor side (>= 0)
  double gear_ratio = 1.0;     ///< motor angle per upper-arm angle (> 0)
  Vector3d gravity = Vector3d(0.0, 0.0, -9.81);  ///< m/s^2, base frame
};

/// The Delta robot of `p` (DeltaParameters) as a parallel robot of mobility translation.
/// Frames: the base frame's origin is the centre of the motor axes, z up; motor axis i
/// (i = 0, 1, 2) lies in the plane z = 0 at distance base_radius from the origin, along the
/// tangent u_i = (-sin phi_i, cos phi_i, 0) at phi_i = 0, 120, 240 degrees; the platform hangs
/// below the base (z < 0), its frame parallel to the base frame, its origin at its centre;
/// forearm i reaches it at platform_radius (cos phi_i, sin phi_i, 0).
///
/// Leg i ("leg1".."leg3") is the modified-DH chain R-U from A_i = base_radius (cos phi_i, sin
/// phi_i, 0): frame 0 with z0 = u_i, x0 = e_i = (cos phi_i, sin phi_i, 0); joint 1 "motor" (the
/// actuated joint; motor_inertia and gear_ratio its drive) turns the upper arm about u_i, its
/// angle q1 measured from the horizontal e_i, positive downward (the arm along cos q1 e_i - sin
/// q1 z); link 1 is the upper arm with the elbow mass: its inertia about the motor axis is
/// upper_arm_inertia + elbow_mass upper_arm_length^2, built as a slender arm (moment
/// upper_arm_inertia - upper_arm_mass upper_arm_com^2 about the two axes across the arm, zero
/// along it); joints 2 and 3 "elbow1", "elbow2" are a universal joint at the elbow B_i (first
/// axis parallel to the motor axis, second across it); link 3 is the forearm's midline, one
/// slender rod of mass 2 forearm_bar_mass from B_i to the platform point P_i, its centre of mass
/// at its middle, moment 2 forearm_bar_mass forearm_length^2 / 12 about the axes across it, zero
/// about its own axis; its far end is the platform point (the spherical cut joint).
///
/// The midline rod is exact, not an approximation: the elbow ends of the two bars, B_i +- s/2
/// u_i, move with the velocity of B_i (the upper arm turns about u_i, so w x u_i = 0) and their
/// platform ends, P_i +- s/2 u_i, with the platform's velocity v (it translates), so both bars
/// have the midline's end velocities v_B and v_P. A uniform slender rod of mass m with end
/// velocities v_a, v_b (and no moment about its axis) has the kinetic energy
///     T = m/2 |(v_a + v_b)/2|^2 + (m L^2/12)/2 |w_perp|^2,  |w_perp| L = |v_b - v_a|,
///       = m/6 (|v_a|^2 + v_a . v_b + |v_b|^2),
/// a function of its end velocities only, and its centre of mass is the midpoint of its ends,
/// so the two bars' kinetic and potential energies are those of the midline rod of twice a
/// bar's mass: the Lagrangians, hence the dynamics, agree (tests/crosscheck/
/// parallel_delta_dynamics.cpp checks the energies). The midline's spin about its own axis,
/// which the universal joint lets it have, carries no energy. forearm_spacing therefore enters
/// only the geometry check.
///
/// The home pose has the platform centred below the base and the elbows out, the assembly that
/// inverse kinematics then follows; its upper arms are horizontal (q1 = 0, the platform at z =
/// -sqrt(L2^2 - (base_radius + L1 - platform_radius)^2)) when the forearms are then at 45
/// degrees or steeper, else tilted down until they are (away from the flat forearms of a
/// parallel singularity). With D = t + (platform_radius - base_radius) e_i, the closure
/// |P_i - B_i| = L2 reads a cos q1 + b sin q1 = c (a = D . e_i, b = -D . z, c = (L1^2 + |D|^2 -
/// L2^2) / (2 L1)), and the elbows-out root is the classical q1 = atan2(b, a) - acos(c /
/// sqrt(a^2 + b^2)) (tests/unit/parallel_delta.cpp: the Newton closure equals it to 1e-12).
/// The universal joint's home angles follow from the forearm's direction f = (P_i - B_i) / L2 =
/// cos q3 x2 - sin q3 u_i (|q3| < 90 degrees). Throws std::invalid_argument naming the
/// parameter for a non-finite or out-of-range value or an upper arm whose inertia is not
/// physical, and naming the leg for a forearm too short to reach its platform point at 45
/// degrees from any upper-arm angle between horizontal and straight down.
ParallelModel delta(const DeltaParameters& p);

/// The parameters of the RL5-1450-6kg Delta robot by Autonox24 as the CIIRC testbed published
/// them (testbedCIIRC/delta-robot-public on GitHub: RL5_6kg_Dynamic_Param.m and
/// RL5_6kg_Inertia_Mass.m; Alikoc, Sustr, Zitek, Rehorik, Burget and Lomakin, "Motion Modelling
/// and Simulation of a 5-Axis Industrial Delta Robot"), as its 3-axis variant (the wrist, the
/// swivel arm and the telescopic shafts left out, as their Basic_3DoF_Delta files do). The
/// mapping of each number is in builtin_delta.cpp; forearm_spacing is not among the published
/// numbers and is an estimate (said there).
DeltaParameters delta_rl5_1450_parameters();
/// delta(delta_rl5_1450_parameters()).
ParallelModel delta_rl5_1450();

}  // namespace manipdyn::parallel
