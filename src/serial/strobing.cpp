/// \file strobing.cpp
/// The terms of tau = M qdd + C qd + G + friction by "strobing" the Newton-Euler equations
/// (Turney, Mudge & Lee 1980, end of sec. 3 and sec. 7): unit accelerations with qd = 0 and
/// g = 0 give the columns of M (mass_matrix_strobing); unit velocities and pairs of them with
/// qdd = 0 and g = 0 give the C^k matrices; qd = qdd = 0 gives G; qdd = 0 gives the bias;
/// C(q, qd) (Christoffel form) comes column by column from two strobes each, by polarization of
/// the velocity torques. The strobes run the rigid-body core (detail::fast_core, no drive
/// terms); the reflected motor inertia is added to M's diagonal and the friction to the bias
/// explicitly. The default mass_matrix is the composite-rigid-body algorithm in the same link
/// coordinates (2-2.5 times fewer operations than strobing for n = 6..12).
#include <cassert>
#include <string>
#include <string_view>

#include "manipdyn/codegen/traced.hpp"
#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/serial/detail/newton_euler_common.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"

namespace manipdyn {

namespace {

// M by strobing, inputs already checked: column j = tau(qd = 0, qdd = e_j, g = 0). Links before
// j stay at rest, so the forward pass starts at link j, and only rows j..n-1 are computed (the
// backward pass stops at link j); the upper triangle is mirrored.
template <typename S>
void strobe_mass_matrix(const SerialModel& model, SerialDataTpl<S>& data,
                        const Eigen::Ref<const VectorX<S>>& q) {
  const DhChain& ch = model.standard;
  const int n = ch.n;
  detail::ensure_size(data.M, n, n);  // sized on first use
  detail::joint_trig(ch, data, q);
  data.qd_work.setZero();
  data.qdd_work.setZero();
  const Vector3<S> zero = Vector3<S>::Zero();
  for (int j = 0; j < n; ++j) {
    data.qdd_work[j] = S(1);
    detail::run_fast_core<S, false>(ch, data, q, data.qd_work, data.qdd_work, zero, false, zero,
                                    zero, {j, j}, data.tau_work);
    data.qdd_work[j] = S(0);
    for (int k = j; k < n; ++k) {
      data.M(k, j) = data.tau_work[k];
      data.M(j, k) = data.tau_work[k];
    }
  }
  // reflected motor inertia G^2 Jm on the diagonal
  if (model.has_drive)
    for (int j = 0; j < n; ++j) data.M(j, j) += model.reflected_inertia[j];
}

// From this many joints a chain without DH structure (DhChain::ne_sparse false) projects the
// composite wrenches on the joint axes in frame 0 instead of carrying them down link by link.
// Measured on the random arms of bench_serial (CPU time, carry-down / projection): n = 4 161 /
// 199 ns, n = 8 439 / 389 ns, n = 16 1349 / 878 ns, n = 32 4627 / 2681 ns, n = 64 17.0 / 7.9 us.
// Chains with DH structure (PUMA-like, cheaper rotations by sign flips) keep the carry-down.
constexpr int kMassMatrixWorldFrom = 8;

// The joint axes in chain frame 0 for crba_mass_matrix's projection (kWorld): R_{0,k} in
// data.R[k] (k = 0..n), origin k in data.v[k], the axis z_k = R_{0,k} e_z in data.w[k] and
// o_k x z_k in data.wd[k] (k = 0..n-1), by R_{0,k+1} = R_{0,k} Rz(theta_k) Rx(alpha_k) and
// o_{k+1} = o_k + d_k z_k + a_k x_{k+1} (standard DH).
template <typename S>
void crba_world_axes(const DhChain& ch, SerialDataTpl<S>& data,
                     const Eigen::Ref<const VectorX<S>>& q) {
  const int n = ch.n;
  data.R[0].setIdentity();
  data.v[0].setZero();
  for (int k = 0; k < n; ++k) {
    const Matrix3<S>& P = data.R[k];
    Matrix3<S>& C = data.R[k + 1];
    const S& st = data.sin_theta[k];
    const S& ct = data.cos_theta[k];
    const double sa = ch.sin_alpha[k], ca = ch.cos_alpha[k];
    // R_{0,k} Rz(theta): columns (c x + s y, -s x + c y, z); then Rx(alpha) on the last two
    const Vector3<S> x = ct * P.col(0) + st * P.col(1);
    const Vector3<S> y = ct * P.col(1) - st * P.col(0);
    C.col(0) = x;
    C.col(1) = ca * y + sa * P.col(2);
    C.col(2) = ca * P.col(2) - sa * y;
    const S d = ch.type[k] == JointType::prismatic ? S(q[k] + ch.d[k]) : S(ch.d[k]);
    data.w[k] = P.col(2);
    data.wd[k] = data.v[k].cross(data.w[k]);
    data.v[k + 1] = data.v[k] + d * P.col(2) + ch.a[k] * x;
  }
}

// M by the composite-rigid-body algorithm (Walker & Orin 1982, method 3; Featherstone RBDA
// sec. 6.2) in the standard DH link coordinates of the Newton-Euler family, inputs checked, trig
// done. Backward over j = n-1..0: the composite of links j..n-1 (mass mc, first moment hc,
// inertia Jc about origin j+1, in frame j+1) gets link j added to the composite j+1 moved from
// origin j+2 to origin j+1 (parallel axes, in frame j+2) and rotated by R_{j+1}; the wrench that
// gives the composite a unit acceleration of joint j is then carried down to joints j..0, whose
// axis components are M(j..0, j). Rigid body; the caller adds the reflected inertia.
template <typename S, bool kSparse, bool kWorld>
void crba_mass_matrix(const DhChain& ch, SerialDataTpl<S>& data,
                      const Eigen::Ref<const VectorX<S>>& q) {
  const int n = ch.n;
  if constexpr (kWorld) crba_world_axes(ch, data, q);
  // p*_k: constant (double, free) for a revolute joint, counted for a prismatic one
  auto prismatic_p = [&](int k) {
    const S d = q[k] + ch.d[k];
    return Vector3<S>(S(ch.a[k]), d * ch.sin_alpha[k], d * ch.cos_alpha[k]);
  };
  double mc = 0.0;
  Vector3<S> hc;
  Matrix3<S> Jc;
  for (int j = n - 1; j >= 0; --j) {
    if (j == n - 1) {
      mc = ch.mass[j];
      hc = ch.first_moment[j].template cast<S>();
      Jc = ch.inertia_origin[j].template cast<S>();
    } else {
      // move composite j+1 from origin j+2 to origin j+1 (frame j+2): with x -> x + p,
      // J += 2 (h.p) E - (h p^T + p h^T) + mc (|p|^2 E - p p^T), h += mc p
      const int c = j + 1;
      auto shift = [&](const auto& p) {
        const S hp = hc[0] * p[0] + hc[1] * p[1] + hc[2] * p[2];
        const S hp2 = hp + hp;
        // (sums written out, here and below: Eigen's reductions may associate a 3-vector's
        // terms by its memory alignment, and the same scalar code must give the same bits for
        // every scalar type, codegen's tracing one included)
        const auto pp = p[0] * p[0] + p[1] * p[1] + p[2] * p[2];
        for (int r = 0; r < 3; ++r) {
          Jc(r, r) += hp2 - (hc[r] * (p[r] + p[r])) + mc * (pp - p[r] * p[r]);
          for (int k = r + 1; k < 3; ++k) {
            Jc(r, k) -= hc[r] * p[k] + p[r] * hc[k] + mc * (p[r] * p[k]);
            Jc(k, r) = Jc(r, k);
          }
        }
        hc += Vector3<S>(mc * p);
      };
      if (ch.type[c] == JointType::revolute)
        shift(ch.ne_p[c]);
      else
        shift(prismatic_p(c));
      // rotate into frame j+1: J <- R J R^T (R J by columns, then by rows, J symmetric),
      // h <- R h
      const S& st = data.sin_theta[c];
      const S& ct = data.cos_theta[c];
      const double sa = ch.sin_alpha[c], ca = ch.cos_alpha[c];
      const char kind = ch.ne_alpha_kind[c];
      Matrix3<S> B;
      for (int k = 0; k < 3; ++k)
        B.col(k) = detail::fast_to_parent<kSparse>(st, ct, sa, ca, kind, Vector3<S>(Jc.col(k)));
      const Vector3<S> r0 =
          detail::fast_to_parent<kSparse>(st, ct, sa, ca, kind, Vector3<S>(B.row(0).transpose()));
      const Vector3<S> r1 =
          detail::fast_to_parent<kSparse>(st, ct, sa, ca, kind, Vector3<S>(B.row(1).transpose()));
      const S j22 =
          detail::fast_axis_component<kSparse>(sa, ca, kind, Vector3<S>(B.row(2).transpose()));
      hc = detail::fast_to_parent<kSparse>(st, ct, sa, ca, kind, hc);
      // add link j (about origin j+1, frame j+1)
      const Matrix3d& Io = ch.inertia_origin[j];
      Jc(0, 0) = r0[0] + Io(0, 0);
      Jc(0, 1) = Jc(1, 0) = r0[1] + Io(0, 1);
      Jc(0, 2) = Jc(2, 0) = r0[2] + Io(0, 2);
      Jc(1, 1) = r1[1] + Io(1, 1);
      Jc(1, 2) = Jc(2, 1) = r1[2] + Io(1, 2);
      Jc(2, 2) = j22 + Io(2, 2);
      hc += ch.first_moment[j].template cast<S>();
      mc += ch.mass[j];
    }
    // the wrench (F, N about origin j+1, frame j+1) that accelerates the composite with
    // qdd_j = 1: axis u = R_j^T z0 = (0, sin alpha_j, cos alpha_j); revolute: angular
    // acceleration u, origin j+1 accelerating with a = u x p*_j, F = mc a + u x h,
    // N = J u + h x a; prismatic: linear acceleration u, F = mc u, N = h x u
    const double sa = ch.sin_alpha[j], ca = ch.cos_alpha[j];
    const Vector3d u(0.0, sa, ca);
    Vector3<S> F, N;
    if (ch.type[j] == JointType::revolute) {
      const Vector3d a = u.cross(ch.ne_p[j]);
      F = detail::cross_const_add<kSparse>(u, hc, Vector3<S>((mc * a).template cast<S>()));
      N = detail::mat_vec_const_add<kSparse>(
          Jc, u,
          detail::cross_const_add<kSparse>(Vector3d(-a), hc, Vector3<S>(Vector3<S>::Zero())));
    } else {
      F = (mc * u).template cast<S>();
      N = detail::cross_const_add<kSparse>(Vector3d(-u), hc, Vector3<S>(Vector3<S>::Zero()));
    }
    if constexpr (kWorld) {
      // into frame 0, moment about origin 0: then M(k, j) = z_k . N + (o_k x z_k) . F
      // (revolute) or z_k . F (prismatic), Plucker coordinates of joint axis k
      const Matrix3<S>& R = data.R[j + 1];
      const Vector3<S> Fw = detail::mat_vec(R, F);
      const Vector3<S> Nw = detail::mat_vec(R, N) + data.v[j + 1].cross(Fw);
      for (int k = j; k >= 0; --k) {
        const Vector3<S>& z = data.w[k];
        const Vector3<S>& zo = data.wd[k];
        const S m_kj =
            ch.type[k] == JointType::revolute
                ? S(z[0] * Nw[0] + z[1] * Nw[1] + z[2] * Nw[2] +
                    (zo[0] * Fw[0] + zo[1] * Fw[1] + zo[2] * Fw[2]))
                : S(z[0] * Fw[0] + z[1] * Fw[1] + z[2] * Fw[2]);
        data.M(k, j) = m_kj;
        data.M(j, k) = m_kj;
      }
      continue;
    }
    // carry it down: moment about origin k, rotated into frame k; M(k, j) is its axis
    // component (torque) or the force's (prismatic)
    for (int k = j; k >= 0; --k) {
      const double sk = ch.sin_alpha[k], ck = ch.cos_alpha[k];
      const char kind = ch.ne_alpha_kind[k];
      const bool revolute = ch.type[k] == JointType::revolute;
      N = revolute ? detail::cross_const_add<kSparse>(ch.ne_p[k], F, N)
                   : Vector3<S>(N + prismatic_p(k).cross(F));
      S m_kj;
      if (k == 0) {
        m_kj = detail::fast_axis_component<kSparse>(sk, ck, kind, revolute ? N : F);
      } else {
        F = detail::fast_to_parent<kSparse>(data.sin_theta[k], data.cos_theta[k], sk, ck, kind, F);
        N = detail::fast_to_parent<kSparse>(data.sin_theta[k], data.cos_theta[k], sk, ck, kind, N);
        m_kj = revolute ? N[2] : F[2];
      }
      data.M(k, j) = m_kj;
      data.M(j, k) = m_kj;
    }
  }
}

// M by the composite-rigid-body algorithm, then G^2 Jm on the diagonal; needs joint_trig first.
template <typename S>
void mass_matrix_from_trig(const SerialModel& model, SerialDataTpl<S>& data,
                           const Eigen::Ref<const VectorX<S>>& q) {
  const DhChain& ch = model.standard;
  detail::ensure_size(data.M, ch.n, ch.n);  // sized on first use
  // carry-down in link frames for short or DH-structured chains, projection on the joint axes in
  // frame 0 for long general ones (fewer operations per entry: 11 against ~44)
  if (ch.ne_sparse)
    crba_mass_matrix<S, true, false>(ch, data, q);
  else if (ch.n < kMassMatrixWorldFrom)
    crba_mass_matrix<S, false, false>(ch, data, q);
  else
    crba_mass_matrix<S, false, true>(ch, data, q);
  if (model.has_drive)
    for (int j = 0; j < ch.n; ++j) data.M(j, j) += model.reflected_inertia[j];
}

}  // namespace

template <typename S>
const MatrixX<S>& mass_matrix_strobing(Unchecked, const SerialModel& model,
                                       SerialDataTpl<S>& data, JointVectorIn<S> q) {
  assert(data.n == model.dof() && q.size() == data.n);
  strobe_mass_matrix(model, data, q);
  return data.M;
}

template <typename S>
const MatrixX<S>& mass_matrix_strobing(const SerialModel& model, SerialDataTpl<S>& data,
                                       JointVectorIn<S> q) {
  constexpr std::string_view where = "mass_matrix_strobing";
  detail::check_q_input(where, model, data, q);
  strobe_mass_matrix(model, data, q);
  check_result(where, "M", data.M, result_input("q", q));
  return data.M;
}

template <typename S>
const MatrixX<S>& mass_matrix(Unchecked, const SerialModel& model, SerialDataTpl<S>& data,
                              JointVectorIn<S> q) {
  assert(data.n == model.dof() && q.size() == data.n);
  detail::joint_trig(model.standard, data, q);
  mass_matrix_from_trig(model, data, q);
  return data.M;
}

template <typename S>
const MatrixX<S>& mass_matrix(const SerialModel& model, SerialDataTpl<S>& data,
                              JointVectorIn<S> q) {
  constexpr std::string_view where = "mass_matrix";
  detail::check_q_input(where, model, data, q);
  mass_matrix<S>(unchecked, model, data, q);
  check_result(where, "M", data.M, result_input("q", q));
  return data.M;
}

template <typename S>
void mass_matrix_and_bias(Unchecked, const SerialModel& model, SerialDataTpl<S>& data,
                          JointVectorIn<S> q, JointVectorIn<S> qd, const Vector3In<S>& gravity,
                          const Vector6In<S>& f_ext) {
  assert(data.n == model.dof() && q.size() == data.n && qd.size() == data.n);
  const DhChain& ch = model.standard;
  // sin/cos of the joint angles, once for both terms
  detail::joint_trig(ch, data, q);
  // b = tau(q, qd, qdd = 0) with gravity and the wrist wrench, + friction(qd)
  const bool has_wrench = detail::any_nonzero(f_ext);
  Vector3<S> fw = Vector3<S>::Zero(), nw = Vector3<S>::Zero();
  if (has_wrench) detail::wrench_in_frame_n(ch, f_ext, fw, nw);
  data.qdd_work.setZero();
  detail::run_fast_core<S, true>(ch, data, q, qd, data.qdd_work,
                                 detail::base_acceleration(ch, gravity), has_wrench, fw, nw,
                                 {0, 0}, data.bias);
  detail::add_drive_unchecked<S>(model, qd, data.qdd_work, data.bias);
  // M from the same sin/cos
  mass_matrix_from_trig(model, data, q);
}

template <typename S>
void mass_matrix_and_bias(const SerialModel& model, SerialDataTpl<S>& data, JointVectorIn<S> q,
                          JointVectorIn<S> qd, const Vector3In<S>& gravity,
                          const Vector6In<S>& f_ext) {
  constexpr std::string_view where = "mass_matrix_and_bias";
  detail::check_q_input(where, model, data, q);
  check_vector(where, "qd", qd, model.dof());
  check_finite(where, "gravity", gravity);
  check_finite(where, "f_ext", f_ext);
  mass_matrix_and_bias<S>(unchecked, model, data, q, qd, gravity, f_ext);
  check_result(where, "M", data.M, result_input("q", q));
  check_result(where, "bias", data.bias, result_input("q", q), result_input("qd", qd),
               result_input("gravity", gravity), result_input("f_ext", f_ext));
}

template <typename S>
const VectorX<S>& gravity_torques(Unchecked, const SerialModel& model, SerialDataTpl<S>& data,
                                  JointVectorIn<S> q, const Vector3In<S>& gravity) {
  assert(data.n == model.dof() && q.size() == data.n);
  detail::fast_gravity_torques<S>(model, data, q, gravity);
  return data.G;
}

template <typename S>
const VectorX<S>& gravity_torques(const SerialModel& model, SerialDataTpl<S>& data,
                                  JointVectorIn<S> q, const Vector3In<S>& gravity) {
  constexpr std::string_view where = "gravity_torques";
  detail::check_q_input(where, model, data, q);
  check_finite(where, "gravity", gravity);
  gravity_torques<S>(unchecked, model, data, q, gravity);
  check_result(where, "G", data.G, result_input("q", q), result_input("gravity", gravity));
  return data.G;
}

template <typename S>
const VectorX<S>& bias_torques(Unchecked, const SerialModel& model, SerialDataTpl<S>& data,
                               JointVectorIn<S> q, JointVectorIn<S> qd,
                               const Vector3In<S>& gravity) {
  assert(data.n == model.dof() && q.size() == data.n && qd.size() == data.n);
  const DhChain& ch = model.standard;
  detail::joint_trig(ch, data, q);
  // tau(q, qd, qdd = 0) + friction(qd)
  data.qdd_work.setZero();
  const Vector3<S> zero = Vector3<S>::Zero();
  detail::run_fast_core<S, true>(ch, data, q, qd, data.qdd_work,
                                 detail::base_acceleration(ch, gravity), false, zero, zero, {0, 0},
                                 data.bias);
  detail::add_drive_unchecked<S>(model, qd, data.qdd_work, data.bias);
  return data.bias;
}

template <typename S>
const VectorX<S>& bias_torques(const SerialModel& model, SerialDataTpl<S>& data, JointVectorIn<S> q,
                               JointVectorIn<S> qd, const Vector3In<S>& gravity) {
  constexpr std::string_view where = "bias_torques";
  detail::check_q_input(where, model, data, q);
  check_vector(where, "qd", qd, model.dof());
  check_finite(where, "gravity", gravity);
  bias_torques<S>(unchecked, model, data, q, qd, gravity);
  check_result(where, "bias", data.bias, result_input("q", q), result_input("qd", qd),
               result_input("gravity", gravity));
  return data.bias;
}

namespace {

// C^k by strobing, inputs already checked: qd = e_i gives C^k_ii = tau_k; qd = e_i + e_j gives
// C^k_ii + C^k_jj + 2 C^k_ij = tau_k. Links before min(i, j) stay at rest.
template <typename S>
void strobe_velocity_coupling(const SerialModel& model, SerialDataTpl<S>& data,
                              const Eigen::Ref<const VectorX<S>>& q) {
  const DhChain& ch = model.standard;
  const int n = ch.n;
  detail::joint_trig(ch, data, q);
  data.qd_work.setZero();
  data.qdd_work.setZero();
  const Vector3<S> zero = Vector3<S>::Zero();
  // diagonal entries: one unit velocity
  for (int i = 0; i < n; ++i) {
    data.qd_work[i] = S(1);
    detail::run_fast_core<S, true>(ch, data, q, data.qd_work, data.qdd_work, zero, false, zero,
                                   zero, {i, 0}, data.tau_work);
    data.qd_work[i] = S(0);
    for (int k = 0; k < n; ++k) data.Ck[k](i, i) = data.tau_work[k];
  }
  // off-diagonal entries: pairs of unit velocities
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      data.qd_work[i] = S(1);
      data.qd_work[j] = S(1);
      detail::run_fast_core<S, true>(ch, data, q, data.qd_work, data.qdd_work, zero, false, zero,
                                     zero, {i, 0}, data.tau_work);
      data.qd_work[i] = S(0);
      data.qd_work[j] = S(0);
      for (int k = 0; k < n; ++k) {
        const S c = (data.tau_work[k] - data.Ck[k](i, i) - data.Ck[k](j, j)) * 0.5;
        data.Ck[k](i, j) = c;
        data.Ck[k](j, i) = c;
      }
    }
}

}  // namespace

