// Parallel filtering and decimation of a run's rows (parallel_filter.hpp).
#include "parallel_filter.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "manipdyn/identification/filter.hpp"

namespace manipdyn {

void filter_and_decimate(const IdentificationSamples& run, int n,
                         const IdentificationOptions& options, MatrixXd& A, VectorXd& b) {
  if (options.decimation_cutoff <= 0) return;
  const Eigen::Index N = run.samples(), c = A.cols();
  const double rate =
      run.sample_rate > 0 ? run.sample_rate : (N - 1) / (run.t[N - 1] - run.t[0]);
  const int decimate =
      options.decimate > 0
          ? options.decimate
          : std::max(1, static_cast<int>(rate / (2.5 * options.decimation_cutoff)));
  if (options.decimation_cutoff * 2.0 >= rate / decimate)
    throw std::invalid_argument("identify: decimation_cutoff " +
                                std::to_string(options.decimation_cutoff) +
                                " Hz is not below the Nyquist frequency of run '" + run.source +
                                "' decimated by " + std::to_string(decimate));
  const Eigen::Index trim =
      static_cast<Eigen::Index>(std::ceil(3.0 * rate / options.decimation_cutoff));
  if (N <= 2 * trim + 1)
    throw std::invalid_argument("identify: run '" + run.source + "' is too short for the " +
                                "decimation filter (" + std::to_string(N) + " samples, " +
                                std::to_string(trim) + " trimmed at each end)");
  // one column per (joint, column of A or b), along time
  MatrixXd series(N, n * (c + 1));
  for (Eigen::Index k = 0; k < N; ++k)
    for (int j = 0; j < n; ++j) {
      series.row(k).segment(j * (c + 1), c) = A.row(k * n + j);
      series(k, j * (c + 1) + c) = b[k * n + j];
    }
  const FilterCoefficients f =
      butterworth_lowpass(options.filter_order, options.decimation_cutoff, rate);
  const MatrixXd filtered = filtfilt(f.b, f.a, series);
  const Eigen::Index kept = (N - 2 * trim - 1) / decimate + 1;
  A.resize(kept * n, c);
  b.resize(kept * n);
  for (Eigen::Index i = 0; i < kept; ++i)
    for (int j = 0; j < n; ++j) {
      A.row(i * n + j) = filtered.row(trim + i * decimate).segment(j * (c + 1), c);
      b[i * n + j] = filtered(trim + i * decimate, j * (c + 1) + c);
    }
}

void run_rows(const SerialModel& model, const BaseParameters& base, const IdentificationSamples& run,
              const VectorXd& tau, const IdentificationOptions& options, MatrixXd& W_b,
              VectorXd& y) {
  W_b = base_regressor(base, observation_matrix(model, run.q, run.qd, run.qdd, options.drive));
  y = tau;
  filter_and_decimate(run, model.dof(), options, W_b, y);
}

}  // namespace manipdyn
