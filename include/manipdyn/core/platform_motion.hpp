#pragma once
/// \file platform_motion.hpp
/// The motion of a rigid platform and the external wrench on it: the input of the inverse
/// dynamics of parallel robots, the Stewart platform's (stewart/) and the general engine's
/// (parallel/).
#include "manipdyn/core/types.hpp"

namespace manipdyn {

/// Motion of the platform, all in the base frame: position t of the platform-frame origin,
/// rotation R (platform -> base), linear velocity v = dt/dt and acceleration a, angular velocity
/// omega and angular acceleration alpha (Dasgupta 1998 eqs. 4, 7).
template <typename Scalar>
struct PlatformMotionTpl {
  Vector3<Scalar> t = Vector3<Scalar>::Zero();      ///< position (3)
  Matrix3<Scalar> R = Matrix3<Scalar>::Identity();  ///< orientation (3x3)
  Vector3<Scalar> v = Vector3<Scalar>::Zero();      ///< linear velocity (3)
  Vector3<Scalar> omega = Vector3<Scalar>::Zero();  ///< angular velocity (3)
  Vector3<Scalar> a = Vector3<Scalar>::Zero();      ///< linear acceleration (3)
  Vector3<Scalar> alpha = Vector3<Scalar>::Zero();  ///< angular acceleration (3)

  /// The same motion in scalar T (each entry converted, as Eigen's cast).
  template <typename T>
  PlatformMotionTpl<T> cast() const {
    PlatformMotionTpl<T> m;
    m.t = t.template cast<T>();
    m.R = R.template cast<T>();
    m.v = v.template cast<T>();
    m.omega = omega.template cast<T>();
    m.a = a.template cast<T>();
    m.alpha = alpha.template cast<T>();
    return m;
  }
};
using PlatformMotion = PlatformMotionTpl<double>;

/// External force f and moment m on the platform, in the platform frame (Dasgupta 1998 sec. 3.2:
/// F_ext, M_ext); f acts at the platform-frame origin.
template <typename Scalar>
struct ExternalWrenchTpl {
  Vector3<Scalar> f = Vector3<Scalar>::Zero();  ///< force (3), platform frame
  Vector3<Scalar> m = Vector3<Scalar>::Zero();  ///< moment (3), platform frame
};
using ExternalWrench = ExternalWrenchTpl<double>;

}  // namespace manipdyn
