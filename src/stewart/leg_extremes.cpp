// The extremes of each leg along a path (stewart/leg_extremes.hpp).
#include "manipdyn/stewart/leg_extremes.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace manipdyn::stewart {

std::vector<LegExtremes> leg_extremes(const std::vector<PathRow>& rows) {
  if (rows.empty()) throw std::invalid_argument("leg_extremes: rows is empty");
  std::vector<LegExtremes> legs(kLegs);
  for (int i = 0; i < kLegs; ++i) {
    LegExtremes& e = legs[static_cast<std::size_t>(i)];
    // sign changes of F and the peaks
    for (std::size_t j = 0; j < rows.size(); ++j) {
      const PathRow& r = rows[j];
      if (j > 0) e.F_sign_changes += (r.F(i) > 0) != (rows[j - 1].F(i) > 0);
      e.max_abs_F = std::max(e.max_abs_F, std::abs(r.F(i)));
      e.max_abs_spin = std::max(e.max_abs_spin, std::abs(r.spin(i)));
      e.max_abs_F0 = std::max(e.max_abs_F0, std::abs(r.F0(i)));
    }
    // the dynamic fraction where the force is a significant part of its peak
    for (const PathRow& r : rows)
      if (std::abs(r.F(i)) >= 0.25 * e.max_abs_F)
        e.max_abs_fraction_significant =
            std::max(e.max_abs_fraction_significant, std::abs(r.fraction(i)));
  }
  return legs;
}

double median_abs_fraction(const std::vector<PathRow>& rows) {
  if (rows.empty()) throw std::invalid_argument("median_abs_fraction: rows is empty");
  std::vector<double> v;
  for (const PathRow& r : rows)
    for (int i = 0; i < kLegs; ++i) v.push_back(std::abs(r.fraction(i)));
  std::nth_element(v.begin(), v.begin() + static_cast<long>(v.size() / 2), v.end());
  return v[v.size() / 2];
}

}  // namespace manipdyn::stewart
