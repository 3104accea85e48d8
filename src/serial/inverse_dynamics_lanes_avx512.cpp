/// \file inverse_dynamics_lanes_avx512.cpp
/// The eight-lane path of inverse_dynamics_batch and gravity_torques_batch: the default inverse
/// dynamics and gravity torques on `Lanes8` and `Lanes8FastTrig` (src/core/lanes.hpp,
/// src/serial/lanes_run.hpp), one AVX-512 register holding eight states. CMake compiles this file
/// with -mavx512f -mavx2 -mfma -ffp-contract=off and defines MANIPDYN_SIMD_LANES8 when the
/// compiler takes those flags; otherwise it holds stubs that are never called
/// (batch_simd_lanes() is at most 4). Called only where the CPU has AVX-512F.
#include "batch_lanes.hpp"

#include <stdexcept>

#if MANIPDYN_SIMD_LANES8

#include "lanes_run.hpp"

namespace manipdyn::detail {

struct Lane8Workspace {
  LaneDataPair<Lanes8, Lanes8FastTrig> eight;
};

bool lanes8_built() { return true; }

std::shared_ptr<Lane8Workspace> make_lane8_workspace(const SerialModel&) {
  return std::make_shared<Lane8Workspace>();
}

void inverse_dynamics_lanes8(const SerialModel& model, Lane8Workspace& ws, const RowsIn& q,
                             const RowsIn& qd, const RowsIn& qdd, RowsOut& tau,
                             Eigen::Index first, bool exact_trig) {
  ws.eight.inverse_dynamics(model, q, qd, qdd, tau, first, exact_trig);
}

void gravity_torques_lanes8(const SerialModel& model, Lane8Workspace& ws, const RowsIn& q,
                            RowsOut& G, Eigen::Index first, bool exact_trig) {
  ws.eight.gravity_torques(model, q, G, first, exact_trig);
}

}  // namespace manipdyn::detail

#else  // no 8-lane path in this build

namespace manipdyn::detail {

struct Lane8Workspace {};

bool lanes8_built() { return false; }

std::shared_ptr<Lane8Workspace> make_lane8_workspace(const SerialModel&) {
  throw std::logic_error("make_lane8_workspace: built without the AVX-512 lane path");
}

void inverse_dynamics_lanes8(const SerialModel&, Lane8Workspace&, const RowsIn&, const RowsIn&,
                             const RowsIn&, RowsOut&, Eigen::Index, bool) {
  throw std::logic_error("inverse_dynamics_lanes8: built without the AVX-512 lane path");
}

void gravity_torques_lanes8(const SerialModel&, Lane8Workspace&, const RowsIn&, RowsOut&,
                            Eigen::Index, bool) {
  throw std::logic_error("gravity_torques_lanes8: built without the AVX-512 lane path");
}

}  // namespace manipdyn::detail

#endif
