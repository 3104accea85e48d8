#pragma once
/// \file batch_lanes.hpp
/// The lane path of inverse_dynamics_batch and gravity_torques_batch (BatchOptions::simd and
/// simd_lanes, serial/batch.hpp): 4 (AVX2) or 8 (AVX-512) consecutive rows in the lanes of one
/// call of the default algorithm on the lane scalar (src/core/lanes.hpp, src/serial/lanes_run.hpp).
/// Private to src/serial/batch.cpp and the two files compiled with those instruction sets
/// (src/serial/inverse_dynamics_lanes.cpp, inverse_dynamics_lanes_avx512.cpp); the interface is
/// plain double so that batch.cpp needs neither and calls them only where the CPU has them.
#include <memory>

#include "manipdyn/core/batch_rows.hpp"
#include "manipdyn/serial/batch.hpp"
#include "manipdyn/serial/model.hpp"

namespace manipdyn::detail {

/// A lane workspace (SerialDataTpl of the lane scalars and the gathered inputs, made on first
/// use for each width) for `model`.
std::shared_ptr<LaneWorkspace> make_lane_workspace(const SerialModel& model);

/// True if this build has the 8-lane AVX-512 path (CMake found the compiler flags for it);
/// batch_simd_lanes() also asks the CPU.
bool lanes8_built();

/// tau rows first..first+lanes-1 = inverse_dynamics(unchecked, model, q_i, qd_i, qdd_i,
/// model.gravity, no wrench) for those rows of the (N x n) arrays, in one call on the lane
/// scalar of `lanes` = 4 or 8 lanes: exact trigonometry (bit for bit) if exact_trig, else xsimd's
/// (BatchSimd::fast). Needs first + lanes <= N, a workspace for the model's n, and the CPU's
/// support of that width (batch_simd_lanes()).
void inverse_dynamics_lanes(const SerialModel& model, LaneWorkspace& workspace, const RowsIn& q,
                            const RowsIn& qd, const RowsIn& qdd, RowsOut& tau, Eigen::Index first,
                            bool exact_trig, int lanes);

/// G rows first..first+lanes-1 = gravity_torques(unchecked, model, q_i, model.gravity) for those
/// rows, in one call on the lane scalar (as inverse_dynamics_lanes).
void gravity_torques_lanes(const SerialModel& model, LaneWorkspace& workspace, const RowsIn& q,
                           RowsOut& G, Eigen::Index first, bool exact_trig, int lanes);

/// The 8-lane workspace and calls (src/serial/inverse_dynamics_lanes_avx512.cpp), reached through
/// the two functions above.
struct Lane8Workspace;
std::shared_ptr<Lane8Workspace> make_lane8_workspace(const SerialModel& model);
void inverse_dynamics_lanes8(const SerialModel& model, Lane8Workspace& workspace, const RowsIn& q,
                             const RowsIn& qd, const RowsIn& qdd, RowsOut& tau,
                             Eigen::Index first, bool exact_trig);
void gravity_torques_lanes8(const SerialModel& model, Lane8Workspace& workspace, const RowsIn& q,
                            RowsOut& G, Eigen::Index first, bool exact_trig);

}  // namespace manipdyn::detail
