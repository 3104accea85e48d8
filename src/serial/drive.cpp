/// \file drive.cpp
/// Drive terms of the joints with Corke's Robotics Toolbox conventions (drive.hpp): reflected
/// motor inertia G^2 Jm and motor-side viscous and Coulomb friction seen at the joint.
#include "manipdyn/serial/drive.hpp"

#include <cmath>

#include "manipdyn/core/check.hpp"
#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/core/dual.hpp"
#include "newton_euler_core.hpp"
#include "scalars.hpp"

namespace manipdyn {

template <typename S>
void friction_torques(const SerialModel& model, JointVectorIn<S> qd, JointVectorOut<S> out) {
  const int n = model.dof();
  check_vector("friction_torques", "qd", qd, n);
  check_size("friction_torques", "out", out, n);
  for (int i = 0; i < n; ++i) out[i] = detail::joint_friction(model.links[i], qd[i]);
  check_result("friction_torques", "out", out, result_input("qd", qd));
}

template <typename S>
void add_drive_torques(const SerialModel& model, JointVectorIn<S> qd, JointVectorIn<S> qdd,
                       JointVectorOut<S> tau) {
  if (!model.has_drive) return;
  const int n = model.dof();
  check_vector("add_drive_torques", "qd", qd, n);
  check_vector("add_drive_torques", "qdd", qdd, n);
  check_size("add_drive_torques", "tau", tau, n);
  // tau_i += G^2 Jm qdd_i + |G| (B |G| qd_i + Tc_i)
  detail::add_drive_unchecked<S>(model, qd, qdd, tau);
  check_result("add_drive_torques", "tau", tau, result_input("qd", qd), result_input("qdd", qdd));
}

#define MANIPDYN_INSTANTIATE(S)                                                               \
  template void friction_torques<S>(const SerialModel&, JointVectorIn<S>, JointVectorOut<S>); \
  template void add_drive_torques<S>(const SerialModel&, JointVectorIn<S>, JointVectorIn<S>,  \
                                     JointVectorOut<S>);
MANIPDYN_FOR_SERIAL_SCALARS(MANIPDYN_INSTANTIATE)
#undef MANIPDYN_INSTANTIATE

}  // namespace manipdyn
