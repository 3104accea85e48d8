// serial/batch.hpp: every batch function gives, row by row, exactly (bit for bit) the numbers of
// the checked single-state function, for the PUMA 560 (with drive), the Stanford arm and random
// arms of both DH conventions, with 1, 2, 3 and 8 threads; the error paths (shapes, non-finite
// entries named by row and column, a non-finite result named by row, negative threads, the size
// bound); N = 0. The derivative functions likewise, their three (N x n*n) outputs row by row.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "manipdyn/serial/forward_dynamics.hpp"
#include "manipdyn/serial/batch.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/derivatives.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "support/batch_states.hpp"
#include "support/error_message.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;
using test_support::random_rows;

std::vector<SerialModel> models() {
  RandomArmOptions drive;
  drive.with_drive = true;
  return {puma560(true), stanford_arm(true, true),
          random_arm(7, 11, DhConvention::standard, drive),
          random_arm(9, 12, DhConvention::modified), random_arm(2, 13, DhConvention::standard)};
}

// The thread counts of every comparison (8 > the machine's cores on purpose).
const std::vector<int> kThreadCounts = {1, 2, 3, 8};
// Enough rows for 8 threads of kMinRowsPerThread rows, and a remainder.
constexpr Eigen::Index kRows = 8 * kMinRowsPerThread + 5;

TEST(SerialBatch, InverseDynamicsEqualsSingleCalls) {
  for (const SerialModel& model : models()) {
    const int n = model.dof();
    const RowMatrixXd q = random_rows(kRows, n, 3.0, 1), qd = random_rows(kRows, n, 2.0, 2),
                      qdd = random_rows(kRows, n, 5.0, 3);
    RowMatrixXd expected(kRows, n);
    SerialData data(model);
    for (Eigen::Index i = 0; i < kRows; ++i)
      expected.row(i) = inverse_dynamics<double>(model, data, q.row(i).transpose(),
                                                 qd.row(i).transpose(), qdd.row(i).transpose())
                            .transpose();
    BatchWorkspace workspace(model);
    for (int threads : kThreadCounts) {
      RowMatrixXd tau = RowMatrixXd::Constant(kRows, n, -1.0);
      inverse_dynamics_batch(model, workspace, q, qd, qdd, tau, {.threads = threads});
      // Bit for bit: the same code path on the same inputs.
      EXPECT_TRUE((tau.array() == expected.array()).all()) << model.name << " threads " << threads;
    }
    // Another formulation through the options, and the workspace-less overload.
    RowMatrixXd tau_ne(kRows, n);
    inverse_dynamics_batch(model, q, qd, qdd, tau_ne,
                           {.threads = 2,
                            .inverse_dynamics_method = InverseDynamicsMethod::newton_euler});
    for (Eigen::Index i = 0; i < kRows; i += 17) {
      const VectorXd single = inverse_dynamics<double>(
          InverseDynamicsMethod::newton_euler, model, data, q.row(i).transpose(),
          qd.row(i).transpose(), qdd.row(i).transpose(), model.gravity, Vector6d::Zero());
      EXPECT_TRUE((tau_ne.row(i).transpose().array() == single.array()).all()) << model.name;
    }
  }
}

TEST(SerialBatch, MassMatrixEqualsSingleCallsRowMajorBlocks) {
  for (const SerialModel& model : models()) {
    const int n = model.dof();
    const RowMatrixXd q = random_rows(kRows, n, 3.0, 4);
    SerialData data(model);
    BatchWorkspace workspace(model);
    for (int threads : kThreadCounts) {
      RowMatrixXd M(kRows, n * n);
      mass_matrix_batch(model, workspace, q, M, {.threads = threads});
      for (Eigen::Index i = 0; i < kRows; ++i) {
        const MatrixXd& single = mass_matrix<double>(model, data, q.row(i).transpose());
        // M(q_i)(r, c) at column r*n + c.
        for (int r = 0; r < n; ++r)
          for (int c = 0; c < n; ++c)
            ASSERT_EQ(M(i, r * n + c), single(r, c))
                << model.name << " threads " << threads << " row " << i;
      }
    }
  }
}

