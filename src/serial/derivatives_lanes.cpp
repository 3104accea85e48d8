/// \file derivatives_lanes.cpp
/// inverse_dynamics_derivatives_body and forward_dynamics_derivatives_body instantiated on the
/// four-lane scalar `Lanes` (exact trigonometry) (src/core/lanes.hpp,
/// src/serial/derivatives_lanes_run.hpp), for inverse_ and forward_dynamics_derivatives_batch with
/// BatchOptions::simd (src/serial/batch_lanes.hpp); eight lanes go on to
/// derivatives_lanes_avx512.cpp. CMake compiles this file as inverse_dynamics_lanes.cpp (-mavx2
/// -mfma -ffp-contract=off, Eigen's alignment held at the library's); without the lane path it
/// holds stubs that are never called.
#include "batch_lanes.hpp"

#include <stdexcept>

#if MANIPDYN_SIMD_LANES

#include "derivatives_lanes_run.hpp"

namespace manipdyn::detail {

/// The derivative workspaces of both widths, each made on first use.
struct DerivativeLaneWorkspace {
  DerivativeLaneSlot<Lanes> four;
  std::shared_ptr<DerivativeLane8Workspace> eight;
};

int forward_derivative_lanes_max_dof() { return kHandCholeskyMax; }

void derivatives_lanes(const SerialModel& model, LaneWorkspace& workspace, bool forward,
                       const RowsIn& q, const RowsIn& qd, const RowsIn& third, RowsOut& A,
                       RowsOut& B, RowsOut& C, Eigen::Index first, int lanes) {
  std::shared_ptr<DerivativeLaneWorkspace>& ws = derivative_lane_workspace(workspace);
  if (!ws) ws = std::make_shared<DerivativeLaneWorkspace>();
  if (lanes == 8) {
    if (!ws->eight) ws->eight = make_derivative_lane8_workspace(model);
    derivatives_lanes8(model, *ws->eight, forward, q, qd, third, A, B, C, first);
    return;
  }
  ws->four.run(model, forward, q, qd, third, A, B, C, first);
}

}  // namespace manipdyn::detail

#else  // no lane path in this build

namespace manipdyn::detail {

int forward_derivative_lanes_max_dof() { return 0; }

void derivatives_lanes(const SerialModel&, LaneWorkspace&, bool, const RowsIn&, const RowsIn&,
                       const RowsIn&, RowsOut&, RowsOut&, RowsOut&, Eigen::Index, int) {
  throw std::logic_error("derivatives_lanes: built without the SIMD lane path");
}

}  // namespace manipdyn::detail

#endif
