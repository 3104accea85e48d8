#pragma once
// Parallel filtering and decimation of a run's rows (private to the identification: identify.cpp
// and coulomb_velocity_scale.cpp; IdentificationOptions::decimation_cutoff).
#include "manipdyn/identification/identify.hpp"

namespace manipdyn {

/// Parallel filtering and decimation of one run's rows in place (see
/// IdentificationOptions::decimation_cutoff): A (N n x c, sample-major) and b (N n) through the
/// same zero-phase low-pass along time, the filter's transients trimmed, every decimate-th sample
/// kept. Nothing when options.decimation_cutoff <= 0.
void filter_and_decimate(const IdentificationSamples& run, int n,
                         const IdentificationOptions& options, MatrixXd& A, VectorXd& b);

/// The rows of one run in the least-squares problem: its base regressor for `model`'s structure
/// and the torques `tau` (N n, sample-major), filtered in parallel and decimated.
void run_rows(const SerialModel& model, const BaseParameters& base, const IdentificationSamples& run,
              const VectorXd& tau, const IdentificationOptions& options, MatrixXd& W_b,
              VectorXd& y);

}  // namespace manipdyn
