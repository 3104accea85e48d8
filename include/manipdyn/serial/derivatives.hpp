#pragma once
/// \file derivatives.hpp
/// Analytic derivatives of a serial arm's dynamics (docs/derivatives.md):
///  - inverse_dynamics_derivatives: dtau/dq, dtau/dqd and dtau/dqdd = M(q) of
///    tau = inverse_dynamics(q, qd, qdd, gravity, f_ext) (inverse_dynamics.hpp);
///  - forward_dynamics_derivatives: qdd = forward_dynamics(q, qd, tau, gravity, f_ext) and
///    dqdd/dq = -M^-1 dtau/dq, dqdd/dqd = -M^-1 dtau/dqd (at that qdd), dqdd/dtau = M^-1.
/// Column j of a derivative is the derivative with respect to the j-th entry (dtau_dq(i, j) =
/// d tau_i / d q_j).
///
/// Models: chains, trees (a fixed root) and free-flyers (docs/derivatives.md, "Trees and the
/// free-flyer"): q has model.nq() entries, qd, qdd, tau model.nv(), every matrix is nv x nv (the
/// base's six rows and columns first). On a free-flyer dtau/dq (and dqdd/dq) is the derivative in
/// the tangent space of the configuration group: column k = d/deps tau(integrate(q, eps e_k), qd,
/// qdd) at eps = 0 (configuration.hpp; the base perturbed as M_base exp(delta), delta in the
/// base frame), qd and qdd (base frame) held fixed. A fixed-root chain runs the chain body below;
/// the others the tree body (src/serial/tree_derivatives_body.hpp; for double, and traced by code
/// generation).
///
/// Method: the recursive derivatives of the Newton-Euler algorithm in the world frame of
/// Carpentier & Mansard 2018 ("Analytical derivatives of rigid body dynamics algorithms", RSS,
/// sec. IV: the partials of the spatial velocities and accelerations are motion cross products
/// with the joint screws; the backward pass accumulates the composite inertia and the composite
/// Coriolis-like matrix B (B x = I (x cross V) + x cross* I V + V cross* I x), so that each
/// (joint, joint) entry is a pair of 6-vector dot products). Spatial vectors in the world frame, about the world origin,
/// [angular; linear] (Featherstone, RBDA 2008, ch. 2). The equations, with their derivation, are
/// in docs/derivatives.md.
///
/// Drive terms (drive.hpp, when model.has_drive): G^2 Jm adds to the diagonal of dtau/dqdd;
/// viscous friction G^2 B to the diagonal of dtau/dqd; Coulomb friction adds the derivative of
/// its smooth part: with the tanh model (LinkParameters::coulomb_velocity_scale v_s > 0)
/// |G| (Tc+ - Tc-) / (2 v_s) (1 - tanh^2(qd / v_s)), exact; with the switching model
/// Tc sign(qd), zero (its derivative away from qd = 0; it has none at 0).
/// The end-effector wrench f_ext is held constant in the end-effector frame, so it turns with the
/// arm and contributes to dtau/dq.
///
/// Checks: each throws std::invalid_argument for a model not built by the builders, a Data built
/// for another n, a wrong size or a non-finite entry of q, qd, qdd (or tau), gravity, f_ext
/// (named), and for a non-finite result (named with the largest input); the overloads taking
/// `unchecked` first (core/check.hpp) skip those checks. Memory: the Data is sized once by its
/// constructor (O(n^2)); the calls allocate nothing.
#include "manipdyn/core/check.hpp"
#include "manipdyn/core/types.hpp"
#include "manipdyn/serial/data.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/serial/model.hpp"

namespace manipdyn {

/// The per-call workspace and the results of the derivative functions (one per thread).
template <typename Scalar>
struct DerivativesDataTpl {
  using S = Scalar;
  /// Sizes every buffer for the model's nv velocities (n joints on a fixed root, 6 + n on a
  /// free-flyer); the tree buffers (tree_*) only for a tree or a free-flyer.
  explicit DerivativesDataTpl(const SerialModel& model);

  /// The size of the derivative matrices, model.nv(): the number of joints on a fixed root
  /// (chain or tree), 6 + joints on a free-flyer (the base's six velocities first).
  int n = 0;

