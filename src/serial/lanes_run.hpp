#pragma once
/// \file lanes_run.hpp
/// The body of the lane path of inverse_dynamics_batch and gravity_torques_batch
/// (src/serial/batch_lanes.hpp), templated on the lane scalar: gather L::size rows into the lanes,
/// one call of the default algorithm, scatter. Private to the two translation units that
/// instantiate it with their own instruction set: src/serial/inverse_dynamics_lanes.cpp (AVX2,
/// 4 lanes) and src/serial/inverse_dynamics_lanes_avx512.cpp (AVX-512, 8 lanes).
#include <cassert>
#include <optional>

#include "../core/lanes.hpp"
#include "batch_lanes.hpp"
#include "newton_euler_core.hpp"

// The Eigen types shared with the rest of the library must have the same layout here: CMake
// sets EIGEN_MAX_ALIGN_BYTES for the lane files to the library's (16 on baseline x86-64, 32 when
// the flags enable AVX2), since -mavx2 / -mavx512f alone would raise it to 32 / 64.
#if !defined(EIGEN_MAX_ALIGN_BYTES)
#error "lanes_run.hpp: EIGEN_MAX_ALIGN_BYTES must be set to the library's (see CMakeLists.txt)"
#endif

namespace manipdyn::detail {
namespace {

/// The workspace of one lane scalar: the Data and the gathered rows' inputs.
template <typename L>
struct LaneData {
  explicit LaneData(const SerialModel& model)
      : data(model), q(model.dof()), qd(model.dof()), qdd(model.dof()) {}
  SerialDataTpl<L> data;  ///< the workspace of the lane call
  VectorX<L> q, qd, qdd;  ///< (n) the inputs, lane j = row first + j
};

/// Gather rows first..first+L::size-1, one call of the default inverse dynamics, scatter.
template <typename L>
void run_lanes(const SerialModel& model, LaneData<L>& ws, const RowsIn& q, const RowsIn& qd,
               const RowsIn& qdd, RowsOut& tau, Eigen::Index first) {
  constexpr int lanes = L::size;
  const int n = model.dof();
  assert(ws.data.n == n && first + lanes <= q.rows());
  // gather: joint k of the rows into the lanes of q[k], qd[k], qdd[k]
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < lanes; ++j) {
      ws.q[k][j] = q(first + j, k);
      ws.qd[k][j] = qd(first + j, k);
      ws.qdd[k][j] = qdd(first + j, k);
    }
  // one call for all lanes (model gravity, no wrench: the same in every lane)
  fastest_inverse_dynamics<L>(model, ws.data, ws.q, ws.qd, ws.qdd,
                              Vector3<L>(model.gravity.cast<L>()), Vector6<L>::Zero());
  // scatter
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < lanes; ++j) tau(first + j, k) = ws.data.tau[k][j];
}

/// Gather q of the rows, one call of gravity_torques' body, scatter.
template <typename L>
void run_gravity_lanes(const SerialModel& model, LaneData<L>& ws, const RowsIn& q, RowsOut& G,
                       Eigen::Index first) {
  constexpr int lanes = L::size;
  const int n = model.dof();
  assert(ws.data.n == n && first + lanes <= q.rows());
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < lanes; ++j) ws.q[k][j] = q(first + j, k);
  fast_gravity_torques<L>(model, ws.data, ws.q, Vector3<L>(model.gravity.cast<L>()));
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < lanes; ++j) G(first + j, k) = ws.data.G[k][j];
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
