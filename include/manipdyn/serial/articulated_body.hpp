#pragma once
/// \file articulated_body.hpp
/// Featherstone's articulated-body algorithm (Rigid Body Dynamics Algorithms, 2008, Table 7.1)
/// for a serial arm or a tree (each joint's composite passed to its parent, model.parent;
/// docs/trees.md), written directly on the model's modified-DH frames (SerialModel::modified):
/// frame i sits on joint i and the joint moves about (revolute) or along (prismatic) z_i, so the
/// motion subspace of every joint is a unit spatial vector in link coordinates. Spatial vectors
/// are [angular; linear]; gravity enters as the base acceleration -g (RBDA sec. 5.3).
/// Drive terms: the reflected motor inertia G^2 Jm adds to D_i = S_i^T IA_i S_i (a rotor spinning
/// about the joint axis, RBDA sec. 7.2 "armature"), friction (drive.hpp) subtracts from tau_i.
#include "manipdyn/serial/forward_dynamics.hpp"

namespace manipdyn {

/// qdd (n) = forward dynamics of the arm by the articulated-body algorithm, O(n), for q, qd, tau
/// (n each), gravity (world frame) and the end-effector wrench f_ext (6, the convention of
/// inverse_dynamics.hpp). Result in data.qdd; allocates nothing. Throws std::invalid_argument for
/// a wrong size or a non-finite input, for a non-finite result (naming qdd and the largest
/// input), and for a joint whose articulated inertia D_i is not
/// positive (a massless tip link with no motor inertia).
template <typename S>
const VectorX<S>& forward_dynamics_articulated_body(
    const SerialModel& model, ForwardDynamicsDataTpl<S>& data, JointVectorIn<S> q,
    JointVectorIn<S> qd, JointVectorIn<S> tau, const Vector3In<S>& gravity,
    const Vector6In<S>& f_ext);

/// forward_dynamics_articulated_body without the input and result checks (Unchecked); the
/// positivity of each D_i is still checked.
template <typename S>
const VectorX<S>& forward_dynamics_articulated_body(
    Unchecked, const SerialModel& model, ForwardDynamicsDataTpl<S>& data, JointVectorIn<S> q,
    JointVectorIn<S> qd, JointVectorIn<S> tau, const Vector3In<S>& gravity,
    const Vector6In<S>& f_ext);

}  // namespace manipdyn
