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

}  // namespace manipdyn::parallel
