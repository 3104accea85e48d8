/// \file tree_derivatives.cpp
/// The analytic derivatives of the inverse and forward dynamics on a tree with a fixed or a
/// free-flyer root (tree_algorithms.hpp), instantiated for double from their body
/// (tree_derivatives_body.hpp).
#include "tree_derivatives_body.hpp"

namespace manipdyn::detail {

template void tree_inverse_dynamics_derivatives<double>(
    const SerialModel&, DerivativesDataTpl<double>&, const Eigen::Ref<const VectorX<double>>&,
    const Eigen::Ref<const VectorX<double>>&, const Eigen::Ref<const VectorX<double>>&,
    const Vector3<double>&, const Vector6<double>&, const Eigen::Ref<const MatrixX<double>>*);
template void tree_forward_dynamics_derivatives<double>(
    const SerialModel&, DerivativesDataTpl<double>&, const Eigen::Ref<const VectorX<double>>&,
    const Eigen::Ref<const VectorX<double>>&, const Eigen::Ref<const VectorX<double>>&,
    const Vector3<double>&, const Vector6<double>&);

}  // namespace manipdyn::detail
