#pragma once
/// \file tree_derivatives_body.hpp
/// Private to src/serial (and to the code generator, which instantiates it for its tracing scalar
/// in src/codegen/traced_instantiations.cpp): templates on the scalar; tree_derivatives.cpp
/// instantiates them for double.
/// The analytic derivatives of the inverse and forward dynamics on a tree with a fixed or a
/// free-flyer root (tree_algorithms.hpp; docs/derivatives.md, "Trees and the free-flyer"): the
/// bodies of inverse_dynamics_derivatives and forward_dynamics_derivatives when
/// detail::uses_tree_path(model). Carpentier & Mansard 2018 in the world frame, as the chain's
/// body (inverse_dynamics_derivatives_body.hpp), with "k <= j" read as "k is an ancestor-or-self
/// of j" and the composites over links >= k as composites over the subtree of k; entries of
/// joints in different branches are zero. For k an ancestor-or-self of j (u_j = Ibar_j S_j,
/// w_j = Bbar_j^T S_j):
///   dtau_j/dq_k = u_j . ca_k + w_j . dv_k,  dtau_j/dqd_k = u_j . e_k + w_j . S_k,
///   M_jk = u_j . S_k;
/// for j a strict ancestor of k:
///   dtau_j/dq_k = S_j . (Ibar_k ca_k + Bbar_k dv_k + S_k x* Fbar_k),
///   dtau_j/dqd_k = S_j . (Ibar_k e_k + Bbar_k S_k),
/// with dv_k = V_a(k) x S_k, ca_k = A_a(k) x S_k + V_a(k) x dv_k and e_k = 2 dv_k for a joint.
/// The free-flyer's base is one 6-dof joint on the world (at rest, acceleration [0; -g]): its six
/// screws are the columns of Ad(base pose) in Pinocchio's order (linear, then angular, base
/// frame), dv = 0, ca = [0; -g] x S, and e = V_base x S (the base acceleration Ad(M) a_base
/// carries no velocity product). dtau/dq is then the derivative in the tangent space of the
/// configuration group, column k = d/deps tau(integrate(q, eps e_k), qd, qdd).
/// Forward dynamics: one pass at qdd = 0 (b, M), qdd = M^-1 (tau - b) by Eigen's LLT, the qdd
/// terms of dtau/dq added (tree_add_acceleration_terms), then -M^-1 dtau/dx.
/// Generic code on Eigen's 6-vectors, allocation-free; no branch on a value but the test of f_ext
/// (a constant zero wrench in generated code) and, for double, Eigen's LLT (other scalars: the
/// hand Cholesky of forward_dynamics_derivatives_body.hpp, for nv <= kHandCholeskyMax).
#include <Eigen/Cholesky>
#include <cassert>
#include <stdexcept>
#include <type_traits>

#include "../core/spatial.hpp"
#include "forward_dynamics_derivatives_body.hpp"
#include "free_flyer_root.hpp"
#include "joint_motion.hpp"
#include "manipdyn/serial/derivatives.hpp"
#include "newton_euler_core.hpp"
#include "tree_algorithms.hpp"

