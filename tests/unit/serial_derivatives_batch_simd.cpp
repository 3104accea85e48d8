// serial/batch.hpp, BatchOptions::simd for the derivative batches: inverse_ and
// forward_dynamics_derivatives_batch with four (AVX2, src/serial/derivatives_lanes.cpp) or eight
// (AVX-512, derivatives_lanes_avx512.cpp) states in the lanes of one call give the single calls'
// matrices bit for bit with BatchSimd::exact and fast (Eigen's evaluation order mirrored,
// src/core/lanes_packets.hpp; fast runs the exact lanes for the derivatives): PUMA 560 with and
// without its drive (Coulomb friction signs differing between lanes, qd = 0 in some), random arms
// of n = 7 and n = 13 with prismatic joints (the forward derivatives' run-time-sized products and
// Eigen's GEMM), n = 30 (the inverse derivatives in lanes, the forward ones on the threads); N
// not a multiple of the lanes, 1 and 2 threads, each lane width the CPU has. A row whose mass
// matrix is not positive definite, or whose result overflows, gives the error of the path
// without lanes (its single call's, naming the row).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "manipdyn/serial/batch.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/derivatives.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/model.hpp"
#include "support/batch_states.hpp"
#include "support/error_message.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;
using test_support::mixed_sign_rows;
using test_support::random_rows;
using test_support::equal_bits;
using test_support::lane_widths;
using test_support::max_rel_diff;

/// The three matrices of each row by the single (checked, double) call, row by row.
struct Expected {
  RowMatrixXd A, B, C;
};
Expected single_calls(const SerialModel& model, bool forward, const RowMatrixXd& q,
                      const RowMatrixXd& qd, const RowMatrixXd& third) {
  const int n = model.dof();
  const Eigen::Index N = q.rows();
  Expected e{RowMatrixXd(N, n * n), RowMatrixXd(N, n * n), RowMatrixXd(N, n * n)};
  DerivativesData data(model);
  auto put = [&](RowMatrixXd& out, Eigen::Index i, const Eigen::MatrixXd& m) {
    Eigen::Map<RowMatrixXd>(out.row(i).data(), n, n) = m;
  };
  for (Eigen::Index i = 0; i < N; ++i) {
    const Eigen::VectorXd a = q.row(i).transpose(), b = qd.row(i).transpose(),
                          c = third.row(i).transpose();
    if (forward) {
      forward_dynamics_derivatives<double>(model, data, a, b, c);
      put(e.A, i, data.dqdd_dq), put(e.B, i, data.dqdd_dqd), put(e.C, i, data.dqdd_dtau);
    } else {
      inverse_dynamics_derivatives<double>(model, data, a, b, c);
      put(e.A, i, data.dtau_dq), put(e.B, i, data.dtau_dqd), put(e.C, i, data.dtau_dqdd);
    }
  }
  return e;
}

void run(const SerialModel& model, bool forward, BatchWorkspace& workspace,
         const RowMatrixXd& q, const RowMatrixXd& qd, const RowMatrixXd& third, RowMatrixXd& A,
         RowMatrixXd& B, RowMatrixXd& C, const BatchOptions& options) {
  if (forward)
    forward_dynamics_derivatives_batch(model, workspace, q, qd, third, A, B, C, options);
  else
    inverse_dynamics_derivatives_batch(model, workspace, q, qd, third, A, B, C, options);
}

std::vector<SerialModel> models() {
  RandomArmOptions drive;
  drive.with_drive = true;
  RandomArmOptions prismatic;
  prismatic.prismatic_fraction = 0.5;
  return {puma560(false), puma560(true), random_arm(7, 31, DhConvention::standard, prismatic),
          random_arm(13, 32, DhConvention::modified, drive),
          random_arm(30, 33, DhConvention::standard)};
}

TEST(SerialDerivativesBatchSimd, LanesEqualSingleCalls) {
  if (!batch_simd_available()) GTEST_SKIP() << "no SIMD lane path on this build or CPU";
  for (const SerialModel& model : models()) {
    const int n = model.dof();
    for (bool forward : {false, true}) {
      for (Eigen::Index N : {Eigen::Index{3}, Eigen::Index{21}}) {
        const RowMatrixXd q = random_rows(N, n, 3.0, 1), qd = mixed_sign_rows(N, n, 2),
                          third = random_rows(N, n, 5.0, 3);
        const Expected e = single_calls(model, forward, q, qd, third);
        BatchWorkspace workspace(model);
        for (int width : lane_widths())
          for (BatchSimd mode : {BatchSimd::exact, BatchSimd::fast})
            for (int threads : {1, 2}) {
              RowMatrixXd A = RowMatrixXd::Constant(N, n * n, -1.0), B = A, C = A;
              run(model, forward, workspace, q, qd, third, A, B, C,
                  {.threads = threads, .simd = mode, .simd_lanes = width});
              const std::string where = model.name + " n " + std::to_string(n) + " forward " +
                                        std::to_string(forward) + " N " + std::to_string(N) +
                                        " lanes " + std::to_string(width) + " threads " +
                                        std::to_string(threads);
              // fast runs the exact lanes too (the sin/cos are a small part of the cost)
              EXPECT_TRUE(equal_bits(A, e.A) && equal_bits(B, e.B) && equal_bits(C, e.C))
                  << where << " fast " << (mode == BatchSimd::fast) << ": "
                  << max_rel_diff(A, e.A) << " " << max_rel_diff(B, e.B) << " "
                  << max_rel_diff(C, e.C);
            }
      }
    }
  }
}

