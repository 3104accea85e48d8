/// \file batch.cpp
/// The serial-arm batch functions (serial/batch.hpp): checks once per call, then the unchecked
/// single-state functions row by row on parallel_rows' static partition, then one finiteness
/// check of the output.
#include "manipdyn/serial/batch.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "batch_lanes.hpp"
#include "input_checks.hpp"
#include "tree_algorithms.hpp"
#include "manipdyn/serial/configuration.hpp"
#include "manipdyn/serial/standard_parameters.hpp"
#include "manipdyn/serial/derivatives.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/regressor.hpp"

namespace manipdyn {

bool batch_simd_available() {
#if MANIPDYN_SIMD_LANES
  // (the lanes take the joint angles' sin/cos from math::sincos_n's AVX2 + FMA kernel)
  return math::sincos_n_vectorised();
#else
  return false;
#endif
}

int batch_simd_lanes() {
  if (!batch_simd_available()) return 0;
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
  static const bool avx512 = detail::lanes8_built() && __builtin_cpu_supports("avx512f");
  if (avx512) return 8;
#endif
  return 4;
}

namespace {

/// The lanes per call of a batch call with `options` (0 = no lane path): options.simd_lanes
/// checked against what this build and CPU have.
int lanes_of(std::string_view where, const BatchOptions& options) {
  if (options.simd == BatchSimd::off) return 0;
  const int widest = batch_simd_lanes();
  const int asked = options.simd_lanes;
  if (asked != 0 && asked != 4 && asked != 8)
    throw std::invalid_argument(std::string(where) + ": simd_lanes is " + std::to_string(asked) +
                                ", expected 0 (the widest available), 4 (AVX2) or 8 (AVX-512)");
  if (asked > widest)
    throw std::invalid_argument(
        std::string(where) + ": simd_lanes is " + std::to_string(asked) + ", but this " +
        (widest == 0 ? std::string("build or CPU has no SIMD lane path")
                     : "CPU or build has at most " + std::to_string(widest) + " lanes") +
        " (batch_simd_lanes())");
  return asked == 0 ? widest : asked;
}

}  // namespace

void BatchWorkspace::prepare_lanes(const SerialModel& model, int threads) {
  check_data_size("BatchWorkspace", n, model.dof());
  const auto count = static_cast<std::size_t>(threads);
  if (lanes.size() < count) {
    lanes.reserve(count);
    while (lanes.size() < count) lanes.push_back(detail::make_lane_workspace(model));
  }
}

void BatchWorkspace::prepare_derivatives(const SerialModel& model, int threads) {
  check_data_size("BatchWorkspace", n, model.dof());
  const auto count = static_cast<std::size_t>(threads);
  if (derivatives.size() < count) {
    derivatives.reserve(count);
    while (derivatives.size() < count) derivatives.emplace_back(model);
  }
}

void BatchWorkspace::prepare(const SerialModel& model, int threads, bool with_forward) {
  check_data_size("BatchWorkspace", n, model.dof());
  const auto count = static_cast<std::size_t>(threads);
  if (serial.size() < count) {
    serial.reserve(count);
    while (serial.size() < count) serial.emplace_back(model);
  }
  if (with_forward && forward.size() < count) {
    forward.reserve(count);
    while (forward.size() < count) forward.emplace_back(model);
  }
}

namespace {

/// Row i of a row-major batch array as a vector (no copy: binds to JointVectorIn).
Eigen::Map<const VectorXd> row_of(const RowsIn& a, Eigen::Index i) {
  return Eigen::Map<const VectorXd>(a.data() + i * a.outerStride(), a.cols());
}
Eigen::Map<VectorXd> row_of(RowsOut& a, Eigen::Index i) {
  return Eigen::Map<VectorXd>(a.data() + i * a.outerStride(), a.cols());
}

/// Which of a state's vectors a batch input holds per row: a configuration q (nq entries) or a
/// velocity-like vector qd, qdd, tau (nv entries).
enum class StateRows { configuration, velocity };

/// Checks the shape of an (N x nq) configuration or (N x nv) velocity input (nq = nv = n on a
/// fixed root; 7 + n and 6 + n on a free-flyer); its entries are checked finite (and a
/// free-flyer's quaternions unit) by run_batch (row by row, on the threads, just before each row
/// is computed).
void check_state_rows(std::string_view where, std::string_view name, const RowsIn& a,
                      Eigen::Index rows, const SerialModel& model, StateRows kind) {
  const bool configuration = kind == StateRows::configuration;
  const int cols = configuration ? model.nq() : model.nv();
  // The reason is spelled out only on failure (no string built per call).
  if (a.rows() != rows || a.cols() != cols) {
    const std::string n = std::to_string(model.dof());
    check_batch_shape(where, name, a, rows, cols,
                      model.root == RootJoint::free_flyer
                          ? "N rows as q, " + std::string(configuration ? "nq = 7 + " : "nv = 6 + ") +
                                n + " joints of the free-flyer model"
                          : "N rows as q, n = " + n + " joints of the model");
  }
  check_batch_size(where, name, static_cast<double>(rows), cols);
}

/// True if row i of q (N x nq) holds a unit base quaternion q[i, 3..6]: its norm is 1 to
/// kQuaternionNormTolerance (check_configuration's rule, configuration.hpp).
bool row_quaternion_unit(const RowsIn& q, Eigen::Index i) {
  const double* x = q.data() + i * q.outerStride() + 3;
  const double norm = std::sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2] + x[3] * x[3]);
  return std::abs(norm - 1.0) <= kQuaternionNormTolerance;
}

