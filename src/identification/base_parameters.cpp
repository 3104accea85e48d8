// Gautier's numerical base parameters (Gautier 1990/1991): pivoted QR for the rank, the base
// columns in ascending standard order, beta = R_1^-1 R_2, K and the readable groupings.
#include "manipdyn/identification/base_parameters.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

#include <Eigen/QR>

#include "manipdyn/core/check.hpp"

namespace manipdyn {
namespace {

constexpr const char* kWhere = "base_parameters";

void check_input(const Eigen::Ref<const MatrixXd>& W, const std::vector<std::string>& names,
                 const BaseParameterOptions& options) {
  if (W.rows() == 0 || W.cols() == 0)
    throw std::invalid_argument(std::string(kWhere) + ": W is empty (" +
                                std::to_string(W.rows()) + " x " + std::to_string(W.cols()) + ")");
  if (static_cast<Eigen::Index>(names.size()) != W.cols())
    throw std::invalid_argument(std::string(kWhere) + ": names has " +
                                std::to_string(names.size()) + " entries, W has " +
                                std::to_string(W.cols()) + " columns");
  check_finite(kWhere, "W", W);
  if (options.relative_tolerance &&
      (!std::isfinite(*options.relative_tolerance) || *options.relative_tolerance < 0))
    throw std::invalid_argument(std::string(kWhere) +
                                ": relative_tolerance must be finite and >= 0");
}

// The columns of W in the orthonormal coordinates of its QR: W = Q Rc with Rc = R P^T
// (min(rows, p) x p), so that every inner product of W's columns is kept.
MatrixXd reduced_columns(const Eigen::ColPivHouseholderQR<MatrixXd>& qr, Eigen::Index p) {
  const Eigen::Index m = std::min(qr.rows(), p);
  const MatrixXd R = qr.matrixR().topRows(m).triangularView<Eigen::Upper>();
  MatrixXd Rc(m, p);
  for (Eigen::Index k = 0; k < p; ++k) Rc.col(qr.colsPermutation().indices()(k)) = R.col(k);
  return Rc;
}

// Keeps, in ascending order, every column independent of those kept before it: its residual
// after two Gram-Schmidt passes against the kept ones is > tau.
std::vector<Eigen::Index> ascending_independent(const MatrixXd& Rc, double tau) {
  std::vector<Eigen::Index> kept;
  MatrixXd basis(Rc.rows(), 0);
  for (Eigen::Index j = 0; j < Rc.cols(); ++j) {
    VectorXd v = Rc.col(j);
    for (int pass = 0; pass < 2; ++pass) v -= basis * (basis.transpose() * v);
    const double norm = v.norm();
    if (norm <= tau) continue;
    basis.conservativeResize(Eigen::NoChange, basis.cols() + 1);
    basis.col(basis.cols() - 1) = v / norm;
    kept.push_back(j);
  }
  return kept;
}

// The first r pivoted columns, sorted ascending (the fallback when the greedy count differs).
std::vector<Eigen::Index> pivoted_columns(const Eigen::ColPivHouseholderQR<MatrixXd>& qr,
                                          Eigen::Index r) {
  std::vector<Eigen::Index> cols(static_cast<std::size_t>(r));
  for (Eigen::Index k = 0; k < r; ++k) cols[k] = qr.colsPermutation().indices()(k);
  std::sort(cols.begin(), cols.end());
  return cols;
}

std::string coefficient_text(double c) {
  std::ostringstream os;
  os.precision(4);
  os << c;
  return os.str();
}

}  // namespace

BaseParameters base_parameters(const Eigen::Ref<const MatrixXd>& W,
                               const std::vector<std::string>& names,
                               const BaseParameterOptions& options) {
  check_input(W, names, options);
  const Eigen::Index p = W.cols();
  BaseParameters out;
  out.names = names;

  // rank-revealing QR with column pivoting and Gautier's tolerance on the pivots; a tall W is
  // first reduced to its p x p triangle by the blocked, unpivoted QR (same column geometry)
  const Eigen::ColPivHouseholderQR<MatrixXd> qr =
      W.rows() > 2 * p ? Eigen::ColPivHouseholderQR<MatrixXd>(MatrixXd(
                             W.householderQr().matrixQR().topRows(p).triangularView<Eigen::Upper>()))
                       : Eigen::ColPivHouseholderQR<MatrixXd>(W);
  const double relative = options.relative_tolerance.value_or(
      static_cast<double>(std::max(W.rows(), p)) * std::numeric_limits<double>::epsilon());
  const double r11 = qr.matrixR().rows() > 0 ? std::abs(qr.matrixR()(0, 0)) : 0.0;
  out.tolerance = relative * r11;
  Eigen::Index r = 0;
  const Eigen::Index m = std::min(W.rows(), p);
  while (r < m && std::abs(qr.matrixR()(r, r)) > out.tolerance) ++r;
  out.rank = r;

  // base columns in ascending standard order; the pivoted ones if the counts disagree
  const MatrixXd Rc = reduced_columns(qr, p);
  out.base_indices = ascending_independent(Rc, out.tolerance);
  if (static_cast<Eigen::Index>(out.base_indices.size()) != r)
    out.base_indices = pivoted_columns(qr, r);
  std::vector<bool> is_base(static_cast<std::size_t>(p), false);
  for (Eigen::Index j : out.base_indices) is_base[j] = true;
  for (Eigen::Index j = 0; j < p; ++j) {
    if (is_base[j]) continue;
    out.dependent_indices.push_back(j);
    if (Rc.col(j).norm() <= out.tolerance) out.unidentifiable_indices.push_back(j);
  }

  // beta = R_1^-1 R_2 in the reduced coordinates; drop entries whose effect is below tau
  MatrixXd R1(Rc.rows(), r), R2(Rc.rows(), p - r);
  for (Eigen::Index k = 0; k < r; ++k) R1.col(k) = Rc.col(out.base_indices[k]);
  for (Eigen::Index k = 0; k < p - r; ++k) R2.col(k) = Rc.col(out.dependent_indices[k]);
  // (no solve without dependent columns: Eigen's triangular solve of a 0-column right-hand
  // side binds a reference to its null data, which UBSan reports)
  out.beta = r > 0 && r < p ? MatrixXd(R1.householderQr().solve(R2)) : MatrixXd::Zero(r, p - r);
  for (Eigen::Index i = 0; i < r; ++i)
    for (Eigen::Index k = 0; k < p - r; ++k)
      if (std::abs(out.beta(i, k)) * R1.col(i).norm() <= out.tolerance) out.beta(i, k) = 0;

  // K: identity on the base columns, beta on the dependent ones
  out.K = MatrixXd::Zero(r, p);
  for (Eigen::Index i = 0; i < r; ++i) out.K(i, out.base_indices[i]) = 1;
  for (Eigen::Index k = 0; k < p - r; ++k) out.K.col(out.dependent_indices[k]) = out.beta.col(k);
  for (Eigen::Index i = 0; i < r; ++i) out.groupings.push_back(base_parameter_grouping(out.K, i, names));
  return out;
}

VectorXd base_parameter_vector(const BaseParameters& base, const Eigen::Ref<const VectorXd>& pi) {
  check_vector("base_parameter_vector", "pi", pi, base.K.cols());
  return base.K * pi;
}

MatrixXd base_regressor(const BaseParameters& base, const Eigen::Ref<const MatrixXd>& W) {
  if (W.cols() != base.K.cols())
    throw std::invalid_argument("base_regressor: W has " + std::to_string(W.cols()) +
                                " columns, expected " + std::to_string(base.K.cols()));
  MatrixXd Wb(W.rows(), base.rank);
  for (Eigen::Index k = 0; k < base.rank; ++k) Wb.col(k) = W.col(base.base_indices[k]);
  return Wb;
}

std::string base_parameter_grouping(const MatrixXd& K, Eigen::Index row,
                                    const std::vector<std::string>& names) {
  if (row < 0 || row >= K.rows() || static_cast<Eigen::Index>(names.size()) != K.cols())
    throw std::invalid_argument("base_parameter_grouping: row " + std::to_string(row) +
                                " or names (" + std::to_string(names.size()) +
                                ") do not fit K (" + std::to_string(K.rows()) + " x " +
                                std::to_string(K.cols()) + ")");
  std::string text;
  for (Eigen::Index j = 0; j < K.cols(); ++j) {
    const double c = K(row, j);
    if (c == 0) continue;
    const bool unit = std::abs(std::abs(c) - 1) <= 1e-9;
    const std::string sign = c < 0 ? "- " : "+ ";
    const std::string term = unit ? names[j] : coefficient_text(std::abs(c)) + " " + names[j];
    if (text.empty())
      text = (c < 0 ? "-" : "") + term;
    else
      text += " " + sign + term;
  }
  return text.empty() ? "0" : text;
}

}  // namespace manipdyn
