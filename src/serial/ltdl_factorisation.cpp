/// \file ltdl_factorisation.cpp
/// The sparse L^T D L factorisation of a tree's mass matrix and the solve with it (Featherstone
/// 2005, "Efficient factorization of the joint-space inertia matrix for branched kinematic
/// trees", IJRR 24(6); Rigid Body Dynamics Algorithms, 2008, Tables 6.3 and 6.4): M(i, j) is
/// nonzero only where one joint supports the other, and the factors keep that pattern (no
/// fill-in), so only the ancestors of each joint are visited. On a chain it is a dense
/// factorisation in reverse order.
#include <sstream>
#include <stdexcept>
#include <vector>

#include "manipdyn/serial/forward_dynamics.hpp"
#include "scalars.hpp"

namespace manipdyn {

template <typename S>
void ltdl_solve_in_place(const std::vector<int>& parent, const MatrixX<S>& M, MatrixX<S>& ltdl,
                         JointVectorOut<S> x) {
  const int n = static_cast<int>(M.rows());
  // Factorise (RBDA Table 6.3), leaf first: with the lower triangle of M copied, for k = n-1..0
  // and each ancestor i of k, a = H_ki / H_kk, H_ij -= a H_kj for the ancestors j of i (and i),
  // H_ki = a. Leaves L (unit, below the diagonal) and D (the diagonal) in place: M = L^T D L.
  for (int j = 0; j < n; ++j)
    for (int i = j; i < n; ++i) ltdl(i, j) = M(i, j);
  for (int k = n - 1; k >= 0; --k) {
    const S hkk = ltdl(k, k);
    if (!(math::value(hkk) > 0.0)) {
      std::ostringstream os;
      os << "forward_dynamics: M is not positive definite (pivot " << k + 1 << " of " << n
         << " is " << math::value(hkk) << ")";
      throw std::invalid_argument(os.str());
    }
    for (int i = parent[k]; i >= 0; i = parent[i]) {
      const S a = ltdl(k, i) / hkk;
      for (int j = i; j >= 0; j = parent[j]) ltdl(i, j) -= a * ltdl(k, j);
      ltdl(k, i) = a;
    }
  }
  // Solve L^T D L x = b (RBDA Table 6.4): L^T y = b (leaf first), y /= D, L x = y (root first).
  for (int i = n - 1; i >= 0; --i)
    for (int j = parent[i]; j >= 0; j = parent[j]) x[j] -= ltdl(i, j) * x[i];
  for (int i = 0; i < n; ++i) x[i] /= ltdl(i, i);
  for (int i = 0; i < n; ++i)
    for (int j = parent[i]; j >= 0; j = parent[j]) x[i] -= ltdl(i, j) * x[j];
}

#define MANIPDYN_INSTANTIATE(S)                                                                \
  template void ltdl_solve_in_place<S>(const std::vector<int>&, const MatrixX<S>&, MatrixX<S>&, \
                                       JointVectorOut<S>);
MANIPDYN_FOR_SERIAL_SCALARS(MANIPDYN_INSTANTIATE)
#undef MANIPDYN_INSTANTIATE

}  // namespace manipdyn
