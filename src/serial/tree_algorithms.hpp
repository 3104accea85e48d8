#pragma once
/// \file tree_algorithms.hpp
/// Private to src/serial: the bodies of the default algorithms on a tree (a model with
/// !model.is_chain(); docs/trees.md), run by the public entries (inverse_dynamics, mass_matrix,
/// gravity_torques, bias_torques, forward_dynamics_mass_matrix) when the model is a tree; chains
/// keep their own bodies. Each works in the frames of model.modified (Khalil & Kleinfinger's frame
/// i on joint i) on the link buffers of the Data (data.hpp, "the tree algorithms"), allocates
/// nothing, and takes the inputs as checked. The root enters as the parent quantities of the
/// joints on the base (parent -1): for the fixed root, velocity 0 and acceleration -gravity in
/// frame 0 (RBDA sec. 5.3).
#include "joint_motion.hpp"
#include "manipdyn/serial/data.hpp"
#include "manipdyn/serial/derivatives.hpp"

namespace manipdyn::detail {

/// The default algorithms run their tree bodies for a tree and for a free-flyer root (a chain on
/// a fixed base keeps its own).
inline bool uses_tree_path(const SerialModel& model) {
  return !model.is_chain() || model.root != RootJoint::fixed;
}

/// Which of the drive terms (drive.hpp) tree_inverse_dynamics adds: none (the rigid body:
/// gravity_torques), or the reflected inertia G^2 Jm qdd and the friction at qd.
enum class DriveTerms { none, all };

/// The forward pass of the recursive Newton-Euler algorithm without the forces (RBDA Table 5.1,
/// first loop): the placements data.link_rot, link_pos, the spatial velocities data.link_v and
/// accelerations data.link_a of every link (frame i of `ch`, model.modified) for q, qd, qdd, the
/// base moving with acceleration a_base (frame 0; -gravity for the inverse dynamics, zero for
/// the true accelerations).
template <typename S>
void tree_motion_pass(const DhChain& ch, SerialDataTpl<S>& data,
                      const Eigen::Ref<const VectorX<S>>& q,
                      const Eigen::Ref<const VectorX<S>>& qd,
                      const Eigen::Ref<const VectorX<S>>& qdd, const Vector6<S>& a_base);

/// Frame i of `ch` (model.modified) in frame 0, from its placement on its parent
/// (data.link_rot[i], link_pos[i]) and the parent's in frame 0 (so parents first): the rotation
/// data.link_rot0[i] (frame 0 <- frame i), the origin data.link_pos0[i], and joint i's motion
/// subspace about origin 0 in frame-0 axes, data.link_S0[i] = [z; p x z] (revolute) or [0; z]
/// (prismatic), z the joint's axis and p its origin in frame 0. The common frame of the tree mass
/// matrix and regressor (as MuJoCo's mj_crb and Pinocchio's crba work in the world frame).
template <typename S>
MANIPDYN_ALWAYS_INLINE void place_in_frame0(const DhChain& ch, SerialDataTpl<S>& data, int i) {
  const int a = ch.parent[i];
  if (a < 0) {
    data.link_rot0[i] = data.link_rot[i];
    data.link_pos0[i] = data.link_pos[i];
  } else {
    data.link_rot0[i].noalias() = data.link_rot0[a] * data.link_rot[i];
    data.link_pos0[i] = data.link_pos0[a];
    data.link_pos0[i].noalias() += data.link_rot0[a] * data.link_pos[i];
  }
  const Vector3<S> z = data.link_rot0[i].col(2);
  if (motion_axis(ch.type[i]) == 2) {
    data.link_S0[i].template head<3>() = z;
    data.link_S0[i].template tail<3>() = data.link_pos0[i].cross(z);
  } else {
    data.link_S0[i].template head<3>().setZero();
    data.link_S0[i].template tail<3>() = z;
  }
}

/// The motion of the root that the tree passes start from: the base body's velocity v_base and
/// acceleration a_base (free-flyer: base_motion of qd and qdd, less `gravity` in the base frame;
/// zero for a fixed root), and frame 0's, v0 and a0 (frame 0 of model.modified, fixed on the
/// base: for a fixed root at rest, a0 = -gravity).
template <typename S>
struct RootMotion {
  Vector6<S> v_base, a_base, v0, a0;
};
template <typename S>
RootMotion<S> root_motion(const SerialModel& model, const Eigen::Ref<const VectorX<S>>& q,
                          const Eigen::Ref<const VectorX<S>>& qd,
                          const Eigen::Ref<const VectorX<S>>& qdd, const Vector3<S>& gravity);

/// tree_motion_pass of the whole model: q (nq), qd and qdd (nv) with the root's motion
/// (root_motion; for a free-flyer the base moves by qd[0..5], qdd[0..5]) under `gravity`.
template <typename S>
void tree_motion_pass(const SerialModel& model, SerialDataTpl<S>& data,
                      const Eigen::Ref<const VectorX<S>>& q,
                      const Eigen::Ref<const VectorX<S>>& qd,
                      const Eigen::Ref<const VectorX<S>>& qdd, const Vector3<S>& gravity);

/// The recursive Newton-Euler algorithm on the tree (Featherstone RBDA Table 5.1 with the
/// parents lambda(i)): tau (n) = ID(q, qd, qdd) under `gravity` (world frame), with the wrench
/// f_ext that the end-effector exerts on the environment (6, [f; n], end-effector frame, moment
/// about its origin: inverse_dynamics.hpp) and, if `f_links` is not null, the wrenches that the
/// links exert on the environment (6 x n, column i = [f; n] of link i in frame i of
/// model.modified, moment about its origin). Writes data.link_* and `tau`. With a free-flyer
/// root (free_flyer_root.hpp) q has nq entries, qd, qdd and tau nv: tau's first six are the base
/// wrench [force; torque] in the base frame.
template <typename S>
void tree_inverse_dynamics(const SerialModel& model, SerialDataTpl<S>& data,
                           const Eigen::Ref<const VectorX<S>>& q,
                           const Eigen::Ref<const VectorX<S>>& qd,
                           const Eigen::Ref<const VectorX<S>>& qdd, const Vector3<S>& gravity,
                           const Vector6<S>& f_ext, const Eigen::Ref<const MatrixX<S>>* f_links,
                           DriveTerms drive,
                           VectorX<S>& tau);

/// The link columns of the joint-torque regressor on a fixed-root tree (serial/regressor.hpp),
/// into data.Y (n x 14 n, already sized; the drive columns are the caller's): Y(j, 10 i .. 10 i +
/// 9) = S_j . X*_{0<-i} A_i for every joint j supporting link i (Atkeson, An & Hollerbach 1986
/// eq. 9 projected on the joint screws), A_i link i's 6 x 10 body regressor
/// (core/body_regressor.hpp) in frame i of model.modified; the other entries are left as they are
/// (zero since data.Y was sized). tree_motion_pass gives every link's motion.
template <typename S>
void tree_regressor_link_columns(const SerialModel& model, SerialDataTpl<S>& data,
                                 const Eigen::Ref<const VectorX<S>>& q,
                                 const Eigen::Ref<const VectorX<S>>& qd,
                                 const Eigen::Ref<const VectorX<S>>& qdd,
                                 const Vector3<S>& gravity);

/// Writes one link's block e[0..9] of the energy regressor (serial/regressor.hpp; Khalil & Dombre
/// 2002, eqs 9.20-9.21): m: `m_term` = v.v / 2 - g.p (origin velocity and position, world
/// gravity); h: v x w - g_i; I_o: the coefficients of w^T I_o w / 2 ([Ixx, Ixy, Iyy, Ixz, Iyz,
/// Izz]), with v, w and the gravity g_i in the link's frame.
template <typename S>
MANIPDYN_ALWAYS_INLINE void write_energy_block(S* e, const S& m_term, const Vector3<S>& v,
                                               const Vector3<S>& w, const Vector3<S>& g_i) {
  const Vector3<S> h = v.cross(w) - g_i;
  e[0] = m_term;
  e[1] = h[0];
  e[2] = h[1];
  e[3] = h[2];
  e[4] = S(0.5) * w[0] * w[0];
  e[5] = w[0] * w[1];
  e[6] = S(0.5) * w[1] * w[1];
  e[7] = w[0] * w[2];
  e[8] = w[1] * w[2];
  e[9] = S(0.5) * w[2] * w[2];
}

/// The energy regressor on a fixed-root tree (serial/regressor.hpp) into data.energy_row (10 n,
/// already sized), each link's block in its frame of model.modified.
template <typename S>
void tree_energy_regressor(const SerialModel& model, SerialDataTpl<S>& data,
                           const Eigen::Ref<const VectorX<S>>& q,
                           const Eigen::Ref<const VectorX<S>>& qd, const Vector3<S>& gravity);

/// The composite-rigid-body algorithm on the tree (RBDA Table 6.2): M(q) (n x n) into data.M
/// (sized on first use), with G^2 Jm on the diagonal; M(i, j) = 0 unless joint i supports joint
/// j or j supports i (the branch sparsity: only the ancestors of each joint are visited). With a
/// free-flyer root, nv x nv: the base rows and columns first (Pinocchio's order, linear then
/// angular), q of nq entries.
template <typename S>
void tree_mass_matrix(const SerialModel& model, SerialDataTpl<S>& data,
                      const Eigen::Ref<const VectorX<S>>& q);

/// The analytic derivatives of the tree inverse dynamics (tree_derivatives_body.hpp; the body of
/// inverse_dynamics_derivatives when uses_tree_path): data.tau, dtau_dq (for a free-flyer in the
/// tangent space of the configuration group), dtau_dqd, dtau_dqdd = M (nv x nv each) at q (nq),
/// qd, qdd (nv), with f_ext and, if `f_links` is not null, the link wrenches of
/// tree_inverse_dynamics (held fixed in their frames), drive terms included.
template <typename S>
void tree_inverse_dynamics_derivatives(const SerialModel& model, DerivativesDataTpl<S>& data,
                                       const Eigen::Ref<const VectorX<S>>& q,
                                       const Eigen::Ref<const VectorX<S>>& qd,
                                       const Eigen::Ref<const VectorX<S>>& qdd,
                                       const Vector3<S>& gravity, const Vector6<S>& f_ext,
                                       const Eigen::Ref<const MatrixX<S>>* f_links);

/// The body of forward_dynamics_derivatives on a tree (tree_derivatives_body.hpp): qdd = M^-1 (tau -
/// b) by a Cholesky factorisation of the tree's M (data.llt), the inverse dynamics' derivatives
/// at that qdd, dqdd/dq = -M^-1 dtau/dq, dqdd/dqd = -M^-1 dtau/dqd, dqdd/dtau = M^-1. Throws
/// std::invalid_argument if M is not positive definite.
template <typename S>
void tree_forward_dynamics_derivatives(const SerialModel& model, DerivativesDataTpl<S>& data,
                                       const Eigen::Ref<const VectorX<S>>& q,
                                       const Eigen::Ref<const VectorX<S>>& qd,
                                       const Eigen::Ref<const VectorX<S>>& tau,
                                       const Vector3<S>& gravity, const Vector6<S>& f_ext);

/// The wrench that the end-effector exerts on the environment, f_ext = [f; n] (end-effector
/// frame), as a spatial force [moment; force] on the last link in its frame n - 1 of
/// model.modified: f' = R_tool f, n' = R_tool n + p_tool x f'.
template <typename S>
Vector6<S> end_effector_wrench_on_last_link(const DhChain& chain, const Vector6<S>& f_ext) {
  const Matrix3d Rt = chain.tool.linear();
  const Vector3d pt = chain.tool.translation();
  Vector6<S> w;
  w.template tail<3>() = Rt.template cast<S>() * f_ext.template head<3>();
  w.template head<3>() = Rt.template cast<S>() * f_ext.template tail<3>() +
                         pt.template cast<S>().cross(Vector3<S>(w.template tail<3>()));
  return w;
}

}  // namespace manipdyn::detail
