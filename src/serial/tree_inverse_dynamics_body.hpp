#pragma once
/// \file tree_inverse_dynamics_body.hpp
/// Private to src/serial: the recursive Newton-Euler algorithm on a tree (Featherstone, Rigid
/// Body Dynamics Algorithms, 2008, Table 5.1, with the parent lambda(i) of each joint), the bodies
/// of tree_motion_pass and tree_inverse_dynamics (tree_algorithms.hpp), templated on the scalar.
/// Instantiated for the serial scalars in tree_inverse_dynamics.cpp and for the lane scalars of
/// the batch functions in src/serial/lanes_run.hpp: the body branches on the tree's structure
/// only (the parents, the joint kinds, the root), the same in every lane; its one test of a value,
/// whether f_ext is zero, goes through math::is_zero ("zero in every lane" for the lanes). In the
/// frames of model.modified: the joint's motion subspace is a unit spatial vector
/// (joint_motion.hpp), so S_i qd_i adds to one entry and tau_i reads one.
#include <cassert>

#include "../core/spatial.hpp"
#include "free_flyer_root.hpp"
#include "joint_motion.hpp"
#include "manipdyn/serial/drive.hpp"
#include "newton_euler_core.hpp"
#include "tree_algorithms.hpp"

namespace manipdyn::detail {

// Forward pass (RBDA Table 5.1, first loop): the placement of each joint on its parent, the
// velocity v_i = X_i v_lambda(i) + S_i qd_i, the acceleration a_i = X_i a_lambda(i) + S_i qdd_i
// + v_i x S_i qd_i (the root's, frame 0's: v_base, zero unless `moving_base`, and a_base, with
// -gravity), the net force f_i = I_i a_i + v_i x* I_i v_i on each link (kForces).
template <typename S, bool kForces>
void tree_motion_pass_body(const DhChain& ch, SerialDataTpl<S>& data,
                      const Eigen::Ref<const VectorX<S>>& q,
                      const Eigen::Ref<const VectorX<S>>& qd,
                      const Eigen::Ref<const VectorX<S>>& qdd, const Vector6<S>& v_base,
                      const Vector6<S>& a_base, bool moving_base) {
  for (int i = 0; i < ch.n; ++i) {
    const Matrix3<S>& rot = data.link_rot[i];
    const Vector3<S>& pos = data.link_pos[i];
    joint_placement<S>(ch, i, q[i], data.link_rot[i], data.link_pos[i]);
    const int k = motion_axis(ch.type[i]);
    const int p = ch.parent[i];
    Vector6<S>& v = data.link_v[i];
    Vector6<S>& a = data.link_a[i];
    if (p < 0) {  // on the root
      if (moving_base)
        v = spatial::motion_to_child<S>(rot, pos, v_base);
      else
        v.setZero();
      a = spatial::motion_to_child<S>(rot, pos, a_base);
    } else {
      v = spatial::motion_to_child<S>(rot, pos, data.link_v[p]);
      a = spatial::motion_to_child<S>(rot, pos, data.link_a[p]);
    }
    // v x (S qd) with S = e_k, before v gains S qd (which it crosses to zero)
    Vector6<S> vJ = Vector6<S>::Zero();
    vJ[k] = qd[i];
    a += spatial::cross_motion<S>(v, vJ);
    a[k] += qdd[i];
    v[k] += qd[i];
    if constexpr (kForces) {
      const Vector6<S> h = link_inertia_times<S>(ch, i, v);
      data.link_f[i] = link_inertia_times<S>(ch, i, a) + spatial::cross_force<S>(v, h);
    }
  }
}

// Backward pass (RBDA Table 5.1, second loop): tau_i = S_i^T f_i (into tau[offset + i]),
// f_lambda(i) += X_i^T f_i; returns the force the joints on the root transmit to it (frame 0).
template <typename S>
Vector6<S> tree_force_pass(const DhChain& ch, SerialDataTpl<S>& data, VectorX<S>& tau,
                           int offset) {
  Vector6<S> f_root = Vector6<S>::Zero();
  for (int i = ch.n - 1; i >= 0; --i) {
    tau[offset + i] = data.link_f[i][motion_axis(ch.type[i])];
    const int p = ch.parent[i];
    const Vector6<S> f =
        spatial::force_to_parent<S>(data.link_rot[i], data.link_pos[i], data.link_f[i]);
    if (p >= 0)
      data.link_f[p] += f;
    else
      f_root += f;
  }
  return f_root;
}

template <typename S>
void tree_motion_pass(const DhChain& ch, SerialDataTpl<S>& data,
                      const Eigen::Ref<const VectorX<S>>& q,
                      const Eigen::Ref<const VectorX<S>>& qd,
                      const Eigen::Ref<const VectorX<S>>& qdd, const Vector6<S>& a_base) {
  tree_motion_pass_body<S, false>(ch, data, q, qd, qdd, Vector6<S>::Zero(), a_base, false);
}

template <typename S>
RootMotion<S> root_motion(const SerialModel& model, const Eigen::Ref<const VectorX<S>>& q,
                          const Eigen::Ref<const VectorX<S>>& qd,
                          const Eigen::Ref<const VectorX<S>>& qdd, const Vector3<S>& gravity) {
  // Frame 0 on the fixed base accelerates by -gravity; on a free-flyer it moves with the base
  // body, whose velocity v_b and acceleration a_b (less gravity) are given in the base frame
  // (free_flyer_root.hpp)
  const DhChain& ch = model.modified;
  const Matrix3<S> R0 = ch.base.linear().template cast<S>();
  const Vector3<S> p0 = ch.base.translation().template cast<S>();
  RootMotion<S> r;
  r.v_base.setZero();
  r.a_base.setZero();
  r.v0.setZero();
  r.a0.setZero();
  if (model.root == RootJoint::free_flyer) {
    r.v_base = base_motion<S>(qd);
    r.a_base = base_motion<S>(qdd);
    r.a_base.template tail<3>() -= base_rotation<S>(model, q).transpose() * gravity;
    r.v0 = spatial::motion_to_child<S>(R0, p0, r.v_base);
    r.a0 = spatial::motion_to_child<S>(R0, p0, r.a_base);
  } else {
    r.a0.template tail<3>() = -(R0.transpose() * gravity);
  }
  return r;
}

template <typename S>
void tree_motion_pass(const SerialModel& model, SerialDataTpl<S>& data,
                      const Eigen::Ref<const VectorX<S>>& q,
                      const Eigen::Ref<const VectorX<S>>& qd,
                      const Eigen::Ref<const VectorX<S>>& qdd, const Vector3<S>& gravity) {
  const int n = model.modified.n;
  const RootMotion<S> root = root_motion<S>(model, q, qd, qdd, gravity);
  tree_motion_pass_body<S, false>(model.modified, data, q.tail(n), qd.tail(n), qdd.tail(n),
                                  root.v0, root.a0, model.root == RootJoint::free_flyer);
}

template <typename S>
void tree_inverse_dynamics(const SerialModel& model, SerialDataTpl<S>& data,
                           const Eigen::Ref<const VectorX<S>>& q,
                           const Eigen::Ref<const VectorX<S>>& qd,
                           const Eigen::Ref<const VectorX<S>>& qdd, const Vector3<S>& gravity,
                           const Vector6<S>& f_ext, const Eigen::Ref<const MatrixX<S>>* f_links,
                           DriveTerms drive,
                           VectorX<S>& tau) {
  const DhChain& ch = model.modified;
  const int n = ch.n;
  assert(static_cast<int>(data.link_f.size()) == n);
  const bool floating = model.root == RootJoint::free_flyer;
  const int off = floating ? 6 : 0;  // the joints' entries of qd, qdd, tau
  const auto qj = q.tail(n);
  const auto qdj = qd.tail(n);
  const auto qddj = qdd.tail(n);
  const Matrix3<S> R0 = ch.base.linear().template cast<S>();
  const Vector3<S> p0 = ch.base.translation().template cast<S>();
  const RootMotion<S> root = root_motion<S>(model, q, qd, qdd, gravity);
  const Vector6<S>& v_b = root.v_base;
  const Vector6<S>& a_b = root.a_base;
  tree_motion_pass_body<S, true>(ch, data, qj, qdj, qddj, root.v0, root.a0, floating);
  // the wrenches the links and the end-effector exert on the environment
  if (n > 0 && !(math::is_zero(f_ext[0]) && math::is_zero(f_ext[1]) && math::is_zero(f_ext[2]) &&
                 math::is_zero(f_ext[3]) && math::is_zero(f_ext[4]) && math::is_zero(f_ext[5])))
    data.link_f[n - 1] += end_effector_wrench_on_last_link<S>(ch, f_ext);
  if (f_links != nullptr)
    for (int i = 0; i < n; ++i) {
      data.link_f[i].template head<3>() += f_links->col(i).template tail<3>();
      data.link_f[i].template tail<3>() += f_links->col(i).template head<3>();
    }
  const Vector6<S> f0 = tree_force_pass<S>(ch, data, tau, off);
  if (floating) {
    // the base body's own net force, plus what the joints on it transmit: the base wrench
    const Matrix6<S> I_b = base_spatial_inertia<S>(model.base_inertia);
    const Vector6<S> h = I_b * v_b;
    const Vector6<S> f_b = I_b * a_b + spatial::cross_force<S>(v_b, h) +
                           spatial::force_to_parent<S>(R0, p0, f0);
    tau.template head<3>() = f_b.template tail<3>();
    tau.template segment<3>(3) = f_b.template head<3>();
  }
  if (drive == DriveTerms::all) {
    auto tau_joints = tau.tail(n);
    add_drive_unchecked<S>(model, qdj, qddj, tau_joints);
  }
}

}  // namespace manipdyn::detail
