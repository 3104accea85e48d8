#pragma once
/// \file excitation.hpp
/// Design of an exciting trajectory for identification (Swevers, Ganseman, Tukel, De Schutter &
/// Van Brussel 1997, "Optimal robot excitation and identification", IEEE T-RA 13(5)): a finite
/// Fourier series per joint (trajectory/fourier_trajectory.hpp, eq. 9-10) whose coefficients
/// and offsets minimise a cost of the sampled motion - for identification log10 of the condition
/// number of the base observation matrix - within the joints' position, velocity and
/// acceleration limits. The cost is a callback, so the same search serves any criterion.
///
/// The search (see docs/identification.md, "Excitation"): a (1+1)-CMA-ES (Igel, Suttorp &
/// Hansen 2006, GECCO, with the Cholesky update) on normalised offsets and coefficients,
/// restarted from a few seeded random starts. Every candidate is made feasible before its cost
/// is evaluated by scaling each joint's coefficients down until the joint stays inside its
/// limits (shrunk by the margin) on a fine sampling: the motion is linear in the coefficients
/// for a fixed offset, so the scaling is exact and no penalty weight needs tuning.
/// Deterministic for a seed (std::mt19937_64, our own mapping to normal numbers).
#include <cstdint>
#include <filesystem>
#include <functional>
#include <vector>

#include "manipdyn/serial/model.hpp"
#include "manipdyn/trajectory/fourier_trajectory.hpp"

namespace manipdyn {

/// The criterion to minimise: a scalar of the sampled motion (t (N), q, qd, qdd (N x n) over
/// one period at ExcitationOptions::sample_rate). Non-finite values reject the candidate; an
/// exception propagates out of design_excitation.
using ExcitationCost = std::function<double(const TrajectorySamples& samples)>;

/// Called after each cost evaluation with its number (1-based) and the best cost so far.
using ExcitationProgress = std::function<void(int evaluation, double best_cost)>;

/// Per joint limits of an exciting trajectory (n each, joint units): q in [q_min, q_max],
/// |qd| <= qd_max, |qdd| <= qdd_max (infinity = no acceleration limit).
struct ExcitationLimits {
  VectorXd q_min, q_max, qd_max, qdd_max;
};

/// Options of design_excitation (defaults and their reasons in docs/identification.md).
struct ExcitationOptions {
  int harmonics = 5;            ///< L, harmonics per joint (>= 1; >= 2 with start_at_rest)
  double base_frequency = 0.1;  ///< f_f, Hz: a 10 s period
  double sample_rate = 20.0;    ///< Hz, samples of the cost (> 2 L f_f, above Nyquist)
  /// Fraction kept free inside each limit (0 <= margin < 1): the position range shrinks by
  /// margin * (q_max - q_min) / 2 at each end, qd_max and qdd_max by the factor (1 - margin).
  double margin = 0.05;
  /// Limits replacing the model's (LinkParameters::q_min, q_max, qd_max); each empty (use the
  /// model's) or of size n. qdd_max empty means no acceleration limit.
  VectorXd q_min, q_max, qd_max, qdd_max;
  /// qd = qdd = 0 at t = 0 and T (start_at_rest() of fourier_trajectory.hpp)
  bool start_at_rest = true;
  std::uint64_t seed = 1;     ///< seed of the random starts and steps
  int evaluations = 2000;     ///< budget of cost evaluations, over all restarts (>= 1)
  int restarts = 4;           ///< independent searches sharing the budget (1..evaluations)
  ExcitationProgress progress;  ///< optional
};

/// The designed trajectory and how well it does.
struct ExcitationResult {
  FourierTrajectory trajectory;  ///< the best trajectory found (feasible)
  double cost = 0.0;             ///< its cost
  /// (evaluations) best cost after each evaluation; the last entry is `cost`
  std::vector<double> history;
  /// Candidates evaluated; the cost is evaluated once more if the final fine check scales the
  /// best trajectory into the limits (only with a margin near zero: the search's sampling
  /// missed a peak by more than the margin).
  int evaluations = 0;
  ExcitationLimits limits;       ///< the limits applied (before the margin)
  /// Extrema of the trajectory on a fine sampling (1024 samples per period of the highest
  /// harmonic): within `limits` (1e-4 of each limit is kept free for that sampling's error),
  /// and within `limits` shrunk by the margin up to the search's sampling error (about 1e-3).
  TrajectoryExtrema sampled;
  TrajectoryExtrema bounds;  ///< analytic bounds (fourier_trajectory_bounds), conservative
};

/// The limits of the model (LinkParameters::q_min, q_max, qd_max) replaced by those given in
/// the options, and qdd_max from the options (infinity if not given). Throws
/// std::invalid_argument "design_excitation: joint i ..." naming the joint and the option for
/// a limit that cannot be met: q_min >= q_max, a position range or qd_max that is not finite,
/// qd_max <= 0, qdd_max <= 0, or an option of the wrong size.
ExcitationLimits excitation_limits(const SerialModel& model, const ExcitationOptions& options);

/// Designs an exciting trajectory for `model` (Swevers et al. 1997): the Fourier coefficients
/// and offsets (n x L, n) that minimise `cost` over one period sampled at options.sample_rate,
/// within excitation_limits(model, options). Throws std::invalid_argument naming the option or
/// the joint for bad options, std::runtime_error if the cost is not finite at any candidate.
ExcitationResult design_excitation(const SerialModel& model, const ExcitationCost& cost,
                                   const ExcitationOptions& options = {});

/// A cost that needs no dynamic model, for tests and until the base-parameter regressor is
/// used: log10 of the condition number of the block-diagonal matrix whose block i stacks, over
/// the samples, the rows [qdd_i, qd_i, sign(qd_i), sin(q_i), cos(q_i)] (the per-joint drive and
/// gravity-like columns of an identification regressor).
double decoupled_joint_condition(const TrajectorySamples& samples);

/// The rows of a regressor at one state: writes Y (n x p, already of that size) from q, qd, qdd
/// (n each); e.g. the base-parameter regressor of the model.
using RegressorRows = std::function<void(const VectorXd& q, const VectorXd& qd,
                                         const VectorXd& qdd, MatrixXd& Y)>;

/// log10 cond(W) of the observation matrix W (N n x p), the regressor rows stacked over the
/// samples (the criterion of Gautier & Khalil 1992, "Exciting trajectories for the
/// identification of base inertial parameters of robots", IJRR 11(4)): the singular values of R
/// from a Householder QR of W; +inf if W is rank deficient (smallest singular value 0) or N n < p.
/// The cost of design_excitation for identification is
/// `[&](const TrajectorySamples& s) { return stacked_condition(s, p, base_rows); }`.
double stacked_condition(const TrajectorySamples& samples, int p, const RegressorRows& regressor);

/// Writes the trajectory over one period, t = 0, 1/rate, ..., T (both ends included), as the
/// CSV file `path` with the header t, q1..qn, qd1..qdn, qdd1..qddn (s, joint units; 17
/// significant digits, io/csv.hpp). Throws std::invalid_argument for a bad rate or trajectory,
/// std::runtime_error if the file cannot be written.
void write_excitation_csv(const std::filesystem::path& path,
                          const FourierTrajectory& trajectory, double sample_rate);

}  // namespace manipdyn
