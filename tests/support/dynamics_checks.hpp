#pragma once
/// \file dynamics_checks.hpp
/// Helpers of the tree and free-flyer dynamics tests: relative_error(value, reference), the
/// largest entry difference relative to max(1, |reference|_inf), and random_vector(n, seed,
/// scale), n entries uniform in [-scale, scale] drawn from std::mt19937_64(seed).
#include <algorithm>
#include <cstdint>
#include <random>

#include "manipdyn/core/types.hpp"

namespace manipdyn::test_support {

/// max |value - reference| / max(1, max |reference|).
inline double relative_error(const MatrixXd& value, const MatrixXd& reference) {
  return (value - reference).cwiseAbs().maxCoeff() /
         std::max(1.0, reference.cwiseAbs().maxCoeff());
}

/// n entries uniform in [-scale, scale] from std::mt19937_64(seed).
inline VectorXd random_vector(int n, std::uint64_t seed, double scale = 1.0) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-scale, scale);
  VectorXd v(n);
  for (int i = 0; i < n; ++i) v[i] = u(rng);
  return v;
}

}  // namespace manipdyn::test_support
