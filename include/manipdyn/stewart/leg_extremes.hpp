#pragma once
/// \file leg_extremes.hpp
/// The extremes of each leg along a path evaluated with both models (studies.hpp,
/// evaluate_path), and the median dynamic fraction: the numbers with which the report (section 4)
/// checks the statements of Dasgupta & Mruthyunjaya 1998 (legs whose force crosses zero, the
/// share of the leg inertia in the force) and of Pedrammehr et al. 2012 (the legs' axial spin).
/// Not a hot path.
#include <vector>

#include "manipdyn/stewart/studies.hpp"

namespace manipdyn::stewart {

/// The extremes of one leg along a path.
struct LegExtremes {
  int F_sign_changes = 0;   ///< samples where F changes sign from the previous one
  double max_abs_F = 0;     ///< N, the leg's peak |F|
  double max_abs_F0 = 0;    ///< N, max |F0| (massless legs, no friction)
  /// max |Fd/F| over the samples where |F| >= 25% of the leg's peak |F| (where the fraction
  /// does not blow up at a zero crossing of F)
  double max_abs_fraction_significant = 0;
  double max_abs_spin = 0;  ///< rad/s, max |s.omega_l|
};

/// The extremes of each of the kLegs legs along `rows` (leg i at index i). Throws
/// std::invalid_argument for empty rows.
std::vector<LegExtremes> leg_extremes(const std::vector<PathRow>& rows);

/// The median of |Fd/F| over every sample and leg (for an even count, the upper of the two middle
/// values). Throws std::invalid_argument for empty rows.
double median_abs_fraction(const std::vector<PathRow>& rows);

}  // namespace manipdyn::stewart
