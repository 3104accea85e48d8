#pragma once
/// \file small_lu.hpp
/// LU factorisation with partial pivoting of a small square matrix, in place and for any scalar
/// of the library (double, the dual numbers, the counting scalar): the pivot is chosen on the
/// value (math::value), so a dual matrix is factored with the pivots of its value and the
/// derivative parts follow. Allocation-free on buffers sized beforehand.
#include <cmath>
#include <vector>

#include "manipdyn/core/scalar_math.hpp"
#include "manipdyn/core/types.hpp"

namespace manipdyn {

/// Factors the square matrix `a` (n x n) in place into P A = L U (unit L below the diagonal, U
/// on and above it), perm (n entries, a std::vector or std::array of int sized by the caller)
/// the row order. Returns false when a pivot is at most `relative_tolerance` times the largest
/// entry of `a` (a singular matrix to that tolerance), leaving `a` half factored.
template <typename MatrixType, typename Permutation>
bool lu_factor_in_place(MatrixType& a, Permutation& perm, double relative_tolerance = 1e-14) {
  using S = typename MatrixType::Scalar;
  const int n = static_cast<int>(a.rows());
  double amax = 0;
  for (int r = 0; r < n; ++r) {
    perm[static_cast<std::size_t>(r)] = r;
    for (int c = 0; c < n; ++c) amax = std::max(amax, std::abs(math::value(a(r, c))));
  }
  for (int k = 0; k < n; ++k) {
    // pivot: the largest entry of column k at or below the diagonal
    int p = k;
    for (int r = k + 1; r < n; ++r)
      if (std::abs(math::value(a(r, k))) > std::abs(math::value(a(p, k)))) p = r;
    if (!(std::abs(math::value(a(p, k))) > relative_tolerance * amax)) return false;
    if (p != k) {
      a.row(k).swap(a.row(p));
      std::swap(perm[static_cast<std::size_t>(k)], perm[static_cast<std::size_t>(p)]);
    }
    // eliminate below the pivot
    const S inv = S(1) / a(k, k);
    for (int r = k + 1; r < n; ++r) {
      a(r, k) *= inv;
      for (int c = k + 1; c < n; ++c) a(r, c) -= a(r, k) * a(k, c);
    }
  }
  return true;
}

/// Solves A y = b with the factors of lu_factor_in_place: y (size n, not b itself).
template <typename MatrixType, typename Permutation, typename VectorIn, typename VectorOut>
void lu_solve(const MatrixType& lu, const Permutation& perm, const VectorIn& b, VectorOut& y) {
  const int n = static_cast<int>(lu.rows());
  // forward substitution with the permuted b, then back substitution
  for (int i = 0; i < n; ++i) {
    y(i) = b(perm[static_cast<std::size_t>(i)]);
    for (int j = 0; j < i; ++j) y(i) -= lu(i, j) * y(j);
  }
  for (int i = n - 1; i >= 0; --i) {
    for (int j = i + 1; j < n; ++j) y(i) -= lu(i, j) * y(j);
    y(i) /= lu(i, i);
  }
}

/// lu_solve with y overwriting b (size n), through `work` (at least n entries).
template <typename MatrixType, typename Permutation, typename VectorType>
void lu_solve_in_place(const MatrixType& lu, const Permutation& perm, VectorType& b, VectorType& work) {
  lu_solve(lu, perm, b, work);
  const auto n = lu.rows();
  b.head(n) = work.head(n);
}

}  // namespace manipdyn
