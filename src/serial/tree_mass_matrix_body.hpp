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
  // placements and link inertias, parents first
  for (int i = 0; i < n; ++i) {
    joint_placement<S>(ch, i, qj[i], data.link_rot[i], data.link_pos[i]);
    data.link_Ic[i] = link_spatial_inertia<S>(ch, i);
  }
  // children first: composite inertia Ic_i is complete (its subtree has been added); F = Ic_i S_i
  // gives M_ii, then carried to each ancestor j, M_ij = S_j^T F; Ic_i added to its parent's.
  // On a free-flyer, F carried on to the base gives the base rows [force; torque] of column i,
  // and the composite of the whole tree about frame 0 (Ic_0) joins the base body's.
  const Matrix3<S> R0 = ch.base.linear().template cast<S>();
  const Vector3<S> p0 = ch.base.translation().template cast<S>();
  Matrix6<S> Ic_0 = Matrix6<S>::Zero();
  data.M.setZero();
  for (int i = n - 1; i >= 0; --i) {
    const int k = motion_axis(ch.type[i]);
    Vector6<S> F = data.link_Ic[i].col(k);
    data.M(off + i, off + i) = F[k] + model.reflected_inertia[i];
    int j = i;
    for (; ch.parent[j] >= 0;) {
      F = spatial::force_to_parent<S>(data.link_rot[j], data.link_pos[j], F);
      j = ch.parent[j];
      const S mij = F[motion_axis(ch.type[j])];
      data.M(off + i, off + j) = mij;
      data.M(off + j, off + i) = mij;
    }
    if (floating) {
      F = spatial::force_to_parent<S>(data.link_rot[j], data.link_pos[j], F);
      F = spatial::force_to_parent<S>(R0, p0, F);
      for (int r = 0; r < 3; ++r) {
        data.M(r, off + i) = data.M(off + i, r) = F[3 + r];
        data.M(3 + r, off + i) = data.M(off + i, 3 + r) = F[r];
      }
    }
    const int p = ch.parent[i];
    if (p >= 0)
      spatial::add_inertia_to_parent<S>(data.link_rot[i], data.link_pos[i], data.link_Ic[i],
                                        data.link_Ic[p]);
    else if (floating)
      spatial::add_inertia_to_parent<S>(data.link_rot[i], data.link_pos[i], data.link_Ic[i], Ic_0);
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
