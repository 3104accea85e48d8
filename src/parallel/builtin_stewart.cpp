// The Stewart platform as a general parallel robot (builtin_models.hpp: from_stewart).
#include <cmath>
#include <numbers>
#include <stdexcept>

#include "manipdyn/parallel/builtin_models.hpp"

namespace manipdyn::parallel {

Eigen::Isometry3d stewart_home_pose(const stewart::StewartModel& s) {
  const Vector3d cb = s.b.rowwise().mean();
  const Vector3d cp = s.p.rowwise().mean();
  double radius = 0;
  for (int i = 0; i < stewart::kLegs; ++i) radius += (s.b.col(i) - cb).head<2>().norm() / stewart::kLegs;
  Eigen::Isometry3d home = Eigen::Isometry3d::Identity();
  home.translation() = cb - cp + Vector3d(0, 0, radius);
  return home;
}

ParallelModel from_stewart(const stewart::StewartModel& s) { return from_stewart(s, stewart_home_pose(s)); }

ParallelModel from_stewart(const stewart::StewartModel& s, const Eigen::Isometry3d& home) {
  constexpr double half_pi = std::numbers::pi / 2;
  ParallelDescription d;
  d.name = s.name;
  d.mobility = Mobility::spatial;
  d.gravity = s.gravity;
  d.home = home;
  d.allow_invalid_inertia = s.allow_invalid_inertia;
  d.platform.mass = s.M;
  d.platform.com = s.R0;
  d.platform.inertia = s.I_p;
  // frame 2 of the U-P chain (x2, y2, z2) = (z_D, x_D, y_D) and frame 3 (x3, y3, z3) = (z_D, -y_D,
  // x_D) on branch "cross axis along +k x s" (the derivation is in docs/parallel.md): the
  // rotations frame 2 <- D and frame 3 <- U
  Matrix3d R2D, R3U;
  R2D << 0, 0, 1,  //
      1, 0, 0,     //
      0, 1, 0;
  R3U << 0, 0, 1,  //
      0, -1, 0,    //
      1, 0, 0;
  for (int i = 0; i < stewart::kLegs; ++i) {
    const stewart::LegMassProperties& m = s.legs[static_cast<std::size_t>(i)];
    const Vector3d b = s.b.col(i), k = s.k.col(i);
    LegDescription leg;
    leg.name = "leg" + std::to_string(i + 1);
    // frame 0 at the U-joint centre, z along the fixed axis k
    const Vector3d x0 = k.unitOrthogonal();
    leg.base.linear() << x0, k.cross(x0), k;
    leg.base.translation() = b;
    LinkParameters u1, u2, p;
    u1.name = "u1";
    u2.name = "u2";
    u2.alpha = -half_pi;
    p.name = "p";
    p.type = JointType::prismatic;
    p.alpha = -half_pi;
    u2.mass = m.m_d;
    u2.com = R2D * m.r_d0;
    u2.inertia = R2D * m.I_d0 * R2D.transpose();
    p.mass = m.m_u;
    p.com = R3U * m.r_u0;
    p.inertia = R3U * m.I_u0 * R3U.transpose();
    u1.viscous = u2.viscous = s.Cu;
    p.viscous = s.Cp;
    leg.joints = {u1, u2, p};
    leg.platform_point = s.p.col(i);
    leg.actuated = {2};
    leg.cut_viscous = s.Cs;
    // the home assembly in closed form: y1 along c = k x s / |k x s|, y2 along s, d3 = L
    const Vector3d P = home * leg.platform_point;
    const double L = (P - b).norm();
    if (!(L > 0)) throw std::invalid_argument("from_stewart: leg " + std::to_string(i + 1) + " has zero length at the home pose");
    const Vector3d sv = (P - b) / L;
    const Vector3d c = k.cross(sv).normalized();
    const Vector3d y0 = k.cross(x0);
    const double q1 = std::atan2(-c.dot(x0), c.dot(y0));
    const Vector3d x1 = std::cos(q1) * x0 + std::sin(q1) * y0;
    const double q2 = std::atan2(-sv.dot(x1), -sv.dot(k));
    leg.home_q = Eigen::Vector3d(q1, q2, L);
    d.legs.push_back(std::move(leg));
  }
  return build_model(d);
}

}  // namespace manipdyn::parallel
