// The discrete-time LQR by structure-preserving doubling (manipdyn/control/lqr.hpp).
#include "manipdyn/control/lqr.hpp"

#include <sstream>
#include <stdexcept>
#include <string>

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <Eigen/LU>

#include "manipdyn/core/check.hpp"

namespace manipdyn {
namespace {

constexpr const char* kWhere = "discrete_lqr";

void check_shape(const MatrixXd& M, const char* name, Eigen::Index rows, Eigen::Index cols) {
  if (M.rows() != rows || M.cols() != cols) {
    std::ostringstream os;
    os << kWhere << ": " << name << " is " << M.rows() << " x " << M.cols() << ", expected "
       << rows << " x " << cols;
    throw std::invalid_argument(os.str());
  }
  check_finite(kWhere, name, M);
}

void check_symmetric(const MatrixXd& M, const char* name) {
  const double scale = std::max(1.0, M.cwiseAbs().maxCoeff());
  if ((M - M.transpose()).cwiseAbs().maxCoeff() > 1e-12 * scale)
    throw std::invalid_argument(std::string(kWhere) + ": " + name + " is not symmetric");
}

}  // namespace

LqrGain discrete_lqr(const MatrixXd& A, const MatrixXd& B, const MatrixXd& Q, const MatrixXd& R,
                     const LqrOptions& options) {
  // Input checks: shapes, finiteness, symmetry, R > 0.
  const Eigen::Index n = A.rows(), m = B.cols();
  if (n == 0 || m == 0) throw std::invalid_argument(std::string(kWhere) + ": A and B are empty");
  check_shape(A, "A", n, n);
  check_shape(B, "B", n, m);
  check_shape(Q, "Q", n, n);
  check_shape(R, "R", m, m);
  check_symmetric(Q, "Q");
  check_symmetric(R, "R");
  const Eigen::LLT<MatrixXd> r_llt(R);
  if (r_llt.info() != Eigen::Success)
    throw std::invalid_argument(std::string(kWhere) + ": R is not positive definite");

  // Doubling (Chu et al. 2004): A_0 = A, G_0 = B R^-1 B^T, H_0 = Q;
  // W = I + G H, A+ = A W^-1 A, G+ = G + A W^-1 G A^T, H+ = H + A^T H W^-1 A; H -> P.
  MatrixXd Ak = A, G = B * r_llt.solve(B.transpose()), H = Q;
  G = 0.5 * (G + G.transpose()).eval();
  const MatrixXd I = MatrixXd::Identity(n, n);
  LqrGain out;
  bool converged = false;
  for (int it = 1; it <= options.max_iterations && !converged; ++it) {
    const Eigen::PartialPivLU<MatrixXd> W(I + G * H);
    const MatrixXd WinvA = W.solve(Ak), WinvG = W.solve(G);
    const MatrixXd H_next = H + Ak.transpose() * H * WinvA;
    G = G + Ak * WinvG * Ak.transpose();
    Ak = Ak * WinvA;
    const double change = (H_next - H).cwiseAbs().maxCoeff();
    H = 0.5 * (H_next + H_next.transpose());
    out.iterations = it;
    if (!H.allFinite()) break;
    converged = change <= options.tolerance * std::max(1e-300, H.cwiseAbs().maxCoeff());
  }
  if (!converged)
    throw std::runtime_error(std::string(kWhere) + ": the Riccati iteration did not converge in " +
                             std::to_string(options.max_iterations) +
                             " doubling steps (is (A, B) stabilisable?)");
  // The gain and the closed loop it gives.
  out.P = H;
  out.K = (R + B.transpose() * H * B).ldlt().solve(B.transpose() * H * A);
  out.spectral_radius =
      Eigen::EigenSolver<MatrixXd>(A - B * out.K, false).eigenvalues().cwiseAbs().maxCoeff();
  if (!(out.spectral_radius < 1.0))
    throw std::runtime_error(std::string(kWhere) + ": the closed loop A - B K has an eigenvalue of "
                             "modulus " + std::to_string(out.spectral_radius) +
                             " >= 1 (is (A, Q^1/2) detectable?)");
  return out;
}

}  // namespace manipdyn
