#pragma once
/// \file studies.hpp
/// Evaluation of whole paths with both dynamic models, and the studies of the papers:
/// Dasgupta & Mruthyunjaya 1998 Paths I-III (sec. 5, Figs. 4-10) and Pedrammehr et al. 2012
/// Paths 1-3 (appendix 2, Figs. 5-10). Used by the CLI (`manipdyn stewart`), Python and the
/// benchmarks. Not a hot path: results are stored in std::vector.
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "manipdyn/stewart/data.hpp"
#include "manipdyn/stewart/model.hpp"
#include "manipdyn/stewart/trajectory.hpp"

namespace manipdyn::stewart {

/// One sample of a path evaluated with both models.
struct PathRow {
  double time = 0;                 ///< s
  Vector3d t, theta;               ///< platform position and RPY
  Vector6d L, Ld;                  ///< leg lengths and rates
  Vector6d F;                      ///< actuator forces, Dasgupta 1998 (eq. 37)
  Vector6d F0;                     ///< massless-leg frictionless forces (eq. 41)
  Vector6d Fd;                     ///< F - F0 (eq. 42)
  Vector6d fraction;               ///< Fd / F
  Vector6d F_improved;             ///< actuator forces, improved model (Pedrammehr 2012)
  double condition_number = 0;     ///< cond(H)
  bool ill_conditioned = false;    ///< cond(H) above the warning threshold
  Vector6d w_nospin, w_exact;      ///< |W| (eq. 6) and |omega_l| (exact U joint), rad/s
  Vector6d a_nospin, a_exact;      ///< |A| (eq. 9) and |alpha_l|, rad/s^2
  Vector6d spin, spin_acc;         ///< s.omega_l and s.alpha_l
};

/// Evaluates both models at every sample of `path` (path_times). `progress(done, total)` is
/// called now and then. Errors name the path time and step.
std::vector<PathRow> evaluate_path(const StewartModel& model, const PlannedPath& path,
                                   const InverseDynamicsOptions& options = {},
                                   const std::function<void(std::size_t, std::size_t)>& progress = {});

/// Writes rows as CSV (header: time, tx.., thx.., L1.., Ld1.., F1.., F0_1.., Fd_1.., frac1..,
/// Fimp1.., dF1.. (= Fimp - F), cond, ill, w_nospin1.., w_exact1.., a_nospin1.., a_exact1..,
/// spin1.., spin_acc1..).
void write_path_csv(std::ostream& os, const std::vector<PathRow>& rows);

/// A path of one of the papers.
struct PaperPath {
  std::string name;         ///< "I", "II", "III" (Dasgupta 1998) or "1", "2", "3" (Pedrammehr 2012)
  std::string description;  ///< source and parameters
  bool pedrammehr = false;  ///< use pedrammehr_test_platform (r_u0 z = -0.08)
  PathSpec spec;            ///< the path
};

/// The six paper paths. Pedrammehr's Path 1 is printed as X0 = [0.1 0 0.5], Xt = [0.6 0 0.5],
/// t = 6, V = 0.08 with "a constant velocity profile": |Delta|/V = 6.25 s > 6 s, so it is run at
/// the constant velocity |Delta|/t = 0.0833 m/s (a parabolic blend would need tau_b < 0).
std::vector<PaperPath> paper_paths();
/// The paper path called `name`; throws std::invalid_argument listing the names otherwise.
PaperPath paper_path(const std::string& name);

/// Extremes of a path, for the docs and the closing note.
struct PathSummary {
  double max_abs_F = 0, max_abs_F_improved = 0, max_abs_model_difference = 0;
  double max_abs_fraction = 0;           ///< max |Fd/F| over all samples and legs
  double max_abs_fraction_significant = 0;  ///< the same where |F| >= 25% of the leg's peak |F|
  int max_fraction_leg = 0;              ///< 1-based leg of max_abs_fraction_significant
  double max_fraction_time = 0;          ///< its time
  double peak_condition = 0, peak_condition_time = 0;
  Vector3d peak_condition_t = Vector3d::Zero(), peak_condition_theta = Vector3d::Zero();
  double max_spin = 0, max_spin_acc = 0;  ///< max |s.omega_l|, |s.alpha_l|
};
PathSummary summarize(const std::vector<PathRow>& rows);

}  // namespace manipdyn::stewart
