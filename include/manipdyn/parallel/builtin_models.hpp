#pragma once
/// \file builtin_models.hpp
/// Parallel robots built in, with named parameters: any Stewart platform of the dedicated module
/// in the general description (from_stewart), the Delta robot (delta, delta_rl5_1450), the
/// rotary hexapod 6-RUS (six_rus), the 3-PRS (three_prs), the planar 3-RRR (planar_3rrr) and the
/// five-bar (five_bar). Each parameter struct documents its defaults (SI units, radians); each
/// robot's home pose is assembled on its usual branch.
#include <numbers>
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

/// The parameters of six_rus (defaults: a desktop rotary hexapod of about 0.5 m across).
struct SixRusParameters {
  std::string name = "six_rus";  ///< the model's name
  /// m: distance of the motor axes' crank pivots from the base centre (plane z = 0).
  double base_radius = 0.20;
  /// m: distance of the platform's spherical joints from the platform centre (plane z = 0 of
  /// the platform frame).
  double platform_radius = 0.12;
  /// rad: angle about z between the two motors of a pair; the pairs are centred at 0, 120 and
  /// 240 degrees.
  double base_spacing = std::numbers::pi / 6;
  /// rad: angle about z between the two platform points of a pair; the pairs are centred at 60,
  /// 180 and 300 degrees, and each motor's rod goes to the nearer point of the neighbouring pair
  /// (the Stewart platform's 6-6 layout, legs leaning so that the platform resists torsion).
  double platform_spacing = std::numbers::pi / 6;
  double crank_length = 0.06;  ///< m: motor axis -> universal joint centre
  double rod_length = 0.24;    ///< m: universal joint centre -> spherical joint centre
  double crank_mass = 0.15;    ///< kg
  double crank_com = 0.025;    ///< m: the crank's centre of mass from the motor axis, along the crank
  /// kg m^2: the crank's inertia about the motor axis (at least crank_mass crank_com^2; taken
  /// as a slender bar: the same about the crank's other cross axis, none about its own axis).
  double crank_inertia = 1.2e-4;
  double rod_mass = 0.05;      ///< kg: a uniform slender rod (no inertia about its own axis)
  double motor_inertia = 1e-5; ///< kg m^2, motor side
  double gear_ratio = 1.0;     ///< motor angle per crank angle
  double motor_viscous = 0.0;  ///< N m s/rad, motor side
  double motor_coulomb = 0.0;  ///< N m, motor side, >= 0 (both directions)
  double cut_viscous = 0.0;    ///< N m s/rad: viscous friction of each spherical joint
  /// The platform's mass, COM (platform frame) and centroidal inertia (payload included).
  BodyInertia platform{1.0, Vector3d::Zero(), Vector3d(0.004, 0.004, 0.0075).asDiagonal()};
  Vector3d gravity = Vector3d(0.0, 0.0, -9.81);  ///< m/s^2, base frame
};

/// The rotary hexapod 6-RUS: six legs, each a revolute motor at the base (actuated, its axis
/// horizontal and tangent to the base circle, along x_i x z for x_i the radial direction, so
/// that a positive angle lifts the crank), a crank, a universal joint at the crank's end (its
/// first axis parallel to the motor's, its second across it; the rod perpendicular to the
/// second) and a rod to the spherical cut joint at the platform; spatial mobility. Leg chain:
/// joints q1 (motor), q2, q3 (universal joint), the rod along x of frame 3. Home pose: R =
/// identity, the platform at the height where every crank is horizontal and points outward (q1
/// = 0; the usual assembly: the rods rise inward from the cranks' ends). Throws
/// std::invalid_argument for parameters with no such pose (rods too short) or invalid numbers.
ParallelModel six_rus(const SixRusParameters& parameters = {});

/// The parameters of planar_3rrr (defaults: a table-top 3-RRR of about 1 m across).
struct Planar3rrrParameters {
  std::string name = "planar_3rrr";  ///< the model's name
  /// m: the motors' axes (along z) at this distance from the base origin, at 90, 210 and 330
  /// degrees about z.
  double base_radius = 0.5;
  /// m: the platform's revolute joints at this distance from its centre, at the same angles
  /// (platform frame).
  double platform_radius = 0.1;
  double proximal_length = 0.3;  ///< m: motor -> elbow
  double distal_length = 0.3;    ///< m: elbow -> platform joint
  double proximal_mass = 0.4;    ///< kg: a uniform slender bar
  double distal_mass = 0.3;      ///< kg: a uniform slender bar
  double motor_inertia = 2e-5;   ///< kg m^2, motor side
  double gear_ratio = 10.0;      ///< motor angle per joint angle
  double motor_viscous = 0.0;    ///< N m s/rad, motor side
  double motor_coulomb = 0.0;    ///< N m, motor side, >= 0 (both directions)
  double elbow_viscous = 0.0;    ///< N m s/rad: the passive elbow joints
  double cut_viscous = 0.0;      ///< N m s/rad: the platform's revolute joints
  /// The platform's mass, COM (platform frame) and centroidal inertia (payload included).
  BodyInertia platform{0.8, Vector3d::Zero(), Vector3d(0.001, 0.001, 0.002).asDiagonal()};
  /// m/s^2, base frame. The default: the robot lies on a table (gravity along -z, no work
  /// done); (0, -9.81, 0) stands it upright in its x-y plane.
  Vector3d gravity = Vector3d(0.0, 0.0, -9.81);
  /// The elbows' side: +1 (default) every elbow joint angle positive (each elbow clockwise from
  /// the line motor -> platform joint, seen from +z), -1 every one negative.
  int elbow = 1;
};

