#pragma once
/// \file body_regressor.hpp
/// The wrench of one rigid body is linear in its 10 inertial parameters (Atkeson, An & Hollerbach
/// 1986, "Estimation of inertial parameters of manipulator loads and links", eq. 9):
///     [f; n] = A(omega, omega_dot, a) pi,
///     pi = [m, mx, my, mz, Ixx, Ixy, Iyy, Ixz, Iyz, Izz]
/// with m the mass, (mx, my, mz) = m c the first moment (c the centre of mass) and I the inertia
/// tensor about the ORIGIN of the body frame (I = I_com + m (c.c E - c c^T)), all in the body
/// frame (the order of Pinocchio's and manipdyn's identification). f is the force and n the
/// moment about the frame origin that must act on the body for it to move with angular velocity
/// omega, angular acceleration omega_dot and origin acceleration a (body frame); gravity enters
/// through a = (acceleration of the origin) - g.
#include <array>
#include <string_view>

#include <Eigen/Core>

#include "manipdyn/core/types.hpp"

namespace manipdyn {

/// Number of standard inertial parameters of a rigid body.
inline constexpr int kBodyParameters = 10;

template <typename S> using BodyParameters = Eigen::Matrix<S, kBodyParameters, 1>;
template <typename S> using BodyRegressor = Eigen::Matrix<S, 6, kBodyParameters>;
using BodyParametersd = BodyParameters<double>;

/// The names of the 10 parameters in the order of body_wrench_regressor.
inline constexpr std::array<std::string_view, kBodyParameters> kBodyParameterNames = {
    "m", "mx", "my", "mz", "Ixx", "Ixy", "Iyy", "Ixz", "Iyz", "Izz"};

/// The 6 x 10 regressor A with [f; n] = A pi (Atkeson, An & Hollerbach 1986, eq. 9), every
/// vector in the body frame:
///     f = m a + omega_dot x (m c) + omega x (omega x (m c))
///     n = I omega_dot + omega x (I omega) + (m c) x a            (I about the frame origin)
/// omega (3), omega_dot (3) the angular velocity and acceleration of the body; a (3) the
/// acceleration of the frame origin minus gravity. Rows 0-2 are f, rows 3-5 n.
template <typename S>
BodyRegressor<S> body_wrench_regressor(const Vector3<S>& omega, const Vector3<S>& omega_dot,
                                       const Vector3<S>& a) {
  const S zero(0);
  const S wx = omega(0), wy = omega(1), wz = omega(2);
  const S dx = omega_dot(0), dy = omega_dot(1), dz = omega_dot(2);
  BodyRegressor<S> A;
  // force: m a + ([omega_dot]x + [omega]x [omega]x) (m c)
  const S wxy = wx * wy, wxz = wx * wz, wyz = wy * wz;
  const S wxx = wx * wx, wyy = wy * wy, wzz = wz * wz;
  A.template block<3, 4>(0, 0) << a(0), -(wyy + wzz), wxy - dz, wxz + dy,  //
      a(1), wxy + dz, -(wxx + wzz), wyz - dx,                              //
      a(2), wxz - dy, wyz + dx, -(wxx + wyy);
  A.template block<3, 6>(0, 4).setZero();
  // moment: (m c) x a = -[a]x (m c); I omega_dot + omega x (I omega) = (L(omega_dot) +
  // [omega]x L(omega)) [Ixx Ixy Iyy Ixz Iyz Izz]^T with I w = L(w) [...]
  A(3, 0) = zero;
  A(4, 0) = zero;
  A(5, 0) = zero;
  A.template block<3, 3>(3, 1) << zero, a(2), -a(1),  //
      -a(2), zero, a(0),                               //
      a(1), -a(0), zero;
  A.template block<3, 6>(3, 4) << dx, dy - wxz, -wyz, dz + wxy, wyy - wzz, wyz,  //
      wxz, dx + wyz, dy, wzz - wxx, dz - wxy, -wxz,                             //
      -wxy, wxx - wyy, wxy, dx - wyz, dy + wxz, dz;
  return A;
}

}  // namespace manipdyn
