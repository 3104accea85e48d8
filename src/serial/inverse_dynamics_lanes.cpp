/// \file inverse_dynamics_lanes.cpp
/// The default inverse dynamics (detail::fastest_inverse_dynamics, the body of
/// inverse_dynamics) and gravity_torques (detail::fast_gravity_torques) instantiated on the
/// four-lane scalars `Lanes` and `LanesFastTrig` (src/core/lanes.hpp, src/serial/lanes_run.hpp),
/// for inverse_dynamics_batch and gravity_torques_batch with BatchOptions::simd
/// (src/serial/batch_lanes.hpp); eight lanes go on to inverse_dynamics_lanes_avx512.cpp.
/// CMake compiles this file with -mavx2 -mfma -ffp-contract=off (and Eigen's alignment held at
/// the library's 16 bytes); without xsimd or off x86-64 it holds stubs that are never called
/// (batch_simd_lanes() is 0).
#include "batch_lanes.hpp"

#include <stdexcept>

#if MANIPDYN_SIMD_LANES

#include "lanes_run.hpp"

namespace manipdyn::detail {

/// The workspaces of both widths, each made on first use.
struct LaneWorkspace {
  LaneDataPair<Lanes, LanesFastTrig> four;
  std::shared_ptr<Lane8Workspace> eight;
  std::shared_ptr<DerivativeLaneWorkspace> derivatives;  ///< derivatives_lanes.cpp's
};

std::shared_ptr<DerivativeLaneWorkspace>& derivative_lane_workspace(LaneWorkspace& ws) {
  return ws.derivatives;
}

std::shared_ptr<LaneWorkspace> make_lane_workspace(const SerialModel&) {
  return std::make_shared<LaneWorkspace>();
}

void inverse_dynamics_lanes(const SerialModel& model, LaneWorkspace& ws, const RowsIn& q,
                            const RowsIn& qd, const RowsIn& qdd, RowsOut& tau, Eigen::Index first,
                            bool exact_trig, int lanes) {
  if (lanes == 8) {
    if (!ws.eight) ws.eight = make_lane8_workspace(model);
    inverse_dynamics_lanes8(model, *ws.eight, q, qd, qdd, tau, first, exact_trig);
    return;
  }
  ws.four.inverse_dynamics(model, q, qd, qdd, tau, first, exact_trig);
}

void gravity_torques_lanes(const SerialModel& model, LaneWorkspace& ws, const RowsIn& q,
                           RowsOut& G, Eigen::Index first, bool exact_trig, int lanes) {
  if (lanes == 8) {
    if (!ws.eight) ws.eight = make_lane8_workspace(model);
    gravity_torques_lanes8(model, *ws.eight, q, G, first, exact_trig);
    return;
  }
  ws.four.gravity_torques(model, q, G, first, exact_trig);
}

}  // namespace manipdyn::detail

#else  // no lane path in this build

namespace manipdyn::detail {

struct LaneWorkspace {};

std::shared_ptr<DerivativeLaneWorkspace>& derivative_lane_workspace(LaneWorkspace&) {
  throw std::logic_error("derivative_lane_workspace: built without the SIMD lane path");
}

std::shared_ptr<LaneWorkspace> make_lane_workspace(const SerialModel&) { return nullptr; }

void inverse_dynamics_lanes(const SerialModel&, LaneWorkspace&, const RowsIn&, const RowsIn&,
                            const RowsIn&, RowsOut&, Eigen::Index, bool, int) {
  throw std::logic_error("inverse_dynamics_lanes: built without the SIMD lane path");
}

void gravity_torques_lanes(const SerialModel&, LaneWorkspace&, const RowsIn&, RowsOut&,
                           Eigen::Index, bool, int) {
  throw std::logic_error("gravity_torques_lanes: built without the SIMD lane path");
}

}  // namespace manipdyn::detail

#endif
