// The Coulomb velocity scale chosen by cross-validation (coulomb_velocity_scale.hpp,
// docs/identification.md "Friction near zero velocity").
#include "manipdyn/identification/coulomb_velocity_scale.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "manipdyn/identification/identify.hpp"
#include "parallel_filter.hpp"

namespace manipdyn {

std::vector<double> default_coulomb_velocity_scale_candidates() {
  return {0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2};
}

SerialModel with_coulomb_velocity_scales(const SerialModel& model, const VectorXd& scale) {
  if (scale.size() != model.dof())
    throw std::invalid_argument("with_coulomb_velocity_scales: scale has " +
                                std::to_string(scale.size()) + " entries, the model " +
                                std::to_string(model.dof()) + " joints");
  std::vector<LinkParameters> links = model.links;
  for (std::size_t j = 0; j < links.size(); ++j)
    links[j].coulomb_velocity_scale = scale[static_cast<Eigen::Index>(j)];
  return SerialModel::from_table(links, model.convention, model.options());
}

namespace {

/// The first sample of block `fold` (0-based, of `folds` contiguous blocks) of a run of `samples`
/// samples: floor(fold samples / folds); block `folds` is one past the end.
Eigen::Index block_begin(Eigen::Index samples, int fold, int folds) {
  return samples * fold / folds;
}

}  // namespace

CoulombVelocityScaleChoice choose_coulomb_velocity_scales(
    const SerialModel& nominal, const std::vector<IdentificationSamples>& runs,
    const IdentificationOptions& options, std::vector<double> candidates, int folds) {
  if (candidates.empty()) candidates = default_coulomb_velocity_scale_candidates();
  for (double c : candidates)
    if (!(c > 0) || !std::isfinite(c))
      throw std::invalid_argument("choose_coulomb_velocity_scales: candidates must be > 0, got " +
                                  std::to_string(c));
  if (folds < 2)
    throw std::invalid_argument("choose_coulomb_velocity_scales: folds must be >= 2, got " +
                                std::to_string(folds));
  if (runs.empty())
    throw std::invalid_argument("choose_coulomb_velocity_scales: no runs (give at least one log)");
  const int n = nominal.dof();
  IdentificationOptions o = options;
  o.drive = true;
  CoulombVelocityScaleChoice out;
  out.folds = folds;
  std::sort(candidates.begin(), candidates.end());
  out.candidates = Eigen::Map<const VectorXd>(candidates.data(),
                                              static_cast<Eigen::Index>(candidates.size()));
  out.error.resize(out.candidates.size(), n);
  for (Eigen::Index c = 0; c < out.candidates.size(); ++c) {
    const SerialModel structure =
        with_coulomb_velocity_scales(nominal, VectorXd::Constant(n, out.candidates[c]));
    const BaseParameters base =
        structural_base_parameters(structure, true, o.base, o.structure_states, o.seed);
    std::vector<MatrixXd> W(runs.size());
    std::vector<VectorXd> y(runs.size());
    for (std::size_t r = 0; r < runs.size(); ++r) {
      VectorXd tau(runs[r].samples() * static_cast<Eigen::Index>(n));
      for (Eigen::Index k = 0; k < runs[r].samples(); ++k)
        tau.segment(k * n, n) = runs[r].tau.row(k).transpose();
      run_rows(structure, base, runs[r], tau, o, W[r], y[r]);
      if (W[r].rows() / n < folds)
        throw std::invalid_argument("choose_coulomb_velocity_scales: run '" + runs[r].source +
                                    "' has " + std::to_string(W[r].rows() / n) +
                                    " samples after decimation, fewer than the " +
                                    std::to_string(folds) + " folds");
    }
    VectorXd squared_error = VectorXd::Zero(n), squared_tau = VectorXd::Zero(n);
    for (int fold = 0; fold < folds; ++fold) {
      // training rows: every block but `fold` of every run
      Eigen::Index rows = 0;
      for (std::size_t r = 0; r < runs.size(); ++r) {
        const Eigen::Index N = W[r].rows() / n;
        rows += (N - (block_begin(N, fold + 1, folds) - block_begin(N, fold, folds))) * n;
      }
      MatrixXd A(rows, base.rank);
      VectorXd b(rows);
      rows = 0;
      for (std::size_t r = 0; r < runs.size(); ++r) {
        const Eigen::Index N = W[r].rows() / n, first = block_begin(N, fold, folds) * n,
                           last = block_begin(N, fold + 1, folds) * n;
        A.middleRows(rows, first) = W[r].topRows(first);
        b.segment(rows, first) = y[r].head(first);
        rows += first;
        A.middleRows(rows, W[r].rows() - last) = W[r].bottomRows(W[r].rows() - last);
        b.segment(rows, W[r].rows() - last) = y[r].tail(W[r].rows() - last);
        rows += W[r].rows() - last;
      }
      LeastSquaresOptions ls = o.least_squares;
      ls.parameter_names = base.groupings;
      const LeastSquaresFit fit = o.weighted ? fit_wls(A, b, n, ls) : fit_ols(A, b, n, ls);
      for (std::size_t r = 0; r < runs.size(); ++r) {
        const Eigen::Index N = W[r].rows() / n, first = block_begin(N, fold, folds) * n,
                           last = block_begin(N, fold + 1, folds) * n;
        const VectorXd e =
            y[r].segment(first, last - first) - W[r].middleRows(first, last - first) * fit.estimate;
        for (Eigen::Index i = 0; i < e.size(); ++i) {
          squared_error[i % n] += e[i] * e[i];
          squared_tau[i % n] += y[r][first + i] * y[r][first + i];
        }
      }
    }
    out.error.row(c) = squared_error.cwiseQuotient(squared_tau).cwiseSqrt().transpose();
  }
  out.scale.resize(n);
  for (int j = 0; j < n; ++j) {
    Eigen::Index best = 0;
    out.error.col(j).minCoeff(&best);
    out.scale[j] = out.candidates[best];
  }
  return out;
}

}  // namespace manipdyn
