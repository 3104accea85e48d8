#pragma once
/// \file batch.hpp
/// The serial-arm dynamics over many states at once: state i is row i of row-major arrays
/// (RowsIn, core/batch_rows.hpp), results written to caller-owned arrays. Below, n is the size
/// of each vector for a chain: for a tree or a free-flyer (docs/trees.md) q has nq columns and
/// qd, qdd, tau and the results nv (M and the derivatives nv*nv; nq = nv = n on a fixed root, nq
/// = 7 + n and nv = 6 + n on a free-flyer, q = [position, quaternion x y z w, joints]):
///   inverse_dynamics_batch   q, qd, qdd (N x n)  -> tau (N x n)
///   mass_matrix_batch        q (N x n)           -> M (N x n*n): row i holds M(q_i) row by row,
///                                                   M(q_i)(r, c) at column r*n + c (M is
///                                                   symmetric, so either order reads the same)
///   gravity_torques_batch    q (N x n)           -> G (N x n)
///   forward_dynamics_batch   q, qd, tau (N x n)  -> qdd (N x n)
///   joint_torque_regressor_batch  q, qd, qdd (N x n) -> W (N n x 14 n): rows k n .. k n + n - 1
///                                   hold Y(q_k, qd_k, qdd_k) (serial/regressor.hpp), the
///                                   stacked observation matrix of identification
///   inverse_dynamics_derivatives_batch  q, qd, qdd (N x n) -> dtau_dq, dtau_dqd, dtau_dqdd
///                                   (N x n*n each): row i holds the matrix at state i row by
///                                   row, D(r, c) at column r*n + c (serial/derivatives.hpp)
///   forward_dynamics_derivatives_batch  q, qd, tau (N x n) -> dqdd_dq, dqdd_dqd, dqdd_dtau
///                                   (N x n*n each), laid out the same way
/// Each row gives exactly the numbers (bit for bit; except with BatchOptions::simd = fast, to
/// 1e-14 relative) of the single-state function with the
/// model's gravity and no external wrench (inverse_dynamics.hpp, dynamics_terms.hpp,
/// forward_dynamics.hpp): the loop runs their `unchecked` overloads, and the checks are
/// done once per call instead: the shapes, the finiteness of every input entry ("q[17, 3] is
/// nan"), the size bound kMaxBatchBytes, and after computing, the finiteness of the output
/// ("the result tau is not finite in row 17 (tau[17, 2] = nan) ..."); the finiteness tests run
/// row by row on the threads, and a row with a non-finite input is never computed. N = 0 is
/// allowed. On a free-flyer each row's quaternion is checked unit too (check_configuration's
/// rule, on the threads after the row's finiteness: "q[17, 3..6], the base quaternion (x y z w)
/// = (0 0 0 2), has norm 2, not 1 (tolerance 1e-06): not a unit quaternion; ...").
/// Trees and free-flyers: inverse_dynamics_batch (method fastest), mass_matrix_batch,
/// gravity_torques_batch and forward_dynamics_batch (not strobing) take them, on the threads and
/// the SIMD lanes (the tree body on the lane scalar); the textbook methods refuse them. The
/// regressor and derivative batches run the checked single-state function for a tree or a
/// free-flyer (threads only), so they take exactly what it takes and otherwise give its
/// refusal, naming row 0.
/// Threads: BatchOptions::threads (0 = one per hardware thread), a static partition of the rows
/// (parallel_rows), each thread with its own workspace in the BatchWorkspace; the results do not
/// depend on the number of threads (docs/batch.md). Memory: a warm BatchWorkspace (one that has
/// run the same function with as many threads) makes the per-state loop allocate nothing; the
/// threads are the persistent workers of core/thread_pool.hpp, and a call on several threads
/// allocates one small block (its error slots), independent of N.
#include <memory>
#include <vector>

#include "manipdyn/core/batch_rows.hpp"
#include "manipdyn/core/enum_names.hpp"
#include "manipdyn/serial/data.hpp"
#include "manipdyn/serial/derivatives.hpp"
#include "manipdyn/serial/forward_dynamics.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/serial/model.hpp"