/// "<where>: q[17, 3..6], the base quaternion (x y z w) = (0 0 0 2), has norm 2, not 1
/// (tolerance 1e-06): not a unit quaternion; normalize(model, q) scales a row" for row i.
std::string row_quaternion_message(std::string_view where, const RowsIn& q, Eigen::Index i) {
  const double* x = q.data() + i * q.outerStride() + 3;
  const double norm = std::sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2] + x[3] * x[3]);
  std::ostringstream os;
  os << where << ": q[" << i << ", 3..6], the base quaternion (x y z w) = (" << x[0] << " "
     << x[1] << " " << x[2] << " " << x[3] << ")";
  if (norm == 0.0)
    os << ", is zero: not a unit quaternion (it is no rotation)";
  else
    os << ", has norm " << norm << ", not 1 (tolerance " << kQuaternionNormTolerance
       << "): not a unit quaternion; normalize(model, q) scales a row";
  return os.str();
}

/// True if rows first..first+count-1 of `a` are finite, for the per-row checks of run_batch:
/// x * 0 is 0 for a finite x and nan for inf and nan, so the sum of the x * 0 is 0 exactly when
/// all are finite. Eigen's sum runs in SIMD registers (a chain of and-ed scalar compares took
/// 15 % of a lane batch call); contiguous rows are one span.
template <typename Rows>
bool rows_finite(const Rows& a, Eigen::Index first, Eigen::Index count) {
  const auto finite = [](const double* x, Eigen::Index size) {
    return (Eigen::Map<const Eigen::ArrayXd>(x, size) * 0.0).sum() == 0.0;
  };
  if (a.outerStride() == a.cols()) return finite(a.data() + first * a.cols(), count * a.cols());
  for (Eigen::Index i = first; i < first + count; ++i)
    if (!finite(a.data() + i * a.outerStride(), a.cols())) return false;
  return true;
}

/// Thrown by a row of run_batch whose inputs or result are not finite; run_batch then names the
/// first bad entry (the same message for any thread count).
struct RowNotFinite {};

/// Thrown by a row of run_batch whose base quaternion is not unit (a free-flyer's q); run_batch
/// names the row (parallel_rows' lowest failing row: the same for any thread count).
struct RowNotUnitQuaternion {
  Eigen::Index row;
};

/// After computing: throws "<where>: the result <name> is not finite in row i (<name>[i, j] =
/// nan); the largest input of that row: |qd| = 1e+200 (an input too large: overflow)" for the
/// first row holding a non-finite entry.
void check_output_rows(std::string_view where, std::string_view name, const RowsOut& out,
                       std::initializer_list<std::pair<std::string_view, const RowsIn*>> inputs) {
  if (out.allFinite()) [[likely]]
    return;
  for (Eigen::Index i = 0; i < out.rows(); ++i)
    for (Eigen::Index j = 0; j < out.cols(); ++j) {
      if (std::isfinite(out(i, j))) continue;
      std::ostringstream os;
      os << where << ": the result " << name << " is not finite in row " << i << " (" << name
         << "[" << i << ", " << j << "] = " << out(i, j) << ")";
      // The input of largest magnitude in that row: the likely overflow.
      std::string_view largest;
      double max_abs = -1.0;
      for (const auto& [input_name, input] : inputs) {
        const double m = input->row(i).cwiseAbs().maxCoeff();
        if (m > max_abs) {
          max_abs = m;
          largest = input_name;
        }
      }
      if (max_abs >= 0.0)
        os << "; the largest input of that row: |" << largest << "| = " << max_abs
           << " (an input too large: overflow)";
      throw std::invalid_argument(os.str());
    }
}

