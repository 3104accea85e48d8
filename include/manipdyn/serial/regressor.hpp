#pragma once
/// \file regressor.hpp
/// The joint-torque regressor of a serial arm: tau = Y(q, qd, qdd) pi, linear in the standard
/// parameters pi (14 n, serial/standard_parameters.hpp: per link [m, m c, I about the frame
/// origin] in the frames of model.own_chain(), per joint [Ia, Fv, Fc, Fo]), equal to
/// inverse_dynamics(q, qd, qdd, gravity) with the drive terms and no external wrench; and the
/// regressor of the mechanical energy, E = e(q, qd) . pi_rigid, for checking it.
///
/// Method (Atkeson, An & Hollerbach 1986, eqs 6-9; Khalil & Dombre 2002, sec. 9.3.3): a
/// Newton-Euler forward pass gives each link's w, wd and the acceleration a of its frame origin
/// (gravity as the base acceleration -g); the wrench about the origin that link i needs is linear
/// in its 10 parameters, f = m a + wd x h + w x (w x h), n = I_o wd + w x (I_o w) + h x a (the 6 x
/// 10 body regressor); joint j <= i carries it with the weights of its screw (u, v) in frame i,
/// tau_j += v . f + u . n (u = z_j, v = z_j x (O_i - P_j) for a revolute joint, u = 0, v = z_j for
/// a prismatic one). The screws are carried from frame to frame outward with the forward pass, so
/// that only the joint-axis component of each (joint, link) pair is ever formed: row j of link
/// i's block is m: v.a; h: A^T v + a x u; I_o: L(wd)^T u + L(w)^T (u x w), with A = [wd]x + [w]x^2
/// and L(y) the 3 x 6 map I y = L(y) [Ixx, Ixy, Iyy, Ixz, Iyz, Izz].
/// On a tree with a fixed root (!model.is_chain(); docs/trees.md) link i is moved by the joints
/// that support it (i and its ancestors): the tree forward pass gives each link's motion, its 6 x
/// 10 body regressor (core/body_regressor.hpp) is moved once into frame 0 and projected on the
/// motion subspace of each supporting joint there (src/serial/tree_regressor.cpp); the frames are
/// those of model.modified (= model.own_chain(): a tree is written in Khalil & Kleinfinger's
/// modified notation), and Y(j, link i's columns) = 0 unless joint j supports link i. A
/// free-flyer root is refused (the base body's inertia is no part of pi).
/// Drive columns of joint j (row j only): qdd_j, qd_j, s(qd_j), o(qd_j) with s = sign(qd_j) and
/// o = 1 if qd_j != 0 else 0 (Corke's discontinuous Coulomb friction, zero at rest), or, for a
/// joint with the smooth model (LinkParameters::coulomb_velocity_scale v_s > 0), s =
/// tanh(qd_j / v_s) and o = 1 (docs/conventions.md, drive terms).
///
/// Each throws std::invalid_argument for a Data built for another n, a wrong size or a non-finite
/// entry of an input (named), a free-flyer root ("... has a free-flyer root; ... takes fixed-root
/// models"), and for a non-finite result; the overload taking `unchecked` first
/// (core/check.hpp) skips those checks. Memory: the first call sizes data.Y (n x 14 n, zeros);
/// later calls allocate nothing and write only the entries that can be nonzero, so a Data serves
/// one model (on a tree, the zeros are those of its topology).
#include "manipdyn/core/check.hpp"
#include "manipdyn/serial/data.hpp"

namespace manipdyn {

/// Y(q, qd, qdd) (n x 14 n) with Y pi = inverse_dynamics(q, qd, qdd, gravity, f_ext = 0) for the
/// standard parameters pi of the model (serial/standard_parameters.hpp), chain or fixed-root
/// tree; columns 10 i .. 10 i + 9 are link i + 1's [m, mx, my, mz, Ixx, Ixy, Iyy, Ixz, Iyz, Izz]
/// (zero in rows below i + 1 on a chain, in the rows of the joints not supporting it on a tree),
/// columns 10 n + 4 j .. 10 n + 4 j + 3 joint j + 1's [Ia, Fv, Fc, Fo] (nonzero in row j + 1
/// only). q, qd, qdd: n; gravity: world frame (m/s^2). Result in data.Y.
template <typename S>
const MatrixX<S>& joint_torque_regressor(const SerialModel& model, SerialDataTpl<S>& data,
                                         JointVectorIn<S> q, JointVectorIn<S> qd,
                                         JointVectorIn<S> qdd, const Vector3In<S>& gravity);
/// joint_torque_regressor without the input and result checks (Unchecked).
template <typename S>
const MatrixX<S>& joint_torque_regressor(Unchecked, const SerialModel& model,
                                         SerialDataTpl<S>& data, JointVectorIn<S> q,
                                         JointVectorIn<S> qd, JointVectorIn<S> qdd,
                                         const Vector3In<S>& gravity);

/// The energy regressor e(q, qd) (10 n), chain or fixed-root tree: kinetic plus potential energy
/// E = e . pi_rigid for the link blocks pi_rigid (the first 10 n entries of pi; the drives' energy
/// is not included). Link i (frame i of model.own_chain(), origin velocity v and angular velocity w in that frame,
/// origin p and gravity g_i in it): T_i = m v.v / 2 + h . (v x w) + w^T I_o w / 2, V_i = -m g . p
/// - h . g_i (g and p in the world frame; Khalil & Dombre 2002, eqs 9.20-9.21). Along a motion,
/// d/dt e . pi_rigid = qd^T Y_rigid pi_rigid (the power balance). Result in data.energy_row.
template <typename S>
const VectorX<S>& energy_regressor(const SerialModel& model, SerialDataTpl<S>& data,
                                   JointVectorIn<S> q, JointVectorIn<S> qd,
                                   const Vector3In<S>& gravity);
/// energy_regressor without the input and result checks (Unchecked).
template <typename S>
const VectorX<S>& energy_regressor(Unchecked, const SerialModel& model, SerialDataTpl<S>& data,
                                   JointVectorIn<S> q, JointVectorIn<S> qd,
                                   const Vector3In<S>& gravity);

}  // namespace manipdyn
