#pragma once
/// \file batch_lanes.hpp
/// The lane path of inverse_dynamics_batch, gravity_torques_batch and the two derivative batches
/// (BatchOptions::simd and simd_lanes, serial/batch.hpp): 4 (AVX2) or 8 (AVX-512) consecutive rows in the lanes of one
/// call of the default algorithm on the lane scalar (src/core/lanes.hpp, src/serial/lanes_run.hpp).
/// Private to src/serial/batch.cpp and the files compiled with those instruction sets
/// (src/serial/inverse_dynamics_lanes.cpp, derivatives_lanes.cpp and their _avx512 twins); the interface is
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

/// The workspace of the derivative lanes inside a lane workspace (made on first use by
/// derivatives_lanes).
struct DerivativeLaneWorkspace;
std::shared_ptr<DerivativeLaneWorkspace>& derivative_lane_workspace(LaneWorkspace& workspace);

/// The largest n the forward derivatives' lane path takes (the body's hand Cholesky, whose
/// pivots need no branch; Eigen's LLT above it branches on each pivot's value).
int forward_derivative_lanes_max_dof();

/// Rows first..first+lanes-1 of the derivative batches in one call on the exact lane scalar of
/// `lanes` = 4 or 8 lanes (Lanes, Lanes8; for BatchSimd::fast too: the joints' sin/cos are a
/// small part of the derivatives' cost, and M^-1 amplifies the fast sin/cos's few ulp to 1e-12
/// relative in the forward ones): forward_dynamics_derivatives(unchecked, model,
/// q_i, qd_i, third_i = tau_i, model.gravity, no wrench) if `forward` (n <=
/// forward_derivative_lanes_max_dof()), else inverse_dynamics_derivatives at third_i = qdd_i;
/// the three n x n results into those rows of A, B, C (D(r, c) at column r n + c). A lane whose
/// M is not positive definite gets nan (the caller re-runs such rows by the double call).
void derivatives_lanes(const SerialModel& model, LaneWorkspace& workspace, bool forward,
                       const RowsIn& q, const RowsIn& qd, const RowsIn& third, RowsOut& A,
                       RowsOut& B, RowsOut& C, Eigen::Index first, int lanes);

/// The 8-lane workspace and calls (src/serial/inverse_dynamics_lanes_avx512.cpp), reached through
/// the two functions above.
struct Lane8Workspace;
std::shared_ptr<Lane8Workspace> make_lane8_workspace(const SerialModel& model);
void inverse_dynamics_lanes8(const SerialModel& model, Lane8Workspace& workspace, const RowsIn& q,
                             const RowsIn& qd, const RowsIn& qdd, RowsOut& tau,
                             Eigen::Index first, bool exact_trig);
struct DerivativeLane8Workspace;
std::shared_ptr<DerivativeLane8Workspace> make_derivative_lane8_workspace(const SerialModel& model);
void derivatives_lanes8(const SerialModel& model, DerivativeLane8Workspace& workspace, bool forward,
                        const RowsIn& q, const RowsIn& qd, const RowsIn& third, RowsOut& A,
                        RowsOut& B, RowsOut& C, Eigen::Index first);
void gravity_torques_lanes8(const SerialModel& model, Lane8Workspace& workspace, const RowsIn& q,
                            RowsOut& G, Eigen::Index first, bool exact_trig);

}  // namespace manipdyn::detail
