/// \file traced_instantiations.cpp
/// The serial algorithms that the code generator (codegen/generate.hpp) runs on the tracing scalar
/// codegen::Traced, instantiated here from serial's private bodies (the unchecked entries only):
/// the mass matrix (src/serial/mass_matrix_body.hpp) and the derivatives of the inverse and
/// forward dynamics (src/serial/*_dynamics_derivatives_body.hpp; the forward one's Cholesky
/// factorisation, for n <= detail::kHandCholeskyMax, does not test the pivots' values). Here,
/// in the codegen part, so that serial never includes the tracing scalar; the inverse dynamics
/// is traced through the Newton-Euler core directly (generate.cpp). The derivatives on a tree or a
/// free-flyer (src/serial/tree_derivatives_body.hpp; the forward one by the hand Cholesky, for
/// nv <= detail::kHandCholeskyMax) are called by generate.cpp directly too.
#include "../serial/forward_dynamics_derivatives_body.hpp"
#include "../serial/inverse_dynamics_derivatives_body.hpp"
#include "../serial/mass_matrix_body.hpp"
#include "../serial/tree_derivatives_body.hpp"
#include "manipdyn/codegen/traced.hpp"

namespace manipdyn {

using codegen::Traced;

template const MatrixX<Traced>& mass_matrix<Traced>(Unchecked, const SerialModel&,
                                                     SerialDataTpl<Traced>&, JointVectorIn<Traced>);

template struct DerivativesDataTpl<Traced>;
template const DerivativesDataTpl<Traced>& inverse_dynamics_derivatives<Traced>(
    Unchecked, const SerialModel&, DerivativesDataTpl<Traced>&, JointVectorIn<Traced>,
    JointVectorIn<Traced>, JointVectorIn<Traced>, const Vector3In<Traced>&,
    const Vector6In<Traced>&);
template const DerivativesDataTpl<Traced>& forward_dynamics_derivatives<Traced>(
    Unchecked, const SerialModel&, DerivativesDataTpl<Traced>&, JointVectorIn<Traced>,
    JointVectorIn<Traced>, JointVectorIn<Traced>, const Vector3In<Traced>&,
    const Vector6In<Traced>&);

namespace detail {
template void tree_inverse_dynamics_derivatives<Traced>(
    const SerialModel&, DerivativesDataTpl<Traced>&, const Eigen::Ref<const VectorX<Traced>>&,
    const Eigen::Ref<const VectorX<Traced>>&, const Eigen::Ref<const VectorX<Traced>>&,
    const Vector3<Traced>&, const Vector6<Traced>&, const Eigen::Ref<const MatrixX<Traced>>*);
template void tree_forward_dynamics_derivatives<Traced>(
    const SerialModel&, DerivativesDataTpl<Traced>&, const Eigen::Ref<const VectorX<Traced>>&,
    const Eigen::Ref<const VectorX<Traced>>&, const Eigen::Ref<const VectorX<Traced>>&,
    const Vector3<Traced>&, const Vector6<Traced>&);
}  // namespace detail

}  // namespace manipdyn
