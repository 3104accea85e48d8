#pragma once
/// \file data.hpp
/// SerialDataTpl: the per-call workspace of the serial-arm algorithms. Built once from a model,
/// then passed to the algorithms, which write into it. One Data per thread. Each field states its
/// dimension; n = model.dof().
///
/// Memory grows as the algorithm called does. The constructor sizes only the O(n) buffers (about
/// 0.6 KB per joint for double: everything inverse_dynamics, gravity_torques and bias_torques
/// need). The O(n^2) and larger buffers (M, C, Ck, J, the Lagrange-Euler partials) are empty
/// until the first call of a function that needs them, which sizes them; later calls with the same
/// model allocate nothing. workspace_bytes() reports the heap bytes held; docs/memory.md tabulates
/// them per algorithm. No single function sizes buffers beyond kMaxWorkspaceBytes: the
/// O(n^3)-memory functions (velocity_coupling_*, the Lagrange-Euler ones) refuse a larger n with
/// std::invalid_argument before allocating.
#include <cstddef>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <type_traits>

#include "manipdyn/core/scalar_math.hpp"
#include "manipdyn/core/types.hpp"
#include "manipdyn/serial/model.hpp"

namespace manipdyn {

/// The most heap memory (bytes) that one call of a serial-arm algorithm may size its buffers to:
/// 1 GiB. The largest n accepted: velocity_coupling_strobing (C^k: 8 n^3 bytes) 512,
/// velocity_coupling_lagrange_euler (136 n^3 + O(n^2)) 198, inverse_dynamics_lagrange_euler
/// (128 n^3 + O(n^2)) 202, mass_matrix_lagrange_euler and gravity_torques_lagrange_euler
/// (144 n^2 + O(n)) 2729. The O(n) and O(n^2) fast algorithms are not limited.
inline constexpr std::size_t kMaxWorkspaceBytes = std::size_t{1} << 30;

template <typename Scalar>
struct SerialDataTpl;

namespace detail {
/// Sizes the tree algorithms' link buffers of `data` (link_rot ... link_Ic, n each) unless
/// already sized: in the constructor for a tree, on first use for a chain.
template <typename S>
void size_link_buffers(SerialDataTpl<S>& data);
}  // namespace detail

template <typename Scalar>
struct SerialDataTpl {
  using S = Scalar;
  /// Sizes the O(n) buffers only (see the file comment); the larger ones are sized on first use.
  explicit SerialDataTpl(const SerialModel& model);

  /// The heap bytes held by the buffers (capacities times element sizes; not sizeof(*this) nor
  /// the allocator's own overhead). O(n) after inverse_dynamics, O(n^2) after mass_matrix,
  /// O(n^3) after velocity_coupling_* or inverse_dynamics_lagrange_euler (docs/memory.md).
  std::size_t workspace_bytes() const;

  int n = 0;  ///< number of joints the buffers are sized for

  // ---- outputs -------------------------------------------------------------------------------
  /// (nv) joint torques/forces of the last inverse dynamics; nv = n, or n + 6 with a
  /// free-flyer root (the base wrench [force; torque] first, base frame)
  VectorX<S> tau;
  MatrixX<S> M;      ///< (nv x nv) joint-space mass matrix M(q); empty until mass_matrix*
  MatrixX<S> C;      ///< (n x n) Coriolis/centrifugal matrix C(q,qd), Christoffel form; empty
                     ///< until coriolis_matrix
  VectorX<S> G;      ///< (nv) gravity torques G(q)
  VectorX<S> bias;   ///< (nv) bias torques C(q,qd) qd + G(q) + friction(qd)
  /// (n x 14n) joint-torque regressor Y(q,qd,qdd), tau = Y pi (serial/regressor.hpp); empty
  /// until joint_torque_regressor
  MatrixX<S> Y;
  /// (10n) energy regressor e(q,qd), E = e . pi_rigid (serial/regressor.hpp); empty until
  /// energy_regressor
  VectorX<S> energy_row;
  /// (n) the C^k matrices (Turney et al. 1980, eq. 2.9): the velocity term of joint k is
  /// qd^T C^k qd; each (n x n), symmetric. Empty until velocity_coupling_* (n^3 scalars).
  std::vector<MatrixX<S>> Ck;

