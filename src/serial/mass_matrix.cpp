/// \file mass_matrix.cpp
/// The joint-space mass matrix M(q) by the composite-rigid-body algorithm (Walker & Orin 1982,
/// method 3; Featherstone RBDA sec. 6.2) in the standard DH link coordinates of the Newton-Euler
/// family (2-2.5 times fewer operations than strobing for n = 6..12): mass_matrix, and
/// mass_matrix_and_bias, which shares the joint sin/cos with the bias torques. The strobed M
/// (mass_matrix_strobing) is in strobing.cpp, the Lagrange-Euler one in lagrange_euler.cpp.
#include <cassert>
#include <string_view>

#include "checked_entry.hpp"
#include "input_checks.hpp"
#include "manipdyn/codegen/traced.hpp"
#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/core/dual.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "newton_euler_core.hpp"

namespace manipdyn {

namespace {

// From this many joints a chain without DH structure (DhChain::ne_sparse false) projects the
// composite wrenches on the joint axes in frame 0 instead of carrying them down link by link.
// Measured on the random arms of bench_serial (CPU time, carry-down / projection): n = 4 161 /
// 199 ns, n = 8 439 / 389 ns, n = 16 1349 / 878 ns, n = 32 4627 / 2681 ns, n = 64 17.0 / 7.9 us.
// Chains with DH structure (PUMA-like, cheaper rotations by sign flips) keep the carry-down.
constexpr int kMassMatrixWorldFrom = 8;

// The joint axes in chain frame 0 for crba_mass_matrix's projection (kWorld): R_{0,k} in
// data.crba_rotation[k] (k = 0..n; its column 2 is the axis z_k), the origin o_k in
// data.crba_origin[k] (k = 0..n) and o_k x z_k in data.wd[k] (k = 0..n-1; data.hpp), by
// R_{0,k+1} = R_{0,k} Rz(theta_k) Rx(alpha_k) and o_{k+1} = o_k + d_k z_k + a_k x_{k+1}
// (standard DH).
template <typename S>
void crba_world_axes(const DhChain& ch, SerialDataTpl<S>& data,
                     const Eigen::Ref<const VectorX<S>>& q) {
  const int n = ch.n;
  data.crba_rotation[0].setIdentity();
  data.crba_origin[0].setZero();
  for (int k = 0; k < n; ++k) {
    const Matrix3<S>& P = data.crba_rotation[k];
    Matrix3<S>& C = data.crba_rotation[k + 1];
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
    data.wd[k] = data.crba_origin[k].cross(Vector3<S>(P.col(2)));
    data.crba_origin[k + 1] = data.crba_origin[k] + d * P.col(2) + ch.a[k] * x;
  }
}

// p*_k = (a, d sa, d ca) of a prismatic joint, d = q_k + d_k (counted; a revolute joint's is the
// model constant DhChain::ne_p).
template <typename S>
Vector3<S> prismatic_p(const DhChain& ch, const Eigen::Ref<const VectorX<S>>& q, int k) {
  const S d = q[k] + ch.d[k];
  return Vector3<S>(S(ch.a[k]), d * ch.sin_alpha[k], d * ch.cos_alpha[k]);
}

// The composite (mass mc, first moment hc, inertia Jc) moved by p (x -> x + p, parallel axes):
// J += 2 (h.p) E - (h p^T + p h^T) + mc (|p|^2 E - p p^T), h += mc p.
template <typename S, typename P>
void shift_composite(const P& p, double mc, Vector3<S>& hc, Matrix3<S>& Jc) {
  const S hp = hc[0] * p[0] + hc[1] * p[1] + hc[2] * p[2];
  const S hp2 = hp + hp;
  // (sums written out, here and below: Eigen's reductions may associate a 3-vector's terms by
  // its memory alignment, and the same scalar code must give the same bits for every scalar
  // type, codegen's tracing one included)
  const auto pp = p[0] * p[0] + p[1] * p[1] + p[2] * p[2];
  for (int r = 0; r < 3; ++r) {
    Jc(r, r) += hp2 - (hc[r] * (p[r] + p[r])) + mc * (pp - p[r] * p[r]);
    for (int k = r + 1; k < 3; ++k) {
      Jc(r, k) -= hc[r] * p[k] + p[r] * hc[k] + mc * (p[r] * p[k]);
      Jc(k, r) = Jc(r, k);
    }
  }
  hc += Vector3<S>(mc * p);
}

// Composite j+1 (links j+1..n-1: mc, hc, Jc about origin j+2, frame j+2) becomes composite j:
// moved to origin j+1, rotated into frame j+1 (J <- R J R^T by columns, then by rows, J
// symmetric; h <- R h) and link j added (its inertia about origin j+1, DhChain::inertia_origin).
template <typename S, bool kSparse>
void add_link_to_composite(const DhChain& ch, const SerialDataTpl<S>& data,
                           const Eigen::Ref<const VectorX<S>>& q, int j, double& mc,
                           Vector3<S>& hc, Matrix3<S>& Jc) {
  const int c = j + 1;
  if (ch.type[c] == JointType::revolute)
    shift_composite(ch.ne_p[c], mc, hc, Jc);
  else
    shift_composite(prismatic_p(ch, q, c), mc, hc, Jc);
  // rotate into frame j+1
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

// The wrench (F, N about origin j+1, frame j+1) that accelerates composite j with qdd_j = 1:
// axis u = R_j^T z0 = (0, sin alpha_j, cos alpha_j); revolute: angular acceleration u, origin
// j+1 accelerating with a = u x p*_j, F = mc a + u x h, N = J u + h x a; prismatic: linear
// acceleration u, F = mc u, N = h x u.
template <typename S, bool kSparse>
void unit_acceleration_wrench(const DhChain& ch, int j, double mc, const Vector3<S>& hc,
                              const Matrix3<S>& Jc, Vector3<S>& F, Vector3<S>& N) {
  const double sa = ch.sin_alpha[j], ca = ch.cos_alpha[j];
  const Vector3d u(0.0, sa, ca);
  if (ch.type[j] == JointType::revolute) {
    const Vector3d a = u.cross(ch.ne_p[j]);
    F = detail::cross_const_add<kSparse>(u, hc, Vector3<S>((mc * a).template cast<S>()));
    N = detail::mat_vec_const_add<kSparse>(
        Jc, u, detail::cross_const_add<kSparse>(Vector3d(-a), hc, Vector3<S>(Vector3<S>::Zero())));
  } else {
    F = (mc * u).template cast<S>();
    N = detail::cross_const_add<kSparse>(Vector3d(-u), hc, Vector3<S>(Vector3<S>::Zero()));
  }
}

// M(0..j, j) from the wrench (F, N) of unit_acceleration_wrench by projection (kWorld): into
// frame 0, moment about origin 0; then M(k, j) = z_k . N + (o_k x z_k) . F (revolute) or
// z_k . F (prismatic), Plucker coordinates of joint axis k (crba_world_axes). Mirrored into row j.
template <typename S>
void mass_matrix_column_by_projection(const DhChain& ch, SerialDataTpl<S>& data, int j,
                                      const Vector3<S>& F, const Vector3<S>& N) {
  const Matrix3<S>& R = data.crba_rotation[j + 1];
  const Vector3<S> Fw = detail::mat_vec(R, F);
  const Vector3<S> Nw = detail::mat_vec(R, N) + data.crba_origin[j + 1].cross(Fw);
  for (int k = j; k >= 0; --k) {
    const auto z = data.crba_rotation[k].col(2);
    const Vector3<S>& zo = data.wd[k];
    const S m_kj = ch.type[k] == JointType::revolute
                       ? S(z[0] * Nw[0] + z[1] * Nw[1] + z[2] * Nw[2] +
                           (zo[0] * Fw[0] + zo[1] * Fw[1] + zo[2] * Fw[2]))
                       : S(z[0] * Fw[0] + z[1] * Fw[1] + z[2] * Fw[2]);
    data.M(k, j) = m_kj;
    data.M(j, k) = m_kj;
  }
}

// M(0..j, j) from the wrench (F, N) of unit_acceleration_wrench carried down link by link: the
// moment about origin k, rotated into frame k; M(k, j) is its axis component (revolute) or the
// force's (prismatic). Mirrored into row j.
template <typename S, bool kSparse>
void mass_matrix_column_by_carry_down(const DhChain& ch, SerialDataTpl<S>& data,
                                      const Eigen::Ref<const VectorX<S>>& q, int j, Vector3<S> F,
                                      Vector3<S> N) {
  for (int k = j; k >= 0; --k) {
    const double sk = ch.sin_alpha[k], ck = ch.cos_alpha[k];
    const char kind = ch.ne_alpha_kind[k];
    const bool revolute = ch.type[k] == JointType::revolute;
    N = revolute ? detail::cross_const_add<kSparse>(ch.ne_p[k], F, N)
                 : Vector3<S>(N + prismatic_p(ch, q, k).cross(F));
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
  double mc = 0.0;
  Vector3<S> hc;
  Matrix3<S> Jc;
  for (int j = n - 1; j >= 0; --j) {
    // composite j: link n-1 alone, or composite j+1 moved, rotated, plus link j
    if (j == n - 1) {
      mc = ch.mass[j];
      hc = ch.first_moment[j].template cast<S>();
      Jc = ch.inertia_origin[j].template cast<S>();
    } else {
      add_link_to_composite<S, kSparse>(ch, data, q, j, mc, hc, Jc);
    }
    // the wrench of a unit qdd_j, then column j of M
    Vector3<S> F, N;
    unit_acceleration_wrench<S, kSparse>(ch, j, mc, hc, Jc, F, N);
    if constexpr (kWorld)
      mass_matrix_column_by_projection(ch, data, j, F, N);
    else
      mass_matrix_column_by_carry_down<S, kSparse>(ch, data, q, j, F, N);
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
  return detail::checked_of_q<S>("mass_matrix", "M", model, data, q, [&]() -> const MatrixX<S>& {
    return mass_matrix<S>(unchecked, model, data, q);
  });
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
  detail::checked_entry(
      [&] {
        detail::check_q_input(where, model, data, q);
        check_vector(where, "qd", qd, model.dof());
        check_finite(where, "gravity", gravity);
        check_finite(where, "f_ext", f_ext);
      },
      [&] { mass_matrix_and_bias<S>(unchecked, model, data, q, qd, gravity, f_ext); },
      [&] {
        check_result(where, "M", data.M, result_input("q", q));
        check_result(where, "bias", data.bias, result_input("q", q), result_input("qd", qd),
                     result_input("gravity", gravity), result_input("f_ext", f_ext));
      });
}

#define MANIPDYN_INSTANTIATE(S)                                                                \
  MANIPDYN_INSTANTIATE_ENTRIES(const MatrixX<S>&, mass_matrix, S, JointVectorIn<S>);           \
  MANIPDYN_INSTANTIATE_ENTRIES(void, mass_matrix_and_bias, S, JointVectorIn<S>,                \
                               JointVectorIn<S>, const Vector3In<S>&, const Vector6In<S>&);
MANIPDYN_INSTANTIATE(double)
MANIPDYN_INSTANTIATE(Counted)
MANIPDYN_INSTANTIATE(Dual1)
#undef MANIPDYN_INSTANTIATE
// the tracing scalar of code generation (codegen/generate.hpp): the unchecked mass matrix only
template const MatrixX<codegen::Traced>& mass_matrix<codegen::Traced>(
    Unchecked, const SerialModel&, SerialDataTpl<codegen::Traced>&, JointVectorIn<codegen::Traced>);

}  // namespace manipdyn