TEST(SerialBatch, GravityTorquesEqualsSingleCalls) {
  for (const SerialModel& model : models()) {
    const int n = model.dof();
    const RowMatrixXd q = random_rows(kRows, n, 3.0, 5);
    RowMatrixXd expected(kRows, n);
    SerialData data(model);
    for (Eigen::Index i = 0; i < kRows; ++i)
      expected.row(i) =
          gravity_torques<double>(model, data, q.row(i).transpose(), model.gravity).transpose();
    for (int threads : kThreadCounts) {
      RowMatrixXd G(kRows, n);
      gravity_torques_batch(model, q, G, {.threads = threads});
      EXPECT_TRUE((G.array() == expected.array()).all()) << model.name << " threads " << threads;
    }
  }
}

TEST(SerialBatch, ForwardDynamicsEqualsSingleCallsAndInvertsInverseDynamics) {
  for (const SerialModel& model : models()) {
    const int n = model.dof();
    const RowMatrixXd q = random_rows(kRows, n, 3.0, 6), qd = random_rows(kRows, n, 2.0, 7),
                      qdd = random_rows(kRows, n, 5.0, 8);
    BatchWorkspace workspace(model);
    RowMatrixXd tau(kRows, n);
    inverse_dynamics_batch(model, workspace, q, qd, qdd, tau, {.threads = 2});
    RowMatrixXd expected(kRows, n);
    ForwardDynamicsData data(model);
    for (Eigen::Index i = 0; i < kRows; ++i)
      expected.row(i) = forward_dynamics<double>(model, data, q.row(i).transpose(),
                                                 qd.row(i).transpose(), tau.row(i).transpose())
                            .transpose();
    for (int threads : kThreadCounts) {
      RowMatrixXd out(kRows, n);
      forward_dynamics_batch(model, workspace, q, qd, tau, out, {.threads = threads});
      EXPECT_TRUE((out.array() == expected.array()).all()) << model.name << " threads " << threads;
      // An independent check: forward dynamics undoes inverse dynamics.
      const double scale = 1.0 + qdd.cwiseAbs().maxCoeff();
      EXPECT_LT((out - qdd).cwiseAbs().maxCoeff(), 1e-8 * scale) << model.name;
    }
  }
}

TEST(SerialBatch, ZeroStatesDoNothing) {
  const SerialModel model = puma560();
  const RowMatrixXd empty(0, 6);
  RowMatrixXd out(0, 6), M(0, 36);
  EXPECT_NO_THROW(inverse_dynamics_batch(model, empty, empty, empty, out));
  EXPECT_NO_THROW(mass_matrix_batch(model, empty, M));
  EXPECT_NO_THROW(gravity_torques_batch(model, empty, out));
  EXPECT_NO_THROW(forward_dynamics_batch(model, empty, empty, empty, out));
}

