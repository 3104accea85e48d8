#pragma once
/// \file batch_lanes.hpp
/// The four-lane path of inverse_dynamics_batch and gravity_torques_batch (BatchOptions::simd,
/// serial/batch.hpp): four
/// consecutive rows in the lanes of one call of the default inverse dynamics on the lane scalar
/// (src/core/lanes.hpp). Private to src/serial/batch.cpp and src/serial/inverse_dynamics_lanes.cpp
/// (the one file compiled with AVX2); the interface is plain double so that batch.cpp needs no
/// AVX2 and calls it only where batch_simd_available().
#include <memory>

#include "manipdyn/core/batch_rows.hpp"
#include "manipdyn/serial/batch.hpp"
#include "manipdyn/serial/model.hpp"

namespace manipdyn::detail {

/// States per lane call.
inline constexpr int kLanes = 4;

/// A lane workspace (SerialDataTpl<Lanes> and the gathered inputs) for `model`.
std::shared_ptr<LaneWorkspace> make_lane_workspace(const SerialModel& model);

/// tau rows first..first+3 = inverse_dynamics(unchecked, model, q_i, qd_i, qdd_i, model.gravity,
/// no wrench) for those four rows of the (N x n) arrays, in one call on the lane scalar:
/// `Lanes` (bit for bit) if exact_trig, else `LanesFastTrig` (BatchSimd::fast). Needs
/// first + 4 <= N, a workspace for the model's n, and batch_simd_available().
void inverse_dynamics_lanes(const SerialModel& model, LaneWorkspace& workspace, const RowsIn& q,
                            const RowsIn& qd, const RowsIn& qdd, RowsOut& tau, Eigen::Index first,
                            bool exact_trig);

/// G rows first..first+3 = gravity_torques(unchecked, model, q_i, model.gravity) for those four
/// rows, in one call on the lane scalar (as inverse_dynamics_lanes).
void gravity_torques_lanes(const SerialModel& model, LaneWorkspace& workspace, const RowsIn& q,
                           RowsOut& G, Eigen::Index first, bool exact_trig);

}  // namespace manipdyn::detail
