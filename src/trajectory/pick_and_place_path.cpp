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
  const double quarter = std::numbers::pi * r / 2.0;
  path.breaks = {0.0, cycle.rise - r, cycle.rise - r + quarter, cycle.rise - r + quarter + (cycle.span - 2.0 * r),
                 cycle.rise - r + 2.0 * quarter + (cycle.span - 2.0 * r), path.length};
  return path;
}

PathPoint path_point(const PickAndPlacePath& path, double s, bool back, int piece) {
  const double L = path.length, tolerance = 1e-12 * L;
  if (!(s >= -tolerance && s <= L + tolerance)) {
    std::ostringstream os;
    os << "path_point: s = " << s << " m is outside the path [0, " << L << "] m";
    throw std::invalid_argument(os.str());
  }
  if (piece < -1 || piece > 4 ||
      (piece >= 0 && !(s >= path.breaks[piece] - tolerance && s <= path.breaks[piece + 1] + tolerance))) {
    std::ostringstream os;
    os << "path_point: s = " << s << " m is not on piece " << piece << " (0..4: ";
    if (piece >= 0 && piece <= 4) os << "[" << path.breaks[piece] << ", " << path.breaks[piece + 1] << "] m";
    os << ")";
    throw std::invalid_argument(os.str());
  }
  // the way back runs the pieces in reverse: p(L - s)
  s = std::clamp(back ? L - s : s, 0.0, L);
  if (piece >= 0 && back) piece = 4 - piece;
  if (piece < 0)
    piece = static_cast<int>(std::lower_bound(path.breaks.begin() + 1, path.breaks.end() - 1, s) -
                             (path.breaks.begin() + 1));
  const double r = path.radius, h = path.rise, w = path.span;
  const Vector3d& z = path.up;
  const Vector3d& e = path.across;
  const auto& sb = path.breaks;
  PathPoint x;
  // the five pieces: line up, arc, line across, arc, line down
  switch (piece) {
    case 0:
      x.p = path.start + s * z;
      x.dp = z;
      break;
    case 1: {
      const double phi = (s - sb[1]) / r;
      const Vector3d centre = path.start + (h - r) * z + r * e;
      x.p = centre - r * std::cos(phi) * e + r * std::sin(phi) * z;
      x.dp = std::sin(phi) * e + std::cos(phi) * z;
      x.ddp = (std::cos(phi) * e - std::sin(phi) * z) / r;
      break;
    }
    case 2:
      x.p = path.start + h * z + (r + s - sb[2]) * e;
      x.dp = e;
      break;
    case 3: {
      const double phi = (s - sb[3]) / r;
      const Vector3d centre = path.start + (h - r) * z + (w - r) * e;
      x.p = centre + r * std::sin(phi) * e + r * std::cos(phi) * z;
      x.dp = std::cos(phi) * e - std::sin(phi) * z;
      x.ddp = (-std::sin(phi) * e - std::cos(phi) * z) / r;
      break;
    }
    default:
      x.p = path.start + (h - r - (s - sb[4])) * z + w * e;
      x.dp = -z;
      break;
  }
  // the way back: p(L - s), so dp/ds changes sign and d2p/ds2 does not
  if (back) x.dp = -x.dp;
  return x;
}

}  // namespace manipdyn
