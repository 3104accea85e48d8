#pragma once
/// \file batch_states.hpp
/// States for the batch tests: random_rows(N, n, scale, seed), N x n entries uniform in
/// [-scale, scale] (reproducible from seed); mixed_sign_rows(N, n, seed), velocities whose signs
/// differ between the rows of every lane group, with exact zeros: row i, joint j is +v, -v, 0 or
/// +v/2 by (i + j) mod 4, so every group of 4 (or 8) rows holds every friction case. And the
/// comparisons of batch results: equal_bits, max_rel_diff; lane_widths, the SIMD lane widths
/// this build and CPU run.
#include <algorithm>
#include <random>
#include <vector>

#include "manipdyn/core/batch_rows.hpp"
#include "manipdyn/serial/batch.hpp"

namespace manipdyn::test_support {

inline RowMatrixXd random_rows(Eigen::Index N, int n, double scale, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-scale, scale);
  RowMatrixXd a(N, n);
  for (Eigen::Index i = 0; i < N; ++i)
    for (int j = 0; j < n; ++j) a(i, j) = u(rng);
  return a;
}

inline RowMatrixXd mixed_sign_rows(Eigen::Index N, int n, unsigned seed) {
  RowMatrixXd qd = random_rows(N, n, 2.0, seed).cwiseAbs();
  for (Eigen::Index i = 0; i < N; ++i)
    for (int j = 0; j < n; ++j) {
      switch ((i + j) % 4) {
        case 0: break;
        case 1: qd(i, j) = -qd(i, j); break;
        case 2: qd(i, j) = 0.0; break;
        default: qd(i, j) *= 0.5;
      }
    }
  return qd;
}

/// The lane widths this build and CPU run: 4, and 8 where there is AVX-512.
inline std::vector<int> lane_widths() {
  if (batch_simd_lanes() == 8) return {4, 8};
  return {4};
}

inline bool equal_bits(const RowMatrixXd& a, const RowMatrixXd& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() && (a.array() == b.array()).all();
}

/// The largest |a - b| of a row over max(1, max |b| of that row).
inline double max_rel_diff(const RowMatrixXd& a, const RowMatrixXd& b) {
  double worst = 0.0;
  for (Eigen::Index i = 0; i < a.rows(); ++i)
    worst = std::max(worst, (a.row(i) - b.row(i)).cwiseAbs().maxCoeff() /
                                std::max(1.0, b.row(i).cwiseAbs().maxCoeff()));
  return worst;
}

}  // namespace manipdyn::test_support
