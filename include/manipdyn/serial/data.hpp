#pragma once
/// \file data.hpp
/// SerialDataTpl: the per-call workspace of the serial-arm algorithms. Built once from a model
/// (it sizes every buffer), then passed to the algorithms, which write into it and never
/// allocate. One Data per thread. Each field states its dimension; n = model.dof().
#include "manipdyn/core/types.hpp"
#include "manipdyn/serial/model.hpp"

namespace manipdyn {

template <typename Scalar>
struct SerialDataTpl {
  using S = Scalar;
  explicit SerialDataTpl(const SerialModel& model);

  int n = 0;  ///< number of joints the buffers are sized for

  // ---- outputs -------------------------------------------------------------------------------
  VectorX<S> tau;    ///< (n) joint torques/forces of the last inverse dynamics
  MatrixX<S> M;      ///< (n x n) joint-space mass matrix M(q)
  MatrixX<S> C;      ///< (n x n) Coriolis/centrifugal matrix C(q,qd), Christoffel form
  VectorX<S> G;      ///< (n) gravity torques G(q)
  VectorX<S> bias;   ///< (n) bias torques C(q,qd) qd + G(q) + friction(qd)
  /// (n) the C^k matrices (Turney et al. 1980, eq. 2.9): the velocity term of joint k is
  /// qd^T C^k qd; each (n x n), symmetric.
  std::vector<MatrixX<S>> Ck;

  // ---- kinematics (kinematics.hpp), in the model's own convention ----------------------------
  AlignedVector<Matrix4<S>> T0;  ///< (n+1) world <- frame i, T0[0] = base (frame 0)
  Matrix4<S> T_ee;               ///< world <- end-effector frame (T0[n] * tool)
  MatrixX<S> J;                  ///< (6 x n) geometric Jacobian [linear; angular], world frame,
                                 ///< at the end-effector origin

  // ---- recursive Newton-Euler workspace (newton_euler*.hpp) ----------------------------------
  AlignedVector<Matrix3<S>> R;   ///< (n+1) rotation of frame i-1 w.r.t. frame i or as documented
                                 ///< by the algorithm using it
  AlignedVector<Vector3<S>> p;   ///< (n+1) link offset vectors (p*_i of Turney et al.)
  AlignedVector<Vector3<S>> w;   ///< (n+1) angular velocity of link i
  AlignedVector<Vector3<S>> wd;  ///< (n+1) angular acceleration of link i
  AlignedVector<Vector3<S>> v;   ///< (n+1) linear velocity of frame origin i
  AlignedVector<Vector3<S>> vd;  ///< (n+1) linear acceleration of frame origin i
  AlignedVector<Vector3<S>> vcd; ///< (n+1) linear acceleration of the COM of link i
  AlignedVector<Vector3<S>> F;   ///< (n+1) net force on link i (m_i vcd_i)
  AlignedVector<Vector3<S>> N;   ///< (n+1) net moment on link i about its COM
  AlignedVector<Vector3<S>> f;   ///< (n+2) force exerted on link i by link i-1
  AlignedVector<Vector3<S>> nm;  ///< (n+2) moment exerted on link i by link i-1
  VectorX<S> qdd_work;           ///< (n) scratch joint vector (strobing, control laws)
  VectorX<S> tau_work;           ///< (n) scratch joint vector
  VectorX<S> sin_theta;          ///< (n) sin theta_i of the last Newton-Euler call
  VectorX<S> cos_theta;          ///< (n) cos theta_i of the last Newton-Euler call
  AlignedVector<Vector3<S>> pc;  ///< (n) p*_i + COM of link i (origin i-1 to COM, frame i)
  AlignedVector<Matrix3<S>> Amat;  ///< (n) A_i of Turney et al. 1980 sec. 5, w w^T - |w|^2 E + [alpha]x
  VectorX<S> qd_work;            ///< (n) scratch joint vector (strobing)

  // ---- Lagrange-Euler workspace (src/serial/lagrange_euler.cpp) ------------------------------
  // Sized on first use. Indices are 0-based: link i is frame i+1 of model.standard, chain frame 0.
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
  tau = VectorX<S>::Zero(n);
  M = MatrixX<S>::Zero(n, n);
  C = MatrixX<S>::Zero(n, n);
  G = VectorX<S>::Zero(n);
  bias = VectorX<S>::Zero(n);
  Ck.assign(n, MatrixX<S>::Zero(n, n));
  T0.assign(n + 1, Matrix4<S>::Identity());
  T_ee = Matrix4<S>::Identity();
  J = MatrixX<S>::Zero(6, n);
  R.assign(n + 1, Matrix3<S>::Identity());
  const Vector3<S> zero = Vector3<S>::Zero();
  p.assign(n + 1, zero);
  w.assign(n + 1, zero);
  wd.assign(n + 1, zero);
  v.assign(n + 1, zero);
  vd.assign(n + 1, zero);
  vcd.assign(n + 1, zero);
  F.assign(n + 1, zero);
  N.assign(n + 1, zero);
  f.assign(n + 2, zero);
  nm.assign(n + 2, zero);
  qdd_work = VectorX<S>::Zero(n);
  tau_work = VectorX<S>::Zero(n);
  sin_theta = VectorX<S>::Zero(n);
  cos_theta = VectorX<S>::Zero(n);
  pc.assign(n, zero);
  Amat.assign(n, Matrix3<S>::Zero());
  qd_work = VectorX<S>::Zero(n);
  // The Lagrange-Euler buffers grow as n^2 and n^3; they are sized on first use by the
  // Lagrange-Euler functions (an O(n^4) method is not on a hot path).
}

using SerialData = SerialDataTpl<double>;

}  // namespace manipdyn