/// The workspaces a batch function's rows use (BatchWorkspace).
enum class Workspaces { serial, forward, derivatives };

/// The outputs of a batch function: name and array, each (N x out_cols).
using Outputs = std::initializer_list<std::pair<std::string_view, RowsOut*>>;

/// A row's own error (std::invalid_argument from its single call) met on the lane path, where
/// parallel_rows counts groups: run_batch names the row.
struct RowError {
  Eigen::Index row;
  std::string message;
};

/// The common shape of every batch function: checks of the model (detail::check_model_built:
/// `takes` says whether trees and free-flyers are taken), the workspace, the thread count and the
/// outputs; the rows run by parallel_rows (row(t, i) computes row i on thread t); the outputs
/// checked. With `lanes` > 0 and a lane_call, parallel_rows runs over groups of `lanes` rows
/// instead: a full group whose inputs are finite in one lane_call(t, first row); the last N mod
/// lanes rows, and a group with a non-finite input or result, row by row as without lanes, so
/// that such a row gives the error it gives there (its single call's, e.g. a mass matrix that is
/// not positive definite, or the finiteness message).
/// The finiteness of the inputs and of the results is checked on the threads, rows by rows (a
/// serial pass over whole arrays would cap the speed-up of threads, Amdahl's law): a row whose
/// inputs are not all finite is not computed; on any failure the arrays are then scanned in
/// order for the message, as check_batch_finite (inputs in the order given) and
/// check_output_rows (outputs in the order given) do, so the error names the first bad entry
/// whatever the thread count. On a free-flyer, the first input is q (N x nq): each row's base
/// quaternion is checked unit (row_quaternion_unit) after its finiteness, before it is computed.
template <typename RowFn, typename LaneFn = std::nullptr_t>
void run_batch(std::string_view where, const SerialModel& model, BatchWorkspace& workspace,
               Eigen::Index rows, const BatchOptions& options, detail::Takes takes,
               Workspaces kind, Outputs outputs, Eigen::Index out_cols,
               std::initializer_list<std::pair<std::string_view, const RowsIn*>> inputs,
               RowFn&& row, int lanes = 0, LaneFn lane_call = nullptr) {
  detail::check_model_built(where, model, takes);
  check_data_size(where, workspace.n, model.dof());
  for (const auto& [out_name, out] : outputs) {
    if (out->rows() != rows || out->cols() != out_cols)
      check_batch_shape(where, out_name, *out, rows, out_cols,
                        "the output: N rows as q, " + std::to_string(out_cols) + " columns");
    check_batch_size(where, out_name, static_cast<double>(rows), static_cast<double>(out_cols));
  }
  const int threads = batch_threads(where, options.threads, rows);
  if (rows == 0) return;
  // Workspaces before the loop: the only allocations besides starting the threads.
  if (kind == Workspaces::derivatives)
    workspace.prepare_derivatives(model, threads);
  else
    workspace.prepare(model, threads, kind == Workspaces::forward);
  constexpr bool has_lanes = !std::is_same_v<LaneFn, std::nullptr_t>;
  if (!has_lanes) lanes = 0;
  if (lanes > 0) workspace.prepare_lanes(model, threads);
  auto inputs_finite = [&](Eigen::Index first, Eigen::Index count) {
    for (const auto& input : inputs)
      if (!rows_finite(*input.second, first, count)) return false;
    return true;
  };
  // a free-flyer's configurations: the first input, q
  const RowsIn* configurations =
      model.root == RootJoint::free_flyer ? inputs.begin()->second : nullptr;
  auto quaternions_unit = [&](Eigen::Index first, Eigen::Index count) {
    if (configurations != nullptr)
      for (Eigen::Index i = first; i < first + count; ++i)
        if (!row_quaternion_unit(*configurations, i)) return false;
    return true;
  };
  auto outputs_finite = [&](Eigen::Index first, Eigen::Index count) {
    for (const auto& output : outputs)
      if (!rows_finite(*output.second, first, count)) return false;
    return true;
  };
  // rows first..first+count-1 one by one, each checked before and after; in groups, a row's
  // error names the row (parallel_rows would name the group)
  auto checked_rows = [&](int t, Eigen::Index first, Eigen::Index count) {
    for (Eigen::Index i = first; i < first + count; ++i) {
      if (!inputs_finite(i, 1)) throw RowNotFinite{};
      if (!quaternions_unit(i, 1)) throw RowNotUnitQuaternion{i};
      if (lanes == 0) {
        row(t, i);
      } else {
        try {
          row(t, i);
        } catch (const std::invalid_argument& e) {
          throw RowError{i, e.what()};
        }
      }
      if (!outputs_finite(i, 1)) throw RowNotFinite{};
    }
  };
  try {
    if (lanes == 0) {
      parallel_rows(where, rows, threads, [&](int t, Eigen::Index i) { checked_rows(t, i, 1); });
      return;
    }
    const Eigen::Index groups = (rows + lanes - 1) / lanes;
    parallel_rows(where, groups, threads, [&](int t, Eigen::Index g) {
      const Eigen::Index first = g * lanes, count = std::min<Eigen::Index>(lanes, rows - first);
      if constexpr (has_lanes) {
        if (count == lanes && inputs_finite(first, count) && quaternions_unit(first, count)) {
          lane_call(t, first);
          if (outputs_finite(first, count)) [[likely]]
            return;
        }
      }
      checked_rows(t, first, count);
    });
  } catch (const RowNotFinite&) {
    for (const auto& [name, input] : inputs) check_batch_finite(where, name, *input);
    for (const auto& [name, out] : outputs) check_output_rows(where, name, *out, inputs);
    throw std::logic_error(std::string(where) + ": a row was not finite, then it was");
  } catch (const RowNotUnitQuaternion& e) {
    throw std::invalid_argument(row_quaternion_message(where, *configurations, e.row));
  } catch (const RowError& e) {
    throw std::invalid_argument(std::string(where) + ": row " + std::to_string(e.row) + ": " +
                                e.message);
  }
}

}  // namespace

