#pragma once
/// \file pick_and_place_path.hpp
/// The standard pick-and-place cycle of Delta robots (the "Adept cycle"): from the pick point
/// 25 mm up, 305 mm across, 25 mm down to the place point, and back the same way. As a path in
/// the base frame (z up) parametrised by its arc length s, with the two corners rounded by
/// quarter circles of radius r:
///     line up (rise - r), arc, line across (span - 2r), arc, line down (rise - r),
/// length L = 2 (rise - r) + (span - 2r) + pi r. The tangent p'(s) is continuous (unit),
/// the second derivative p''(s) is the curvature vector: 0 on the lines, of length 1/r on the
/// arcs, so it is bounded (it jumps where an arc meets a line; the time-optimal parametrisation
/// of time_optimal_path.hpp takes such a jump on its grid). The default r = rise / 2 = 12.5 mm
/// leaves 12.5 mm of vertical motion at the pick and place points (the gripper arrives and
/// leaves vertically) and bounds the curvature by 80 1/m; r = rise gives the roundest path.
#include <array>

#include "manipdyn/core/types.hpp"

namespace manipdyn {

/// The geometry of the cycle (m).
struct PickAndPlaceCycle {
  double rise = 0.025;            ///< up at the pick point, down at the place point (> 0)
  double span = 0.305;            ///< across, horizontal (> 0)
  double corner_radius = 0.0125;  ///< r, 0 < r <= min(rise, span / 2)
  Vector3d across = Vector3d::UnitX();  ///< direction across, horizontal (normalised)
};

/// The cycle's path from a pick point (plain data; pick_and_place_path() builds it).
struct PickAndPlacePath {
  Vector3d start = Vector3d::Zero();   ///< the pick point, base frame (m)
  Vector3d up = Vector3d::UnitZ();     ///< the base frame's z
  Vector3d across = Vector3d::UnitX(); ///< unit, horizontal
  double rise = 0.0, span = 0.0, radius = 0.0;  ///< m
  double length = 0.0;                 ///< L, the arc length of one way (m)
  /// The arc lengths where the five pieces (line up, arc, line across, arc, line down) start
  /// and end: 0, rise - r, ..., L (m). The path is symmetric, so the way back has the same.
  std::array<double, 6> breaks{};
};

/// A point of a path parametrised by arc length: position, first and second derivatives with
/// respect to s (base frame).
struct PathPoint {
  Vector3d p = Vector3d::Zero();    ///< m
  Vector3d dp = Vector3d::Zero();   ///< dp/ds (unit)
  Vector3d ddp = Vector3d::Zero();  ///< d2p/ds2 (1/m)
};

/// The cycle from the pick point `start`. Throws std::invalid_argument naming the field for a
/// non-finite start, rise or span <= 0, a radius outside (0, min(rise, span / 2)], an `across`
/// that is zero or not horizontal.
PickAndPlacePath pick_and_place_path(const Vector3d& start, const PickAndPlaceCycle& cycle = {});

/// The path at arc length s in [0, L]: the way there (pick -> place), or with `back` the way
/// back (place -> pick: p(L - s), its tangent reversed). `piece` (0..4, counted along the way
/// travelled) evaluates s on that piece's formula, which picks the side of a joint where the
/// curvature jumps (s within rounding of the piece); -1: the piece s lies in (at a joint, the
/// earlier one). Throws std::invalid_argument for an s outside [0, L] (beyond rounding) or
/// outside the piece asked for.
PathPoint path_point(const PickAndPlacePath& path, double s, bool back = false, int piece = -1);

}  // namespace manipdyn
