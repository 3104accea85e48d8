#include "manipdyn/serial/articulated_body.hpp"

#include <cmath>

#include <Eigen/Cholesky>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>

#include "manipdyn/core/check.hpp"
#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/core/dual.hpp"
#include "manipdyn/serial/dh_transform.hpp"
#include "newton_euler_core.hpp"
#include "manipdyn/serial/drive.hpp"
#include "input_checks.hpp"
#include "free_flyer_root.hpp"
#include "joint_motion.hpp"
#include "tree_algorithms.hpp"
#include "../core/spatial.hpp"
#include "scalars.hpp"

namespace manipdyn {

namespace {

using spatial::add_inertia_to_parent;
using spatial::cross_force;
using spatial::cross_motion;
using spatial::force_to_parent;
using spatial::motion_to_child;
using detail::joint_placement;
using detail::link_spatial_inertia;
using detail::motion_axis;

// First pass of the articulated-body algorithm (RBDA Table 7.1, first loop, with the parents
// lambda(i) of a tree): the drive friction at qd, link transforms, velocities v_i,
// velocity-product accelerations c_i, rigid-body inertias IA_i and bias forces pA_i; then the wrench -f_ext of the environment on the last link
// (moved from the end-effector frame to frame n: f_n = R_tool f, n_n = R_tool n + p_tool x f_n)
// added to pA_n.
template <typename S>
void abi_velocity_pass(const SerialModel& model, ForwardDynamicsDataTpl<S>& data,
                       JointVectorIn<S> q, JointVectorIn<S> qd, const Vector6<S>& f_ext,
                       const Vector6<S>* v_root) {
  const int n = model.dof();
  const DhChain& chain = model.modified;
  // Friction torques of the drives (zero without drive terms).
  if (model.has_drive)
    for (int i = 0; i < n; ++i) data.friction[i] = detail::joint_friction(model.links[i], qd[i]);
  else
    data.friction.setZero();

  // Link transforms, velocities, velocity-product accelerations, rigid-body inertias and bias
  // forces.
  for (int i = 0; i < n; ++i) {
    joint_placement<S>(chain, i, q[i], data.rot[i], data.pos[i]);
    const int k = motion_axis(chain.type[i]);
    Vector6<S> vJ = Vector6<S>::Zero();
    vJ[k] = qd[i];
    const int p = chain.parent[i];
    if (p < 0 && v_root == nullptr)  // on the fixed base
      data.v[i] = vJ;
    else if (p < 0)  // on a free-flyer: frame 0 moves with v_root
      data.v[i] = motion_to_child<S>(data.rot[i], data.pos[i], *v_root) + vJ;
    else
      data.v[i] = motion_to_child<S>(data.rot[i], data.pos[i], data.v[p]) + vJ;
    data.c[i] = cross_motion<S>(data.v[i], vJ);
    data.IA[i] = link_spatial_inertia<S>(chain, i);
    const Vector6<S> h = data.IA[i] * data.v[i];
    data.pA[i] = cross_force<S>(data.v[i], h);
  }

  // The environment pushes on the last link with -f_ext.
  if (n > 0) data.pA[n - 1] += detail::end_effector_wrench_on_last_link<S>(chain, f_ext);
}

// Backward pass of the articulated-body algorithm (RBDA Table 7.1, second loop): articulated
// inertias and bias forces, projected onto each joint (U_i, D_i with the armature G^2 Jm, u_i)
// and passed to the parent lambda(i) (for a joint on a free-flyer, to the root's IA_root,
// pA_root in frame 0; nothing on the fixed base). kChecked: a non-finite D_i calls fail(entry) (which throws); a
// D_i <= 0 always throws, naming the joint.
template <typename S, bool kChecked, typename Fail>
void abi_inertia_pass(const SerialModel& model, ForwardDynamicsDataTpl<S>& data,
                      JointVectorIn<S> tau, std::string_view where, const Fail& fail,
                      Matrix6<S>* IA_root, Vector6<S>* pA_root) {
  const DhChain& chain = model.modified;
  for (int i = model.dof() - 1; i >= 0; --i) {
    const int k = motion_axis(chain.type[i]);
    data.U[i] = data.IA[i].col(k);
    data.D[i] = data.U[i][k] + model.reflected_inertia[i];
    data.u[i] = tau[i] - data.friction[i] - data.pA[i][k];
    if constexpr (kChecked)
      if (!std::isfinite(math::value(data.D[i]))) [[unlikely]]
        fail("D_" + std::to_string(i + 1) + " = " + std::to_string(math::value(data.D[i])) +
             ", the articulated inertia of joint " + std::to_string(i + 1));
    if (math::value(data.D[i]) <= 0.0) {
      std::ostringstream os;
      os << where << ": joint " << i + 1 << " has articulated inertia D = "
         << math::value(data.D[i]) << " (a massless tip link without motor inertia?)";
      throw std::invalid_argument(os.str());
    }
    const int p = chain.parent[i];
    if (p < 0 && IA_root == nullptr) continue;
    const S inv_d = S(1) / data.D[i];
    const Vector6<S> Ud = data.U[i] * inv_d;
    Matrix6<S> Ia = data.IA[i];
    Ia.noalias() -= Ud * data.U[i].transpose();
    const Vector6<S> pa = data.pA[i] + Ia * data.c[i] + Ud * data.u[i];
    add_inertia_to_parent<S>(data.rot[i], data.pos[i], Ia, p < 0 ? *IA_root : data.IA[p]);
    (p < 0 ? *pA_root : data.pA[p]) += force_to_parent<S>(data.rot[i], data.pos[i], pa);
  }
}

// Last pass of the articulated-body algorithm (RBDA Table 7.1, third loop): accelerations a_i
// and qdd_i (into qdd[offset + i]), each from its parent's, starting from the acceleration
// a_root of frame 0 (on the fixed base -g, gravity in frame 0) for the joints on the root.
template <typename S>
void abi_acceleration_pass(const DhChain& chain, ForwardDynamicsDataTpl<S>& data,
                           const Vector6<S>& a_root, int offset) {
  for (int i = 0; i < chain.n; ++i) {
    const int k = motion_axis(chain.type[i]);
    const int p = chain.parent[i];
    const Vector6<S>& a_parent = p < 0 ? a_root : data.a[p];
    data.a[i] = motion_to_child<S>(data.rot[i], data.pos[i], a_parent) + data.c[i];
    data.qdd[offset + i] = (data.u[i] - data.U[i].dot(data.a[i])) / data.D[i];
    data.a[i][k] += data.qdd[offset + i];
  }
}

// The articulated-body algorithm with a free-flyer root (RBDA sec. 9.3, Table 9.6's floating
// base; free_flyer_root.hpp): the joints' passes as on a fixed base with frame 0 moving with the
// base body, the base's articulated inertia IA_b = I_b + the tree's (moved from frame 0), its
// acceleration relative to free fall a_b' = IA_b^-1 (f_b - pA_b) (f_b the base wrench of tau),
// then the joints' from it; accelerations are taken relative to free fall (a' = a - a_g, the
// gravity field moving every body alike), so the base's true one is a_b' + a_g.
template <typename S, bool kChecked, typename Fail>
void floating_articulated_body(const SerialModel& model, ForwardDynamicsDataTpl<S>& data,
                               JointVectorIn<S> q, JointVectorIn<S> qd, JointVectorIn<S> tau,
                               const Vector3<S>& gravity, const Vector6<S>& f_ext,
                               std::string_view where, const Fail& fail) {
  const DhChain& chain = model.modified;
  const int n = chain.n;
  const Matrix3<S> R0 = chain.base.linear().template cast<S>();
  const Vector3<S> p0 = chain.base.translation().template cast<S>();
  const Vector6<S> v_b = detail::base_motion<S>(qd);
  const Vector6<S> v0 = motion_to_child<S>(R0, p0, v_b);
  abi_velocity_pass<S>(model, data, q.tail(n), qd.tail(n), f_ext, &v0);
  Matrix6<S> IA0 = Matrix6<S>::Zero();
  Vector6<S> pA0 = Vector6<S>::Zero();
  abi_inertia_pass<S, kChecked>(model, data, tau.tail(n), where, fail, &IA0, &pA0);
  // the base: its own inertia and velocity product, the tree's articulated inertia and bias
  const Matrix6<S> I_b = detail::base_spatial_inertia<S>(model.base_inertia);
  Matrix6<S> IA_b = I_b;
  add_inertia_to_parent<S>(R0, p0, IA0, IA_b);
  const Vector6<S> h = I_b * v_b;
  const Vector6<S> pA_b = cross_force<S>(v_b, h) + force_to_parent<S>(R0, p0, pA0);
  const Vector6<S> a_b = IA_b.llt().solve(Vector6<S>(detail::base_motion<S>(tau) - pA_b));
  abi_acceleration_pass<S>(chain, data, motion_to_child<S>(R0, p0, a_b), 6);
  // the base's true acceleration, [linear; angular] first in qdd
  Vector6<S> a_true = a_b;
  a_true.template tail<3>() += detail::base_rotation<S>(model, q).transpose() * gravity;
  data.qdd.template head<3>() = a_true.template tail<3>();
  data.qdd.template segment<3>(3) = a_true.template head<3>();
}

// The articulated-body algorithm (Featherstone RBDA Table 7.1) on the modified-DH chain or the
// Khalil-Kleinfinger tree (the same frames, each joint on its parent): three
// passes; kChecked adds the input checks and the result check (a non-finite D_i or qdd names the
// largest input).
template <typename S, bool kChecked>
const VectorX<S>& articulated_body(const SerialModel& model, ForwardDynamicsDataTpl<S>& data,
                                   JointVectorIn<S> q, JointVectorIn<S> qd, JointVectorIn<S> tau,
                                   const Vector3<S>& gravity, const Vector6<S>& f_ext) {
  constexpr std::string_view where = "forward_dynamics_articulated_body";
  if constexpr (kChecked) {
    detail::check_state_inputs<S>(where, model, data.serial, q, qd, "tau", tau, gravity, f_ext,
                                  detail::Takes::free_flyers);
  }
  // a non-finite result: name it and the largest input
  auto fail = [&](const std::string& entry) {
    detail::throw_non_finite_qdd(where, entry, q, qd, tau, gravity, f_ext);
  };
  if (model.root == RootJoint::free_flyer) [[unlikely]] {
    floating_articulated_body<S, kChecked>(model, data, q, qd, tau, gravity, f_ext, where, fail);
    return detail::checked_qdd<kChecked>(data.qdd, fail);
  }
  abi_velocity_pass<S>(model, data, q, qd, f_ext, nullptr);
  abi_inertia_pass<S, kChecked>(model, data, tau, where, fail, nullptr, nullptr);
  // the fixed base accelerates by -gravity (frame 0)
  Vector6<S> a_base = Vector6<S>::Zero();
  const Matrix3d Rb = model.modified.base.linear();
  a_base.template tail<3>() = -(Rb.transpose().template cast<S>() * gravity);
  abi_acceleration_pass<S>(model.modified, data, a_base, 0);
  return detail::checked_qdd<kChecked>(data.qdd, fail);
}

}  // namespace

template <typename S>
const VectorX<S>& forward_dynamics_articulated_body(const SerialModel& model,
                                                    ForwardDynamicsDataTpl<S>& data,
                                                    JointVectorIn<S> q, JointVectorIn<S> qd,
                                                    JointVectorIn<S> tau,
                                                    const Vector3In<S>& gravity,
                                                    const Vector6In<S>& f_ext) {
  return articulated_body<S, true>(model, data, q, qd, tau, gravity, f_ext);
}

template <typename S>
const VectorX<S>& forward_dynamics_articulated_body(Unchecked, const SerialModel& model,
                                                    ForwardDynamicsDataTpl<S>& data,
                                                    JointVectorIn<S> q, JointVectorIn<S> qd,
                                                    JointVectorIn<S> tau,
                                                    const Vector3In<S>& gravity,
                                                    const Vector6In<S>& f_ext) {
  return articulated_body<S, false>(model, data, q, qd, tau, gravity, f_ext);
}

#define MANIPDYN_INSTANTIATE(S)                                                             \
  template const VectorX<S>& forward_dynamics_articulated_body<S>(                          \
      const SerialModel&, ForwardDynamicsDataTpl<S>&, JointVectorIn<S>, JointVectorIn<S>,   \
      JointVectorIn<S>, const Vector3In<S>&, const Vector6In<S>&);                         \
  template const VectorX<S>& forward_dynamics_articulated_body<S>(                          \
      Unchecked, const SerialModel&, ForwardDynamicsDataTpl<S>&, JointVectorIn<S>,           \
      JointVectorIn<S>, JointVectorIn<S>, const Vector3In<S>&, const Vector6In<S>&);
MANIPDYN_FOR_SERIAL_SCALARS(MANIPDYN_INSTANTIATE)
#undef MANIPDYN_INSTANTIATE

}  // namespace manipdyn