  // ---- kinematics (kinematics.hpp), in the model's own convention ----------------------------
  AlignedVector<Matrix4<S>> T0;  ///< (n+1) world <- frame i, T0[0] = base (frame 0)
  Matrix4<S> T_ee;               ///< world <- end-effector frame (T0[n] * tool)
  MatrixX<S> J;                  ///< (6 x nv) geometric Jacobian [linear; angular], world frame,
                                 ///< at the end-effector origin (nv = n, or 6 + n on a
                                 ///< free-flyer); empty until jacobian

  // ---- recursive Newton-Euler workspace (newton_euler*.hpp) ----------------------------------
  AlignedVector<Vector3<S>> p;   ///< (n+1) link offset vectors (p*_i of Turney et al.)
  AlignedVector<Vector3<S>> w;   ///< (n+1) angular velocity of link i
  AlignedVector<Vector3<S>> wd;  ///< (n+1) angular acceleration of link i; mass_matrix's
                                 ///< projection (below) holds o_k x z_k here (k < n), the moment
                                 ///< of joint axis k+1 about origin 0 (chain frame 0)
  AlignedVector<Vector3<S>> vd;  ///< (n+1) linear acceleration of frame origin i
  AlignedVector<Vector3<S>> vcd; ///< (n+1) linear acceleration of the COM of link i
  AlignedVector<Vector3<S>> F;   ///< (n+1) net force on link i (m_i vcd_i)
  AlignedVector<Vector3<S>> N;   ///< (n+1) net moment on link i about its COM
  /// (n+2) force exerted on link i by link i-1; joint_torque_regressor: the force weight v_j of
  /// joint j's screw in the current link frame (revolute: z_j x (O - P_j), prismatic: z_j)
  AlignedVector<Vector3<S>> f;
  /// (n+2) moment exerted on link i by link i-1; joint_torque_regressor: the moment weight u_j of
  /// joint j's screw (revolute: z_j, prismatic: 0), so that a wrench (f, n) about the link
  /// frame's origin O loads joint j with v_j . f + u_j . n
  AlignedVector<Vector3<S>> nm;
  VectorX<S> qdd_work;           ///< (nv) scratch joint vector (strobing, control laws)
  VectorX<S> tau_work;           ///< (n) scratch joint vector
  VectorX<S> sin_theta;          ///< (n) sin theta_i of the last Newton-Euler call
  VectorX<S> cos_theta;          ///< (n) cos theta_i of the last Newton-Euler call
  AlignedVector<Vector3<S>> pc;  ///< (n) p*_i + COM of link i (origin i-1 to COM, frame i)
  AlignedVector<Matrix3<S>> Amat;  ///< (n) A_i of Turney et al. 1980 sec. 5, w w^T - |w|^2 E + [alpha]x
  VectorX<S> qd_work;            ///< (nv) scratch joint vector (strobing)

  // ---- composite-rigid-body mass matrix (src/serial/mass_matrix.cpp) -------------------------
  // The frames in chain frame 0 of mass_matrix's projection on the joint axes, used on chains of
  // 8 joints or more without DH structure; sized with the O(n) buffers. Standard DH: frame k is
  // that of link k-1, joint k+1 turns about its z axis.
  AlignedVector<Matrix3<S>> crba_rotation;  ///< (n+1) R_{0,k}, frame k in chain frame 0; its
                                            ///< column 2 is the joint axis z_k
  AlignedVector<Vector3<S>> crba_origin;    ///< (n+1) o_k, origin of frame k in chain frame 0

  // ---- the tree algorithms (src/serial/tree_*.cpp; docs/trees.md) -----------------------------
  // Link-local spatial quantities in the frames of model.modified (Khalil & Kleinfinger's frame i
  // on joint i), [angular; linear] for motions, [moment; force] for forces (Featherstone RBDA
  // ch. 2). Sized with the O(n) buffers when the model is a tree; on a chain, empty until the
  // first call of a function that uses them (link_motion, the link-wrench inverse_dynamics).
  AlignedVector<Matrix3<S>> link_rot;   ///< (n) rotation frame a(i) <- frame i
  AlignedVector<Vector3<S>> link_pos;   ///< (n) origin of frame i in frame a(i)
  AlignedVector<Vector6<S>> link_v;     ///< (n) spatial velocity of link i, frame i
  /// (n) spatial acceleration of link i, frame i: after link_motion the true one; after the
  /// inverse dynamics of a tree, plus the base's -gravity (RBDA sec. 5.3)
  AlignedVector<Vector6<S>> link_a;
  AlignedVector<Vector6<S>> link_f;     ///< (n) force transmitted by joint i to link i, frame i
  /// (n) composite rigid-body inertia of the subtree of link i about origin 0, in frame 0 of
  /// model.modified (the tree mass matrix, RBDA Table 6.2 in one common frame); the centroidal
  /// momentum matrix uses it for the subtrees' inertias about the centre of mass, world axes
  AlignedVector<Matrix6<S>> link_Ic;
  AlignedVector<Matrix3<S>> link_rot0;  ///< (n) rotation frame 0 <- frame i (the tree mass matrix)
  AlignedVector<Vector3<S>> link_pos0;  ///< (n) origin of frame i in frame 0 (the tree mass matrix)
  /// (n) motion subspace of joint i in frame 0, about origin 0, [angular; linear] (the tree mass
  /// matrix)
  AlignedVector<Vector6<S>> link_S0;
  Matrix4<S> T_frame;  ///< world <- the frame of the last frame_pose / frame_jacobian
  MatrixX<S> J_frame;  ///< (6 x n) Jacobian of the last frame_jacobian; empty until then
  Vector3<S> com;      ///< centre of mass of the links, world frame (center_of_mass)
  MatrixX<S> J_com;    ///< (3 x n) its Jacobian (center_of_mass_jacobian); empty until then
  /// (6 x nv) the centroidal momentum matrix (centroidal_momentum_matrix); empty until then
  MatrixX<S> A_G;

