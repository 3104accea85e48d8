#pragma once
/// \file lanes_run.hpp
/// The body of the lane path of inverse_dynamics_batch and gravity_torques_batch
/// (src/serial/batch_lanes.hpp), templated on the lane scalar: gather L::size rows into the lanes,
/// one call of the default algorithm, scatter. A tree or a free-flyer runs the tree body
/// (tree_inverse_dynamics_body.hpp), which branches on the structure only, the same in every lane,
/// and normalises each lane's quaternion without a branch (base_quaternion.hpp). Private to the two translation units that
/// instantiate it with their own instruction set: src/serial/inverse_dynamics_lanes.cpp (AVX2,
/// 4 lanes) and src/serial/inverse_dynamics_lanes_avx512.cpp (AVX-512, 8 lanes).
#include <cassert>
#include <optional>

#include "../core/lanes.hpp"
#include "batch_lanes.hpp"
#include "newton_euler_core.hpp"
#include "tree_inverse_dynamics_body.hpp"

// The Eigen types shared with the rest of the library must have the same layout here: CMake
// sets EIGEN_MAX_ALIGN_BYTES for the lane files to the library's (16 on baseline x86-64, 32 when
// the flags enable AVX2), since -mavx2 / -mavx512f alone would raise it to 32 / 64.
#if !defined(EIGEN_MAX_ALIGN_BYTES)
#error "lanes_run.hpp: EIGEN_MAX_ALIGN_BYTES must be set to the library's (see CMakeLists.txt)"
#endif

namespace manipdyn::detail {
namespace {

/// Lane j of x[k] = a(first + j, k), k < x.size(): L::size rows of a into the lanes.
template <typename L>
MANIPDYN_ALWAYS_INLINE void gather_rows(const RowsIn& a, Eigen::Index first, VectorX<L>& x) {
  for (Eigen::Index k = 0; k < x.size(); ++k)
    for (int j = 0; j < L::size; ++j) x[k][j] = a(first + j, k);
}

/// a(first + j, k) = lane j of x[k]: the lanes back into L::size rows of a (x is a vector, or
/// an n x n matrix read row by row, D(r, c) to column r n + c).
template <typename L, int R, int C>
MANIPDYN_ALWAYS_INLINE void scatter_rows(const Eigen::Matrix<L, R, C>& x, Eigen::Index first,
                                         RowsOut& a) {
  const Eigen::Index cols = x.cols();
  for (Eigen::Index r = 0; r < x.rows(); ++r)
    for (Eigen::Index c = 0; c < cols; ++c)
      for (int j = 0; j < L::size; ++j) a(first + j, r * cols + c) = x(r, c)[j];
}

/// The workspace of one lane scalar: the Data and the gathered rows' inputs.
template <typename L>
struct LaneData {
  explicit LaneData(const SerialModel& model)
      : data(model), q(model.nq()), qd(model.nv()), qdd(model.nv()) {}
  SerialDataTpl<L> data;  ///< the workspace of the lane call
  VectorX<L> q, qd, qdd;  ///< (nq, nv, nv) the inputs, lane j = row first + j
};

/// Gather rows first..first+L::size-1, one call of the default inverse dynamics, scatter.
template <typename L>
void run_lanes(const SerialModel& model, LaneData<L>& ws, const RowsIn& q, const RowsIn& qd,
               const RowsIn& qdd, RowsOut& tau, Eigen::Index first) {
  assert(ws.data.n == model.dof() && first + L::size <= q.rows());
  // gather: joint k of the rows into the lanes of q[k], qd[k], qdd[k]
  gather_rows(q, first, ws.q);
  gather_rows(qd, first, ws.qd);
  gather_rows(qdd, first, ws.qdd);
  // one call for all lanes (model gravity, no wrench: the same in every lane), the body that
  // inverse_dynamics runs for this model
  const Vector3<L> gravity(model.gravity.cast<L>());
  if (uses_tree_path(model))
    tree_inverse_dynamics<L>(model, ws.data, ws.q, ws.qd, ws.qdd, gravity, Vector6<L>::Zero(),
                             nullptr, DriveTerms::all, ws.data.tau);
  else
    fastest_inverse_dynamics<L>(model, ws.data, ws.q, ws.qd, ws.qdd, gravity, Vector6<L>::Zero());
  scatter_rows(ws.data.tau, first, tau);
}

/// Gather q of the rows, one call of gravity_torques' body (for a tree the recursive
/// Newton-Euler algorithm at rest without the drive, as gravity_torques), scatter.
template <typename L>
void run_gravity_lanes(const SerialModel& model, LaneData<L>& ws, const RowsIn& q, RowsOut& G,
                       Eigen::Index first) {
  assert(ws.data.n == model.dof() && first + L::size <= q.rows());
  gather_rows(q, first, ws.q);
  const Vector3<L> gravity(model.gravity.cast<L>());
  if (uses_tree_path(model)) {
    ws.data.qd_work.setZero();
    tree_inverse_dynamics<L>(model, ws.data, ws.q, ws.data.qd_work, ws.data.qd_work, gravity,
                             Vector6<L>::Zero(), nullptr, DriveTerms::none, ws.data.G);
  } else {
    fast_gravity_torques<L>(model, ws.data, ws.q, gravity);
  }
  scatter_rows(ws.data.G, first, G);
}

/// The workspaces of one lane width, exact and fast trigonometry, each made on first use (a warm
/// workspace allocates nothing).
template <typename LExact, typename LFast>
struct LaneDataPair {
  std::optional<LaneData<LExact>> exact;
  std::optional<LaneData<LFast>> fast;

  void inverse_dynamics(const SerialModel& model, const RowsIn& q, const RowsIn& qd,
                        const RowsIn& qdd, RowsOut& tau, Eigen::Index first, bool exact_trig) {
    if (exact_trig) {
      if (!exact) exact.emplace(model);
      run_lanes(model, *exact, q, qd, qdd, tau, first);
    } else {
      if (!fast) fast.emplace(model);
      run_lanes(model, *fast, q, qd, qdd, tau, first);
    }
  }

  void gravity_torques(const SerialModel& model, const RowsIn& q, RowsOut& G, Eigen::Index first,
                       bool exact_trig) {
    if (exact_trig) {
      if (!exact) exact.emplace(model);
      run_gravity_lanes(model, *exact, q, G, first);
    } else {
      if (!fast) fast.emplace(model);
      run_gravity_lanes(model, *fast, q, G, first);
    }
  }
};

}  // namespace
}  // namespace manipdyn::detail