namespace manipdyn::detail {

namespace tree_derivatives {

/// Carpentier & Mansard's Coriolis-like matrix of a body of inertia I = [[Io, [h]x], [-[h]x,
/// m E]] moving with V = [w; v]: B x = I (x x V) + x x* (I V) + V x* (I x). With I V = [n; l]
/// its right half is zero and B = [[B11, 0], [-2 [l]x, 0]], B11 = P + P^T - (h v^T + v h^T) +
/// 2 (v . h) E - [n]x, P = [w]x Io (docs/derivatives.md, "Structure of B"; the chain body's
/// coriolis_block).
template <typename S>
Matrix6<S> coriolis_matrix(const Matrix6<S>& I, const Vector6<S>& V) {
  const Vector3<S> w = V.template head<3>(), v = V.template tail<3>();
  const Vector3<S> h(I(2, 4), I(0, 5), I(1, 3));
  const Vector6<S> IV = I * V;
  const Matrix3<S> P = spatial::skew<S>(w) * I.template topLeftCorner<3, 3>();
  Matrix6<S> B = Matrix6<S>::Zero();
  B.template topLeftCorner<3, 3>() = P + P.transpose() - (h * v.transpose() + v * h.transpose()) +
                                     (S(2) * v.dot(h)) * Matrix3<S>::Identity() -
                                     spatial::skew<S>(Vector3<S>(IV.template head<3>()));
  B.template bottomLeftCorner<3, 3>() =
      S(-2) * spatial::skew<S>(Vector3<S>(IV.template tail<3>()));
  return B;
}

/// The world-frame force of a force f given in a frame with rotation R and origin p (world).
template <typename S>
Vector6<S> force_to_world(const Matrix3<S>& R, const Vector3<S>& p, const Vector6<S>& f) {
  return spatial::force_to_parent<S>(R, p, f);
}

/// The motion screw of a joint of frame (R, p) in the world frame, about the world origin.
template <typename S>
Vector6<S> world_screw(JointType type, const Matrix3<S>& R, const Vector3<S>& p) {
  Vector6<S> s;
  const Vector3<S> z = R.col(2);
  if (type == JointType::revolute) {
    s.template head<3>() = z;
    s.template tail<3>() = p.cross(z);
  } else {
    s.template head<3>().setZero();
    s.template tail<3>() = z;
  }
  return s;
}

/// A body's spatial inertia I (about the origin of the frame (R, p)) in the world frame, about
/// the world origin: X^T I X, X the motion transform world -> frame.
template <typename S>
Matrix6<S> inertia_to_world(const Matrix3<S>& R, const Vector3<S>& p, const Matrix6<S>& I) {
  Matrix6<S> out = Matrix6<S>::Zero();
  spatial::add_inertia_to_parent<S>(R, p, I, out);
  return out;
}

/// A body's net force F = I A + V x* I V and its Coriolis-like matrix B (world frame) into
/// data at index g.
template <typename S>
void body_terms(DerivativesDataTpl<S>& data, int g, const Matrix6<S>& I, const Vector6<S>& V,
                const Vector6<S>& A) {
  data.tree_inertia[g] = I;
  data.force[g] = I * A + spatial::cross_force<S>(V, Vector6<S>(I * V));
  data.tree_coriolis[g] = coriolis_matrix<S>(I, V);
}

/// The entries (j, k) and (k, j) of dtau/dq, dtau/dqd, M for k an ancestor-or-self of j (the
/// file comment's equations); gk may be one of the base's six columns (0..5).
template <typename S>
MANIPDYN_ALWAYS_INLINE void pair_entries(DerivativesDataTpl<S>& data, int gj, int gk,
                                         const Vector6<S>& y_j, const Vector6<S>& z_j) {
  const Vector6<S>& u = data.u[gj];
  const Vector6<S>& w = data.tree_bts[gj];
  data.dtau_dq(gj, gk) = u.dot(data.ca[gk]) + w.dot(data.dv[gk]);
  data.dtau_dqd(gj, gk) = u.dot(data.tree_dvq[gk]) + w.dot(data.screw[gk]);
  const S m = u.dot(data.screw[gk]);
  data.dtau_dqdd(gj, gk) = m;
  data.dtau_dqdd(gk, gj) = m;
  if (gj == gk) return;
  data.dtau_dq(gk, gj) = data.screw[gk].dot(y_j);
  data.dtau_dqd(gk, gj) = data.screw[gk].dot(z_j);
}

/// The root of the tree in the world frame: frame 0's placement (R0, p0) and the root's velocity
/// and acceleration (V_root, A_root, about the world origin); on a free-flyer also the base's six
/// columns (screws S_c = Ad(M_base) e, dv = 0, ca = [0; -g] x S_c, e_c = V_base x S_c) and the
/// base body's own terms in slot 0.
template <typename S>
void root_terms(const SerialModel& model, DerivativesDataTpl<S>& data,
                const Eigen::Ref<const VectorX<S>>& q, const Eigen::Ref<const VectorX<S>>& qd,
                const Eigen::Ref<const VectorX<S>>& qdd, const Vector6<S>& A_world,
                Matrix3<S>& R0, Vector3<S>& p0, Vector6<S>& V_root, Vector6<S>& A_root) {
  const DhChain& ch = model.modified;
  R0 = ch.base.linear().template cast<S>();
  p0 = ch.base.translation().template cast<S>();
  V_root.setZero();
  A_root = A_world;
  if (model.root != RootJoint::free_flyer) return;
  // the base pose (configuration.hpp's base_pose, here for every scalar)
  const Matrix3<S> Rb = base_rotation<S>(model, q);
  const Vector3<S> pb = q.template head<3>();
  p0 = pb + Rb * p0;
  R0 = Rb * R0;
  // Ad(M_b) of the base coordinates: V_b = Ad v_b, A_b = Ad a_b + [0; -g]; the six screws
  Matrix6<S> Ad = Matrix6<S>::Zero();
  Ad.template topLeftCorner<3, 3>() = Rb;
  Ad.template bottomRightCorner<3, 3>() = Rb;
  Ad.template bottomLeftCorner<3, 3>() = spatial::skew<S>(pb) * Rb;
  V_root = Ad * base_motion<S>(qd);
  A_root = Ad * base_motion<S>(qdd) + A_world;
  for (int c = 0; c < 6; ++c) {
    data.screw[c] = Ad.col(c < 3 ? c + 3 : c - 3);  // Pinocchio's order: linear, angular
    data.dv[c].setZero();
    data.ca[c] = spatial::cross_motion<S>(A_world, data.screw[c]);
    data.tree_dvq[c] = spatial::cross_motion<S>(V_root, data.screw[c]);
  }
  const Matrix6<S> Ib = inertia_to_world<S>(Rb, pb, base_spatial_inertia<S>(model.base_inertia));
  body_terms<S>(data, 0, Ib, V_root, A_root);
}

/// The forward pass in the world frame (parents first): each link's placement, screw, dv, ca,
/// the velocity term e, V, A, its world inertia, force and B (slot off + i).
template <typename S>
void links_forward(const DhChain& ch, DerivativesDataTpl<S>& data, int off,
                   const Eigen::Ref<const VectorX<S>>& qj, const Eigen::Ref<const VectorX<S>>& qdj,
                   const Eigen::Ref<const VectorX<S>>& qddj, const Matrix3<S>& R0,
                   const Vector3<S>& p0, const Vector6<S>& V_root, const Vector6<S>& A_root) {
  for (int i = 0; i < ch.n; ++i) {
    const int g = off + i;
    const int p = ch.parent[i];
    Matrix3<S> rot;
    Vector3<S> pos;
    joint_placement<S>(ch, i, qj[i], rot, pos);
    const Matrix3<S>& Rp = p < 0 ? R0 : data.tree_rot[p];
    const Vector3<S>& pp = p < 0 ? p0 : data.tree_pos[p];
    const Vector6<S>& Vp = p < 0 ? V_root : data.tree_velocity[p];
    const Vector6<S>& Ap = p < 0 ? A_root : data.tree_acceleration[p];
    data.tree_pos[i] = pp + Rp * pos;
    data.tree_rot[i] = Rp * rot;
    const Vector6<S> Sk = world_screw<S>(ch.type[i], data.tree_rot[i], data.tree_pos[i]);
    const Vector6<S> dv = spatial::cross_motion<S>(Vp, Sk);
    data.screw[g] = Sk;
    data.dv[g] = dv;
    data.ca[g] = spatial::cross_motion<S>(Ap, Sk) + spatial::cross_motion<S>(Vp, dv);
    data.tree_dvq[g] = dv + dv;
    data.tree_velocity[i] = Vp + Sk * qdj[i];
    data.tree_acceleration[i] = Ap + Sk * qddj[i] + dv * qdj[i];
    const Matrix6<S> I = inertia_to_world<S>(data.tree_rot[i], data.tree_pos[i],
                                             link_spatial_inertia<S>(ch, i));
    body_terms<S>(data, g, I, data.tree_velocity[i], data.tree_acceleration[i]);
  }
}

/// The backward pass (children first): the composites Ibar, Bbar, Fbar over each subtree (the
/// base's, slot 0, over the whole tree), then tau_g = S_g . Fbar_g, u_g = Ibar_g S_g and
/// w_g = Bbar_g^T S_g for every column.
template <typename S>
void composites_backward(const DhChain& ch, DerivativesDataTpl<S>& data, int off) {
  const int n = ch.n;
  Matrix6<S> I_root = Matrix6<S>::Zero(), B_root = Matrix6<S>::Zero();
  Vector6<S> F_root = Vector6<S>::Zero();
  for (int i = n - 1; i >= 0; --i) {
    const int g = off + i;
    const int p = ch.parent[i];
    if (p >= 0) {
      data.tree_inertia[off + p] += data.tree_inertia[g];
      data.tree_coriolis[off + p] += data.tree_coriolis[g];
      data.force[off + p] += data.force[g];
    } else {
      I_root += data.tree_inertia[g];
      B_root += data.tree_coriolis[g];
      F_root += data.force[g];
    }
  }
  if (off > 0) {
    data.tree_inertia[0] += I_root;
    data.tree_coriolis[0] += B_root;
    data.force[0] += F_root;
    for (int c = 0; c < 6; ++c) {
      data.tau[c] = data.screw[c].dot(data.force[0]);
      data.u[c] = data.tree_inertia[0] * data.screw[c];
      data.tree_bts[c] = data.tree_coriolis[0].transpose() * data.screw[c];
    }
  }
  for (int g = off; g < off + n; ++g) {
    data.tau[g] = data.screw[g].dot(data.force[g]);
    data.u[g] = data.tree_inertia[g] * data.screw[g];
    data.tree_bts[g] = data.tree_coriolis[g].transpose() * data.screw[g];
  }
}

/// The entries of dtau/dq, dtau/dqd and M (the file comment's equations): each joint's column
/// against its ancestors' rows and its own row against its ancestors' columns (the base's six
/// included), the base block; zero between branches.
template <typename S>
void entries(const DhChain& ch, DerivativesDataTpl<S>& data, int off) {
  data.dtau_dq.setZero();
  data.dtau_dqd.setZero();
  data.dtau_dqdd.setZero();
  for (int i = 0; i < ch.n; ++i) {
    const int g = off + i;
    const Matrix6<S>& I = data.tree_inertia[g];
    const Matrix6<S>& B = data.tree_coriolis[g];
    const Vector6<S>& Sk = data.screw[g];
    const Vector6<S> y =
        I * data.ca[g] + B * data.dv[g] + spatial::cross_force<S>(Sk, data.force[g]);
    const Vector6<S> z = I * data.tree_dvq[g] + B * Sk;
    for (int k = i; k >= 0; k = ch.parent[k]) pair_entries<S>(data, g, off + k, y, z);
    for (int c = 0; c < off; ++c) pair_entries<S>(data, g, c, y, z);
  }
  for (int r = 0; r < off; ++r)
    for (int c = 0; c < off; ++c) {
      data.dtau_dq(r, c) = data.u[r].dot(data.ca[c]);
      data.dtau_dqd(r, c) = data.u[r].dot(data.tree_dvq[c]) + data.tree_bts[r].dot(data.screw[c]);
      data.dtau_dqdd(r, c) = data.u[r].dot(data.screw[c]);
    }
}

}  // namespace tree_derivatives

template <typename S>
void tree_inverse_dynamics_derivatives(const SerialModel& model, DerivativesDataTpl<S>& data,
                                       const Eigen::Ref<const VectorX<S>>& q,
                                       const Eigen::Ref<const VectorX<S>>& qd,
                                       const Eigen::Ref<const VectorX<S>>& qdd,
                                       const Vector3<S>& gravity, const Vector6<S>& f_ext,
                                       const Eigen::Ref<const MatrixX<S>>* f_links) {
  const DhChain& ch = model.modified;
  const int n = ch.n;
  const int off = model.root == RootJoint::free_flyer ? 6 : 0;
  assert(data.n == n + off && static_cast<int>(data.tree_inertia.size()) == data.n);
  const auto qdj = qd.tail(n);
  const auto qddj = qdd.tail(n);
  // the root, then the links in the world frame
  Vector6<S> A_world = Vector6<S>::Zero();
  A_world.template tail<3>() = -gravity;
  Matrix3<S> R0;
  Vector3<S> p0;
  Vector6<S> V_root, A_root;
  tree_derivatives::root_terms<S>(model, data, q, qd, qdd, A_world, R0, p0, V_root, A_root);
  tree_derivatives::links_forward<S>(ch, data, off, q.tail(n), qdj, qddj, R0, p0, V_root,
                                     A_root);
  // the wrenches the links and the end-effector exert on the environment, held in their frames
  if (n > 0 && any_nonzero(f_ext))
    data.force[off + n - 1] += tree_derivatives::force_to_world<S>(
        data.tree_rot[n - 1], data.tree_pos[n - 1], end_effector_wrench_on_last_link<S>(ch, f_ext));
  if (f_links != nullptr)
    for (int i = 0; i < n; ++i) {
      Vector6<S> f;
      f << f_links->col(i).template tail<3>(), f_links->col(i).template head<3>();
      data.force[off + i] +=
          tree_derivatives::force_to_world<S>(data.tree_rot[i], data.tree_pos[i], f);
    }
  tree_derivatives::composites_backward<S>(ch, data, off);
  tree_derivatives::entries<S>(ch, data, off);
  // the drive terms on the joints' block
  if (model.has_drive) {
    auto tau_joints = data.tau.tail(n);
    add_drive_unchecked<S>(model, qdj, qddj, tau_joints);
    for (int i = 0; i < n; ++i) {
      data.dtau_dqdd(off + i, off + i) += model.reflected_inertia[i];
      data.dtau_dqd(off + i, off + i) += drive_damping<S>(model.links[i], qdj[i]);
    }
  }
}

namespace tree_derivatives {

/// dtau/dq at qdd from the pass at qdd = 0 (data as tree_inverse_dynamics_derivatives left it):
/// tau is affine in qdd and only ca_k and Fbar_k depend on it. With dA_a(k) the qdd part of the
/// parent's acceleration (the base's Ad(M) qdd_base on a free-flyer): ca_k += dA_a(k) x S_k
/// (zero for the base's columns, whose parent is the world), Fbar_k += Ibar_k dA_a(k) + sum over
/// the subtree of u_j qdd_j; the entries change by u_j . dca_k (k ancestor-or-self of j) and by
/// S_j . (Ibar_k dca_k + S_k x* dFbar_k) (j strict ancestor of k): the chain's
/// add_acceleration_terms on the support sets.
template <typename S>
void tree_add_acceleration_terms(const SerialModel& model, DerivativesDataTpl<S>& data,
                                 const VectorX<S>& qdd) {
  const DhChain& ch = model.modified;
  const int n = ch.n;
  const bool floating = model.root == RootJoint::free_flyer;
  const int off = floating ? 6 : 0;
  Vector6<S> dA_root = Vector6<S>::Zero();
  if (floating)
    for (int c = 0; c < 6; ++c) dA_root += data.screw[c] * qdd[c];
  // forward: dacc[g] = dA of g's parent (the link's own dA_i = dacc[g] + S_g qdd_g)
  for (int i = 0; i < n; ++i) {
    const int g = off + i, p = ch.parent[i];
    data.dacc[g] =
        p < 0 ? dA_root : Vector6<S>(data.dacc[off + p] + data.screw[off + p] * qdd[off + p]);
    data.tree_uq[g] = data.u[g] * qdd[g];
  }
  // backward: the subtree sums of u_j qdd_j
  for (int i = n - 1; i >= 0; --i)
    if (ch.parent[i] >= 0) data.tree_uq[off + ch.parent[i]] += data.tree_uq[off + i];
  for (int i = 0; i < n; ++i) {
    const int g = off + i;
    const Vector6<S>& Sk = data.screw[g];
    const Vector6<S> dca = spatial::cross_motion<S>(data.dacc[g], Sk);
    const Vector6<S> dF = data.tree_inertia[g] * data.dacc[g] + data.tree_uq[g];
    const Vector6<S> dy = data.tree_inertia[g] * dca + spatial::cross_force<S>(Sk, dF);
    // the rows of g's strict ancestors here; the rows of g's subtree below, from dca
    data.ca[g] += dca;
    data.force[g] += dF;
    for (int p = ch.parent[i]; p >= 0; p = ch.parent[p])
      data.dtau_dq(off + p, g) += data.screw[off + p].dot(dy);
    if (floating)
      for (int c = 0; c < 6; ++c) data.dtau_dq(c, g) += data.screw[c].dot(dy);
    data.tree_uq[g] = dca;  // the subtree sum is used: dca_g for the rows below
  }
  for (int j = 0; j < n; ++j)
    for (int k = j; k >= 0; k = ch.parent[k])
      data.dtau_dq(off + j, off + k) += data.u[off + j].dot(data.tree_uq[off + k]);
}

}  // namespace tree_derivatives

template <typename S>
void tree_forward_dynamics_derivatives(const SerialModel& model, DerivativesDataTpl<S>& data,
                                       const Eigen::Ref<const VectorX<S>>& q,
                                       const Eigen::Ref<const VectorX<S>>& qd,
                                       const Eigen::Ref<const VectorX<S>>& tau,
                                       const Vector3<S>& gravity, const Vector6<S>& f_ext) {
  // the bias b and M at qdd = 0, qdd = M^-1 (tau - b), then the derivatives at qdd
  tree_inverse_dynamics_derivatives<S>(model, data, q, qd, data.zero, gravity, f_ext, nullptr);
  data.llt = data.dtau_dqdd;
  data.qdd = tau - data.tau;
  if constexpr (std::is_same_v<S, double>) {
    // Eigen's LLT (it tests each pivot's value)
    Eigen::LLT<Eigen::Ref<MatrixX<S>>> cholesky(data.llt);
    if (cholesky.info() != Eigen::Success)
      throw std::invalid_argument(
          "forward_dynamics_derivatives: the mass matrix M is not positive definite");
    cholesky.solveInPlace(data.qdd);
    tree_derivatives::tree_add_acceleration_terms<S>(model, data, data.qdd);
    data.dqdd_dtau.setIdentity();
    cholesky.solveInPlace(data.dqdd_dtau);
  } else {
    // scalars that cannot branch on a value (the tracing scalar): the chain's hand Cholesky,
    // whose nan of a pivot's square root reaches every output where M is not positive definite
    assert(data.n <= kHandCholeskyMax);
    cholesky_in_place<S>(data.llt);
    cholesky_solve<S>(data.llt, data.qdd.data(), 0);
    tree_derivatives::tree_add_acceleration_terms<S>(model, data, data.qdd);
    data.dqdd_dtau.setIdentity();
    for (Eigen::Index c = 0; c < data.n; ++c)
      cholesky_solve<S>(data.llt, data.dqdd_dtau.col(c).data(), c);
  }
  data.dqdd_dq.noalias() = -data.dqdd_dtau * data.dtau_dq;
  data.dqdd_dqd.noalias() = -data.dqdd_dtau * data.dtau_dqd;
  data.tau = tau;
}

}  // namespace manipdyn::detail