TEST(SerialBatch, InputErrorsNameTheArrayRowAndColumn) {
  const SerialModel model = puma560();
  RowMatrixXd q = random_rows(20, 6, 1.0, 9), qd = q, qdd = q, tau(20, 6);
  q(17, 3) = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(message_of([&] { inverse_dynamics_batch(model, q, qd, qdd, tau); }),
            "inverse_dynamics_batch: q[17, 3] is nan");
  q(17, 3) = 0.0;
  qdd(4, 0) = std::numeric_limits<double>::infinity();
  EXPECT_EQ(message_of([&] { inverse_dynamics_batch(model, q, qd, qdd, tau); }),
            "inverse_dynamics_batch: qdd[4, 0] is inf");
  EXPECT_EQ(message_of([&] { gravity_torques_batch(model, RowMatrixXd(3, 5), tau); }),
            "gravity_torques_batch: q has shape 3 x 5, expected 3 x 6 (N rows as q, n = 6 "
            "joints of the model)");
  EXPECT_EQ(message_of([&] { inverse_dynamics_batch(model, q, qd.topRows(19), q, tau); }),
            "inverse_dynamics_batch: qd has shape 19 x 6, expected 20 x 6 (N rows as q, n = 6 "
            "joints of the model)");
  RowMatrixXd M(20, 6);
  EXPECT_EQ(message_of([&] { mass_matrix_batch(model, q, M); }),
            "mass_matrix_batch: M has shape 20 x 6, expected 20 x 36 (the output: N rows as q, "
            "36 columns)");
  EXPECT_EQ(message_of([&] { gravity_torques_batch(model, q, tau, {.threads = -1}); }),
            "gravity_torques_batch: threads is -1, expected >= 0 (0 = one per hardware thread)");
  BatchWorkspace other(random_arm(3, 1, DhConvention::standard));
  EXPECT_EQ(message_of([&] { gravity_torques_batch(model, other, q, tau); }),
            "gravity_torques_batch: data was built for 3 joints, the model has 6");
}

TEST(SerialBatch, NonFiniteResultNamesTheRow) {
  const SerialModel model = puma560();
  RowMatrixXd q = random_rows(40, 6, 1.0, 10), qd = random_rows(40, 6, 1.0, 11), qdd = q,
              tau(40, 6);
  qd(33, 1) = 1e200;  // overflows in the velocity products
  for (int threads : kThreadCounts) {
    const std::string m =
        message_of([&] { inverse_dynamics_batch(model, q, qd, qdd, tau, {.threads = threads}); });
    EXPECT_NE(m.find("inverse_dynamics_batch: the result tau is not finite in row 33 (tau[33, "),
              std::string::npos)
        << m;
    EXPECT_NE(m.find("the largest input of that row: |qd| = 1e+200"), std::string::npos) << m;
  }
}

TEST(SerialBatch, SizeBoundCheckedBeforeAllocating) {
  // 2^27 doubles per array at most: a 1e8 x 6 array (4.5 GiB) is refused by its shape alone.
  EXPECT_NO_THROW(check_batch_size("f", "tau", 1e6, 6));
  EXPECT_EQ(message_of([] { check_batch_size("inverse_dynamics_batch", "tau", 1e8, 6); }),
            "inverse_dynamics_batch: tau would hold N = 1e+08 x 6 = 6e+08 doubles (4.47 GiB), "
            "above the limit of 1 GiB per array (kMaxBatchBytes)");
  // The exact limit: 2^27 entries pass, one more row of 1 does not.
  EXPECT_NO_THROW(check_batch_size("f", "G", 134217728.0, 1));
  EXPECT_THROW(check_batch_size("f", "G", 134217729.0, 1), std::invalid_argument);
}

TEST(SerialBatch, ErrorInsideAThreadNamesTheLowestRow) {
  // Rows 30 and 100 fail; whatever the thread count, row 30 is reported.
  for (int threads : kThreadCounts) {
    const std::string m = message_of([&] {
      parallel_rows("f", 160, threads, [](int, Eigen::Index i) {
        if (i == 30 || i == 100) throw std::invalid_argument("bad " + std::to_string(i));
      });
    });
    EXPECT_EQ(m, "f: row 30: bad 30") << threads;
  }
  // Every row runs exactly once, on the thread of its static block.
  std::vector<int> owner(160, -1);
  parallel_rows("f", 160, 3, [&](int t, Eigen::Index i) { owner[i] = t; });
  for (int t = 0; t < 3; ++t)
    for (Eigen::Index i = 160 * t / 3; i < 160 * (t + 1) / 3; ++i) EXPECT_EQ(owner[i], t) << i;
}

/// Row i of an (N x n*n) output as the n x n matrix it holds.
MatrixXd matrix_of(const RowMatrixXd& D, Eigen::Index i, int n) {
  return Eigen::Map<const RowMatrixXd>(D.data() + i * D.cols(), n, n);
}