void inverse_dynamics_batch(const SerialModel& model, BatchWorkspace& workspace, RowsIn q,
                            RowsIn qd, RowsIn qdd, RowsOut tau, const BatchOptions& options) {
  constexpr std::string_view where = "inverse_dynamics_batch";
  const int nv = model.nv();
  const Eigen::Index N = q.rows();
  check_state_rows(where, "q", q, N, model, StateRows::configuration);
  check_state_rows(where, "qd", qd, N, model, StateRows::velocity);
  check_state_rows(where, "qdd", qdd, N, model, StateRows::velocity);
  const Vector3d gravity = model.gravity;
  const Vector6d f_ext = Vector6d::Zero();
  const InverseDynamicsMethod method = options.inverse_dynamics_method;
  auto one_row = [&](int t, Eigen::Index i) {
    SerialData& data = workspace.serial[static_cast<std::size_t>(t)];
    row_of(tau, i) = inverse_dynamics(unchecked, method, model, data, row_of(q, i), row_of(qd, i),
                                      row_of(qdd, i), gravity, f_ext);
  };
  // the lanes run the fastest method (and simd_lanes is checked for every method), on a tree
  // too; the textbook formulations take chains only
  const bool fastest = method == InverseDynamicsMethod::fastest;
  const int lanes = lanes_of(where, options) * fastest;
  const bool exact_trig = options.simd == BatchSimd::exact;
  run_batch(where, model, workspace, N, options,
            fastest ? detail::Takes::free_flyers : detail::Takes::chains, Workspaces::serial,
            {{"tau", &tau}}, nv,
            {{"q", &q}, {"qd", &qd}, {"qdd", &qdd}}, one_row, lanes,
            [&](int t, Eigen::Index first) {
              detail::inverse_dynamics_lanes(model, *workspace.lanes[static_cast<std::size_t>(t)],
                                             q, qd, qdd, tau, first, exact_trig, lanes);
            });
}

void inverse_dynamics_batch(const SerialModel& model, RowsIn q, RowsIn qd, RowsIn qdd,
                            RowsOut tau, const BatchOptions& options) {
  BatchWorkspace workspace(model);
  inverse_dynamics_batch(model, workspace, q, qd, qdd, tau, options);
}

