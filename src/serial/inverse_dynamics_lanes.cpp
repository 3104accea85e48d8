/// \file inverse_dynamics_lanes.cpp
/// The default inverse dynamics (detail::fastest_inverse_dynamics, the body of
/// inverse_dynamics) and gravity_torques (detail::fast_gravity_torques) instantiated on the lane
/// scalars `Lanes` and `LanesFastTrig`
/// (src/core/lanes.hpp): four states per call, for inverse_dynamics_batch and
/// gravity_torques_batch with BatchOptions::simd (src/serial/batch_lanes.hpp).
/// This is the one file CMake compiles with -mavx2 -ffp-contract=off (and Eigen's alignment
/// held at the library's 16 bytes); without xsimd or off x86-64 it holds stubs that are never
/// called (batch_simd_available() is false).
#include "batch_lanes.hpp"

#include <cassert>
#include <optional>
#include <stdexcept>

#if MANIPDYN_SIMD_LANES

#include "../core/lanes.hpp"
#include "manipdyn/serial/detail/newton_euler_common.hpp"

// The Eigen types shared with the rest of the library must have the same layout here.
static_assert(alignof(Eigen::Matrix4d) == alignof(Eigen::Vector2d),
              "Eigen's alignment differs from the rest of the library (EIGEN_MAX_ALIGN_BYTES)");

namespace manipdyn {

namespace detail {

namespace {

/// The workspace of one lane scalar: the Data and the four rows' inputs.
template <typename L>
struct LaneData {
  explicit LaneData(const SerialModel& model)
      : data(model), q(model.dof()), qd(model.dof()), qdd(model.dof()) {}
  SerialDataTpl<L> data;   ///< the workspace of the lane call
  VectorX<L> q, qd, qdd;   ///< (n) the inputs, lane j = row first + j
};

/// Gather rows first..first+3, one call of the default inverse dynamics, scatter.
template <typename L>
void run_lanes(const SerialModel& model, LaneData<L>& ws, const RowsIn& q, const RowsIn& qd,
               const RowsIn& qdd, RowsOut& tau, Eigen::Index first) {
  const int n = model.dof();
  assert(ws.data.n == n && first + kLanes <= q.rows());
  // gather: joint k of rows first..first+3 into the lanes of q[k], qd[k], qdd[k]
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < kLanes; ++j) {
      ws.q[k][j] = q(first + j, k);
      ws.qd[k][j] = qd(first + j, k);
      ws.qdd[k][j] = qdd(first + j, k);
    }
  // one call for the four states (model gravity, no wrench: the same in every lane)
  fastest_inverse_dynamics<L>(model, ws.data, ws.q, ws.qd, ws.qdd,
                              Vector3<L>(model.gravity.cast<L>()), Vector6<L>::Zero());
  // scatter
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < kLanes; ++j) tau(first + j, k) = ws.data.tau[k][j];
}

/// Gather q of rows first..first+3, one call of gravity_torques' body, scatter.
template <typename L>
void run_gravity_lanes(const SerialModel& model, LaneData<L>& ws, const RowsIn& q, RowsOut& G,
                       Eigen::Index first) {
  const int n = model.dof();
  assert(ws.data.n == n && first + kLanes <= q.rows());
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < kLanes; ++j) ws.q[k][j] = q(first + j, k);
  fast_gravity_torques<L>(model, ws.data, ws.q, Vector3<L>(model.gravity.cast<L>()));
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < kLanes; ++j) G(first + j, k) = ws.data.G[k][j];
}

}  // namespace

/// One workspace per lane scalar, made on first use (a warm workspace allocates nothing).
struct LaneWorkspace {
  explicit LaneWorkspace(const SerialModel& m) : model_n(m.dof()) {}
  int model_n;
  std::optional<LaneData<Lanes>> exact;
  std::optional<LaneData<LanesFastTrig>> fast;
};

std::shared_ptr<LaneWorkspace> make_lane_workspace(const SerialModel& model) {
  return std::make_shared<LaneWorkspace>(model);
}

void inverse_dynamics_lanes(const SerialModel& model, LaneWorkspace& ws, const RowsIn& q,
                            const RowsIn& qd, const RowsIn& qdd, RowsOut& tau, Eigen::Index first,
                            bool exact_trig) {
  if (exact_trig) {
    if (!ws.exact) ws.exact.emplace(model);
    run_lanes(model, *ws.exact, q, qd, qdd, tau, first);
  } else {
    if (!ws.fast) ws.fast.emplace(model);
    run_lanes(model, *ws.fast, q, qd, qdd, tau, first);
  }
}

void gravity_torques_lanes(const SerialModel& model, LaneWorkspace& ws, const RowsIn& q,
                           RowsOut& G, Eigen::Index first, bool exact_trig) {
  if (exact_trig) {
    if (!ws.exact) ws.exact.emplace(model);
    run_gravity_lanes(model, *ws.exact, q, G, first);
  } else {
    if (!ws.fast) ws.fast.emplace(model);
    run_gravity_lanes(model, *ws.fast, q, G, first);
  }
}

}  // namespace detail

}  // namespace manipdyn

#else  // no lane path in this build

namespace manipdyn::detail {

struct LaneWorkspace {};

std::shared_ptr<LaneWorkspace> make_lane_workspace(const SerialModel&) { return nullptr; }

void inverse_dynamics_lanes(const SerialModel&, LaneWorkspace&, const RowsIn&, const RowsIn&,
                            const RowsIn&, RowsOut&, Eigen::Index, bool) {
  throw std::logic_error("inverse_dynamics_lanes: built without the SIMD lane path");
}

void gravity_torques_lanes(const SerialModel&, LaneWorkspace&, const RowsIn&, RowsOut&,
                           Eigen::Index, bool) {
  throw std::logic_error("gravity_torques_lanes: built without the SIMD lane path");
}

}  // namespace manipdyn::detail

#endif
