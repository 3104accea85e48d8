// serial/batch.hpp on trees and free-flyers (issue 27, item 4): inverse_dynamics_batch,
// mass_matrix_batch, gravity_torques_batch and forward_dynamics_batch take a tree on a fixed root
// and any model on a free-flyer root (q rows of nq entries, qd, qdd, tau rows of nv, M rows of
// nv * nv), each row bit for bit the single-state call on any thread count, and on the SIMD lanes
// (inverse dynamics and gravity: the tree body on the lane scalar) bit for bit with exact and to
// 1e-14 relative with fast trigonometry: random trees with prismatic joints and drives, a random
// tree on a free-flyer, Romeo's whole tree (31 joints) fixed and floating. The errors: a row's
// non-unit or zero quaternion and a non-finite entry named, the nq / nv shapes, the textbook
// formulations refused. The regressor and derivative batches run the single-state function on a
// tree: they give its refusal while it refuses trees (then the comparison is skipped), its
// numbers bit for bit when it takes them.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "manipdyn/io/urdf.hpp"
#include "manipdyn/serial/batch.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/configuration.hpp"
#include "manipdyn/serial/derivatives.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/forward_dynamics.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/serial/regressor.hpp"
#include "support/batch_states.hpp"
#include "support/error_message.hpp"
#include "support/free_flyer.hpp"

