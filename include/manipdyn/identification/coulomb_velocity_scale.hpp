#pragma once
/// \file coulomb_velocity_scale.hpp
/// The velocity scale v_s of the smooth Coulomb model tanh(qd / v_s) (LinkParameters::
/// coulomb_velocity_scale) that identify() uses by default, chosen per joint from the
/// identification runs themselves by blocked cross-validation (docs/identification.md,
/// "Friction near zero velocity"). The switching model sign(qd) turns the encoder noise of a
/// robot at rest into +-Fc; the smooth one does not, and with a scale the data choose it also
/// predicts moving runs better.
#include <vector>

#include "manipdyn/identification/filter.hpp"
#include "manipdyn/serial/model.hpp"

namespace manipdyn {

struct IdentificationOptions;  // identify.hpp

/// The scales tried by default, rad/s (or m/s): 1-2-5 steps from 2e-3 to 0.2, above the
/// velocity noise of a filtered encoder signal at rest (~1e-5 rad/s for the UR10e) and below
/// the speeds the friction is identified at.
std::vector<double> default_coulomb_velocity_scale_candidates();

/// `model` with joint j's Coulomb friction on the velocity scale scale[j] (n; 0 = switching).
SerialModel with_coulomb_velocity_scales(const SerialModel& model, const VectorXd& scale);

/// What choose_coulomb_velocity_scales() found.
struct CoulombVelocityScaleChoice {
  VectorXd candidates;  ///< the scales tried (c), ascending
  /// held-out relative RMS error of each scale (rows, c) per joint (columns, n):
  /// sqrt(sum e^2 / sum tau^2) over the held-out blocks of every fold
  MatrixXd error;
  VectorXd scale;  ///< the chosen scale per joint (n): the candidate of least error
  int folds = 0;   ///< the number of folds
};

/// Chooses each joint's Coulomb velocity scale from `runs` (the samples identify() is given, with
/// `options` as identify() uses them: decimation, weighting, base parameter options; the drive
/// parameters are always identified here) by blocked
/// k-fold cross-validation: every run's filtered and decimated rows are cut into `folds`
/// contiguous blocks of time; for every candidate scale (the same for all joints) and every fold
/// k, the base parameters are fitted by least squares on every block but the k-th of every run
/// and predict the k-th blocks' torques. Joint j gets the candidate whose held-out relative RMS
/// error on joint j is least (joint j's friction columns are in its own torque row only).
/// `candidates` empty: default_coulomb_velocity_scale_candidates(). Throws
/// std::invalid_argument for a candidate <= 0, folds < 2, or runs too short for the folds (a
/// block of every run must hold at least one sample).
CoulombVelocityScaleChoice choose_coulomb_velocity_scales(
    const SerialModel& nominal, const std::vector<IdentificationSamples>& runs,
    const IdentificationOptions& options, std::vector<double> candidates = {}, int folds = 3);

}  // namespace manipdyn