void mass_matrix_batch(const SerialModel& model, BatchWorkspace& workspace, RowsIn q, RowsOut M,
                       const BatchOptions& options) {
  constexpr std::string_view where = "mass_matrix_batch";
  const int nv = model.nv();
  const Eigen::Index N = q.rows();
  check_state_rows(where, "q", q, N, model, StateRows::configuration);
  run_batch(where, model, workspace, N, options, detail::Takes::free_flyers, Workspaces::serial,
            {{"M", &M}}, Eigen::Index{nv} * nv, {{"q", &q}}, [&](int t, Eigen::Index i) {
              SerialData& data = workspace.serial[static_cast<std::size_t>(t)];
              // Row i of M holds M(q_i) (nv x nv) row by row.
              Eigen::Map<RowMatrixXd>(M.data() + i * M.outerStride(), nv, nv) =
                  mass_matrix(unchecked, model, data, row_of(q, i));
            });
}

void mass_matrix_batch(const SerialModel& model, RowsIn q, RowsOut M,
                       const BatchOptions& options) {
  BatchWorkspace workspace(model);
  mass_matrix_batch(model, workspace, q, M, options);
}

void gravity_torques_batch(const SerialModel& model, BatchWorkspace& workspace, RowsIn q,
                           RowsOut G, const BatchOptions& options) {
  constexpr std::string_view where = "gravity_torques_batch";
  const int nv = model.nv();
  const Eigen::Index N = q.rows();
  check_state_rows(where, "q", q, N, model, StateRows::configuration);
  const Vector3d gravity = model.gravity;
  auto one_row = [&](int t, Eigen::Index i) {
    SerialData& data = workspace.serial[static_cast<std::size_t>(t)];
    row_of(G, i) = gravity_torques(unchecked, model, data, row_of(q, i), gravity);
  };
  const int lanes = lanes_of(where, options);
  const bool exact_trig = options.simd == BatchSimd::exact;
  run_batch(where, model, workspace, N, options, detail::Takes::free_flyers, Workspaces::serial,
            {{"G", &G}}, nv, {{"q", &q}}, one_row, lanes, [&](int t, Eigen::Index first) {
              detail::gravity_torques_lanes(model, *workspace.lanes[static_cast<std::size_t>(t)],
                                            q, G, first, exact_trig, lanes);
            });
}

void gravity_torques_batch(const SerialModel& model, RowsIn q, RowsOut G,
                           const BatchOptions& options) {
  BatchWorkspace workspace(model);
  gravity_torques_batch(model, workspace, q, G, options);
}

void forward_dynamics_batch(const SerialModel& model, BatchWorkspace& workspace, RowsIn q,
                            RowsIn qd, RowsIn tau, RowsOut qdd, const BatchOptions& options) {
  constexpr std::string_view where = "forward_dynamics_batch";
  const int nv = model.nv();
  const Eigen::Index N = q.rows();
  check_state_rows(where, "q", q, N, model, StateRows::configuration);
  check_state_rows(where, "qd", qd, N, model, StateRows::velocity);
  check_state_rows(where, "tau", tau, N, model, StateRows::velocity);
  const Vector3d gravity = model.gravity;
  const Vector6d f_ext = Vector6d::Zero();
  const ForwardDynamicsMethod method = options.forward_dynamics_method;
  // strobing takes chains only (forward_dynamics.hpp)
  const detail::Takes takes = method == ForwardDynamicsMethod::strobing ? detail::Takes::chains
                                                                        : detail::Takes::free_flyers;
  run_batch(where, model, workspace, N, options, takes, Workspaces::forward, {{"qdd", &qdd}}, nv,
            {{"q", &q}, {"qd", &qd}, {"tau", &tau}}, [&](int t, Eigen::Index i) {
              ForwardDynamicsData& data = workspace.forward[static_cast<std::size_t>(t)];
              row_of(qdd, i) = forward_dynamics(unchecked, method, model, data, row_of(q, i),
                                                row_of(qd, i), row_of(tau, i), gravity, f_ext);
            });
}

void forward_dynamics_batch(const SerialModel& model, RowsIn q, RowsIn qd, RowsIn tau,
                            RowsOut qdd, const BatchOptions& options) {
  BatchWorkspace workspace(model);
  forward_dynamics_batch(model, workspace, q, qd, tau, qdd, options);
}

