// serial/batch.hpp, BatchOptions::simd and simd_lanes: inverse_dynamics_batch and
// gravity_torques_batch with four (AVX2, src/serial/inverse_dynamics_lanes.cpp) or eight
// (AVX-512, inverse_dynamics_lanes_avx512.cpp) states in the lanes of one call give the numbers
// of the scalar path (BatchSimd::off) and of the single-state calls, bit for bit with
// BatchSimd::exact and to 1e-14 relative with BatchSimd::fast (vectorised sin/cos): PUMA 560
// with its drive (Coulomb friction whose sign flips between the lanes of one call, qd = 0 in
// some lanes), the Stanford arm
// (prismatic joint), random arms of both DH conventions; N not a multiple of the lanes (tail
// rows), N below them, an angle beyond the sin/cos kernel's range, several thread counts, each
// lane width the CPU has.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "manipdyn/serial/batch.hpp"
#include "support/batch_states.hpp"
#include "support/error_message.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/drive.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;
using test_support::mixed_sign_rows;
using test_support::random_rows;
using test_support::equal_bits;
using test_support::lane_widths;
using test_support::max_rel_diff;

std::vector<SerialModel> models() {
  RandomArmOptions drive;
  drive.with_drive = true;
  return {puma560(true), stanford_arm(true, true),
          random_arm(7, 21, DhConvention::standard, drive),
          random_arm(9, 22, DhConvention::modified, drive),
          random_arm(2, 23, DhConvention::standard)};
}

// Row counts: multiples of 4 and 8 and each remainder, and fewer rows than lanes.
const std::vector<Eigen::Index> kRowCounts = {1, 3, 4, 7, 8, 37, 38, 39, 40, 137};

const std::vector<int> kThreadCounts = {1, 2, 3};

// BatchSimd::fast: sin/cos a few ulp from glibc's; relative to the row's largest |tau| (>= 1).
constexpr double kFastRelTol = 1e-14;

/// The lane results match: bit for bit (exact) or to kFastRelTol (fast).
bool lanes_match(BatchSimd mode, const RowMatrixXd& lanes, const RowMatrixXd& expected) {
  if (mode == BatchSimd::exact) return equal_bits(lanes, expected);
  return lanes.rows() == expected.rows() && max_rel_diff(lanes, expected) <= kFastRelTol;
}

TEST(SerialBatchSimd, AvailableWhereBuilt) {
#if defined(MANIPDYN_EXPECT_SIMD) && (defined(__x86_64__) || defined(_M_X64))
  // Built with the lane path: it must be used on a CPU with AVX2.
  EXPECT_EQ(batch_simd_available(), static_cast<bool>(__builtin_cpu_supports("avx2")));
#else
  GTEST_SKIP() << "built without the SIMD lane path (MANIPDYN_SIMD off or no xsimd)";
#endif
}

TEST(SerialBatchSimd, LaneWidthIsTheWidestTheCpuHasAndChecked) {
  if (!batch_simd_available()) GTEST_SKIP() << "no SIMD lane path on this build or CPU";
#if defined(MANIPDYN_EXPECT_SIMD8) && (defined(__x86_64__) || defined(_M_X64))
  EXPECT_EQ(batch_simd_lanes(), __builtin_cpu_supports("avx512f") ? 8 : 4);
#else
  EXPECT_EQ(batch_simd_lanes(), 4);
#endif
  const SerialModel model = puma560(false);
  const RowMatrixXd q = random_rows(9, 6, 1.0, 4);
  RowMatrixXd tau(9, 6);
  const std::string bad = message_of<std::invalid_argument>([&] {
    inverse_dynamics_batch(model, q, q, q, tau, {.simd_lanes = 3});
  });
  EXPECT_NE(bad.find("inverse_dynamics_batch: simd_lanes is 3, expected 0"), std::string::npos)
      << bad;
  EXPECT_NE(message_of<std::invalid_argument>([&] {
              gravity_torques_batch(model, q, tau, {.simd_lanes = -1});
            }).find("gravity_torques_batch: simd_lanes is -1"),
            std::string::npos);
  if (batch_simd_lanes() < 8) {
    const std::string missing = message_of<std::invalid_argument>([&] {
      inverse_dynamics_batch(model, q, q, q, tau, {.simd_lanes = 8});
    });
    EXPECT_NE(missing.find("simd_lanes is 8, but this CPU or build has at most 4 lanes"),
              std::string::npos)
        << missing;
  }
  // simd off: the lane count is not used, any valid value is accepted
  EXPECT_NO_THROW(inverse_dynamics_batch(model, q, q, q, tau,
                                         {.simd = BatchSimd::off, .simd_lanes = 4}));
}

