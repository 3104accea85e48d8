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
#include "joint_motion.hpp"
#include "tree_algorithms.hpp"

namespace manipdyn::detail {

template <typename S>
inline void tree_mass_matrix(const SerialModel& model, SerialDataTpl<S>& data,
                      const Eigen::Ref<const VectorX<S>>& q) {
  const DhChain& ch = model.modified;
  const int n = ch.n;
  assert(static_cast<int>(data.link_Ic.size()) == n);
  ensure_size(data.M, n, n);  // sized on first use
  // placements and link inertias, parents first
  for (int i = 0; i < n; ++i) {
    joint_placement<S>(ch, i, q[i], data.link_rot[i], data.link_pos[i]);
    data.link_Ic[i] = link_spatial_inertia<S>(ch, i);
  }
  // children first: composite inertia Ic_i is complete (its subtree has been added); F = Ic_i S_i
  // gives M_ii, then carried to each ancestor j, M_ij = S_j^T F; Ic_i added to its parent's
  data.M.setZero();
  for (int i = n - 1; i >= 0; --i) {
    const int k = motion_axis(ch.type[i]);
    Vector6<S> F = data.link_Ic[i].col(k);
    data.M(i, i) = F[k] + model.reflected_inertia[i];
    for (int j = i; ch.parent[j] >= 0;) {
      F = spatial::force_to_parent<S>(data.link_rot[j], data.link_pos[j], F);
      j = ch.parent[j];
      const S mij = F[motion_axis(ch.type[j])];
      data.M(i, j) = mij;
      data.M(j, i) = mij;
    }
    const int p = ch.parent[i];
    if (p >= 0)
      spatial::add_inertia_to_parent<S>(data.link_rot[i], data.link_pos[i], data.link_Ic[i],
                                        data.link_Ic[p]);
  }
}

}  // namespace manipdyn::detail