  // ---- Lagrange-Euler workspace (src/serial/lagrange_euler.cpp) ------------------------------
  // Sized on first use (empty until a *_lagrange_euler call). Indices are 0-based: link i is frame i+1 of model.standard, chain frame 0.
  AlignedVector<Matrix4<S>> A;   ///< (n) link transforms {i-1}T{i} (standard DH)
  AlignedVector<Matrix4<S>> U;   ///< (n*n) U_ij = d(0T_i)/dq_j, index i*n + j
  AlignedVector<Matrix4<S>> U3;  ///< (n*n*n) U_ijk = d^2(0T_i)/dq_j dq_k, index (i*n + j)*n + k
  AlignedVector<Matrix4<S>> T0_le;  ///< (n+1) 0T_i, chain frame 0 <- frame i of model.standard
  /// (n) Q_0^{j-1} of Turney et al. eq. 1.11 in homogeneous form, d(0T_i)/dq_j = Q0[j] 0T_i
  AlignedVector<Matrix4<S>> Q0;
  MatrixX<S> qd_pairs;           ///< (n x n) qd_j qd_k, doubled for j < k (upper triangle used)
};

template <typename Scalar>
SerialDataTpl<Scalar>::SerialDataTpl(const SerialModel& model) : n(model.dof()) {
  // nv = n, plus 6 for a free-flyer's base (tau, G, bias and the scratch qd_work, qdd_work)
  const int nv = model.nv();
  tau = VectorX<S>::Zero(nv);
  G = VectorX<S>::Zero(nv);
  bias = VectorX<S>::Zero(nv);
  T0.assign(n + 1, Matrix4<S>::Identity());
  T_ee = Matrix4<S>::Identity();
  const Vector3<S> zero = Vector3<S>::Zero();
  p.assign(n + 1, zero);
  w.assign(n + 1, zero);
  wd.assign(n + 1, zero);
  vd.assign(n + 1, zero);
  vcd.assign(n + 1, zero);
  F.assign(n + 1, zero);
  N.assign(n + 1, zero);
  f.assign(n + 2, zero);
  nm.assign(n + 2, zero);
  qdd_work = VectorX<S>::Zero(nv);
  tau_work = VectorX<S>::Zero(n);
  sin_theta = VectorX<S>::Zero(n);
  cos_theta = VectorX<S>::Zero(n);
  pc.assign(n, zero);
  Amat.assign(n, Matrix3<S>::Zero());
  qd_work = VectorX<S>::Zero(nv);
  crba_rotation.assign(n + 1, Matrix3<S>::Identity());
  crba_origin.assign(n + 1, zero);
  T_frame = Matrix4<S>::Identity();
  com = zero;
  if (!model.is_chain() || model.root == RootJoint::free_flyer) detail::size_link_buffers(*this);
  // M, C, J (O(n^2), O(n)), the C^k (O(n^3)) and the Lagrange-Euler buffers (O(n^2), O(n^3)) are
  // sized on first use by the functions that need them.
}

template <typename Scalar>
std::size_t SerialDataTpl<Scalar>::workspace_bytes() const {
  auto dense = [](const auto& m) { return static_cast<std::size_t>(m.size()) * sizeof(S); };
  auto vec = [](const auto& v) {
    return v.capacity() * sizeof(typename std::decay_t<decltype(v)>::value_type);
  };
  std::size_t bytes = dense(tau) + dense(M) + dense(C) + dense(G) + dense(bias) + dense(J) +
                      dense(qdd_work) + dense(tau_work) + dense(sin_theta) + dense(cos_theta) +
                      dense(qd_work) + dense(qd_pairs) + dense(Y) + dense(energy_row) +
                      dense(J_frame) + dense(J_com) + dense(A_G);
  bytes += vec(Ck);
  for (const MatrixX<S>& c : Ck) bytes += dense(c);
  for (std::size_t b : {vec(T0), vec(p), vec(w), vec(wd), vec(vd), vec(vcd), vec(F), vec(N),
                        vec(f), vec(nm), vec(pc), vec(Amat), vec(crba_rotation),
                        vec(crba_origin), vec(A), vec(U), vec(U3), vec(T0_le), vec(Q0),
                        vec(link_rot), vec(link_pos), vec(link_v), vec(link_a), vec(link_f),
                        vec(link_Ic), vec(link_rot0), vec(link_pos0), vec(link_S0)})
    bytes += b;
  return bytes;
}

using SerialData = SerialDataTpl<double>;

template <typename S>
void detail::size_link_buffers(SerialDataTpl<S>& data) {
  const std::size_t n = static_cast<std::size_t>(data.n);
  if (data.link_Ic.size() == n) return;
  data.link_rot.assign(n, Matrix3<S>::Identity());
  data.link_pos.assign(n, Vector3<S>::Zero());
  data.link_v.assign(n, Vector6<S>::Zero());
  data.link_a.assign(n, Vector6<S>::Zero());
  data.link_f.assign(n, Vector6<S>::Zero());
  data.link_Ic.assign(n, Matrix6<S>::Zero());
  data.link_rot0.assign(n, Matrix3<S>::Identity());
  data.link_pos0.assign(n, Vector3<S>::Zero());
  data.link_S0.assign(n, Vector6<S>::Zero());
}

namespace detail {

/// Throws "<where>: n = <n> joints needs <bytes> of workspace (<what>), above the limit of 1 GiB
/// (kMaxWorkspaceBytes)" if `bytes` (computed in floating point, so that it cannot wrap) exceeds
/// kMaxWorkspaceBytes. Called before sizing a buffer that grows faster than O(n^2).
inline void check_workspace_limit(std::string_view where, int n, double bytes,
                                  std::string_view what) {
  if (bytes <= static_cast<double>(kMaxWorkspaceBytes)) return;
  std::ostringstream os;
  os.precision(3);
  os << where << ": n = " << n << " joints needs " << bytes / (1024.0 * 1024.0 * 1024.0)
     << " GiB of workspace (" << what << "), above the limit of "
     << static_cast<double>(kMaxWorkspaceBytes) / (1024.0 * 1024.0 * 1024.0)
     << " GiB (kMaxWorkspaceBytes)";
  throw std::invalid_argument(os.str());
}

/// Sizes m to rows x cols (zeros) unless it already has that shape: the first-use sizing of the
/// lazily sized buffers; allocates nothing once sized.
template <typename S>
MANIPDYN_ALWAYS_INLINE void ensure_size(MatrixX<S>& m, Eigen::Index rows, Eigen::Index cols) {
  if (m.rows() != rows || m.cols() != cols) [[unlikely]]
    m.setZero(rows, cols);
}

/// Sizes data.Ck to n matrices of n x n (n^3 scalars) unless already so, after checking the
/// limit: "<where>: n = 600 joints needs 1.61 GiB of workspace (the C^k matrices, n^3 scalars),
/// above the limit ...". `extra_bytes`: what the caller sizes besides (the Lagrange-Euler U_ijk).
template <typename S>
void ensure_velocity_coupling(std::string_view where, SerialDataTpl<S>& data, int n,
                              double extra_bytes = 0.0) {
  const bool sized = data.Ck.size() == static_cast<std::size_t>(n) &&
                     (n == 0 || (data.Ck[0].rows() == n && data.Ck[n - 1].cols() == n));
  if (sized) return;
  const double nd = n;
  check_workspace_limit(where, n, nd * nd * nd * sizeof(S) + extra_bytes,
                        extra_bytes > 0.0 ? "the C^k matrices and the partials U_ijk, n^3 each"
                                          : "the C^k matrices, n^3 scalars");
  data.Ck.assign(n, MatrixX<S>::Zero(n, n));
}

}  // namespace detail

}  // namespace manipdyn