  // ---- outputs of inverse_dynamics_derivatives ------------------------------------------------
  VectorX<S> tau;        ///< (n) tau(q, qd, qdd), the torques the derivatives are taken of
  MatrixX<S> dtau_dq;    ///< (n x n) d tau / d q
  MatrixX<S> dtau_dqd;   ///< (n x n) d tau / d qd
  MatrixX<S> dtau_dqdd;  ///< (n x n) d tau / d qdd = M(q) (with G^2 Jm), symmetric
  // ---- outputs of forward_dynamics_derivatives -----------------------------------------------
  VectorX<S> qdd;        ///< (n) forward_dynamics(q, qd, tau)
  MatrixX<S> dqdd_dq;    ///< (n x n) d qdd / d q
  MatrixX<S> dqdd_dqd;   ///< (n x n) d qdd / d qd
  MatrixX<S> dqdd_dtau;  ///< (n x n) d qdd / d tau = M^-1, symmetric
  // ---- workspace (world frame, spatial vectors [angular; linear] about the world origin) -----
  AlignedVector<Vector6<S>> screw;   ///< (n) S_k, joint k's screw
  AlignedVector<Vector6<S>> dv;      ///< (n) V_{k-1} x S_k (partial of V_i in q_k, off S_k x V_i)
  AlignedVector<Vector6<S>> ca;      ///< (n) A_{k-1} x S_k + V_{k-1} x (V_{k-1} x S_k)
  AlignedVector<Vector6<S>> force;   ///< (n) F_k of link k, then the composite sum over links >= k
  /// (n) link k's rotational inertia about the world origin, then the composite (links >= k)
  AlignedVector<Matrix3<S>> inertia_o;
  AlignedVector<Vector3<S>> first_moment;  ///< (n) m c of link k (world), then the composite
  VectorX<S> mass;                         ///< (n) mass of link k, then of links >= k
  /// (n) the upper-left block B11 of link k's Coriolis-like matrix B (B x = I (x cross V) +
  /// x cross* I V + V cross* I x), then the composite; B's lower-left block is -2 [l]x
  AlignedVector<Matrix3<S>> coriolis;
  AlignedVector<Vector3<S>> momentum;      ///< (n) l, linear momentum of link k, then composite
  AlignedVector<Vector6<S>> u;       ///< (n) composite I_k S_k
  AlignedVector<Vector3<S>> w;       ///< (n) composite B_k^T S_k (its linear part is zero)
  AlignedVector<Vector6<S>> dacc;    ///< (n) forward_dynamics_derivatives: sum_{j<k} S_j qdd_j
  /// (n x n) forward_dynamics_derivatives: the Cholesky factor L of M below the diagonal, 1 /
  /// L_jj on it (n <= 24) or L_jj (larger n, Eigen's LLT)
  MatrixX<S> llt;
  VectorX<S> zero;                   ///< (n) zeros (qdd = 0 in forward_dynamics_derivatives)
  SerialDataTpl<S> serial;           ///< the joint sin/cos (sin_theta, cos_theta)
  // ---- tree workspace (a tree or a free-flyer; empty for a fixed-root chain) -----------------
  // Indexed by the velocity index g (the base's six first on a free-flyer, their composites in
  // slot 0), world frame about the world origin; screw, dv, ca, force and u above hold S_g,
  // dv_g, ca_g, the composite force Fbar_g and Ibar_g S_g (src/serial/tree_derivatives_body.hpp).
  AlignedVector<Matrix6<S>> tree_inertia;   ///< (n) link g's spatial inertia, then Ibar_g
  AlignedVector<Matrix6<S>> tree_coriolis;  ///< (n) link g's B, then Bbar_g
  AlignedVector<Vector6<S>> tree_bts;       ///< (n) Bbar_g^T S_g
  /// (n) the velocity term of column g: 2 dv_g for a joint, V_base x S_g for the base
  AlignedVector<Vector6<S>> tree_dvq;
  /// (n) forward_dynamics_derivatives: the subtree sum of u_j qdd_j, then the change of ca_g
  AlignedVector<Vector6<S>> tree_uq;
  AlignedVector<Matrix3<S>> tree_rot;            ///< (joints) world <- frame i of model.modified
  AlignedVector<Vector3<S>> tree_pos;            ///< (joints) origin of frame i, world
  AlignedVector<Vector6<S>> tree_velocity;       ///< (joints) V_i of link i, world
  AlignedVector<Vector6<S>> tree_acceleration;   ///< (joints) A_i of link i (with -g), world
};
using DerivativesData = DerivativesDataTpl<double>;

/// dtau/dq, dtau/dqd, dtau/dqdd (n x n each) of the default inverse dynamics at q, qd, qdd (n
/// each), with `gravity` (world frame, m/s^2) and the end-effector wrench f_ext = [f; n] (6,
/// end-effector frame, the convention of inverse_dynamics.hpp), drive terms included. Results in
/// data.dtau_dq, data.dtau_dqd, data.dtau_dqdd (and data.tau); returns data.
template <typename S>
const DerivativesDataTpl<S>& inverse_dynamics_derivatives(
    const SerialModel& model, DerivativesDataTpl<S>& data, JointVectorIn<S> q,
    JointVectorIn<S> qd, JointVectorIn<S> qdd, const Vector3In<S>& gravity,
    const Vector6In<S>& f_ext);
/// inverse_dynamics_derivatives without the input and result checks (Unchecked).
template <typename S>
const DerivativesDataTpl<S>& inverse_dynamics_derivatives(
    Unchecked, const SerialModel& model, DerivativesDataTpl<S>& data, JointVectorIn<S> q,
    JointVectorIn<S> qd, JointVectorIn<S> qdd, const Vector3In<S>& gravity,
    const Vector6In<S>& f_ext);

/// inverse_dynamics_derivatives with wrenches on the links: f_links (6 x n joints, column i =
/// [f; n] that link i exerts on the environment in its frame of model.modified, about its
/// origin: the link-wrench inverse_dynamics of inverse_dynamics.hpp), held fixed in the link
/// frames (they turn with the links: they add to dtau/dq). Runs the tree body
/// (src/serial/tree_derivatives_body.hpp) for every model, chains included; a fixed-root chain's Data
/// sizes its tree buffers on the first call. Checks as the overload above, and f_links' size and
/// finiteness.
template <typename S>
const DerivativesDataTpl<S>& inverse_dynamics_derivatives(
    const SerialModel& model, DerivativesDataTpl<S>& data, JointVectorIn<S> q,
    JointVectorIn<S> qd, JointVectorIn<S> qdd, const Vector3In<S>& gravity,
    const Vector6In<S>& f_ext, const LinkWrenchesIn<S>& f_links);
/// inverse_dynamics_derivatives with link wrenches, without the input and result checks.
template <typename S>
const DerivativesDataTpl<S>& inverse_dynamics_derivatives(
    Unchecked, const SerialModel& model, DerivativesDataTpl<S>& data, JointVectorIn<S> q,
    JointVectorIn<S> qd, JointVectorIn<S> qdd, const Vector3In<S>& gravity,
    const Vector6In<S>& f_ext, const LinkWrenchesIn<S>& f_links);

/// inverse_dynamics_derivatives with the model's gravity and no external wrench.
template <typename S>
const DerivativesDataTpl<S>& inverse_dynamics_derivatives(const SerialModel& model,
                                                          DerivativesDataTpl<S>& data,
                                                          JointVectorIn<S> q, JointVectorIn<S> qd,
                                                          JointVectorIn<S> qdd) {
  return inverse_dynamics_derivatives(model, data, q, qd, qdd,
                                      Vector3<S>(model.gravity.template cast<S>()),
                                      Vector6<S>::Zero());
}

/// qdd = forward_dynamics(q, qd, tau, gravity, f_ext) and its derivatives dqdd/dq = -M^-1
/// dtau/dq, dqdd/dqd = -M^-1 dtau/dqd (the inverse dynamics' derivatives at that qdd) and
/// dqdd/dtau = M^-1. One pass of the inverse dynamics' derivatives at qdd = 0 gives the bias b,
/// M and the derivatives at rest; qdd = M^-1 (tau - b) by one Cholesky factorisation M = L L^T;
/// then the qdd terms of dtau/dq (tau is affine in qdd), M^-1 from the factor and the products. q, qd, tau: n each. Results in data.qdd, data.dqdd_dq,
/// data.dqdd_dqd, data.dqdd_dtau (and the inverse dynamics' derivatives at qdd in data.dtau_*);
/// returns data. Throws std::invalid_argument if M is not positive definite.
template <typename S>
const DerivativesDataTpl<S>& forward_dynamics_derivatives(
    const SerialModel& model, DerivativesDataTpl<S>& data, JointVectorIn<S> q,
    JointVectorIn<S> qd, JointVectorIn<S> tau, const Vector3In<S>& gravity,
    const Vector6In<S>& f_ext);
/// forward_dynamics_derivatives without the input and result checks (Unchecked).
template <typename S>
const DerivativesDataTpl<S>& forward_dynamics_derivatives(
    Unchecked, const SerialModel& model, DerivativesDataTpl<S>& data, JointVectorIn<S> q,
    JointVectorIn<S> qd, JointVectorIn<S> tau, const Vector3In<S>& gravity,
    const Vector6In<S>& f_ext);

/// forward_dynamics_derivatives with the model's gravity and no external wrench.
template <typename S>
const DerivativesDataTpl<S>& forward_dynamics_derivatives(const SerialModel& model,
                                                          DerivativesDataTpl<S>& data,
                                                          JointVectorIn<S> q, JointVectorIn<S> qd,
                                                          JointVectorIn<S> tau) {
  return forward_dynamics_derivatives(model, data, q, qd, tau,
                                      Vector3<S>(model.gravity.template cast<S>()),
                                      Vector6<S>::Zero());
}

}  // namespace manipdyn
