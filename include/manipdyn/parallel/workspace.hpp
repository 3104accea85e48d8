#pragma once
/// \file workspace.hpp
/// The workspace atlas of a parallel robot: on a grid of platform positions at one orientation,
/// whether the pose is reachable (every leg closes within its joints' limits q_min..q_max, no
/// singularity), how far it is from each kind of singularity (forward_kinematics.hpp:
/// Conditioning) and the actuator forces that hold the platform still against gravity (the
/// static inverse dynamics). Not a hot path: the result holds std::vector columns.
#include <string>
#include <vector>

#include "manipdyn/core/types.hpp"
#include "manipdyn/parallel/model.hpp"

namespace manipdyn::parallel {

/// Options of workspace_atlas.
struct WorkspaceAtlasOptions {
  Vector3d lower = Vector3d::Zero();  ///< m: the grid's lower corner (base frame); lower = upper = 0: the home position +- 0.5 m in x and y
  Vector3d upper = Vector3d::Zero();  ///< m: the grid's upper corner
  Eigen::Vector3i cells = Eigen::Vector3i(21, 21, 1);  ///< points per axis (each >= 1; at most 1e6 points in all)
  /// the platform's orientation at every point (identity: the only one of a translating platform)
  Matrix3d R = Matrix3d::Identity();
  /// poses whose actuation conditioning is below this count as singular (unreachable)
  double singular_conditioning = 1e-3;
};

/// Why a point of the atlas is unreachable.
enum class AtlasReason { reachable, leg_cannot_close, joint_limit, singular };

/// One column per quantity, one row per grid point (x fastest, then y, then z).
struct WorkspaceAtlas {
  std::vector<Vector3d> position;           ///< platform position of the point (m)
  std::vector<AtlasReason> reason;          ///< reachable or why not
  std::vector<int> leg;                     ///< the leg that failed (-1 when reachable or singular)
  std::vector<int> joint;                   ///< the joint beyond its limit (-1 otherwise)
  std::vector<double> actuation_conditioning;  ///< Conditioning::actuation (0 where no leg closes)
  std::vector<double> leg_conditioning;        ///< Conditioning::legs (0 where no leg closes)
  std::vector<VectorXd> static_forces;      ///< actuator forces holding the platform still (empty where unreachable)
  int reachable_count = 0;                  ///< points reachable
};

/// The atlas of `model` on the grid of `options` (the legs followed from point to point along
/// the grid, restarted from their home assembly where a point failed). Throws
/// std::invalid_argument for a bad grid (non-finite corners, lower > upper, cells < 1, more than
/// 1e6 points) or an orientation the mobility forbids.
WorkspaceAtlas workspace_atlas(const ParallelModel& model, const WorkspaceAtlasOptions& options = {});

/// "reachable", "leg_cannot_close", "joint_limit", "singular".
const char* to_string(AtlasReason reason);

}  // namespace manipdyn::parallel
