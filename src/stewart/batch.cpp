/// \file batch.cpp
/// Stewart inverse dynamics over many motions (stewart/batch.hpp): checks once per call, then
/// the single-pose inverse dynamics row by row on parallel_rows' static partition.
#include "manipdyn/stewart/batch.hpp"

#include <string>
#include <string_view>

#include "manipdyn/stewart/inverse_dynamics.hpp"
#include "manipdyn/stewart/pose.hpp"

namespace manipdyn::stewart {

void StewartBatchWorkspace::prepare(const StewartModel& model, int threads) {
  const auto count = static_cast<std::size_t>(threads);
  if (data.size() >= count) return;
  data.reserve(count);
  while (data.size() < count) data.emplace_back(model);
}

void inverse_dynamics_batch(const StewartModel& model, StewartBatchWorkspace& workspace,
                            RowsIn motion, RowsOut F, const StewartBatchOptions& options) {
  constexpr std::string_view where = "inverse_dynamics_batch";
  const Eigen::Index N = motion.rows();
  // Shapes, the size bound and the finiteness of the inputs, once.
  if (motion.cols() != kMotionColumns)
    check_batch_shape(where, "motion", motion, N, kMotionColumns,
                      "N rows of t, rpy, v, omega, a, alpha (3 each)");
  check_batch_size(where, "motion", static_cast<double>(N), kMotionColumns);
  if (F.rows() != N || F.cols() != 6)
    check_batch_shape(where, "F", F, N, 6, "the output: N rows as motion, 6 leg forces");
  check_batch_finite(where, "motion", motion);
  const int threads = batch_threads(where, options.threads, N);
  if (N == 0) return;
  workspace.prepare(model, threads);
  // Each row: the motion from its 18 columns, then the single-pose inverse dynamics.
  parallel_rows(where, N, threads, [&](int t, Eigen::Index i) {
    const double* r = motion.data() + i * motion.outerStride();
    PlatformMotion m;
    m.t = Vector3d(r[0], r[1], r[2]);
    m.R = rpy_to_rotation<double>(Vector3d(r[3], r[4], r[5]));
    m.v = Vector3d(r[6], r[7], r[8]);
    m.omega = Vector3d(r[9], r[10], r[11]);
    m.a = Vector3d(r[12], r[13], r[14]);
    m.alpha = Vector3d(r[15], r[16], r[17]);
    StewartData& data = workspace.data[static_cast<std::size_t>(t)];
    F.row(i) = inverse_dynamics(options.model, model, data, m, ExternalWrench{},
                                options.inverse_dynamics)
                   .transpose();
  });
}

void inverse_dynamics_batch(const StewartModel& model, RowsIn motion, RowsOut F,
                            const StewartBatchOptions& options) {
  StewartBatchWorkspace workspace;
  inverse_dynamics_batch(model, workspace, motion, F, options);
}

}  // namespace manipdyn::stewart
