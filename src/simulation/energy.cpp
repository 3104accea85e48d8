#include "manipdyn/simulation/energy.hpp"

#include "manipdyn/core/check.hpp"
#include "manipdyn/serial/configuration.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/kinematics.hpp"

namespace manipdyn {

MechanicalEnergy mechanical_energy(const SerialModel& model, SerialData& data, const VectorXd& q,
                                   const VectorXd& qd, const Vector3d& gravity) {
  if (model.root == RootJoint::free_flyer)
    check_tangent<double>("mechanical_energy", "qd", model, qd);
  else
    check_vector("mechanical_energy", "qd", qd, model.dof());
  check_finite("mechanical_energy", "gravity", gravity);
  MechanicalEnergy e;
  // Kinetic energy from the mass matrix.
  const MatrixXd& M = mass_matrix<double>(model, data, q);
  e.kinetic = 0.5 * qd.dot(M * qd);
  // Potential energy of each link's COM in the world frame (link i carries frame i).
  const auto& T0 = link_transforms<double>(model, data, q);
  const DhChain& chain = model.own_chain();
  for (int i = 0; i < chain.n; ++i) {
    const Vector3d p = T0[i + 1].topLeftCorner<3, 3>() * chain.com[i] + T0[i + 1].topRightCorner<3, 1>();
    e.potential -= chain.mass[i] * gravity.dot(p);
  }
  // A free-flyer's base body, placed by q.
  if (model.root == RootJoint::free_flyer) {
    const Matrix4d B = base_pose<double>(model, q);
    const Vector3d p = B.topLeftCorner<3, 3>() * model.base_inertia.com + B.topRightCorner<3, 1>();
    e.potential -= model.base_inertia.mass * gravity.dot(p);
  }
  return e;
}

}  // namespace manipdyn