void joint_torque_regressor_batch(const SerialModel& model, BatchWorkspace& workspace, RowsIn q,
                                  RowsIn qd, RowsIn qdd, RowsOut W, const BatchOptions& options) {
  constexpr std::string_view where = "joint_torque_regressor_batch";
  const int n = model.nv();  // the rows of one state's Y (n joints on a fixed root)
  const Eigen::Index N = q.rows(), p = standard_parameter_count(model.dof());
  check_state_rows(where, "q", q, N, model, StateRows::configuration);
  check_state_rows(where, "qd", qd, N, model, StateRows::velocity);
  check_state_rows(where, "qdd", qdd, N, model, StateRows::velocity);
  if (W.rows() != N * n || W.cols() != p)
    check_batch_shape(where, "W", W, N * n, p,
                      "N n rows, one per state and joint; 14 n columns, one per parameter");
  if (N > 0 && W.outerStride() != p)
    throw std::invalid_argument(std::string(where) + ": W has an outer stride of " +
                                std::to_string(W.outerStride()) + ", expected " +
                                std::to_string(p) + " (rows without gaps)");
  // state k's n rows of W are row k of an N x (n * 14 n) view (row by row, as mass_matrix_batch)
  Eigen::Map<RowMatrixXd> view(W.data(), N, n * p);
  RowsOut states(view);
  const Vector3d gravity = model.gravity;
  // a tree or a free-flyer: the checked single call, which refuses what it does not take with
  // its own message (and gives the unchecked call's numbers for what it takes)
  const bool tree = detail::uses_tree_path(model);
  run_batch(where, model, workspace, N, options, detail::Takes::free_flyers, Workspaces::serial,
            {{"W", &states}}, n * p, {{"q", &q}, {"qd", &qd}, {"qdd", &qdd}},
            [&](int t, Eigen::Index k) {
              SerialData& data = workspace.serial[static_cast<std::size_t>(t)];
              auto state = Eigen::Map<RowMatrixXd>(states.data() + k * states.outerStride(), n, p);
              if (tree)
                state = joint_torque_regressor(model, data, row_of(q, k), row_of(qd, k),
                                               row_of(qdd, k), gravity);
              else
                state = joint_torque_regressor(unchecked, model, data, row_of(q, k),
                                               row_of(qd, k), row_of(qdd, k), gravity);
            });
}

void joint_torque_regressor_batch(const SerialModel& model, RowsIn q, RowsIn qd, RowsIn qdd,
                                  RowsOut W, const BatchOptions& options) {
  BatchWorkspace workspace(model);
  joint_torque_regressor_batch(model, workspace, q, qd, qdd, W, options);
}