namespace manipdyn {
namespace {

using test_support::equal_bits;
using test_support::lane_widths;
using test_support::max_rel_diff;
using test_support::message_of;
using test_support::on_free_flyer;
using test_support::random_rows;

SerialModel romeo(bool floating) {
  UrdfOptions options;
  options.whole_tree = true;
  options.floating_base = floating;
  options.allow_invalid_inertia = true;  // Romeo's published RShoulderYawLink
  return serial_model_from_urdf_file(
      std::string(MANIPDYN_SOURCE_DIR) + "/tests/data/urdf/romeo_small.urdf", options);
}

// Trees on a fixed root (random, with prismatic joints and drives; Romeo) and on a free-flyer.
const std::vector<SerialModel>& models() {
  static const std::vector<SerialModel> all = [] {
    RandomTreeOptions drive;
    drive.with_drive = true;
    drive.prismatic_fraction = 0.4;
    std::vector<SerialModel> m = {random_tree(9, 31, drive), random_tree(14, 32, drive),
                                  on_free_flyer(random_tree(11, 33, drive)), romeo(false),
                                  romeo(true)};
    for (const SerialModel& model : m)
      EXPECT_TRUE(!model.is_chain() || model.root == RootJoint::free_flyer) << model.name;
    return m;
  }();
  return all;
}

// The thread counts of every comparison (8 > the machine's cores on purpose), and rows enough
// for 8 threads of kMinRowsPerThread rows with a remainder (not a multiple of 4 or 8 lanes).
const std::vector<int> kThreadCounts = {1, 2, 3, 8};
constexpr Eigen::Index kRows = 8 * kMinRowsPerThread + 5;

// BatchSimd::fast: sin/cos a few ulp from glibc's; relative to the row's largest entry (>= 1).
constexpr double kFastRelTol = 1e-14;

/// N configurations of the model (N x nq): random_configuration, unit quaternions on a
/// free-flyer.
RowMatrixXd configurations(const SerialModel& model, Eigen::Index N, unsigned seed) {
  RowMatrixXd q(N, model.nq());
  for (Eigen::Index i = 0; i < N; ++i)
    q.row(i) = random_configuration(model, seed * 1000 + static_cast<unsigned>(i)).transpose();
  return q;
}

/// The rows of a batch input as the single call's argument.
VectorXd row(const RowMatrixXd& a, Eigen::Index i) { return a.row(i).transpose(); }

TEST(SerialBatchTrees, InverseDynamicsEqualsSingleCallsOnThreadsAndLanes) {
  for (const SerialModel& model : models()) {
    const int nv = model.nv();
    const RowMatrixXd q = configurations(model, kRows, 1),
                      qd = test_support::mixed_sign_rows(kRows, nv, 2),
                      qdd = random_rows(kRows, nv, 5.0, 3);
    RowMatrixXd expected(kRows, nv);
    SerialData data(model);
    for (Eigen::Index i = 0; i < kRows; ++i)
      expected.row(i) =
          inverse_dynamics<double>(model, data, row(q, i), row(qd, i), row(qdd, i)).transpose();
    BatchWorkspace workspace(model);
    for (int threads : kThreadCounts) {
      RowMatrixXd tau = RowMatrixXd::Constant(kRows, nv, -1.0);
      inverse_dynamics_batch(model, workspace, q, qd, qdd, tau,
                             {.threads = threads, .simd = BatchSimd::off});
      EXPECT_TRUE(equal_bits(tau, expected)) << model.name << " threads " << threads;
    }
    if (!batch_simd_available()) continue;
    for (int width : lane_widths())
      for (BatchSimd mode : {BatchSimd::exact, BatchSimd::fast})
        for (int threads : {1, 3}) {
          RowMatrixXd tau = RowMatrixXd::Constant(kRows, nv, -1.0);
          inverse_dynamics_batch(model, workspace, q, qd, qdd, tau,
                                 {.threads = threads, .simd = mode, .simd_lanes = width});
          if (mode == BatchSimd::exact)
            EXPECT_TRUE(equal_bits(tau, expected))
                << model.name << " lanes " << width << " threads " << threads << ": "
                << max_rel_diff(tau, expected);
          else
            EXPECT_LE(max_rel_diff(tau, expected), kFastRelTol)
                << model.name << " lanes " << width << " threads " << threads;
        }
  }
}

TEST(SerialBatchTrees, GravityTorquesEqualsSingleCallsOnThreadsAndLanes) {
  for (const SerialModel& model : models()) {
    const int nv = model.nv();
    const RowMatrixXd q = configurations(model, kRows, 4);
    RowMatrixXd expected(kRows, nv);
    SerialData data(model);
    for (Eigen::Index i = 0; i < kRows; ++i)
      expected.row(i) = gravity_torques<double>(model, data, row(q, i), model.gravity).transpose();
    BatchWorkspace workspace(model);
    for (int threads : kThreadCounts) {
      RowMatrixXd G = RowMatrixXd::Constant(kRows, nv, -1.0);
      gravity_torques_batch(model, workspace, q, G, {.threads = threads, .simd = BatchSimd::off});
      EXPECT_TRUE(equal_bits(G, expected)) << model.name << " threads " << threads;
    }
    if (!batch_simd_available()) continue;
    for (int width : lane_widths())
      for (BatchSimd mode : {BatchSimd::exact, BatchSimd::fast}) {
        RowMatrixXd G = RowMatrixXd::Constant(kRows, nv, -1.0);
        gravity_torques_batch(model, workspace, q, G,
                              {.threads = 2, .simd = mode, .simd_lanes = width});
        if (mode == BatchSimd::exact)
          EXPECT_TRUE(equal_bits(G, expected)) << model.name << " lanes " << width;
        else
          EXPECT_LE(max_rel_diff(G, expected), kFastRelTol) << model.name << " lanes " << width;
      }
  }
}

TEST(SerialBatchTrees, MassMatrixEqualsSingleCallsNvByNvRowMajor) {
  for (const SerialModel& model : models()) {
    const int nv = model.nv();
    const RowMatrixXd q = configurations(model, kRows, 5);
    SerialData data(model);
    BatchWorkspace workspace(model);
    for (int threads : kThreadCounts) {
      RowMatrixXd M = RowMatrixXd::Constant(kRows, nv * nv, -1.0);
      mass_matrix_batch(model, workspace, q, M, {.threads = threads});
      for (Eigen::Index i = 0; i < kRows; ++i) {
        const MatrixXd& single = mass_matrix<double>(model, data, row(q, i));
        ASSERT_EQ(single.rows(), nv);
        for (int r = 0; r < nv; ++r)
          for (int c = 0; c < nv; ++c)
            ASSERT_EQ(M(i, r * nv + c), single(r, c))
                << model.name << " threads " << threads << " row " << i;
      }
    }
  }
}

TEST(SerialBatchTrees, ForwardDynamicsEqualsSingleCallsAndInvertsInverseDynamics) {
  for (const SerialModel& model : models()) {
    const int nv = model.nv();
    const RowMatrixXd q = configurations(model, kRows, 6), qd = random_rows(kRows, nv, 2.0, 7),
                      qdd = random_rows(kRows, nv, 5.0, 8);
    BatchWorkspace workspace(model);
    RowMatrixXd tau(kRows, nv);
    inverse_dynamics_batch(model, workspace, q, qd, qdd, tau, {.threads = 2});
    for (ForwardDynamicsMethod method :
         {ForwardDynamicsMethod::fastest, ForwardDynamicsMethod::mass_matrix,
          ForwardDynamicsMethod::articulated_body}) {
      RowMatrixXd expected(kRows, nv);
      ForwardDynamicsData data(model);
      for (Eigen::Index i = 0; i < kRows; ++i)
        expected.row(i) =
            forward_dynamics<double>(method, model, data, row(q, i), row(qd, i), row(tau, i),
                                     model.gravity, Vector6d::Zero())
                .transpose();
      for (int threads : kThreadCounts) {
        RowMatrixXd out = RowMatrixXd::Constant(kRows, nv, -1.0);
        forward_dynamics_batch(model, workspace, q, qd, tau, out,
                               {.threads = threads, .forward_dynamics_method = method});
        EXPECT_TRUE(equal_bits(out, expected))
            << model.name << " " << to_string(method) << " threads " << threads;
        // An independent check: forward dynamics undoes inverse dynamics.
        EXPECT_LT(max_rel_diff(out, qdd), 1e-6) << model.name << " " << to_string(method);
      }
    }
  }
}

TEST(SerialBatchTrees, ShapesAreNqAndNvAndNamed) {
  const SerialModel& floating = models()[2];
  const int n = floating.dof();
  const RowMatrixXd q = configurations(floating, 3, 9);
  const RowMatrixXd v = RowMatrixXd::Zero(3, floating.nv());
  RowMatrixXd tau(3, floating.nv()), M(3, floating.nv() * floating.nv());
  const std::string joints = std::to_string(n) + " joints of the free-flyer model";
  EXPECT_EQ(message_of([&] { inverse_dynamics_batch(floating, v, v, v, tau); }),
            "inverse_dynamics_batch: q has shape 3 x " + std::to_string(n + 6) +
                ", expected 3 x " + std::to_string(n + 7) + " (N rows as q, nq = 7 + " + joints +
                ")");
  EXPECT_EQ(message_of([&] { inverse_dynamics_batch(floating, q, q, v, tau); }),
            "inverse_dynamics_batch: qd has shape 3 x " + std::to_string(n + 7) +
                ", expected 3 x " + std::to_string(n + 6) + " (N rows as q, nv = 6 + " + joints +
                ")");
  RowMatrixXd small(3, n * n);
  EXPECT_NE(message_of([&] { mass_matrix_batch(floating, q, small); })
                .find("mass_matrix_batch: M has shape 3 x " + std::to_string(n * n) +
                      ", expected 3 x " + std::to_string((n + 6) * (n + 6))),
            std::string::npos);
  // the right shapes pass
  mass_matrix_batch(floating, q, M);
  EXPECT_TRUE(M.allFinite());
}

TEST(SerialBatchTrees, NonUnitQuaternionRowIsNamedOnAnyThreadCount) {
  const SerialModel& floating = models()[4];  // Romeo on a free-flyer
  RowMatrixXd q = configurations(floating, kRows, 10);
  const RowMatrixXd v = random_rows(kRows, floating.nv(), 1.0, 11);
  RowMatrixXd out(kRows, floating.nv());
  q.row(17).segment<4>(3) << 0.0, 0.0, 0.0, 2.0;
  q.row(90).segment<4>(3).setZero();
  const std::string row17 =
      "q[17, 3..6], the base quaternion (x y z w) = (0 0 0 2), has norm 2, not 1 (tolerance "
      "1e-06): not a unit quaternion; normalize(model, q) scales a row";
  for (int threads : kThreadCounts)
    for (BatchSimd simd : {BatchSimd::off, BatchSimd::exact}) {
      const BatchOptions o{.threads = threads, .simd = simd};
      EXPECT_EQ(message_of([&] { inverse_dynamics_batch(floating, q, v, v, out, o); }),
                "inverse_dynamics_batch: " + row17)
          << threads;
      EXPECT_EQ(message_of([&] { gravity_torques_batch(floating, q, out, o); }),
                "gravity_torques_batch: " + row17);
      EXPECT_EQ(message_of([&] { forward_dynamics_batch(floating, q, v, v, out, o); }),
                "forward_dynamics_batch: " + row17);
    }
  q.row(17) = configurations(floating, 1, 12).row(0);
  RowMatrixXd M(kRows, floating.nv() * floating.nv());
  EXPECT_EQ(message_of([&] { mass_matrix_batch(floating, q, M, {.threads = 3}); }),
            "mass_matrix_batch: q[90, 3..6], the base quaternion (x y z w) = (0 0 0 0), is zero: "
            "not a unit quaternion (it is no rotation)");
  // a quaternion within the tolerance of unit norm is accepted (and normalised, as the single
  // call does)
  q.row(90) = configurations(floating, 1, 13).row(0);
  q.row(5).segment<4>(3) *= 1.0 + 5e-7;
  inverse_dynamics_batch(floating, q, v, v, out);
  SerialData data(floating);
  EXPECT_TRUE(equal_bits(out.row(5),
                         inverse_dynamics<double>(floating, data, row(q, 5), row(v, 5), row(v, 5))
                             .transpose()));
}

TEST(SerialBatchTrees, NonFiniteEntriesAreNamed) {
  for (const SerialModel& model : {models()[0], models()[2]}) {
    RowMatrixXd q = configurations(model, kRows, 14);
    RowMatrixXd qd = random_rows(kRows, model.nv(), 1.0, 15);
    RowMatrixXd out(kRows, model.nv());
    qd(40, model.nv() - 1) = std::numeric_limits<double>::quiet_NaN();
    for (int threads : kThreadCounts)
      EXPECT_EQ(message_of([&] {
                  inverse_dynamics_batch(model, q, qd, qd, out, {.threads = threads});
                }),
                "inverse_dynamics_batch: qd[40, " + std::to_string(model.nv() - 1) + "] is nan")
          << model.name;
    q(7, 1) = std::numeric_limits<double>::infinity();
    EXPECT_EQ(message_of([&] { gravity_torques_batch(model, q, out, {.threads = 2}); }),
              "gravity_torques_batch: q[7, 1] is inf")
        << model.name;
  }
}

TEST(SerialBatchTrees, TextbookFormulationsRefuseATree) {
  const SerialModel& tree = models()[0];
  const RowMatrixXd q = configurations(tree, 2, 16);
  RowMatrixXd out(2, tree.nv());
  EXPECT_EQ(message_of([&] {
              inverse_dynamics_batch(
                  tree, q, q, q, out,
                  {.inverse_dynamics_method = InverseDynamicsMethod::lagrange_euler});
            }).rfind("inverse_dynamics_batch: model '" + tree.name + "' is a tree", 0),
            0u);
  EXPECT_EQ(message_of([&] {
              forward_dynamics_batch(tree, q, q, q, out,
                                     {.forward_dynamics_method = ForwardDynamicsMethod::strobing});
            }).rfind("forward_dynamics_batch: model '" + tree.name + "' is a tree", 0),
            0u);
}

/// The message of the single-state call's refusal of the model, or "" if it computes.
template <typename Call>
std::string refusal(Call&& call) {
  try {
    call();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

/// A batch function that runs the single-state function on a tree: while the single call refuses
/// the model, the batch gives its message (row 0) and the comparison is skipped; once it takes
/// it, rows bit for bit the single call's on any thread count.
template <typename Batch, typename Single>
void expect_single_call_rows(const SerialModel& model, std::string_view where, int out_rows,
                             int out_cols, Batch&& batch, Single&& single, bool& skipped) {
  const RowMatrixXd q = configurations(model, kRows, 17);
  const RowMatrixXd qd = random_rows(kRows, model.nv(), 2.0, 18),
                    third = random_rows(kRows, model.nv(), 5.0, 19);
  const std::string refused = refusal([&] { single(row(q, 0), row(qd, 0), row(third, 0)); });
  if (!refused.empty()) {
    // (today "... is a tree ... written for serial chains" or "... takes fixed-root models")
    std::array<RowMatrixXd, 3> out;
    for (auto& o : out) o.resize(kRows * out_rows, out_cols);
    EXPECT_EQ(message_of([&] { batch(q, qd, third, out, BatchOptions{.threads = 3}); }),
              std::string(where) + ": row 0: " + refused);
    skipped = true;
    return;
  }
  for (int threads : kThreadCounts) {
    std::array<RowMatrixXd, 3> out;
    for (auto& o : out) o = RowMatrixXd::Constant(kRows * out_rows, out_cols, -1.0);
    batch(q, qd, third, out, BatchOptions{.threads = threads});
    for (Eigen::Index i = 0; i < kRows; ++i) {
      const std::array<MatrixXd, 3> expected = single(row(q, i), row(qd, i), row(third, i));
      for (std::size_t k = 0; k < 3; ++k) {
        if (expected[k].size() == 0) continue;
        // row i (or rows i*out_rows ...) hold the matrix row by row
        const Eigen::Map<const RowMatrixXd> got(out[k].data() + i * out_rows * out_cols,
                                                expected[k].rows(), expected[k].cols());
        ASSERT_TRUE((got.array() == expected[k].array()).all())
            << model.name << " " << where << " output " << k << " row " << i << " threads "
            << threads;
      }
    }
  }
}

TEST(SerialBatchTrees, RegressorRunsTheSingleCallOnATree) {
  bool skipped = false;
  for (const SerialModel& model : {models()[0], models()[3]}) {
    const int n = model.nv(), p = 14 * model.dof();
    SerialData data(model);
    expect_single_call_rows(
        model, "joint_torque_regressor_batch", n, p,
        [&](const RowMatrixXd& q, const RowMatrixXd& qd, const RowMatrixXd& qdd, auto& out,
            const BatchOptions& o) { joint_torque_regressor_batch(model, q, qd, qdd, out[0], o); },
        [&](const VectorXd& q, const VectorXd& qd, const VectorXd& qdd) {
          return std::array<MatrixXd, 3>{
              joint_torque_regressor<double>(model, data, q, qd, qdd, model.gravity), MatrixXd(),
              MatrixXd()};
        },
        skipped);
  }
  if (skipped)
    GTEST_SKIP() << "joint_torque_regressor refuses trees: the batch gives its message";
}

/// expect_single_call_rows for the forward (`forward`) or inverse dynamics derivatives batch on a
/// fixed-root tree and a free-flyer; true if the single call refuses them (the test skips).
bool derivative_rows_or_refusal(bool forward) {
  bool skipped = false;
  for (const SerialModel& model : {models()[0], models()[2]}) {
    const int nv = model.nv();
    DerivativesData data(model);
    expect_single_call_rows(
        model, forward ? "forward_dynamics_derivatives_batch" : "inverse_dynamics_derivatives_batch",
        1, nv * nv,
        [&](const RowMatrixXd& q, const RowMatrixXd& qd, const RowMatrixXd& third, auto& out,
            const BatchOptions& o) {
          if (forward)
            forward_dynamics_derivatives_batch(model, q, qd, third, out[0], out[1], out[2], o);
          else
            inverse_dynamics_derivatives_batch(model, q, qd, third, out[0], out[1], out[2], o);
        },
        [&](const VectorXd& q, const VectorXd& qd, const VectorXd& third) {
          if (forward) {
            forward_dynamics_derivatives<double>(model, data, q, qd, third);
            return std::array<MatrixXd, 3>{data.dqdd_dq, data.dqdd_dqd, data.dqdd_dtau};
          }
          inverse_dynamics_derivatives<double>(model, data, q, qd, third);
          return std::array<MatrixXd, 3>{data.dtau_dq, data.dtau_dqd, data.dtau_dqdd};
        },
        skipped);
  }
  return skipped;
}

TEST(SerialBatchTrees, InverseDynamicsDerivativesRunTheSingleCallOnATree) {
  if (derivative_rows_or_refusal(false))
    GTEST_SKIP() << "inverse_dynamics_derivatives refuses trees: the batch gives its message";
}

TEST(SerialBatchTrees, ForwardDynamicsDerivativesRunTheSingleCallOnATree) {
  if (derivative_rows_or_refusal(true))
    GTEST_SKIP() << "forward_dynamics_derivatives refuses trees: the batch gives its message";
}

}  // namespace
}  // namespace manipdyn