template <typename S>
const std::vector<MatrixX<S>>& velocity_coupling_strobing(const SerialModel& model,
                                                          SerialDataTpl<S>& data,
                                                          JointVectorIn<S> q) {
  constexpr std::string_view where = "velocity_coupling_strobing";
  detail::check_q_input(where, model, data, q);
  // C^k: n^3 scalars, sized on first use within kMaxWorkspaceBytes
  detail::ensure_velocity_coupling(where, data, model.dof());
  strobe_velocity_coupling(model, data, q);
  // one check of all n^3 entries (the strobes cost O(n^3) too)
  for (std::size_t k = 0; k < data.Ck.size(); ++k)
    if (!all_finite(data.Ck[k])) [[unlikely]]
      check_result(where, "Ck[" + std::to_string(k) + "]", data.Ck[k], result_input("q", q));
  return data.Ck;
}

template <typename S>
const MatrixX<S>& coriolis_matrix(Unchecked, const SerialModel& model, SerialDataTpl<S>& data,
                                  JointVectorIn<S> q, JointVectorIn<S> qd) {
  assert(data.n == model.dof() && q.size() == data.n && qd.size() == data.n);
  const DhChain& ch = model.standard;
  const int n = ch.n;
  detail::ensure_size(data.C, n, n);  // sized on first use
  detail::joint_trig(ch, data, q);
  // Column j of C is B(e_j, qd), B the symmetric bilinear form of the velocity torques,
  // B(x, y)_k = x^T C^k y (C^k_ij = Gamma_kij, so C_kj = sum_i Gamma_kji qd_i). By polarization
  // of Q(v) = tau(q, v, qdd = 0, g = 0) = B(v, v):
  //   B(e_j, qd) = |qd| (Q(e_j + u) - Q(e_j - u)) / 4,  u = qd / |qd|,
  // two strobes per column (2n in all, instead of the n(n+1)/2 strobes of every C^k), with e_j
  // and u of the same size so that the difference loses no digits.
  S norm2 = qd[0] * qd[0];
  for (int i = 1; i < n; ++i) norm2 += qd[i] * qd[i];
  if (math::value(norm2) == 0.0) {
    data.C.setZero();
    return data.C;
  }
  const S norm = math::sqrt(norm2);
  const S inv_norm = S(1) / norm;
  const S scale = norm * 0.25;
  data.qdd_work.setZero();
  const Vector3<S> zero = Vector3<S>::Zero();
  for (int j = 0; j < n; ++j) {
    // Q(e_j + u) into C's column, then subtract Q(e_j - u)
    for (int i = 0; i < n; ++i) data.qd_work[i] = qd[i] * inv_norm;
    data.qd_work[j] += S(1);
    detail::run_fast_core<S, true>(ch, data, q, data.qd_work, data.qdd_work, zero, false, zero,
                                   zero, {0, 0}, data.tau_work);
    data.C.col(j) = data.tau_work;
    for (int i = 0; i < n; ++i) data.qd_work[i] = -(qd[i] * inv_norm);
    data.qd_work[j] += S(1);
    detail::run_fast_core<S, true>(ch, data, q, data.qd_work, data.qdd_work, zero, false, zero,
                                   zero, {0, 0}, data.tau_work);
    for (int k = 0; k < n; ++k) data.C(k, j) = (data.C(k, j) - data.tau_work[k]) * scale;
  }
  return data.C;
}

