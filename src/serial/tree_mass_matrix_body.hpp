#pragma once
/// \file tree_mass_matrix_body.hpp
/// Private to src/serial: the joint-space mass matrix of a tree by the composite-rigid-body
/// algorithm (Featherstone, Rigid Body Dynamics Algorithms, 2008, Table 6.2): the body of
/// mass_matrix for a tree (declared in tree_algorithms.hpp), included by mass_matrix_body.hpp
/// (so that every scalar that instantiates mass_matrix has it). The composite inertia of each subtree is passed to the parent; each
/// column is carried up the joint's ancestors only, so the entries of two joints on different
/// branches (neither supports the other) stay zero.
#include <cassert>

#include "../core/spatial.hpp"
#include "free_flyer_root.hpp"
#include "joint_motion.hpp"
#include "tree_algorithms.hpp"

namespace manipdyn::detail {

// The spatial inertia of link i about origin 0, in frame 0, from its pose (rotation R, origin p)
// in frame 0: with h' = R h_i (first moment about origin i, frame-0 axes), the first moment is
// m p + h' and, by the parallel-axis theorem for a point moved by p (int [r]x[r]x^T dm with
// r = p + s), I_0 = R Io_i R^T + m (|p|^2 E - p p^T) + 2 (p . h') E - h' p^T - p h'^T.
template <typename S>
inline Matrix6<S> link_inertia_in_frame0(const DhChain& ch, int i, const Matrix3<S>& R,
                                         const Vector3<S>& p) {
  const double m = ch.mass[i];
  const Vector3<S> hr = R * ch.first_moment[i].template cast<S>();
  Matrix3<S> I = R * ch.inertia_origin[i].template cast<S>() * R.transpose();
  const S shift = m * p.squaredNorm() + S(2) * p.dot(hr);
  I.diagonal().array() += shift;
  I.noalias() -= m * p * p.transpose();
  I.noalias() -= hr * p.transpose();
  I.noalias() -= p * hr.transpose();
  const Vector3<S> h = m * p + hr;
  Matrix6<S> out;
  out.template topLeftCorner<3, 3>() = I;
  out.template topRightCorner<3, 3>() = spatial::skew<S>(h);
  out.template bottomLeftCorner<3, 3>() = spatial::skew<S>(h).transpose();
  out.template bottomRightCorner<3, 3>() = Matrix3<S>::Identity() * S(m);
  return out;
}

template <typename S>
inline void tree_mass_matrix(const SerialModel& model, SerialDataTpl<S>& data,
                             const Eigen::Ref<const VectorX<S>>& q) {
  const DhChain& ch = model.modified;
  const int n = ch.n;
  assert(static_cast<int>(data.link_Ic.size()) == n);
  const bool floating = model.root == RootJoint::free_flyer;
  const int off = floating ? 6 : 0;  // the joints' rows and columns
  const auto qj = q.tail(n);
  ensure_size(data.M, n + off, n + off);  // sized on first use
  // Parents first: the placements, each frame in frame 0 (rotation, origin), the motion
  // subspace in frame 0 about origin 0 (revolute [z; p x z], prismatic [0; z]) and the link's
  // inertia there. All of the algorithm then works in frame 0 (as MuJoCo's mj_crb and
  // Pinocchio's crba do in the world frame): a composite is passed to the parent by an addition
  // and an entry M_ij = S_j . (Ic_i S_i) is a dot product, instead of a force transform per
  // ancestor in link frames.
  for (int i = 0; i < n; ++i) {
    joint_placement<S>(ch, i, qj[i], data.link_rot[i], data.link_pos[i]);
    place_in_frame0<S>(ch, data, i);
    data.link_Ic[i] = link_inertia_in_frame0<S>(ch, i, data.link_rot0[i], data.link_pos0[i]);
  }
  // Children first: the composite Ic_i is complete (its subtree has been added); F = Ic_i S_i
  // gives M_ii and, with each ancestor's S_j, M_ij; Ic_i is added to its parent's. On a
  // free-flyer, F (frame 0) moved to the base body's frame gives the base rows [force; torque]
  // of column i, and the composite of the whole tree (Ic_0) joins the base body's.
  const Matrix3<S> R0 = ch.base.linear().template cast<S>();
  const Vector3<S> p0 = ch.base.translation().template cast<S>();
  Matrix6<S> Ic_0 = Matrix6<S>::Zero();
  data.M.setZero();
  for (int i = n - 1; i >= 0; --i) {
    Vector6<S> F;
    F.noalias() = data.link_Ic[i] * data.link_S0[i];
    data.M(off + i, off + i) = data.link_S0[i].dot(F) + model.reflected_inertia[i];
    for (int j = ch.parent[i]; j >= 0; j = ch.parent[j]) {
      const S mij = data.link_S0[j].dot(F);
      data.M(off + i, off + j) = mij;
      data.M(off + j, off + i) = mij;
    }
    if (floating) {
      F = spatial::force_to_parent<S>(R0, p0, F);
      for (int r = 0; r < 3; ++r) {
        data.M(r, off + i) = data.M(off + i, r) = F[3 + r];
        data.M(3 + r, off + i) = data.M(off + i, 3 + r) = F[r];
      }
    }
    const int p = ch.parent[i];
    if (p >= 0)
      data.link_Ic[p] += data.link_Ic[i];
    else if (floating)
      Ic_0 += data.link_Ic[i];
  }
  if (floating) {
    // the base block: the composite of everything about the base origin, halves swapped
    Matrix6<S> Ic_b = base_spatial_inertia<S>(model.base_inertia);
    spatial::add_inertia_to_parent<S>(R0, p0, Ic_0, Ic_b);
    data.M.template block<3, 3>(0, 0) = Ic_b.template bottomRightCorner<3, 3>();
    data.M.template block<3, 3>(0, 3) = Ic_b.template bottomLeftCorner<3, 3>();
    data.M.template block<3, 3>(3, 0) = Ic_b.template topRightCorner<3, 3>();
    data.M.template block<3, 3>(3, 3) = Ic_b.template topLeftCorner<3, 3>();
    // exactly symmetric (the shifted composite is symmetric up to rounding): the upper triangle
    for (int c = 0; c < 6; ++c)
      for (int r = c + 1; r < 6; ++r) data.M(r, c) = data.M(c, r);
  }
}

}  // namespace manipdyn::detail