namespace manipdyn {

namespace detail {
struct LaneWorkspace;  // src/serial/batch_lanes.hpp
}  // namespace detail

/// True if inverse_dynamics_batch, gravity_torques_batch and the derivative batches can run four
/// states per call in the lanes of AVX2 registers (BatchOptions::simd exact or fast): the
/// library was built with it (CMake MANIPDYN_SIMD, x86-64, xsimd) and this CPU has AVX2.
bool batch_simd_available();

/// The widest lane path this build and CPU have: 8 (AVX-512F), 4 (AVX2) or 0 (none); the
/// default of BatchOptions::simd_lanes.
int batch_simd_lanes();

/// Whether inverse_dynamics_batch, gravity_torques_batch and the derivative batches run several
/// states in the lanes of one call (BatchOptions).
enum class BatchSimd {
  off,    ///< every row by the double call
  exact,  ///< 4 or 8 rows per call, sin/cos by math::sincos_n's kernel lane by lane: bit for bit
          ///< the double numbers
  fast    ///< 4 or 8 rows per call, sin/cos vectorised (xsimd): within 1e-14 relative of the
          ///< double numbers (a few ulp of sin/cos)
};

/// The names of BatchSimd (core/enum_names.hpp: to_string, from_string, all, names), the
/// values of Python's `simd` argument.
template <>
struct EnumNames<BatchSimd> {
  static constexpr std::string_view argument = "SIMD mode";
  static constexpr EnumName<BatchSimd> table[] = {
      {BatchSimd::off, "off"}, {BatchSimd::exact, "exact"}, {BatchSimd::fast, "fast"}};
};

/// Options of the batch functions.
struct BatchOptions {
  /// Threads to run on: 0 = std::thread::hardware_concurrency(); never more than
  /// ceil(N / kMinRowsPerThread). The results are the same for every value.
  int threads = 0;
  /// Formulation of inverse_dynamics_batch (inverse_dynamics.hpp).
  InverseDynamicsMethod inverse_dynamics_method = InverseDynamicsMethod::fastest;
  /// Method of forward_dynamics_batch (forward_dynamics.hpp).
  ForwardDynamicsMethod forward_dynamics_method = ForwardDynamicsMethod::fastest;
  /// gravity_torques_batch, inverse_dynamics_batch with the fastest method and the two
  /// derivative batches (the forward one for n <= 24): with exact or fast, rows Lk..Lk+L-1 run
  /// in the L = simd_lanes lanes of one call on a SIMD scalar and the last N mod L rows one by
  /// one, where batch_simd_available(); otherwise every row by the double call (docs/batch.md,
  /// "SIMD across states"). The derivative batches take exact trigonometry for fast too.
  BatchSimd simd = BatchSimd::exact;
  /// Lanes per call with simd exact or fast: 0 = batch_simd_lanes() (8 on AVX-512, else 4),
  /// 4 = AVX2 (e.g. to keep a core out of AVX-512's lower clock), 8 = AVX-512 (an error where
  /// the CPU or the build lacks it). The results are the same for every value with exact.
  int simd_lanes = 0;
};

/// The workspaces of the batch functions, one per thread, made on first need and kept: hold one
/// across calls for the same model so that repeated calls allocate only to start threads.
struct BatchWorkspace {
  explicit BatchWorkspace(const SerialModel& model) : n(model.dof()) {}

  /// Makes sure there are `threads` serial workspaces (and forward-dynamics ones if `forward`),
  /// built for `model`; allocates only when more are needed than before. Throws
  /// std::invalid_argument if the workspace was built for another number of joints.
  void prepare(const SerialModel& model, int threads, bool forward);
  /// Makes sure there are `threads` lane workspaces (BatchOptions::simd) for `model`.
  void prepare_lanes(const SerialModel& model, int threads);
  /// Makes sure there are `threads` derivative workspaces (serial/derivatives.hpp) for `model`.
  void prepare_derivatives(const SerialModel& model, int threads);

