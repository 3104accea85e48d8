#pragma once
/// \file centroidal_momentum.hpp
/// The centroidal momentum of a model and its matrix (Orin, Goswami & Lee 2013, "Centroidal
/// dynamics of a humanoid robot", Autonomous Robots 35(2-3)): the momentum of all the bodies
/// (the links and, on a free-flyer, the base body) about the centre of mass G, in world axes,
///   h_G = A_G(q) v,   h_G = [linear (3); angular (3)],
/// Pinocchio's `ccrba` convention (its Force layout: linear first, the frame at the COM with the
/// world's axes). A_G is 6 x nv: the base's six columns first on a free-flyer (v's base twist in
/// the base frame, Pinocchio's conventions), then one per joint. The linear part is the total
/// mass times the COM velocity; the angular part is sum_i (I_i w_i + m_i (c_i - G) x v_ci).
///
/// Computed by one pass from the leaves: the composite inertia of each joint's subtree about G
/// in world axes (mass, first moment about G, rotational inertia about G), and column j = that
/// composite inertia times joint j's motion axis as a twist at G (Orin et al. eq. 25 with the
/// composite-rigid-body inertias; Pinocchio's ccrba). Fixed and free-flyer roots, chains and
/// trees.
#include "manipdyn/core/types.hpp"
#include "manipdyn/serial/data.hpp"
#include "manipdyn/serial/model.hpp"

namespace manipdyn {

/// The centroidal momentum matrix A_G (6 x nv; rows [linear; angular], about the centre of mass,
/// world axes) at q (nq), in data.A_G (sized on the first call; later calls allocate nothing).
/// Uses data's link frames (data.T0), centre of mass (data.com) and link buffers (data.link_Ic:
/// the subtrees' spatial inertias about G). Throws std::invalid_argument for a q of the wrong
/// size, a non-finite q, a bad quaternion, or a model without mass.
const MatrixXd& centroidal_momentum_matrix(const SerialModel& model, SerialData& data,
                                           const VectorXd& q);

/// The centroidal momentum h_G = A_G(q) v (6: [linear; angular], about the centre of mass, world
/// axes) at q (nq), v (nv). Throws as centroidal_momentum_matrix, and for a v of the wrong size.
Vector6d centroidal_momentum(const SerialModel& model, SerialData& data, const VectorXd& q,
                             const VectorXd& v);

}  // namespace manipdyn
