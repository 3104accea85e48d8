#pragma once
/// \file platform_motion_args.hpp
/// The platform motion from the keyword arguments that the Stewart and parallel-robot bindings
/// share (manipdyn.stewart, manipdyn.parallel): t; the orientation as rpy or R; omega or rpy_d;
/// alpha or rpy_dd; v and a.
#include <optional>
#include <stdexcept>
#include <string>

#include "manipdyn/core/platform_motion.hpp"
#include "manipdyn/stewart/pose.hpp"

namespace manipdyn::python {

/// The motion of the keyword arguments (base frame): the orientation from rpy (R = Rz Ry Rx) or
/// R, the angular velocity from omega or the RPY rates rpy_d, the angular acceleration from
/// alpha or the RPY accelerations rpy_dd. With `orientation_required` exactly one of rpy and R
/// must be given (the Stewart platform); without it, neither means R = identity (a translating
/// platform). Throws std::invalid_argument "<where>: ..." for a contradictory set.
inline PlatformMotion make_motion(const char* where, const Vector3d& t, const std::optional<Vector3d>& rpy,
                                  const std::optional<Matrix3d>& R, const Vector3d& v,
                                  const std::optional<Vector3d>& omega, const std::optional<Vector3d>& rpy_d,
                                  const Vector3d& a, const std::optional<Vector3d>& alpha,
                                  const std::optional<Vector3d>& rpy_dd, bool orientation_required = true) {
  const auto fail = [&](const std::string& m) { throw std::invalid_argument(std::string(where) + ": " + m); };
  if (rpy && R) fail(orientation_required ? "give exactly one of rpy and R" : "give at most one of rpy and R");
  if (orientation_required && !rpy && !R) fail("give exactly one of rpy and R");
  if (omega && rpy_d) fail("give at most one of omega and rpy_d");
  if (alpha && rpy_dd) fail("give at most one of alpha and rpy_dd");
  if ((rpy_d || rpy_dd) && !rpy) fail("rpy_d and rpy_dd need rpy");
  PlatformMotion m;
  m.t = t;
  if (rpy) m.R = stewart::rpy_to_rotation<double>(*rpy);
  if (R) m.R = *R;
  m.v = v;
  m.a = a;
  if (omega) m.omega = *omega;
  if (rpy_d) m.omega = stewart::angular_velocity_from_rpy<double>(*rpy, *rpy_d);
  if (alpha) m.alpha = *alpha;
  if (rpy_dd || rpy_d)
    m.alpha = stewart::angular_acceleration_from_rpy<double>(*rpy, rpy_d.value_or(Vector3d::Zero()),
                                                             rpy_dd.value_or(Vector3d::Zero()));
  return m;
}

}  // namespace manipdyn::python
