#pragma once
/// \file builtin_models.hpp
/// Parallel robots built in, with named parameters: any Stewart platform of the dedicated module
/// in the general description (from_stewart), and the instances of docs/parallel.md.
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

}  // namespace manipdyn::parallel
