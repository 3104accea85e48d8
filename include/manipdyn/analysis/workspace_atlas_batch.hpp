#pragma once
/// \file workspace_atlas_batch.hpp
/// The workspace atlas over many poses at once, through the batch layer (core/batch_rows.hpp;
/// issue 11, part 5; docs/stewart/atlas.md, "Batch"): pose i is row i of an (N x 6) row-major
/// array with the columns
///   t (3, m) | rpy = [theta_x, theta_y, theta_z] (3, rad, R = Rz Ry Rx, pose.hpp)  (base frame),
/// the first six columns of a stewart/batch.hpp motion row (the platform at rest). The atlas entry
/// of each pose is written to caller-owned output, either
///  - an (N x 8) row-major array, columns kAtlasColumnNames: reachable (1 or 0), limit (the
///    AtlasLimit code: 0 none, 1 length_min, 2 length_max, 3 u_joint_angle, 4 s_joint_angle,
///    5 singular), leg (1-based, 0 for none), condition_number, max_static_force,
///    max_envelope_force, max_u_joint_angle, max_s_joint_angle (NaN where AtlasPoint has NaN); or
///  - N AtlasPoint (std::span), as workspace_atlas uses it.
/// Row i is, bit for bit, evaluate_atlas_pose(model, limits, ws, t_i, rpy_to_rotation(rpy_i),
/// options.settings). The checks are done once per call: the shapes, every pose entry
/// ("poses[4, 5] is nan"), the size bound kMaxBatchBytes, the limits and the settings.
/// Threads as in stewart/batch.hpp: a static partition of the rows (parallel_rows), one
/// AtlasWorkspace per thread, results independent of the thread count. A warm workspace makes
/// the per-pose loop allocate nothing (a call on several threads allocates one small block).
#include <array>
#include <span>
#include <vector>

#include "manipdyn/analysis/workspace_atlas.hpp"
#include "manipdyn/core/batch_rows.hpp"

namespace manipdyn::analysis {

/// Columns of one pose row: t (3), rpy (3).
inline constexpr int kAtlasPoseColumns = 6;
/// Columns of one output row of the array form.
inline constexpr int kAtlasColumns = 8;
/// Names of the output columns (as in atlas.csv and the Python dict).
inline constexpr std::array<const char*, kAtlasColumns> kAtlasColumnNames{
    "reachable",        "limit",              "leg",               "condition_number",
    "max_static_force", "max_envelope_force", "max_u_joint_angle", "max_s_joint_angle"};

/// Options of atlas_poses_batch.
struct AtlasBatchOptions {
  /// Threads: 0 = std::thread::hardware_concurrency(); never more than ceil(N / 16). The
  /// results are the same for every value.
  int threads = 0;
  AtlasPoseSettings settings;  ///< dynamics model, envelope, forces, singular_condition
};

/// The per-thread workspaces of atlas_poses_batch, made on first need and kept.
struct AtlasBatchWorkspace {
  /// Makes sure there are `threads` workspaces; allocates only when more are needed.
  void prepare(int threads);
  std::vector<AtlasWorkspace> ws;  ///< (threads) one workspace per thread
};

/// The atlas entries of the N poses (rows of `poses`, N x 6) under `limits` into `out`
/// (N x 8, columns as in the file comment). Throws std::invalid_argument
/// ("atlas_poses_batch: ...") for a wrong shape, a non-finite pose entry (named by row and
/// column), a limit or setting out of range (named as options.settings.<field> or
/// limits[i].<field>), a negative thread count or an array above kMaxBatchBytes.
void atlas_poses_batch(const stewart::StewartModel& model, const AtlasLegLimits& limits,
                       AtlasBatchWorkspace& workspace, RowsIn poses, RowsOut out,
                       const AtlasBatchOptions& options = {});
/// The same into N AtlasPoint (`points.size()` must be N).
void atlas_poses_batch(const stewart::StewartModel& model, const AtlasLegLimits& limits,
                       AtlasBatchWorkspace& workspace, RowsIn poses, std::span<AtlasPoint> points,
                       const AtlasBatchOptions& options = {});
/// The array form with a workspace made for this call.
void atlas_poses_batch(const stewart::StewartModel& model, const AtlasLegLimits& limits,
                       RowsIn poses, RowsOut out, const AtlasBatchOptions& options = {});

}  // namespace manipdyn::analysis
