#pragma once
/// \file payload_fit.hpp
/// Private to src/identification: the least-squares fit of a payload's inertial parameters
/// (order of core/body_regressor.hpp) from a stacked observation Y pi = y, shared by the Stewart
/// platform's identify_payload (platform_payload.hpp) and the general parallel robots'
/// (parallel_payload.hpp): Householder QR of the column-scaled matrix, the excitation check
/// naming the parameters not excited, the noise and the standard deviations, the condition
/// numbers. K is the number of fitted columns: kBodyParameters (all, fixed-size matrices) or
/// Eigen::Dynamic (a subset).
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <Eigen/QR>
#include <Eigen/SVD>

#include "manipdyn/core/body_regressor.hpp"
#include "manipdyn/core/types.hpp"

namespace manipdyn::detail {

/// The fit: the parameters (zero where not fitted), their standard deviations, the noise.
struct PayloadFit {
  BodyParametersd parameters = BodyParametersd::Zero();
  BodyParametersd standard_deviation = BodyParametersd::Zero();
  double sigma = 0;                    ///< |r| / sqrt(rows - fitted columns)
  double condition_number = 0;         ///< of Y's fitted columns, SI units
  double scaled_condition_number = 0;  ///< the same with the columns scaled by d
  VectorXd residual;                   ///< y - Y pi
};

/// Fits `columns` (indices into the 10 parameters; all of them when K = kBodyParameters) of Y pi =
/// y, the columns scaled by d (pi = diag(d) theta). Throws std::invalid_argument from `where`
/// naming the parameters in the directions of the scaled matrix whose singular values are below
/// `tolerance` times the largest; `rotates` (whether any sample rotates the platform) adds the
/// hint that a translation cannot see the inertia.
template <int K>
PayloadFit fit_payload(const char* where, const MatrixXd& Y, const VectorXd& y, const BodyParametersd& d,
                       const std::vector<int>& columns, bool rotates, double tolerance) {
  using MatrixK = Eigen::Matrix<double, K, K>;
  using VectorK = Eigen::Matrix<double, K, 1>;
  const int k = static_cast<int>(columns.size());
  // the fitted columns, scaled
  MatrixXd Ys(Y.rows(), k);
  VectorK dk(k);
  for (int j = 0; j < k; ++j) {
    dk(j) = d(columns[static_cast<std::size_t>(j)]);
    Ys.col(j) = Y.col(columns[static_cast<std::size_t>(j)]) * dk(j);
  }
  // Householder QR of the scaled observation matrix
  const Eigen::HouseholderQR<MatrixXd> qr(Ys);
  const MatrixK R = qr.matrixQR().topRows(k).template triangularView<Eigen::Upper>();
  const Eigen::JacobiSVD<MatrixK> svd(R, Eigen::ComputeFullV);
  // excitation: the directions with a singular value below tolerance x the largest
  const auto& s = svd.singularValues();  // descending
  int rank = 0;
  while (rank < k && s(rank) > tolerance * s(0)) ++rank;
  if (rank < k) {
    const MatrixXd null = svd.matrixV().rightCols(k - rank);
    std::ostringstream names;
    int named = 0, inertias = 0;
    for (int j = 0; j < k; ++j)
      if (null.row(j).norm() > 0.1) {
        names << (named++ ? ", " : "") << kBodyParameterNames[static_cast<std::size_t>(columns[static_cast<std::size_t>(j)])];
        inertias += columns[static_cast<std::size_t>(j)] >= 4;
      }
    std::ostringstream os;
    os << where << ": the motion does not excite " << names.str() << " (" << k - rank << " direction"
       << (rank == k - 1 ? "" : "s") << " of the scaled observation matrix with a singular value below " << tolerance
       << " x the largest)";
    if (!rotates && inertias > 0) os << "; the platform never rotates, and a pure translation cannot see the inertia";
    os << "; use a motion that rotates the platform about all three axes and varies its orientation against gravity";
    throw std::invalid_argument(os.str());
  }
  PayloadFit out;
  const VectorK theta = qr.solve(y);
  for (int j = 0; j < k; ++j) out.parameters(columns[static_cast<std::size_t>(j)]) = dk(j) * theta(j);
  // noise from the residual (rows - k degrees of freedom); cov(theta) = sigma^2 R^-1 R^-T
  out.residual = y - Y * out.parameters;
  out.sigma = out.residual.norm() / std::sqrt(static_cast<double>(Y.rows() - k));
  const MatrixK R_inv = R.template triangularView<Eigen::Upper>().solve(MatrixK::Identity(k, k));
  const VectorK sd = out.sigma * dk.cwiseProduct(R_inv.rowwise().norm());
  for (int j = 0; j < k; ++j) out.standard_deviation(columns[static_cast<std::size_t>(j)]) = sd(j);
  // condition numbers of the scaled and of the unscaled matrix (Y = Q R diag(d)^-1)
  out.scaled_condition_number = s(0) / s(k - 1);
  const Eigen::JacobiSVD<MatrixK> unscaled(R * dk.cwiseInverse().asDiagonal());
  const auto& u = unscaled.singularValues();
  out.condition_number = u(0) / u(k - 1);
  return out;
}

}  // namespace manipdyn::detail
