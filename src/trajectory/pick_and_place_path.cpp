#include "manipdyn/trajectory/pick_and_place_path.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <sstream>
#include <stdexcept>

#include "manipdyn/core/check.hpp"

namespace manipdyn {

PickAndPlacePath pick_and_place_path(const Vector3d& start, const PickAndPlaceCycle& cycle) {
  constexpr const char* where = "pick_and_place_path";
  check_finite(where, "start", start);
  check_finite(where, "across", cycle.across);
  const auto positive = [&](const char* name, double x) {
    if (!(std::isfinite(x) && x > 0.0)) {
      std::ostringstream os;
      os << where << ": " << name << " must be finite and > 0 (m), got " << x;
      throw std::invalid_argument(os.str());
    }
  };
  positive("rise", cycle.rise);
  positive("span", cycle.span);
  const double r = cycle.corner_radius;
  if (!(r > 0.0 && r <= std::min(cycle.rise, cycle.span / 2.0))) {
    std::ostringstream os;
    os << where << ": corner_radius must be in (0, min(rise, span / 2)] = (0, "
       << std::min(cycle.rise, cycle.span / 2.0) << "] m, got " << r;
    throw std::invalid_argument(os.str());
  }
  const double norm = cycle.across.norm();
  if (!(norm > 0.0) || std::abs(cycle.across.z()) > 1e-12 * norm) {
    std::ostringstream os;
    os << where << ": across must be a nonzero horizontal direction (z = 0), got (" << cycle.across.transpose()
       << ")";
    throw std::invalid_argument(os.str());
  }
  PickAndPlacePath path;
  path.start = start;
  path.across = Vector3d(cycle.across.x(), cycle.across.y(), 0.0) / norm;
  path.rise = cycle.rise;
  path.span = cycle.span;
  path.radius = r;
  path.length = 2.0 * (cycle.rise - r) + (cycle.span - 2.0 * r) + std::numbers::pi * r;
  return path;
}

PathPoint path_point(const PickAndPlacePath& path, double s, bool back) {
  const double L = path.length;
  if (!(s >= -1e-12 * L && s <= L * (1.0 + 1e-12))) {
    std::ostringstream os;
    os << "path_point: s = " << s << " m is outside the path [0, " << L << "] m";
    throw std::invalid_argument(os.str());
  }
  s = std::clamp(back ? L - s : s, 0.0, L);
  const double r = path.radius, h = path.rise, w = path.span;
  const Vector3d& z = path.up;
  const Vector3d& e = path.across;
  const double quarter = std::numbers::pi * r / 2.0;
  PathPoint x;
  // the five pieces in turn: line up, arc, line across, arc, line down
  const double s1 = h - r, s2 = s1 + quarter, s3 = s2 + (w - 2.0 * r), s4 = s3 + quarter;
  if (s <= s1) {
    x.p = path.start + s * z;
    x.dp = z;
  } else if (s <= s2) {
    const double phi = (s - s1) / r;
    const Vector3d centre = path.start + (h - r) * z + r * e;
    x.p = centre - r * std::cos(phi) * e + r * std::sin(phi) * z;
    x.dp = std::sin(phi) * e + std::cos(phi) * z;
    x.ddp = (std::cos(phi) * e - std::sin(phi) * z) / r;
  } else if (s <= s3) {
    x.p = path.start + h * z + (r + s - s2) * e;
    x.dp = e;
  } else if (s <= s4) {
    const double phi = (s - s3) / r;
    const Vector3d centre = path.start + (h - r) * z + (w - r) * e;
    x.p = centre + r * std::sin(phi) * e + r * std::cos(phi) * z;
    x.dp = std::cos(phi) * e - std::sin(phi) * z;
    x.ddp = (-std::sin(phi) * e - std::cos(phi) * z) / r;
  } else {
    x.p = path.start + (h - r - (s - s4)) * z + w * e;
    x.dp = -z;
  }
  // the way back: p(L - s), so dp/ds changes sign and d2p/ds2 does not
  if (back) x.dp = -x.dp;
  return x;
}

}  // namespace manipdyn
