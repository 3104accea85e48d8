/// \file derivatives_lanes_avx512.cpp
/// The eight-lane path of inverse_ and forward_dynamics_derivatives_batch: their bodies on
/// `Lanes8` (exact trigonometry) (src/core/lanes.hpp, src/serial/derivatives_lanes_run.hpp), one
/// AVX-512 register holding eight states. CMake compiles this file as
/// inverse_dynamics_lanes_avx512.cpp (-mavx512f in addition, MANIPDYN_SIMD_LANES8); otherwise it
/// holds stubs that are never called. Called only where the CPU has AVX-512F.
#include "batch_lanes.hpp"

#include <stdexcept>

#if MANIPDYN_SIMD_LANES8

#include "derivatives_lanes_run.hpp"

namespace manipdyn::detail {

struct DerivativeLane8Workspace {
  DerivativeLaneSlot<Lanes8> eight;
};

std::shared_ptr<DerivativeLane8Workspace> make_derivative_lane8_workspace(const SerialModel&) {
  return std::make_shared<DerivativeLane8Workspace>();
}

void derivatives_lanes8(const SerialModel& model, DerivativeLane8Workspace& ws, bool forward,
                        const RowsIn& q, const RowsIn& qd, const RowsIn& third, RowsOut& A,
                        RowsOut& B, RowsOut& C, Eigen::Index first) {
  ws.eight.run(model, forward, q, qd, third, A, B, C, first);
}

}  // namespace manipdyn::detail

#else  // no 8-lane path in this build

namespace manipdyn::detail {

struct DerivativeLane8Workspace {};

std::shared_ptr<DerivativeLane8Workspace> make_derivative_lane8_workspace(const SerialModel&) {
  throw std::logic_error("make_derivative_lane8_workspace: built without the AVX-512 lane path");
}

void derivatives_lanes8(const SerialModel&, DerivativeLane8Workspace&, bool, const RowsIn&,
                        const RowsIn&, const RowsIn&, RowsOut&, RowsOut&, RowsOut&, Eigen::Index) {
  throw std::logic_error("derivatives_lanes8: built without the AVX-512 lane path");
}

}  // namespace manipdyn::detail

#endif
