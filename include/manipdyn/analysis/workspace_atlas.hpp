#pragma once
/// \file workspace_atlas.hpp
/// The workspace atlas of a Stewart platform (issue 11, part 5; docs/stewart/atlas.md): over a
/// grid of platform positions at a list of orientations, the set reachable under the legs'
/// stroke and U- and S-joint cone limits, and at each reachable pose cond(H), the largest static
/// leg force and the largest leg force over a box of platform accelerations.
///
/// Definitions (all at zero platform velocity):
///  - leg vector S_i = R p_i + t - b_i, length L_i = |S_i|, axis s_i = S_i / L_i (Dasgupta 1998
///    eqs. 1-3);
///  - U-joint angle of leg i: the angle between s_i and the U joint's mounting normal n_u,i
///    (base frame), atan2(|s_i x n_u,i|, s_i . n_u,i), in [0, pi];
///  - S-joint angle of leg i: the angle between -s_i (from the platform point down the leg) and
///    the S joint's mounting normal R n_s,i (n_s,i in the platform frame), in [0, pi];
///  - a pose is reachable when every leg satisfies length_min <= L_i <= length_max and both
///    joint angles are <= their limits (boundaries included), and the pose is not singular
///    (the inverse dynamics solves: cond(H) <= singular_condition and no leg along its U-joint
///    axis). The first violated limit is reported in the order leg 1..6 and, per leg,
///    length_min, length_max, u_joint_angle, s_joint_angle; `singular` last;
///  - static force: F(0), the inverse dynamics (options.dynamics) at rest under gravity;
///  - envelope force: the leg forces are affine in the platform acceleration xdd = [a; alpha]
///    (forward_dynamics.hpp): F(xdd) = F(0) + G xdd with G = H^-1 Lambda (Lambda the task-space
///    inertia, Lambda = H G). Over the box |xdd_k| <= A_k the largest |F_i| is attained at a
///    vertex (an affine function's maximum over a box), and equals exactly
///    |F_i(0)| + sum_k |G_ik| A_k (take xdd_k = sign(F_i(0)) sign(G_ik) A_k).
///
/// The evaluation of one pose (evaluate_atlas_pose) uses one reused AtlasWorkspace and allocates
/// nothing (except when a singular pose throws inside the inverse dynamics); atlas_poses_batch
/// (workspace_atlas_batch.hpp) runs it over any (N x 6) array of poses on several threads, and
/// workspace_atlas runs through it.
#include <array>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "manipdyn/core/types.hpp"
#include "manipdyn/stewart/data.hpp"
#include "manipdyn/stewart/model.hpp"