  int n = 0;                                   ///< number of joints the workspaces are for
  std::vector<SerialData> serial;              ///< (threads) inverse dynamics, M, G workspaces
  std::vector<ForwardDynamicsData> forward;    ///< (threads) forward-dynamics workspaces
  std::vector<DerivativesData> derivatives;    ///< (threads) the derivative functions' workspaces
  /// (threads) the lane workspaces (BatchOptions::simd), opaque here
  std::vector<std::shared_ptr<detail::LaneWorkspace>> lanes;
};

/// tau_i = inverse_dynamics(q_i, qd_i, qdd_i) (model gravity, no external wrench) for every row
/// i; q, qd, qdd, tau are N x n. Throws std::invalid_argument for a wrong shape, a non-finite
/// input entry, a negative thread count, an array above kMaxBatchBytes, or a non-finite result.
void inverse_dynamics_batch(const SerialModel& model, BatchWorkspace& workspace, RowsIn q,
                            RowsIn qd, RowsIn qdd, RowsOut tau, const BatchOptions& options = {});
/// The same with a workspace made for this call.
void inverse_dynamics_batch(const SerialModel& model, RowsIn q, RowsIn qd, RowsIn qdd,
                            RowsOut tau, const BatchOptions& options = {});

/// M(q_i) (n x n, by mass_matrix: the composite-rigid-body algorithm, with the drive inertia)
/// for every row i; q is N x n, M is N x (n*n) with M(q_i)(r, c) at M(i, r*n + c).
void mass_matrix_batch(const SerialModel& model, BatchWorkspace& workspace, RowsIn q, RowsOut M,
                       const BatchOptions& options = {});
/// The same with a workspace made for this call.
void mass_matrix_batch(const SerialModel& model, RowsIn q, RowsOut M,
                       const BatchOptions& options = {});

/// G(q_i) = gravity_torques(q_i, model.gravity) for every row i; q and G are N x n.
void gravity_torques_batch(const SerialModel& model, BatchWorkspace& workspace, RowsIn q,
                           RowsOut G, const BatchOptions& options = {});
/// The same with a workspace made for this call.
void gravity_torques_batch(const SerialModel& model, RowsIn q, RowsOut G,
                           const BatchOptions& options = {});

/// qdd_i = forward_dynamics(q_i, qd_i, tau_i) (options.forward_dynamics_method, model gravity,
/// no external wrench) for every row i; q, qd, tau, qdd are N x n. Also throws (naming the row)
/// when M(q_i) is not positive definite.
void forward_dynamics_batch(const SerialModel& model, BatchWorkspace& workspace, RowsIn q,
                            RowsIn qd, RowsIn tau, RowsOut qdd, const BatchOptions& options = {});
/// The same with a workspace made for this call.
void forward_dynamics_batch(const SerialModel& model, RowsIn q, RowsIn qd, RowsIn tau,
                            RowsOut qdd, const BatchOptions& options = {});

/// The observation matrix W (N n x 14 n, row-major, rows contiguous: outer stride 14 n) of
/// identification: rows k n .. k n + n - 1 are joint_torque_regressor(q_k, qd_k, qdd_k,
/// model.gravity) (serial/regressor.hpp) bit for bit; q, qd, qdd are N x n. Throws as
/// inverse_dynamics_batch, and for a W of another shape or with gaps between its rows.
void joint_torque_regressor_batch(const SerialModel& model, BatchWorkspace& workspace, RowsIn q,
                                  RowsIn qd, RowsIn qdd, RowsOut W,
                                  const BatchOptions& options = {});
/// The same with a workspace made for this call.
void joint_torque_regressor_batch(const SerialModel& model, RowsIn q, RowsIn qd, RowsIn qdd,
                                  RowsOut W, const BatchOptions& options = {});

/// The derivatives of the inverse dynamics (inverse_dynamics_derivatives: model gravity, no
/// external wrench, drive terms included) at every state i = (q_i, qd_i, qdd_i) (N x n each):
/// row i of dtau_dq, dtau_dqd, dtau_dqdd (N x n*n each) holds d tau / d q, d tau / d qd,
/// d tau / d qdd = M(q_i) at state i row by row (D(r, c) at column r*n + c), bit for bit the
/// single call's. BatchOptions::simd exact or fast: 4 or 8 states in the lanes of one call
/// (exact trigonometry for both: bit for bit too; docs/batch.md). Throws as
/// inverse_dynamics_batch, naming the output that is not finite.
void inverse_dynamics_derivatives_batch(const SerialModel& model, BatchWorkspace& workspace,
                                        RowsIn q, RowsIn qd, RowsIn qdd, RowsOut dtau_dq,
                                        RowsOut dtau_dqd, RowsOut dtau_dqdd,
                                        const BatchOptions& options = {});
/// The same with a workspace made for this call.
void inverse_dynamics_derivatives_batch(const SerialModel& model, RowsIn q, RowsIn qd,
                                        RowsIn qdd, RowsOut dtau_dq, RowsOut dtau_dqd,
                                        RowsOut dtau_dqdd, const BatchOptions& options = {});

/// The derivatives of the forward dynamics (forward_dynamics_derivatives: model gravity, no
/// external wrench) at every state i = (q_i, qd_i, tau_i) (N x n each): row i of dqdd_dq,
/// dqdd_dqd, dqdd_dtau (N x n*n each) holds d qdd / d q, d qdd / d qd, d qdd / d tau = M^-1 at
/// state i row by row (D(r, c) at column r*n + c), bit for bit the single call's. SIMD lanes
/// as inverse_dynamics_derivatives_batch for n <= 24 (above, threads only: docs/batch.md).
/// Throws as forward_dynamics_batch (naming the row whose M(q_i) is not positive definite: the
/// single call's message, with or without lanes).
void forward_dynamics_derivatives_batch(const SerialModel& model, BatchWorkspace& workspace,
                                        RowsIn q, RowsIn qd, RowsIn tau, RowsOut dqdd_dq,
                                        RowsOut dqdd_dqd, RowsOut dqdd_dtau,
                                        const BatchOptions& options = {});
/// The same with a workspace made for this call.
void forward_dynamics_derivatives_batch(const SerialModel& model, RowsIn q, RowsIn qd,
                                        RowsIn tau, RowsOut dqdd_dq, RowsOut dqdd_dqd,
                                        RowsOut dqdd_dtau, const BatchOptions& options = {});

}  // namespace manipdyn
