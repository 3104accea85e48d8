// serial/batch.hpp, the derivative functions: inverse_dynamics_derivatives_batch and
// forward_dynamics_derivatives_batch give, row by row, exactly (bit for bit) the matrices of the
// checked single calls (serial/derivatives.hpp), laid out row by row in each (N x n*n) output,
// for the PUMA 560 (with drive), the Stanford arm and random arms, with 1, 2, 3 and 8 threads and
// several N; the errors name the array, the row and the output; N = 0.
#include <gtest/gtest.h>

#include <array>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "manipdyn/serial/batch.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/derivatives.hpp"
#include "support/error_message.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;

std::vector<SerialModel> models() {
  RandomArmOptions drive;
  drive.with_drive = true;
  return {puma560(true), stanford_arm(true, true),
          random_arm(7, 11, DhConvention::standard, drive),
          random_arm(9, 12, DhConvention::modified)};
}

/// N x n states drawn uniformly in [-scale, scale] (reproducible).
RowMatrixXd random_rows(Eigen::Index N, int n, double scale, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-scale, scale);
  RowMatrixXd a(N, n);
  for (Eigen::Index i = 0; i < N; ++i)
    for (int j = 0; j < n; ++j) a(i, j) = u(rng);
  return a;
}

/// Row i of an (N x n*n) output as the n x n matrix it holds.
MatrixXd matrix_of(const RowMatrixXd& D, Eigen::Index i, int n) {
  return Eigen::Map<const RowMatrixXd>(D.data() + i * D.cols(), n, n);
}

// The thread counts of every comparison (8 > the machine's cores on purpose).
const std::vector<int> kThreadCounts = {1, 2, 3, 8};
// One row, fewer rows than threads want, and enough for 8 threads plus a remainder.
const std::vector<Eigen::Index> kRowCounts = {1, 17, 8 * kMinRowsPerThread + 5};

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

TEST(SerialDerivativesBatch, InverseDynamicsDerivativesEqualSingleCalls) {
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

TEST(SerialDerivativesBatch, ForwardDynamicsDerivativesEqualSingleCalls) {
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

TEST(SerialDerivativesBatch, WorkspaceLessOverloadsAndZeroStates) {
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

TEST(SerialDerivativesBatch, ErrorsNameTheArrayRowAndOutput) {
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
  EXPECT_EQ(message_of([&] { inverse_dynamics_derivatives_batch(model, q, qd, tau, A, B_wrong, C); }),
            "inverse_dynamics_derivatives_batch: dtau_dqd has shape 40 x 6, expected 40 x 36 (the "
            "output: N rows as q, 36 columns)");
  EXPECT_EQ(message_of([&] { forward_dynamics_derivatives_batch(model, q, qd.topRows(39), tau, A, B, C); }),
            "forward_dynamics_derivatives_batch: qd has shape 39 x 6, expected 40 x 6 (N rows as "
            "q, n = 6 joints of the model)");
  // An overflowing row: the result named with its row and the largest input.
  qd(33, 1) = 1e200;
  for (int threads : kThreadCounts) {
    const std::string m = message_of([&] {
      inverse_dynamics_derivatives_batch(model, q, qd, tau, A, B, C, {.threads = threads});
    });
    EXPECT_NE(m.find("inverse_dynamics_derivatives_batch: the result dtau_dq is not finite in row "
                     "33 (dtau_dq[33, "),
              std::string::npos)
        << m;
    EXPECT_NE(m.find("the largest input of that row: |qd| = 1e+200"), std::string::npos) << m;
  }
}

}  // namespace
}  // namespace manipdyn