namespace manipdyn::analysis {

/// Which limit makes a pose unreachable.
enum class AtlasLimit { none, length_min, length_max, u_joint_angle, s_joint_angle, singular };

/// "none", "length_min", "length_max", "u_joint_angle", "s_joint_angle", "singular".
const char* to_string(AtlasLimit limit);

/// The limits of the six legs used by an atlas.
using AtlasLegLimits = std::array<stewart::LegLimits, stewart::kLegs>;

/// The box of platform accelerations: |a_k| <= linear_k (m/s^2, base frame, acceleration of the
/// platform-frame origin) and |alpha_k| <= angular_k (rad/s^2, base frame); each entry >= 0.
struct AccelerationEnvelope {
  Vector3d linear = Vector3d::Constant(2.0);   ///< m/s^2 (3)
  Vector3d angular = Vector3d::Constant(5.0);  ///< rad/s^2 (3)
};

/// Defaults of the atlas limits for a platform whose model carries none.
struct AtlasDefaultLimits {
  /// Half stroke h (m) of each leg around its home length: length in [L_home - h, L_home + h];
  /// NaN = half_stroke_fraction x the mean home leg length.
  double half_stroke = std::numeric_limits<double>::quiet_NaN();
  double half_stroke_fraction = 0.2;     ///< used when half_stroke is NaN; in (0, 1)
  double u_joint_angle_max = 0.6981317007977318;  ///< rad (40 deg); in (0, pi]
  double s_joint_angle_max = 0.5235987755982988;  ///< rad (30 deg); in (0, pi]
};

/// True if any leg of `model` has a finite limit (length_min > 0, a finite length_max or a
/// finite joint angle limit); force_max is not a workspace limit and is not looked at.
bool has_workspace_limits(const stewart::StewartModel& model);

/// The documented default limits: home pose H of platform_home_pose (platform_datasheet.hpp;
/// R = identity), home leg lengths L_home,i and axes s_home,i; length_min = max(0, L_home,i - h),
/// length_max = L_home,i + h; U-joint normal n_u,i = s_home,i (base frame), S-joint normal
/// n_s,i = -s_home,i (platform frame, R = identity at home): both joints sit at the middle of
/// their cones at home; cone half-angles from `spec`; force_max unlimited. Throws
/// std::invalid_argument naming the field of `spec` out of range.
AtlasLegLimits atlas_default_limits(const stewart::StewartModel& model,
                                    const AtlasDefaultLimits& spec = {});

/// The U-joint angle (rad, [0, pi]) between the unit leg axis s (3) and the mounting normal
/// n_u (3, unit), both in the base frame: atan2(|s x n_u|, s . n_u).
double u_joint_angle(const Vector3d& s, const Vector3d& u_normal);
/// The S-joint angle (rad, [0, pi]) between -s (3, base frame) and R n_s (n_s unit, platform
/// frame; R platform -> base).
double s_joint_angle(const Vector3d& s, const Matrix3d& R, const Vector3d& s_normal);

/// Largest |F_i| of F(xdd) = F0 + G xdd over the box |xdd_k| <= A_k, per leg (6): the closed
/// form |F0_i| + sum_k |G_ik| A_k (file comment). F0 (6), G (6 x 6), A (6, >= 0).
Vector6d envelope_force_bound(const Vector6d& F0, const Matrix6<double>& G, const Vector6d& A);

/// The per-pose workspace (fixed sizes; build once, reuse for every pose).
struct AtlasWorkspace {
  stewart::StewartData data;   ///< inverse dynamics and task-space inertia buffers
  Matrix6<double> G = Matrix6<double>::Zero();       ///< dF/dxdd = H^-1 Lambda at the last pose (6 x 6)
  Vector6d F_static = Vector6d::Zero();  ///< F(0) at the last reachable pose, N (6)
  Vector6d L = Vector6d::Zero();         ///< leg lengths at the last pose, m (6)
  Vector6d u_angle = Vector6d::Zero();   ///< U-joint angles at the last pose, rad (6)
  Vector6d s_angle = Vector6d::Zero();   ///< S-joint angles at the last pose, rad (6)
};

/// The atlas entry of one pose.
struct AtlasPoint {
  bool reachable = false;               ///< within every limit and not singular
  AtlasLimit limit = AtlasLimit::none;  ///< the first limit violated (file comment)
  int leg = -1;                         ///< 0-based leg of that limit; -1 for none or singular
  double condition_number = std::numeric_limits<double>::quiet_NaN();   ///< cond(H); NaN if not reachable
  double max_static_force = std::numeric_limits<double>::quiet_NaN();   ///< max_i |F_i(0)|, N
  double max_envelope_force = std::numeric_limits<double>::quiet_NaN(); ///< max_i over the envelope, N
  double max_u_joint_angle = 0;         ///< max_i U-joint angle, rad (every pose)
  double max_s_joint_angle = 0;         ///< max_i S-joint angle, rad (every pose)
};

/// Settings of the per-pose evaluation.
struct AtlasPoseSettings {
  stewart::DynamicsModel dynamics = stewart::DynamicsModel::dasgupta;  ///< model of the forces
  AccelerationEnvelope envelope;        ///< the box of accelerations
  bool forces = true;                   ///< false: reachability and joint angles only
  double singular_condition = 1e12;     ///< cond(H) above this counts as singular
};

/// Evaluates one pose (position t (3, m), rotation R (3x3), at rest) against `limits`, using
/// `ws` (results also in ws.L, ws.u_angle, ws.s_angle, ws.F_static, ws.G). No allocation for a
/// regular pose. Inputs are trusted (evaluate through workspace_atlas for checked input).
AtlasPoint evaluate_atlas_pose(const stewart::StewartModel& model, const AtlasLegLimits& limits,
                               AtlasWorkspace& ws, const Vector3d& t, const Matrix3d& R,
                               const AtlasPoseSettings& settings = {});

/// Options of workspace_atlas.
struct WorkspaceAtlasOptions {
  /// Grid box corners (m, base frame); NaN entries take the default: home +- 0.5 r in x and y,
  /// home +- 0.35 r in z (r = platform_size, the home pose of platform_home_pose).
  Vector3d lower = Vector3d::Constant(std::numeric_limits<double>::quiet_NaN());
  Vector3d upper = Vector3d::Constant(std::numeric_limits<double>::quiet_NaN());
  std::array<int, 3> resolution{21, 21, 21};  ///< grid points along x, y, z; each in 2..1001
  std::vector<Vector3d> orientations{Vector3d::Zero()};  ///< RPY angles (rad), at least one
  AtlasPoseSettings settings;          ///< dynamics model, envelope, forces
  /// Leg limits: `limits` if use_given_limits, else the model's if it has any
  /// (has_workspace_limits), else atlas_default_limits(model, default_limits).
  bool use_given_limits = false;
  AtlasLegLimits limits{};             ///< used when use_given_limits
  AtlasDefaultLimits default_limits;   ///< used when neither the given nor the model's limits are
  double max_poses = 2e6;              ///< the work bound: grid points x orientations, checked first
  /// Threads of the pose evaluation (atlas_poses_batch, workspace_atlas_batch.hpp): 0 = one per
  /// hardware thread; the atlas is the same, bit for bit, for every value.
  int threads = 0;
};

/// The leg limits workspace_atlas uses for `options`: options.limits if use_given_limits, else
/// the model's if it has any (has_workspace_limits), else atlas_default_limits(model,
/// options.default_limits); the given and the model's checked (throws
/// std::invalid_argument("workspace_atlas: options.limits[i].<field> ...") naming the field) and
/// their joint normals made unit. `rule`, if not null, is set to "given", "model" or "default".
AtlasLegLimits atlas_limits(const stewart::StewartModel& model, const WorkspaceAtlasOptions& options,
                            std::string* rule = nullptr);

/// Summary of one orientation.
struct AtlasSummary {
  Vector3d rpy = Vector3d::Zero();  ///< rad
  long points = 0;                  ///< grid points
  long reachable = 0;               ///< reachable points
  double volume = 0;                ///< reachable x cell_volume, m^3
  double max_condition_number = 0;  ///< over reachable points (0 if none)
  double max_static_force = 0;      ///< N, over reachable points
  double max_envelope_force = 0;    ///< N, over reachable points
};

/// The atlas.
struct WorkspaceAtlas {
  std::string name;                     ///< the model's name
  std::vector<double> x, y, z;          ///< grid coordinates, m (nx, ny, nz)
  double cell_volume = 0;               ///< dx dy dz, m^3
  std::vector<Vector3d> orientations;   ///< RPY, rad
  AtlasLegLimits limits{};              ///< the limits used
  std::string limits_rule;              ///< "given", "model" or "default"
  AtlasPoseSettings settings;           ///< as used
  /// One entry per pose, index ((o nz + k) ny + j) nx + i for orientation o and x[i], y[j], z[k].
  std::vector<AtlasPoint> points;
  std::vector<AtlasSummary> summary;    ///< one per orientation
  /// Index of the point (orientation o, x[i], y[j], z[k]) in `points`.
  std::size_t index(std::size_t o, std::size_t i, std::size_t j, std::size_t k) const {
    return ((o * z.size() + k) * y.size() + j) * x.size() + i;
  }
};

/// The atlas over the grid of `options` (checked first: ranges finite with lower < upper,
/// resolution in 2..1001, at least one finite orientation, envelope entries finite and >= 0,
/// singular_condition > 1, the limits valid, and grid points x orientations <= max_poses
/// before anything is allocated). Throws std::invalid_argument("workspace_atlas: options.<field>
/// ...") naming the option. The poses are evaluated by atlas_poses_batch
/// (workspace_atlas_batch.hpp) on options.threads threads, in blocks of 16384 grid points.
WorkspaceAtlas workspace_atlas(const stewart::StewartModel& model,
                               const WorkspaceAtlasOptions& options = {});

/// Writes atlas.csv (one row per pose: orientation,roll,pitch,yaw,x,y,z,reachable,limit,leg,
/// condition_number,max_static_force,max_envelope_force,max_u_joint_angle,max_s_joint_angle;
/// leg 1-based, 0 for none), summary.csv (orientation,roll,pitch,yaw,points,reachable,
/// cell_volume,volume,max_condition_number,max_static_force,max_envelope_force) and limits.csv
/// (leg,length_min,length_max,u_joint_angle_max,s_joint_angle_max,u_normal_x..z,s_normal_x..z,
/// rule) into `folder` (created if missing); returns the paths. Throws std::runtime_error
/// naming a file that cannot be written.
std::vector<std::filesystem::path> write_workspace_atlas_csv(const WorkspaceAtlas& atlas,
                                                             const std::filesystem::path& folder);

}  // namespace manipdyn::analysis
