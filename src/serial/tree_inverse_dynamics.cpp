/// \file tree_inverse_dynamics.cpp
/// The recursive Newton-Euler algorithm on a tree (Featherstone, Rigid Body Dynamics Algorithms,
/// 2008, Table 5.1, with the parent lambda(i) of each joint): the body of inverse_dynamics,
/// gravity_torques and bias_torques for a tree, and of the link-wrench inverse_dynamics for any
/// model (tree_algorithms.hpp): its explicit instantiations for the serial scalars (scalars.hpp);
/// the body is in tree_inverse_dynamics_body.hpp, which the batch lanes instantiate too.
#include "scalars.hpp"
#include "tree_inverse_dynamics_body.hpp"

namespace manipdyn::detail {

#define MANIPDYN_INSTANTIATE(S)                                                                \
  template void tree_motion_pass<S>(const DhChain&, SerialDataTpl<S>&,                         \
                                    const Eigen::Ref<const VectorX<S>>&,                       \
                                    const Eigen::Ref<const VectorX<S>>&,                       \
                                    const Eigen::Ref<const VectorX<S>>&, const Vector6<S>&);   \
  template RootMotion<S> root_motion<S>(                                                       \
      const SerialModel&, const Eigen::Ref<const VectorX<S>>&,                                 \
      const Eigen::Ref<const VectorX<S>>&, const Eigen::Ref<const VectorX<S>>&,                \
      const Vector3<S>&);                                                                      \
  template void tree_motion_pass<S>(const SerialModel&, SerialDataTpl<S>&,                     \
                                    const Eigen::Ref<const VectorX<S>>&,                       \
                                    const Eigen::Ref<const VectorX<S>>&,                       \
                                    const Eigen::Ref<const VectorX<S>>&, const Vector3<S>&);   \
  template void tree_inverse_dynamics<S>(                                                      \
      const SerialModel&, SerialDataTpl<S>&, const Eigen::Ref<const VectorX<S>>&,              \
      const Eigen::Ref<const VectorX<S>>&, const Eigen::Ref<const VectorX<S>>&,                \
      const Vector3<S>&, const Vector6<S>&, const Eigen::Ref<const MatrixX<S>>*, DriveTerms,   \
      VectorX<S>&);
MANIPDYN_FOR_SERIAL_SCALARS(MANIPDYN_INSTANTIATE)
#undef MANIPDYN_INSTANTIATE

}  // namespace manipdyn::detail
