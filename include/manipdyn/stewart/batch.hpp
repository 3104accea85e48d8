#pragma once
/// \file batch.hpp
/// Stewart-platform inverse dynamics over many platform motions at once: motion i is row i of an
/// (N x 18) row-major array (core/batch_rows.hpp) with the columns
///   t (3, m) | rpy = [theta_x, theta_y, theta_z] (3, rad, R = Rz Ry Rx, pose.hpp) |
///   v (3, m/s) | omega (3, rad/s) | a (3, m/s^2) | alpha (3, rad/s^2)   (base frame),
/// and the actuator forces F (N x 6, N) written to a caller-owned array. Row i equals, bit for
/// bit, stewart::inverse_dynamics(which, model, data, motion_i, {}, options) (no external
/// wrench). The single-state function keeps its own checks (the singularity test on cond(H) is
/// per pose); the batch checks the shapes, every input entry ("motion[4, 7] is nan") and the
/// size bound once per call, and names the row of a failing pose ("row 12: ... singular").
/// Threads as in serial/batch.hpp: a static partition of the rows, one StewartData per thread,
/// results independent of the thread count.
#include <vector>

#include "manipdyn/core/batch_rows.hpp"
#include "manipdyn/stewart/data.hpp"
#include "manipdyn/stewart/model.hpp"

namespace manipdyn::stewart {

/// Columns of one motion row: t, rpy, v, omega, a, alpha (3 each).
inline constexpr int kMotionColumns = 18;

/// Options of inverse_dynamics_batch.
struct StewartBatchOptions {
  /// Threads: 0 = std::thread::hardware_concurrency(); never more than ceil(N / 16).
  int threads = 0;
  DynamicsModel model = DynamicsModel::dasgupta;  ///< Dasgupta 1998 or Pedrammehr 2012
  InverseDynamicsOptions inverse_dynamics;         ///< as for the single-pose call
};

/// The per-thread workspaces of inverse_dynamics_batch, made on first need and kept.
struct StewartBatchWorkspace {
  /// Makes sure there are `threads` workspaces; allocates only when more are needed.
  void prepare(const StewartModel& model, int threads);
  std::vector<StewartData> data;  ///< (threads) one workspace per thread
};

/// F_i (6) = inverse_dynamics(model, which, motion_i) for every row i of `motion` (N x 18);
/// F is N x 6. Throws std::invalid_argument for a wrong shape, a non-finite entry, a negative
/// thread count, an array above kMaxBatchBytes, or a pose the single call refuses (named by row).
void inverse_dynamics_batch(const StewartModel& model, StewartBatchWorkspace& workspace,
                            RowsIn motion, RowsOut F, const StewartBatchOptions& options = {});
/// The same with a workspace made for this call.
void inverse_dynamics_batch(const StewartModel& model, RowsIn motion, RowsOut F,
                            const StewartBatchOptions& options = {});

}  // namespace manipdyn::stewart