/// The planar 3-RRR: three legs in the base's x-y plane, each a revolute motor (actuated) at
/// base point i, a proximal bar, a passive elbow revolute, a distal bar and the platform's
/// revolute joint (the spherical cut: with the planar mobility its extra rotations do not
/// occur); Mobility::planar (x, y and the rotation about z). Home pose: the platform centred
/// at the base origin with R = identity, the elbows on the side `elbow` says. Throws
/// std::invalid_argument for a geometry that cannot close there.
ParallelModel planar_3rrr(const Planar3rrrParameters& parameters = {});

/// The parameters of five_bar (defaults: a table-top five-bar of about 0.5 m reach).
struct FiveBarParameters {
  std::string name = "five_bar";  ///< the model's name
  double base_spacing = 0.2;      ///< m: between the two motor axes, at (-/+ base_spacing/2, 0, 0)
  double proximal_length = 0.25;  ///< m: motor -> elbow
  double distal_length = 0.35;    ///< m: elbow -> end point
  double proximal_mass = 0.3;     ///< kg: a uniform slender bar
  double distal_mass = 0.2;       ///< kg: a uniform slender bar
  double motor_inertia = 2e-5;    ///< kg m^2, motor side
  double gear_ratio = 10.0;       ///< motor angle per joint angle
  double motor_viscous = 0.0;     ///< N m s/rad, motor side
  double motor_coulomb = 0.0;     ///< N m, motor side, >= 0 (both directions)
  double elbow_viscous = 0.0;     ///< N m s/rad: the passive elbow joints
  double payload_mass = 0.5;      ///< kg: a point mass at the end point (the "platform")
  double home_height = 0.4;       ///< m: the home end point (0, home_height, 0)
  /// m/s^2, base frame. The default: the robot lies on a table (gravity along -z, no work
  /// done); (0, -9.81, 0) stands it upright in its x-y plane.
  Vector3d gravity = Vector3d(0.0, 0.0, -9.81);
};

/// The five-bar: two legs in the base's x-y plane, each a revolute motor (actuated) at
/// (-/+ base_spacing/2, 0, 0), a proximal bar, a passive elbow revolute and a distal bar to the
/// end point, where the two legs meet (the spherical cut); the platform is the payload, a point
/// mass there; Mobility::planar_translation (x, y). Home pose: the end point at (0,
/// home_height, 0), the elbows outward (the usual "+-" working mode: leg 1's elbow left of the
/// line motor -> end point, leg 2's right). Throws std::invalid_argument for a home point out of
/// reach.
ParallelModel five_bar(const FiveBarParameters& parameters = {});

/// Named parameters of the 3-PRS (three vertical sliders, a revolute joint on each carriage with
/// its axis tangent to the base circle, a rod to a spherical joint at the platform; Tsai 1999,
/// "Robot Analysis"; Li & Xu 2005). The platform has 3 dof (z and the rotations about x and y);
/// its x, y and rotation about z are parasitic (dependent) motions the legs fix.
struct ThreePrsParameters {
  std::string name = "3prs";
  double base_radius = 0.15;      ///< m: the sliders' distance from the base centre
  double platform_radius = 0.08;  ///< m: the spherical joints' distance from the platform centre
  double rod_length = 0.20;       ///< m: from the carriage's revolute axis to the spherical joint
  double carriage_mass = 0.5;     ///< kg: each slider's carriage (a point on the slider axis)
  double rod_mass = 0.3;          ///< kg: each rod, a uniform slender rod
  double platform_mass = 1.5;     ///< kg: the platform (a uniform disc of platform_radius)
  double home_height = 0.35;      ///< m: the platform centre's height at home (R = identity)
  Vector3d gravity = Vector3d(0.0, 0.0, -9.81);  ///< m/s^2
};

/// The 3-PRS of `p`: sliders at 90, 210 and 330 degrees about z on the base circle (z = 0),
/// moving along +z (actuated, q = the carriage height), rods inclined inwards up to the platform;
/// spatial mobility, the legs fixing x, y and the rotation about z (model.dependent).
ParallelModel three_prs(const ThreePrsParameters& p = {});

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