namespace {

/// Row i of three (N x n*n) outputs = the n x n matrices a, b, c row by row.
void write_matrices(RowsOut& A, RowsOut& B, RowsOut& C, Eigen::Index i, const MatrixXd& a,
                    const MatrixXd& b, const MatrixXd& c) {
  const Eigen::Index n = a.rows();
  Eigen::Map<RowMatrixXd>(A.data() + i * A.outerStride(), n, n) = a;
  Eigen::Map<RowMatrixXd>(B.data() + i * B.outerStride(), n, n) = b;
  Eigen::Map<RowMatrixXd>(C.data() + i * C.outerStride(), n, n) = c;
}

/// The two derivative batch functions: forward_dynamics_derivatives at (q_i, qd_i, third_i =
/// tau_i) if `forward`, else inverse_dynamics_derivatives at (q_i, qd_i, third_i = qdd_i);
/// their three matrices into rows i of A, B, C.
void derivatives_batch(std::string_view where, bool forward, const SerialModel& model,
                       BatchWorkspace& workspace, RowsIn q, RowsIn qd, RowsIn third, RowsOut A,
                       RowsOut B, RowsOut C, const BatchOptions& options) {
  const int n = model.nv();  // the derivatives are nv x nv (the tangent space of a free-flyer)
  const Eigen::Index N = q.rows();
  const std::string_view third_name = forward ? "tau" : "qdd";
  check_state_rows(where, "q", q, N, model, StateRows::configuration);
  check_state_rows(where, "qd", qd, N, model, StateRows::velocity);
  check_state_rows(where, third_name, third, N, model, StateRows::velocity);
  const Vector3d gravity = model.gravity;
  const Vector6d f_ext = Vector6d::Zero();
  // (named lists: their arrays live as long as these variables)
  const Outputs forward_outputs{{"dqdd_dq", &A}, {"dqdd_dqd", &B}, {"dqdd_dtau", &C}};
  const Outputs inverse_outputs{{"dtau_dq", &A}, {"dtau_dqd", &B}, {"dtau_dqdd", &C}};
  // a tree or a free-flyer: the checked single call, which refuses what it does not take with
  // its own message (and gives the unchecked call's numbers for what it takes); chains only on
  // the lanes
  const bool tree = detail::uses_tree_path(model);
  // row i by the single call, checked (no tag) or unchecked (the tag `unchecked`)
  auto single_row = [&](int t, Eigen::Index i, auto... tag) {
    DerivativesData& data = workspace.derivatives[static_cast<std::size_t>(t)];
    if (forward) {
      forward_dynamics_derivatives(tag..., model, data, row_of(q, i), row_of(qd, i),
                                   row_of(third, i), gravity, f_ext);
      write_matrices(A, B, C, i, data.dqdd_dq, data.dqdd_dqd, data.dqdd_dtau);
    } else {
      inverse_dynamics_derivatives(tag..., model, data, row_of(q, i), row_of(qd, i),
                                   row_of(third, i), gravity, f_ext);
      write_matrices(A, B, C, i, data.dtau_dq, data.dtau_dqd, data.dtau_dqdd);
    }
  };
  auto one_row = [&](int t, Eigen::Index i) {
    if (tree)
      single_row(t, i);
    else
      single_row(t, i, unchecked);
  };
  // the lanes: chains, the forward derivatives up to the body's hand Cholesky (batch_lanes.hpp)
  const int lanes = lanes_of(where, options) * !tree *
                    (!forward || n <= detail::forward_derivative_lanes_max_dof());
  run_batch(where, model, workspace, N, options, detail::Takes::free_flyers, Workspaces::derivatives,
            forward ? forward_outputs : inverse_outputs, Eigen::Index{n} * n,
            {{"q", &q}, {"qd", &qd}, {third_name, &third}}, one_row, lanes,
            [&](int t, Eigen::Index first) {
              detail::derivatives_lanes(model, *workspace.lanes[static_cast<std::size_t>(t)],
                                        forward, q, qd, third, A, B, C, first, lanes);
            });
}

}  // namespace

void inverse_dynamics_derivatives_batch(const SerialModel& model, BatchWorkspace& workspace,
                                        RowsIn q, RowsIn qd, RowsIn qdd, RowsOut dtau_dq,
                                        RowsOut dtau_dqd, RowsOut dtau_dqdd,
                                        const BatchOptions& options) {
  derivatives_batch("inverse_dynamics_derivatives_batch", false, model, workspace, q, qd, qdd,
                    dtau_dq, dtau_dqd, dtau_dqdd, options);
}

void inverse_dynamics_derivatives_batch(const SerialModel& model, RowsIn q, RowsIn qd,
                                        RowsIn qdd, RowsOut dtau_dq, RowsOut dtau_dqd,
                                        RowsOut dtau_dqdd, const BatchOptions& options) {
  BatchWorkspace workspace(model);
  inverse_dynamics_derivatives_batch(model, workspace, q, qd, qdd, dtau_dq, dtau_dqd, dtau_dqdd,
                                     options);
}

void forward_dynamics_derivatives_batch(const SerialModel& model, BatchWorkspace& workspace,
                                        RowsIn q, RowsIn qd, RowsIn tau, RowsOut dqdd_dq,
                                        RowsOut dqdd_dqd, RowsOut dqdd_dtau,
                                        const BatchOptions& options) {
  derivatives_batch("forward_dynamics_derivatives_batch", true, model, workspace, q, qd, tau,
                    dqdd_dq, dqdd_dqd, dqdd_dtau, options);
}

void forward_dynamics_derivatives_batch(const SerialModel& model, RowsIn q, RowsIn qd,
                                        RowsIn tau, RowsOut dqdd_dq, RowsOut dqdd_dqd,
                                        RowsOut dqdd_dtau, const BatchOptions& options) {
  BatchWorkspace workspace(model);
  forward_dynamics_derivatives_batch(model, workspace, q, qd, tau, dqdd_dq, dqdd_dqd, dqdd_dtau,
                                     options);
}

}  // namespace manipdyn
