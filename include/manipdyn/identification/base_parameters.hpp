#pragma once
/// \file base_parameters.hpp
/// The base (minimal identifiable) inertial parameters of a stacked observation matrix, by
/// Gautier's numerical method (Gautier 1990, "Numerical calculation of the base inertial
/// parameters of robots", J. Robotic Systems 8(4) 1991; the QR form of Gautier 1991 ICRA):
/// a rank-revealing QR with column pivoting of W gives the rank r; the r base columns W_1 are
/// chosen, the other columns are W_2 = W_1 beta, so that W pi = W_1 (pi_1 + beta pi_2) = W_b K pi.
///
/// The standard parameter layout is the one of docs/identification.md: p = 14 n entries, per link
/// [m, mx, my, mz, Ixx, Ixy, Iyy, Ixz, Iyz, Izz], then per joint [Ia, Fv, Fc, Fo]; the functions
/// here take any W and any names, so they also serve a payload or any other linear model.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "manipdyn/core/types.hpp"
#include "manipdyn/identification/parameters.hpp"

namespace manipdyn {

/// Options of base_parameters.
struct BaseParameterOptions {
  /// Rank tolerance relative to |R_11| (the largest pivot): a column whose pivot |R_kk| is at
  /// most tau = relative_tolerance * |R_11| is dependent. Unset: Gautier's choice
  /// max(rows, cols) * eps (eps = 2.2e-16), i.e. tau = max(rows, cols) eps |R_11|.
  std::optional<double> relative_tolerance;
};

/// The base parameters of an observation matrix W (rows x p): pi_base = K pi (r entries),
/// W pi = W_b pi_base with W_b = the base columns of W.
struct BaseParameters {
  Eigen::Index rank = 0;              ///< r, the number of base parameters
  double tolerance = 0;               ///< the absolute tau used on the pivots (see the options)
  std::vector<Eigen::Index> base_indices;       ///< r standard columns kept, ascending
  std::vector<Eigen::Index> dependent_indices;  ///< p - r other columns, ascending
  /// The dependent columns that are zero in W (norm <= tau): parameters with no effect at all.
  std::vector<Eigen::Index> unidentifiable_indices;
  MatrixXd beta;  ///< r x (p - r): W(:, dependent) = W(:, base) beta; |entries| below tau dropped
  MatrixXd K;     ///< r x p: pi_base = K pi (K(:, base) = identity, K(:, dependent) = beta)
  std::vector<std::string> names;      ///< p standard parameter names
  std::vector<std::string> groupings;  ///< r readable base parameters, "Izz_2 + Izz_3 + 0.1834 m_3"
};

/// Gautier's numerical base parameters of W (rows x p, rows = samples x joints, columns in the
/// order of `names`, p names). Steps: (1) W P = Q R by Householder QR with column pivoting
/// (Golub & Van Loan 5.4.1); r = #{k : |R_kk| > tau}. (2) The base columns are chosen in
/// ascending standard order: a column is kept when it is independent of the columns kept before
/// it (its Gram-Schmidt residual in the coordinates R P^T exceeds tau), so a later parameter that
/// depends on earlier ones is grouped into the earliest ones, as Khalil & Kleinfinger's rules read
/// (m_{j-1} absorbs m_j, Izz_1 absorbs Ia_1). Should that greedy count differ from r (a nearly
/// dependent set at the tolerance), the pivoted QR's own first r columns are kept instead.
/// (3) beta = R_1^-1 R_2 (least squares in the reduced coordinates). Throws std::invalid_argument
/// for an empty or non-finite W, names of the wrong count, or a negative tolerance.
BaseParameters base_parameters(const Eigen::Ref<const MatrixXd>& W,
                               const std::vector<std::string>& names,
                               const BaseParameterOptions& options = {});

/// pi_base = K pi (r entries) for a standard vector pi (p entries).
VectorXd base_parameter_vector(const BaseParameters& base, const Eigen::Ref<const VectorXd>& pi);

/// The base regressor W_b = W(:, base_indices) (rows x r) of an observation matrix with the same
/// p columns as the one the base parameters were computed from.
MatrixXd base_regressor(const BaseParameters& base, const Eigen::Ref<const MatrixXd>& W);

/// "Izz_2 + Izz_3 + 0.1834 m_3 - Iyy_3": row `row` of K read with the names. Coefficients to
/// 4 significant digits, a coefficient of +-1 (within 1e-9) without a number, zero entries left out.
std::string base_parameter_grouping(const MatrixXd& K, Eigen::Index row,
                                    const std::vector<std::string>& names);

}  // namespace manipdyn