TEST(SerialBatchSimd, LanesEqualScalarPathAndSingleCalls) {
  if (!batch_simd_available()) GTEST_SKIP() << "no SIMD lane path on this build or CPU";
  for (const SerialModel& model : models()) {
    const int n = model.dof();
    for (Eigen::Index N : kRowCounts) {
      RowMatrixXd q = random_rows(N, n, 3.0, 1);
      if (N > 5) q(5, 0) = 2.0e4;  // beyond kSincosKernelMax: glibc's sin/cos for that lane
      const RowMatrixXd qd = mixed_sign_rows(N, n, 2), qdd = random_rows(N, n, 5.0, 3);
      // the single-state calls (checked overload, double)
      RowMatrixXd expected(N, n);
      SerialData data(model);
      for (Eigen::Index i = 0; i < N; ++i)
        expected.row(i) = inverse_dynamics<double>(model, data, q.row(i).transpose(),
                                                   qd.row(i).transpose(), qdd.row(i).transpose())
                              .transpose();
      RowMatrixXd scalar = RowMatrixXd::Constant(N, n, -1.0);
      inverse_dynamics_batch(model, q, qd, qdd, scalar, {.threads = 1, .simd = BatchSimd::off});
      EXPECT_TRUE(equal_bits(scalar, expected)) << model.name << " N " << N;
      BatchWorkspace workspace(model);
      for (int width : lane_widths())
        for (BatchSimd mode : {BatchSimd::exact, BatchSimd::fast})
          for (int threads : kThreadCounts) {
            RowMatrixXd lanes = RowMatrixXd::Constant(N, n, -1.0);
            inverse_dynamics_batch(model, workspace, q, qd, qdd, lanes,
                                   {.threads = threads, .simd = mode, .simd_lanes = width});
            EXPECT_TRUE(lanes_match(mode, lanes, expected))
                << model.name << " N " << N << " lanes " << width << " threads " << threads
                << " fast " << (mode == BatchSimd::fast) << ": " << max_rel_diff(lanes, expected);
          }
    }
  }
}

TEST(SerialBatchSimd, GravityTorquesLanesEqualSingleCalls) {
  if (!batch_simd_available()) GTEST_SKIP() << "no SIMD lane path on this build or CPU";
  for (const SerialModel& model : models()) {
    const int n = model.dof();
    for (Eigen::Index N : kRowCounts) {
      const RowMatrixXd q = random_rows(N, n, 3.0, 7);
      RowMatrixXd expected(N, n);
      SerialData data(model);
      for (Eigen::Index i = 0; i < N; ++i)
        expected.row(i) =
            gravity_torques<double>(model, data, q.row(i).transpose(), model.gravity).transpose();
      BatchWorkspace workspace(model);
      for (int width : lane_widths())
        for (BatchSimd mode : {BatchSimd::exact, BatchSimd::fast, BatchSimd::off})
          for (int threads : kThreadCounts) {
            RowMatrixXd G = RowMatrixXd::Constant(N, n, -1.0);
            gravity_torques_batch(model, workspace, q, G,
                                  {.threads = threads, .simd = mode, .simd_lanes = width});
            EXPECT_TRUE(
                lanes_match(mode == BatchSimd::fast ? mode : BatchSimd::exact, G, expected))
                << model.name << " N " << N << " lanes " << width << " threads " << threads
                << ": " << max_rel_diff(G, expected);
          }
    }
  }
}

