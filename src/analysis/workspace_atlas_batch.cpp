/// \file workspace_atlas_batch.cpp
/// The workspace atlas over many poses (analysis/workspace_atlas_batch.hpp): checks once per
/// call, then evaluate_atlas_pose row by row on parallel_rows' static partition.
#include "manipdyn/analysis/workspace_atlas_batch.hpp"

#include <string>
#include <string_view>

#include "manipdyn/stewart/pose.hpp"
#include "workspace_atlas_checks.hpp"

namespace manipdyn::analysis {
namespace {

constexpr const char* kWhere = "atlas_poses_batch";

// The shape of the poses and the size bound.
void check_poses_shape(RowsIn poses) {
  const Eigen::Index N = poses.rows();
  if (poses.cols() != kAtlasPoseColumns)
    check_batch_shape(kWhere, "poses", poses, N, kAtlasPoseColumns, "N rows of t, rpy (3 each)");
  check_batch_size(kWhere, "poses", static_cast<double>(N), kAtlasPoseColumns);
}

// The checks after the shapes: pose entries, limits, settings; returns the thread count.
int checked_threads(const AtlasLegLimits& limits, RowsIn poses, const AtlasBatchOptions& options) {
  const Eigen::Index N = poses.rows();
  check_batch_finite(kWhere, "poses", poses);
  detail::check_atlas_limits(limits, kWhere, "limits");
  detail::check_atlas_settings(options.settings, kWhere, "options.settings.");
  return batch_threads(kWhere, options.threads, N);
}

// Every row: the pose from its 6 columns, then evaluate_atlas_pose with the thread's
// workspace; store(i, point) writes the result.
template <typename Store>
void run_rows(const stewart::StewartModel& model, const AtlasLegLimits& limits,
              AtlasBatchWorkspace& workspace, RowsIn poses, const AtlasBatchOptions& options,
              int threads, Store&& store) {
  const Eigen::Index N = poses.rows();
  if (N == 0) return;
  workspace.prepare(threads);
  parallel_rows(kWhere, N, threads, [&](int t, Eigen::Index i) {
    const double* r = poses.data() + i * poses.outerStride();
    const Matrix3d R = stewart::rpy_to_rotation<double>(Vector3d(r[3], r[4], r[5]));
    AtlasWorkspace& ws = workspace.ws[static_cast<std::size_t>(t)];
    store(i, evaluate_atlas_pose(model, limits, ws, Vector3d(r[0], r[1], r[2]), R,
                                 options.settings));
  });
}

}  // namespace

void AtlasBatchWorkspace::prepare(int threads) {
  const auto count = static_cast<std::size_t>(threads);
  if (ws.size() >= count) return;
  ws.resize(count);
}

void atlas_poses_batch(const stewart::StewartModel& model, const AtlasLegLimits& limits,
                       AtlasBatchWorkspace& workspace, RowsIn poses, RowsOut out,
                       const AtlasBatchOptions& options) {
  const Eigen::Index N = poses.rows();
  check_poses_shape(poses);
  if (out.rows() != N || out.cols() != kAtlasColumns)
    check_batch_shape(kWhere, "out", out, N, kAtlasColumns,
                      "the output: N rows as poses, 8 atlas columns");
  const int threads = checked_threads(limits, poses, options);
  // Columns as kAtlasColumnNames; codes as in atlas.csv (leg 1-based, 0 for none).
  run_rows(model, limits, workspace, poses, options, threads, [&](Eigen::Index i, const AtlasPoint& p) {
    double* o = out.data() + i * out.outerStride();
    o[0] = p.reachable ? 1.0 : 0.0;
    o[1] = static_cast<double>(static_cast<int>(p.limit));
    o[2] = static_cast<double>(p.leg + 1);
    o[3] = p.condition_number;
    o[4] = p.max_static_force;
    o[5] = p.max_envelope_force;
    o[6] = p.max_u_joint_angle;
    o[7] = p.max_s_joint_angle;
  });
}

void atlas_poses_batch(const stewart::StewartModel& model, const AtlasLegLimits& limits,
                       AtlasBatchWorkspace& workspace, RowsIn poses, std::span<AtlasPoint> points,
                       const AtlasBatchOptions& options) {
  const Eigen::Index N = poses.rows();
  check_poses_shape(poses);
  if (static_cast<Eigen::Index>(points.size()) != N)
    throw std::invalid_argument(std::string(kWhere) + ": points has size " +
                                std::to_string(points.size()) + ", expected " + std::to_string(N) +
                                " (one per row of poses)");
  const int threads = checked_threads(limits, poses, options);
  run_rows(model, limits, workspace, poses, options, threads,
           [&](Eigen::Index i, const AtlasPoint& p) { points[static_cast<std::size_t>(i)] = p; });
}

void atlas_poses_batch(const stewart::StewartModel& model, const AtlasLegLimits& limits,
                       RowsIn poses, RowsOut out, const AtlasBatchOptions& options) {
  AtlasBatchWorkspace workspace;
  atlas_poses_batch(model, limits, workspace, poses, out, options);
}

}  // namespace manipdyn::analysis
