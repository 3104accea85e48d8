#pragma once
/// \file identification_truth.hpp
/// Helpers of the identification tests that identify a known truth: perturbed(model, seed), a
/// nominal model off by tens of percent (what a user's CAD model is to their robot), and
/// base_recovery(result, truth), how far the estimated base parameters are from the true ones in
/// units of their estimated standard deviations.
#include <algorithm>
#include <cmath>
#include <random>

#include "manipdyn/identification/identify.hpp"
#include "manipdyn/identification/parameters.hpp"

namespace manipdyn::test_support {

/// `model` with every mass, inertia and drive parameter scaled by 1 + 0.3 u, u in [-1, 1]: what
/// a user's CAD model is to their robot.
inline SerialModel perturbed(const SerialModel& model, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-0.3, 0.3);
  VectorXd pi = standard_parameters(model);
  for (Eigen::Index i = 0; i < pi.size(); ++i) pi[i] *= 1.0 + u(rng);
  for (int j = 0; j < model.dof(); ++j) {  // keep Fc >= |Fo| (Tc+ >= 0 >= Tc-)
    double& Fc = pi[kLinkParameters * model.dof() + kDriveParameters * j + 2];
    Fc = std::max(Fc, std::abs(pi[kLinkParameters * model.dof() + kDriveParameters * j + 3]));
  }
  return model_with_standard_parameters(model, pi, true);
}

/// The mean square and the largest |z| of z = (estimate - truth) / sigma over the base
/// parameters.
struct Recovery {
  double mean_square = 0, worst = 0;
};

/// Recovery of the base parameters of `r` against those of `truth`.
inline Recovery base_recovery(const IdentificationResult& r, const SerialModel& truth) {
  const VectorXd truth_base =
      r.base.K * standard_parameters(truth).head(static_cast<Eigen::Index>(r.names.size()));
  const VectorXd z =
      (r.fit.estimate - truth_base).cwiseQuotient(r.fit.standard_deviation);
  return {z.squaredNorm() / double(z.size()), z.cwiseAbs().maxCoeff()};
}

}  // namespace manipdyn::test_support