// The derivatives' row counts: one row, fewer rows than threads want, and kRows.
const std::vector<Eigen::Index> kRowCounts = {1, 17, kRows};

/// Runs `batch(q, qd, third, A, B, C, options)` for every model, N and thread count, and
/// compares each row with `single(data, q_i, qd_i, third_i)` (which returns the three matrices).
template <typename Batch, typename Single>
void expect_rows_equal_single_calls(Batch&& batch, Single&& single) {
  for (const SerialModel& model : models()) {
    const int n = model.dof();
    const Eigen::Index N_max = kRowCounts.back();
    const RowMatrixXd q = random_rows(N_max, n, 3.0, 1), qd = random_rows(N_max, n, 2.0, 2),
                      third = random_rows(N_max, n, 5.0, 3);
    DerivativesData data(model);
    std::vector<std::array<MatrixXd, 3>> expected;
    for (Eigen::Index i = 0; i < N_max; ++i)
      expected.push_back(single(model, data, q.row(i).transpose(), qd.row(i).transpose(),
                                third.row(i).transpose()));
    BatchWorkspace workspace(model);
    for (Eigen::Index N : kRowCounts)
      for (int threads : kThreadCounts) {
        RowMatrixXd A = RowMatrixXd::Constant(N, n * n, -1.0), B = A, C = A;
        batch(model, workspace, q.topRows(N), qd.topRows(N), third.topRows(N), A, B, C,
              BatchOptions{.threads = threads});
        for (Eigen::Index i = 0; i < N; ++i) {
          // Bit for bit: the same code on the same inputs.
          EXPECT_EQ(matrix_of(A, i, n), expected[i][0]) << model.name << " row " << i;
          EXPECT_EQ(matrix_of(B, i, n), expected[i][1]) << model.name << " row " << i;
          EXPECT_EQ(matrix_of(C, i, n), expected[i][2]) << model.name << " row " << i;
        }
      }
  }
}

TEST(SerialBatch, InverseDynamicsDerivativesEqualSingleCalls) {
  expect_rows_equal_single_calls(
      [](const SerialModel& model, BatchWorkspace& w, auto q, auto qd, auto qdd, auto& A,
         auto& B, auto& C, const BatchOptions& o) {
        inverse_dynamics_derivatives_batch(model, w, q, qd, qdd, A, B, C, o);
      },
      [](const SerialModel& model, DerivativesData& data, const VectorXd& q, const VectorXd& qd,
         const VectorXd& qdd) {
        inverse_dynamics_derivatives<double>(model, data, q, qd, qdd);
        return std::array<MatrixXd, 3>{data.dtau_dq, data.dtau_dqd, data.dtau_dqdd};
      });
}

TEST(SerialBatch, ForwardDynamicsDerivativesEqualSingleCalls) {
  expect_rows_equal_single_calls(
      [](const SerialModel& model, BatchWorkspace& w, auto q, auto qd, auto tau, auto& A,
         auto& B, auto& C, const BatchOptions& o) {
        forward_dynamics_derivatives_batch(model, w, q, qd, tau, A, B, C, o);
      },
      [](const SerialModel& model, DerivativesData& data, const VectorXd& q, const VectorXd& qd,
         const VectorXd& tau) {
        forward_dynamics_derivatives<double>(model, data, q, qd, tau);
        return std::array<MatrixXd, 3>{data.dqdd_dq, data.dqdd_dqd, data.dqdd_dtau};
      });
}