TEST(SerialBatchSimd, SmoothCoulombFrictionLanesEqualSingleCalls) {
  if (!batch_simd_available()) GTEST_SKIP() << "no SIMD lane path on this build or CPU";
  std::vector<LinkParameters> links = puma560(true).links;
  for (LinkParameters& l : links) l.coulomb_velocity_scale = 0.05;
  const SerialModel model = SerialModel::from_dh(links, {.allow_invalid_inertia = true});
  const int n = model.dof();
  constexpr Eigen::Index N = 19;
  const RowMatrixXd q = random_rows(N, n, 1.0, 7), qd = random_rows(N, n, 0.1, 8),
                    qdd = random_rows(N, n, 1.0, 9);
  RowMatrixXd lanes(N, n), scalar(N, n);
  inverse_dynamics_batch(model, q, qd, qdd, scalar, {.threads = 1, .simd = BatchSimd::off});
  SerialData data(model);
  for (Eigen::Index k = 0; k < N; ++k) {
    const Eigen::VectorXd tau = inverse_dynamics<double>(
        model, data, q.row(k).transpose(), qd.row(k).transpose(), qdd.row(k).transpose());
    EXPECT_TRUE((tau.transpose().array() == scalar.row(k).array()).all()) << k;
  }
  for (int width : lane_widths()) {
    inverse_dynamics_batch(model, q, qd, qdd, lanes,
                           {.threads = 1, .simd = BatchSimd::exact, .simd_lanes = width});
    EXPECT_TRUE(equal_bits(lanes, scalar)) << width << " lanes";
  }
}

TEST(SerialBatchSimd, FrictionSignIsChosenPerLane) {
  if (!batch_simd_available()) GTEST_SKIP() << "no SIMD lane path on this build or CPU";
  // PUMA 560 with drive: Coulomb friction differs for qd > 0, qd < 0 and qd = 0, so a lane
  // given another lane's sign would move tau by a Coulomb torque (~0.1 .. 1 N m).
  const SerialModel model = puma560(true);
  ASSERT_TRUE(model.has_drive);
  const int n = model.dof();
  constexpr Eigen::Index N = 8;
  const RowMatrixXd q = random_rows(N, n, 1.0, 5), qdd = RowMatrixXd::Zero(N, n);
  RowMatrixXd qd(N, n);
  // rows 0..3: +1e-3, -1e-3, 0, +1e-3 on every joint; rows 4..7 the opposite order
  const double s[8] = {1e-3, -1e-3, 0.0, 1e-3, 0.0, 1e-3, -1e-3, -1e-3};
  for (Eigen::Index i = 0; i < N; ++i) qd.row(i).setConstant(s[i]);
  RowMatrixXd lanes(N, n), fast(N, n), scalar(N, n);
  inverse_dynamics_batch(model, q, qd, qdd, scalar, {.threads = 1, .simd = BatchSimd::off});
  for (int width : lane_widths()) {
    inverse_dynamics_batch(model, q, qd, qdd, lanes,
                           {.threads = 1, .simd = BatchSimd::exact, .simd_lanes = width});
    inverse_dynamics_batch(model, q, qd, qdd, fast,
                           {.threads = 1, .simd = BatchSimd::fast, .simd_lanes = width});
    EXPECT_TRUE(equal_bits(lanes, scalar)) << width << " lanes";
    EXPECT_LE(max_rel_diff(fast, scalar), kFastRelTol) << width << " lanes";
  }
  // The friction is there: tau(+1e-3) - tau(-1e-3) at the same q is the Coulomb step, which
  // friction_torques gives too (the viscous part is 2e-3 B G^2, tiny).
  const RowMatrixXd qd_minus = -qd;
  RowMatrixXd flipped(N, n);
  inverse_dynamics_batch(model, q, qd_minus, qdd, flipped,
                         {.threads = 1, .simd = BatchSimd::exact});
  Eigen::VectorXd f_plus(n), f_minus(n);
  friction_torques<double>(model, qd.row(0).transpose(), f_plus);
  friction_torques<double>(model, qd_minus.row(0).transpose(), f_minus);
  const Eigen::VectorXd step = f_plus - f_minus;
  EXPECT_GT(step.cwiseAbs().minCoeff(), 1e-3);
  const Eigen::VectorXd dtau = (lanes.row(0) - flipped.row(0)).transpose();
  constexpr double kTol = 1e-12;  // the rigid-body part at the same q, qdd cancels to rounding
  EXPECT_LT((dtau - step).cwiseAbs().maxCoeff(), kTol)
      << dtau.transpose() << "\n" << step.transpose();
}

}  // namespace
}  // namespace manipdyn
