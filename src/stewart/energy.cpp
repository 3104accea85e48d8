// Mechanical energy of the Stewart platform body by body (see energy.hpp).
#include "manipdyn/stewart/energy.hpp"

#include "manipdyn/stewart/inverse_kinematics.hpp"

namespace manipdyn::stewart {

double kinetic_energy(DynamicsModel which, const StewartModel& model, StewartData& d,
                      const PlatformMotion& m) {
  inverse_kinematics(model, d, m);
  // platform: translation of its COM and rotation about it
  const Vector3d r = m.R * model.R0;
  const Vector3d vc = m.v + m.omega.cross(r);
  double T = 0.5 * model.M * vc.squaredNorm() +
             0.5 * m.omega.dot(m.R * model.I_p * m.R.transpose() * m.omega);
  // legs: lower part turns about b_i, upper part slides along the leg and turns with it
  for (int i = 0; i < kLegs; ++i) {
    const auto ii = static_cast<std::size_t>(i);
    const LegMassProperties& leg = model.legs[ii];
    const Matrix3d& Tf = d.T[ii];
    const Vector3d w = which == DynamicsModel::improved ? Vector3d(d.omega_l.col(i)) : Vector3d(d.W.col(i));
    const Vector3d v_d = w.cross(Tf * leg.r_d0);
    const Vector3d v_u = d.Sd.col(i) + w.cross(Tf * leg.r_u0);
    const Vector3d w_leg = Tf.transpose() * w;
    T += 0.5 * leg.m_d * v_d.squaredNorm() + 0.5 * w_leg.dot(leg.I_d0 * w_leg);
    T += 0.5 * leg.m_u * v_u.squaredNorm() + 0.5 * w_leg.dot(leg.I_u0 * w_leg);
  }
  return T;
}

double potential_energy(const StewartModel& model, StewartData& d, const PlatformMotion& m) {
  PlatformMotion pose;
  pose.t = m.t;
  pose.R = m.R;
  inverse_kinematics(model, d, pose);
  double V = -model.M * model.gravity.dot(m.t + m.R * model.R0);
  for (int i = 0; i < kLegs; ++i) {
    const auto ii = static_cast<std::size_t>(i);
    const LegMassProperties& leg = model.legs[ii];
    const Vector3d b = model.b.col(i);
    V -= leg.m_d * model.gravity.dot(b + d.T[ii] * leg.r_d0);
    V -= leg.m_u * model.gravity.dot(b + d.S_.col(i) + d.T[ii] * leg.r_u0);
  }
  return V;
}

double friction_power(DynamicsModel which, const StewartModel& model, StewartData& d,
                      const PlatformMotion& m) {
  inverse_kinematics(model, d, m);
  double P = 0;
  for (int i = 0; i < kLegs; ++i) {
    const Vector3d w = which == DynamicsModel::improved ? Vector3d(d.omega_l.col(i)) : Vector3d(d.W.col(i));
    P += model.Cu * w.squaredNorm() + model.Cp * d.Ld(i) * d.Ld(i) + model.Cs * (w - m.omega).squaredNorm();
  }
  return P;
}

}  // namespace manipdyn::stewart