TEST(SerialDerivativesBatchSimd, ForwardLanesEqualSingleCallsForEveryGemmSize) {
  if (!batch_simd_available()) GTEST_SKIP() << "no SIMD lane path on this build or CPU";
  // n = 8 .. 24: the forward derivatives' products -M^-1 dtau/dx go through Eigen's GEMM kernel,
  // whose register blocking the lanes must share with double (lanes_packets.hpp)
  for (int n = 8; n <= 24; ++n) {
    const SerialModel model = random_arm(n, 40 + n, DhConvention::standard);
    constexpr Eigen::Index N = 9;
    const RowMatrixXd q = random_rows(N, n, 3.0, 1), qd = random_rows(N, n, 2.0, 2),
                      tau = random_rows(N, n, 5.0, 3);
    const Expected e = single_calls(model, true, q, qd, tau);
    BatchWorkspace workspace(model);
    for (int width : lane_widths()) {
      RowMatrixXd A(N, n * n), B = A, C = A;
      run(model, true, workspace, q, qd, tau, A, B, C, {.threads = 1, .simd_lanes = width});
      EXPECT_TRUE(equal_bits(A, e.A) && equal_bits(B, e.B) && equal_bits(C, e.C))
          << "n " << n << " lanes " << width << ": " << max_rel_diff(A, e.A) << " "
          << max_rel_diff(B, e.B);
    }
  }
}

/// The error of a derivative batch call, "" if none.
std::string error_of(const SerialModel& model, bool forward, const RowMatrixXd& q,
                     const RowMatrixXd& qd, const RowMatrixXd& third, const BatchOptions& o) {
  const int n = model.dof();
  RowMatrixXd A(q.rows(), n * n), B = A, C = A;
  BatchWorkspace workspace(model);
  try {
    run(model, forward, workspace, q, qd, third, A, B, C, o);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(SerialDerivativesBatchSimd, ANonPositiveDefiniteMassMatrixGivesTheSingleCallsError) {
  if (!batch_simd_available()) GTEST_SKIP() << "no SIMD lane path on this build or CPU";
  // The PUMA 560 (no drive) with link 1's inertia tensor lowered by c E (not realisable,
  // accepted by allow_invalid_inertia): -c on M(0, 0) makes M(q) indefinite where the arm's own M(0, 0) (which varies with q2, q3) is below c.
  // Row 0 is the state of largest M(0, 0), c the median: rows after it are refused, some not.
  const SerialModel rigid = puma560(false);
  const int n = rigid.dof();
  constexpr Eigen::Index N = 23;
  RowMatrixXd q = random_rows(N, n, 3.0, 11);
  const RowMatrixXd qd = random_rows(N, n, 1.0, 12), tau = random_rows(N, n, 10.0, 13);
  SerialData serial(rigid);
  std::vector<double> m00(N);
  for (Eigen::Index i = 0; i < N; ++i)
    m00[i] = mass_matrix<double>(rigid, serial, q.row(i).transpose())(0, 0);
  const auto largest = std::max_element(m00.begin(), m00.end()) - m00.begin();
  q.row(0).swap(q.row(largest));
  std::nth_element(m00.begin(), m00.begin() + N / 2, m00.end());
  std::vector<LinkParameters> links = rigid.links;
  links[0].inertia -= m00[N / 2] * Matrix3d::Identity();  // link 1 moves with joint 1 only
  const SerialModel model = SerialModel::from_dh(links, {.allow_invalid_inertia = true});
  // the first row whose single call refuses M, and its message
  DerivativesData data(model);
  Eigen::Index bad = -1;
  std::string single;
  for (Eigen::Index i = 0; i < N && bad < 0; ++i) {
    try {
      forward_dynamics_derivatives<double>(model, data, q.row(i).transpose(),
                                           qd.row(i).transpose(), tau.row(i).transpose());
    } catch (const std::invalid_argument& e) {
      bad = i;
      single = e.what();
    }
  }
  ASSERT_GT(bad, 0) << "expected a row with a positive definite M before the first without";
  ASSERT_NE(single.find("not positive definite"), std::string::npos) << single;
  const std::string off =
      error_of(model, true, q, qd, tau, {.threads = 1, .simd = BatchSimd::off});
  EXPECT_EQ(off, "forward_dynamics_derivatives_batch: row " + std::to_string(bad) + ": " + single);
  for (int width : lane_widths())
    for (int threads : {1, 2})
      EXPECT_EQ(error_of(model, true, q, qd, tau,
                         {.threads = threads, .simd = BatchSimd::exact, .simd_lanes = width}),
                off)
          << width << " lanes, " << threads << " threads";
}

TEST(SerialDerivativesBatchSimd, AnOverflowingRowGivesTheErrorOfThePathWithoutLanes) {
  if (!batch_simd_available()) GTEST_SKIP() << "no SIMD lane path on this build or CPU";
  const SerialModel model = puma560(true);
  const int n = model.dof();
  constexpr Eigen::Index N = 18;
  RowMatrixXd q = random_rows(N, n, 3.0, 14), qd = random_rows(N, n, 1.0, 15),
              third = random_rows(N, n, 1.0, 16);
  qd(9, 2) = 1e200;  // qd^2 overflows in row 9 (lane 1 of the third group of 4, the second of 8)
  for (bool forward : {false, true}) {
    const std::string off =
        error_of(model, forward, q, qd, third, {.threads = 1, .simd = BatchSimd::off});
    EXPECT_NE(off.find("is not finite in row 9"), std::string::npos) << off;
    for (int width : lane_widths())
      for (int threads : {1, 2})
        EXPECT_EQ(error_of(model, forward, q, qd, third,
                           {.threads = threads, .simd = BatchSimd::exact, .simd_lanes = width}),
                  off)
            << width << " lanes, " << threads << " threads";
  }
}

}  // namespace
}  // namespace manipdyn
