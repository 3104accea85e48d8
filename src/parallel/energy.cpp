// Mechanical energy of a parallel robot, body by body (energy.hpp).
#include "manipdyn/parallel/energy.hpp"

#include "manipdyn/parallel/kinematics.hpp"
#include "manipdyn/serial/drive.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/kinematics.hpp"
#include "scalars.hpp"

namespace manipdyn::parallel {

namespace {
// A leg's joint vector on the stack (a leg has at most kMaxLegJoints joints).
template <typename S>
using LegVector = Eigen::Matrix<S, Eigen::Dynamic, 1, 0, kMaxLegJoints, 1>;
}  // namespace

template <typename S>
S kinetic_energy(const ParallelModel& model, ParallelDataTpl<S>& data, const PlatformMotionTpl<S>& x) {
  // the legs' joint rates
  leg_motion(model, data, x);
  S T(0.0);
  // each leg: 1/2 qd^T M(q) qd with its chain's mass matrix (reflected motor inertia included)
  for (int i = 0; i < model.leg_count(); ++i) {
    const std::size_t ii = static_cast<std::size_t>(i);
    const MatrixX<S>& M = mass_matrix(unchecked, model.legs[ii].chain, data.leg[ii], JointVectorIn<S>(data.q[ii]));
    const LegVector<S> momentum = M * data.qd[ii];
    T += S(0.5) * data.qd[ii].dot(momentum);
  }
  // the platform: 1/2 m v^2 + m v . (omega x c) + 1/2 omega^T I_O omega
  const S m = S(model.platform.mass);
  const Vector3<S> c = x.R * model.platform.com.template cast<S>();
  const Matrix3<S> I_O = x.R * model.platform_inertia_origin.template cast<S>() * x.R.transpose();
  T += S(0.5) * m * x.v.squaredNorm() + m * x.v.dot(x.omega.cross(c)) + S(0.5) * x.omega.dot(I_O * x.omega);
  return T;
}

template <typename S>
S potential_energy(const ParallelModel& model, ParallelDataTpl<S>& data, const PlatformMotionTpl<S>& x) {
  // the legs' joint values
  inverse_kinematics(model, data, x.t, x.R);
  const Vector3<S> g = model.gravity.template cast<S>();
  // the platform: -m g . (t + R com)
  S V = -S(model.platform.mass) * g.dot(Vector3<S>(x.t + x.R * model.platform.com.template cast<S>()));
  // each leg: -m_i g . c_i, c_i its links' centre of mass (a massless leg has none)
  for (int i = 0; i < model.leg_count(); ++i) {
    const std::size_t ii = static_cast<std::size_t>(i);
    const SerialModel& chain = model.legs[ii].chain;
    double mass = 0;
    for (const LinkParameters& link : chain.links) mass += link.mass;
    if (mass > 0) V -= S(mass) * g.dot(center_of_mass(chain, data.leg[ii], JointVectorIn<S>(data.q[ii])));
  }
  return V;
}

template <typename S>
S dissipated_power(const ParallelModel& model, ParallelDataTpl<S>& data, const PlatformMotionTpl<S>& x) {
  // the legs' joint rates and end-link angular velocities
  leg_motion(model, data, x);
  S P(0.0);
  for (int i = 0; i < model.leg_count(); ++i) {
    const std::size_t ii = static_cast<std::size_t>(i);
    const Leg& leg = model.legs[ii];
    // the drives' viscous and Coulomb friction: qd . |G| (B |G| qd + Tc)
    if (leg.chain.has_drive) {
      LegVector<S> friction = LegVector<S>::Zero(leg.chain.dof());
      friction_torques<S>(leg.chain, JointVectorIn<S>(data.qd[ii]), JointVectorOut<S>(friction));
      P += data.qd[ii].dot(friction);
    }
    // the cut joint's viscous friction: c |omega - omega_leg|^2
    if (leg.cut_viscous > 0) P += S(leg.cut_viscous) * (x.omega - data.omega_leg[ii]).squaredNorm();
  }
  return P;
}

#define MANIPDYN_INSTANTIATE(S)                                                                          \
  template S kinetic_energy<S>(const ParallelModel&, ParallelDataTpl<S>&, const PlatformMotionTpl<S>&);   \
  template S potential_energy<S>(const ParallelModel&, ParallelDataTpl<S>&, const PlatformMotionTpl<S>&); \
  template S dissipated_power<S>(const ParallelModel&, ParallelDataTpl<S>&, const PlatformMotionTpl<S>&);
MANIPDYN_FOR_PARALLEL_SCALARS(MANIPDYN_INSTANTIATE)
#undef MANIPDYN_INSTANTIATE

}  // namespace manipdyn::parallel