template <typename S>
const MatrixX<S>& coriolis_matrix(const SerialModel& model, SerialDataTpl<S>& data,
                                  JointVectorIn<S> q, JointVectorIn<S> qd) {
  constexpr std::string_view where = "coriolis_matrix";
  detail::check_q_input(where, model, data, q);
  check_vector(where, "qd", qd, model.dof());
  coriolis_matrix<S>(unchecked, model, data, q, qd);
  check_result(where, "C", data.C, result_input("q", q), result_input("qd", qd));
  return data.C;
}

#define MANIPDYN_INSTANTIATE(S)                                                              \
  template const MatrixX<S>& mass_matrix<S>(const SerialModel&, SerialDataTpl<S>&,           \
                                            JointVectorIn<S>);                               \
  template const MatrixX<S>& mass_matrix<S>(Unchecked, const SerialModel&, SerialDataTpl<S>&, \
                                            JointVectorIn<S>);                               \
  template const MatrixX<S>& mass_matrix_strobing<S>(const SerialModel&, SerialDataTpl<S>&,  \
                                                     JointVectorIn<S>);                      \
  template const MatrixX<S>& mass_matrix_strobing<S>(Unchecked, const SerialModel&,          \
                                                     SerialDataTpl<S>&, JointVectorIn<S>);   \
  template void mass_matrix_and_bias<S>(const SerialModel&, SerialDataTpl<S>&,               \
                                        JointVectorIn<S>, JointVectorIn<S>,                  \
                                        const Vector3In<S>&, const Vector6In<S>&);           \
  template void mass_matrix_and_bias<S>(Unchecked, const SerialModel&, SerialDataTpl<S>&,    \
                                        JointVectorIn<S>, JointVectorIn<S>,                  \
                                        const Vector3In<S>&, const Vector6In<S>&);           \
  template const VectorX<S>& gravity_torques<S>(const SerialModel&, SerialDataTpl<S>&,       \
                                                JointVectorIn<S>, const Vector3In<S>&);      \
  template const VectorX<S>& gravity_torques<S>(Unchecked, const SerialModel&,               \
                                                SerialDataTpl<S>&, JointVectorIn<S>,         \
                                                const Vector3In<S>&);                        \
  template const VectorX<S>& bias_torques<S>(const SerialModel&, SerialDataTpl<S>&,          \
                                             JointVectorIn<S>, JointVectorIn<S>,             \
                                             const Vector3In<S>&);                           \
  template const VectorX<S>& bias_torques<S>(Unchecked, const SerialModel&, SerialDataTpl<S>&, \
                                             JointVectorIn<S>, JointVectorIn<S>,             \
                                             const Vector3In<S>&);                           \
  template const std::vector<MatrixX<S>>& velocity_coupling_strobing<S>(                     \
      const SerialModel&, SerialDataTpl<S>&, JointVectorIn<S>);                              \
  template const MatrixX<S>& coriolis_matrix<S>(const SerialModel&, SerialDataTpl<S>&,       \
                                                JointVectorIn<S>, JointVectorIn<S>);         \
  template const MatrixX<S>& coriolis_matrix<S>(Unchecked, const SerialModel&,               \
                                                SerialDataTpl<S>&, JointVectorIn<S>,         \
                                                JointVectorIn<S>);
MANIPDYN_INSTANTIATE(double)
MANIPDYN_INSTANTIATE(Counted)
#undef MANIPDYN_INSTANTIATE
// the tracing scalar of code generation (codegen/generate.hpp): the unchecked mass matrix only
template const MatrixX<codegen::Traced>& mass_matrix<codegen::Traced>(
    Unchecked, const SerialModel&, SerialDataTpl<codegen::Traced>&, JointVectorIn<codegen::Traced>);

}  // namespace manipdyn
