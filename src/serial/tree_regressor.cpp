/// \file tree_regressor.cpp
/// The joint-torque regressor and the energy regressor on a fixed-root tree (serial/regressor.hpp;
/// declared in tree_algorithms.hpp), in the frames of model.modified (Khalil & Kleinfinger's
/// frame i on joint i): the tree forward pass (tree_motion_pass) gives each link's motion, the
/// body regressor (core/body_regressor.hpp) its wrench as a linear map of its 10 parameters, and
/// the wrench, moved once into the common frame 0, is projected on the motion subspace of every
/// joint that supports the link (Atkeson, An & Hollerbach 1986, eqs 6-9; Khalil & Dombre 2002,
/// sec. 9.3.3; as Pinocchio's computeJointTorqueRegressor, with the projection in one frame as the
/// tree mass matrix does: one 6 x 10 transform per link, a 6-vector dot product per column of
/// each (joint, link) pair).
#include <cassert>

#include "../core/spatial.hpp"
#include "manipdyn/core/body_regressor.hpp"
#include "manipdyn/core/counting_scalar.hpp"
#include "tree_algorithms.hpp"

namespace manipdyn::detail {

template <typename S>
void tree_regressor_link_columns(const SerialModel& model, SerialDataTpl<S>& data,
                                 const Eigen::Ref<const VectorX<S>>& q,
                                 const Eigen::Ref<const VectorX<S>>& qd,
                                 const Eigen::Ref<const VectorX<S>>& qdd,
                                 const Vector3<S>& gravity) {
  const DhChain& ch = model.modified;
  const int n = ch.n;
  assert(model.root == RootJoint::fixed && data.Y.rows() == n);
  size_link_buffers(data);  // a Data built for a chain of the same n
  // forward pass: every link's velocity and acceleration in its frame, frame 0 accelerating by
  // -gravity (RBDA sec. 5.3)
  tree_motion_pass<S>(model, data, q, qd, qdd, gravity);
  for (int i = 0; i < n; ++i) {
    place_in_frame0<S>(ch, data, i);
    // link i's body regressor: w, wd and the origin's acceleration a = a_spatial + w x v (with
    // -gravity), in frame i; rows [force; moment about origin i]
    const Vector3<S> w = data.link_v[i].template head<3>();
    const Vector3<S> v = data.link_v[i].template tail<3>();
    const Vector3<S> wd = data.link_a[i].template head<3>();
    const Vector3<S> a = data.link_a[i].template tail<3>() + w.cross(v);
    const BodyRegressor<S> A = body_wrench_regressor<S>(w, wd, a);
    // the wrench in frame 0, about origin 0: force R f, moment R n + p x (R f); the force rows of
    // the inertia columns (4..9) are zero
    const Matrix3<S>& R = data.link_rot0[i];
    const Matrix3<S> P = spatial::skew<S>(data.link_pos0[i]);
    Eigen::Matrix<S, 3, 4> force;
    force.noalias() = R * A.template topLeftCorner<3, 4>();
    Eigen::Matrix<S, 3, kBodyParameters> moment;
    moment.noalias() = R * A.template bottomRows<3>();
    moment.template leftCols<4>().noalias() += P * force;
    // row j of link i's columns for every joint j supporting link i: S_j . [moment; force]
    S* col = data.Y.data() + Eigen::Index{kBodyParameters} * i * n;
    for (int j = i; j >= 0; j = ch.parent[j]) {
      const Vector3<S> s_w = data.link_S0[j].template head<3>();
      const Vector3<S> s_v = data.link_S0[j].template tail<3>();
      for (int c = 0; c < kBodyParameters; ++c) {
        S y = s_w.dot(moment.col(c));
        if (c < 4) y += s_v.dot(force.col(c));
        col[c * n + j] = y;
      }
    }
  }
}

template <typename S>
void tree_energy_regressor(const SerialModel& model, SerialDataTpl<S>& data,
                           const Eigen::Ref<const VectorX<S>>& q,
                           const Eigen::Ref<const VectorX<S>>& qd, const Vector3<S>& gravity) {
  const DhChain& ch = model.modified;
  const int n = ch.n;
  assert(model.root == RootJoint::fixed &&
         data.energy_row.size() == Eigen::Index{kBodyParameters} * n);
  size_link_buffers(data);
  // the links' velocities (the accelerations the pass also forms, from qd in place of qdd, are
  // not read), then each frame in frame 0 and the world
  tree_motion_pass<S>(ch, data, q, qd, qd, Vector6<S>::Zero());
  const Matrix3<S> R_base = ch.base.linear().template cast<S>();
  const Vector3<S> p_base = ch.base.translation().template cast<S>();
  for (int i = 0; i < n; ++i) {
    place_in_frame0<S>(ch, data, i);
    const Matrix3<S> R = R_base * data.link_rot0[i];
    const Vector3<S> p = R_base * data.link_pos0[i] + p_base;
    // the block in frame i (v.v in either frame)
    const Vector3<S> w = data.link_v[i].template head<3>();
    const Vector3<S> v = data.link_v[i].template tail<3>();
    const Vector3<S> g_i = R.transpose() * gravity;
    write_energy_block<S>(data.energy_row.data() + Eigen::Index{kBodyParameters} * i,
        S(S(0.5) * v.squaredNorm() - gravity.dot(p)), v, w, g_i);
  }
}

// The regressor's scalars (regressor.cpp): double and the counting scalar.
#define MANIPDYN_INSTANTIATE(S)                                                                  \
  template void tree_regressor_link_columns<S>(                                                  \
      const SerialModel&, SerialDataTpl<S>&, const Eigen::Ref<const VectorX<S>>&,                \
      const Eigen::Ref<const VectorX<S>>&, const Eigen::Ref<const VectorX<S>>&,                  \
      const Vector3<S>&);                                                                        \
  template void tree_energy_regressor<S>(const SerialModel&, SerialDataTpl<S>&,                  \
                                         const Eigen::Ref<const VectorX<S>>&,                    \
                                         const Eigen::Ref<const VectorX<S>>&, const Vector3<S>&);
MANIPDYN_INSTANTIATE(double)
MANIPDYN_INSTANTIATE(Counted)
#undef MANIPDYN_INSTANTIATE

}  // namespace manipdyn::detail