TEST(SerialBatch, DerivativesWorkspaceLessOverloadsAndZeroStates) {
  const SerialModel model = puma560(true);
  const RowMatrixXd q = random_rows(30, 6, 1.0, 4), qd = random_rows(30, 6, 1.0, 5);
  RowMatrixXd A(30, 36), B(30, 36), C(30, 36), A2 = A, B2 = B, C2 = C;
  BatchWorkspace workspace(model);
  inverse_dynamics_derivatives_batch(model, q, qd, q, A, B, C, {.threads = 2});
  inverse_dynamics_derivatives_batch(model, workspace, q, qd, q, A2, B2, C2);
  EXPECT_EQ(A, A2);
  EXPECT_EQ(B, B2);
  EXPECT_EQ(C, C2);
  forward_dynamics_derivatives_batch(model, q, qd, q, A, B, C, {.threads = 2});
  forward_dynamics_derivatives_batch(model, workspace, q, qd, q, A2, B2, C2);
  EXPECT_EQ(A, A2);
  EXPECT_EQ(C, C2);
  const RowMatrixXd empty(0, 6);
  RowMatrixXd out(0, 36);
  EXPECT_NO_THROW(inverse_dynamics_derivatives_batch(model, empty, empty, empty, out, out, out));
  EXPECT_NO_THROW(forward_dynamics_derivatives_batch(model, empty, empty, empty, out, out, out));
}

TEST(SerialBatch, DerivativesErrorsNameTheArrayRowAndOutput) {
  const SerialModel model = puma560();
  RowMatrixXd q = random_rows(40, 6, 1.0, 6), qd = random_rows(40, 6, 1.0, 7), tau = q;
  RowMatrixXd A(40, 36), B(40, 36), C(40, 36);
  q(17, 3) = std::numeric_limits<double>::quiet_NaN();
  for (int threads : kThreadCounts) {
    EXPECT_EQ(message_of([&] {
                inverse_dynamics_derivatives_batch(model, q, qd, tau, A, B, C,
                                                   {.threads = threads});
              }),
              "inverse_dynamics_derivatives_batch: q[17, 3] is nan");
    EXPECT_EQ(message_of([&] {
                forward_dynamics_derivatives_batch(model, q, qd, tau, A, B, C,
                                                   {.threads = threads});
              }),
              "forward_dynamics_derivatives_batch: q[17, 3] is nan");
  }
  q(17, 3) = 0.0;
  RowMatrixXd B_wrong(40, 6);
  EXPECT_EQ(message_of([&] {
              inverse_dynamics_derivatives_batch(model, q, qd, tau, A, B_wrong, C);
            }),
            "inverse_dynamics_derivatives_batch: dtau_dqd has shape 40 x 6, expected 40 x 36 (the "
            "output: N rows as q, 36 columns)");
  EXPECT_EQ(message_of([&] {
              forward_dynamics_derivatives_batch(model, q, qd.topRows(39), tau, A, B, C);
            }),
            "forward_dynamics_derivatives_batch: qd has shape 39 x 6, expected 40 x 6 (N rows as "
            "q, n = 6 joints of the model)");
  // An overflowing row: the result named with its row and the largest input.
  qd(33, 1) = 1e200;
  for (int threads : kThreadCounts) {
    const std::string m = message_of([&] {
      inverse_dynamics_derivatives_batch(model, q, qd, tau, A, B, C, {.threads = threads});
    });
    EXPECT_NE(m.find("inverse_dynamics_derivatives_batch: the result dtau_dq is not finite in "
                     "row 33 (dtau_dq[33, "),
              std::string::npos)
        << m;
    EXPECT_NE(m.find("the largest input of that row: |qd| = 1e+200"), std::string::npos) << m;
  }
}

TEST(SerialBatch, ThreadCountIsBoundedByRows) {
  EXPECT_EQ(batch_threads("f", 8, 0), 1);
  EXPECT_EQ(batch_threads("f", 8, kMinRowsPerThread), 1);
  EXPECT_EQ(batch_threads("f", 8, kMinRowsPerThread + 1), 2);
  EXPECT_EQ(batch_threads("f", 3, 1000), 3);
  EXPECT_GE(batch_threads("f", 0, 1000), 1);
}

}  // namespace
}  // namespace manipdyn
