/// \file regressor.cpp
/// The joint-torque regressor Y (tau = Y pi) and the energy regressor e (E = e . pi_rigid) of a
/// serial arm (serial/regressor.hpp), in the frames of model.own_chain(); a tree runs its own body
/// (tree_regressor.cpp) from the same entries, and shares the drive columns.
///
/// One outward pass over the links (Atkeson, An & Hollerbach 1986; Khalil & Dombre 2002, sec.
/// 9.3.3): link k's w, wd and origin acceleration a (Newton-Euler, gravity as the base
/// acceleration), then the screws (u_j, v_j) of joints j < k carried from frame k-1 into frame k
/// and joint k's own added, then rows 0..k of link k's 10 columns from the 6 x 10 body regressor
/// about the origin, projected on each screw. A backward pass is not needed: the screw of joint j
/// in frame k is what the backward pass would project link k's wrench on. Speed: the alpha kinds
/// of the DH table (multiples of pi/2) rotate by sign flips (dh_rotations.hpp), constant
/// vectors skip their zero entries, and per (joint, link) pair 36 multiplications remain (v.a,
/// A^T v, a x u, B^T u with B = L(wd) + [w]x L(w) formed once per link).
#include "manipdyn/serial/regressor.hpp"

#include <cassert>
#include <cmath>
#include <string_view>
#include <type_traits>

#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/serial/standard_parameters.hpp"
#include "manipdyn/serial/kinematics.hpp"
#include "checked_entry.hpp"
#include "input_checks.hpp"
#include "newton_euler_core.hpp"
#include "tree_algorithms.hpp"

namespace manipdyn {

namespace detail {
namespace {

/// The motion of link k in its frame: w, wd, the origin acceleration a, A = [wd]x + [w]x^2, and
/// the offset p to its origin (standard DH: p*_k from origin k-1, in frame k; modified DH: P_k
/// from origin k-1, in frame k-1), from the parent's w, wd, a, A (zero A at the base).
template <typename S>
struct LinkMotion {
  Vector3<S> w = Vector3<S>::Zero(), wd = Vector3<S>::Zero(), a = Vector3<S>::Zero(),
             p = Vector3<S>::Zero();
  Matrix3<S> A = Matrix3<S>::Zero();
};

/// Standard DH (Turney et al. 1980 eqs 3.15-3.17; prismatic as Lee et al. 1982): w = R^T (w' +
/// qd z0), wd = R^T (wd' + w' x z0 qd + qdd z0), a = R^T a' + A p* (+ R^T (qdd z0 + 2 w' x z0 qd)
/// for a prismatic joint, p* = (a, d sa, d ca) with d = d_k + q).
template <typename S, bool kSparse>
MANIPDYN_ALWAYS_INLINE void standard_link_motion(const DhChain& ch, int k, const S& st,
                                                 const S& ct, const S& q, const S& qd,
                                                 const S& qdd, LinkMotion<S>& m) {
  const double sa = ch.sin_alpha[k], ca = ch.cos_alpha[k];
  const char kind = ch.ne_alpha_kind[k];
  const Vector3<S> wp = m.w, ap = m.wd;
  Vector3<S> b;
  if (ch.type[k] == JointType::revolute) {
    m.w = fast_to_child<kSparse>(st, ct, sa, ca, kind, Vector3<S>(wp[0], wp[1], wp[2] + qd));
    m.wd = fast_to_child<kSparse>(
        st, ct, sa, ca, kind, Vector3<S>(ap[0] + wp[1] * qd, ap[1] - wp[0] * qd, ap[2] + qdd));
    b = fast_to_child<kSparse>(st, ct, sa, ca, kind, m.a);
    build_A(m.w, m.wd, m.A);
    m.a = mat_vec_const_add<kSparse>(m.A, ch.ne_p[k], b);
    m.p = ch.ne_p[k].template cast<S>();
    return;
  }
  m.w = fast_to_child<kSparse>(st, ct, sa, ca, kind, wp);
  m.wd = fast_to_child<kSparse>(st, ct, sa, ca, kind, ap);
  const S t = qd + qd;
  b = fast_to_child<kSparse>(
      st, ct, sa, ca, kind,
      Vector3<S>(m.a[0] + t * wp[1], m.a[1] - t * wp[0], m.a[2] + qdd));
  const S d = q + ch.d[k];
  m.p = Vector3<S>(S(ch.a[k]), d * sa, d * ca);
  build_A(m.w, m.wd, m.A);
  m.a = mat_vec(m.A, m.p) + b;
}

/// Modified DH (Craig eqs 6.45-6.50): a = R^T (A' P + a') (+ 2 w x z qd + qdd z for a prismatic
/// joint), w = R^T w' + qd z, wd = R^T wd' + R^T w' x z qd + qdd z, P = (a, -d sa, d ca).
template <typename S, bool kSparse>
MANIPDYN_ALWAYS_INLINE void modified_link_motion(const DhChain& ch, int k, const S& st,
                                                 const S& ct, const S& q, const S& qd,
                                                 const S& qdd, LinkMotion<S>& m) {
  const double sa = ch.sin_alpha[k], ca = ch.cos_alpha[k];
  const char kind = ch.ne_alpha_kind[k];
  const bool revolute = ch.type[k] == JointType::revolute;
  if (revolute) {
    m.p = ch.ne_p[k].template cast<S>();
    m.a = fast_mod_to_child<kSparse>(st, ct, sa, ca, kind,
                                     mat_vec_const_add<kSparse>(m.A, ch.ne_p[k], m.a));
  } else {
    const S d = q + ch.d[k];
    m.p = Vector3<S>(S(ch.a[k]), -sa * d, ca * d);
    m.a = fast_mod_to_child<kSparse>(st, ct, sa, ca, kind, Vector3<S>(mat_vec(m.A, m.p) + m.a));
  }
  const Vector3<S> wr = fast_mod_to_child<kSparse>(st, ct, sa, ca, kind, m.w);
  m.wd = fast_mod_to_child<kSparse>(st, ct, sa, ca, kind, m.wd);
  if (revolute) {
    m.w = Vector3<S>(wr[0], wr[1], wr[2] + qd);
    m.wd += Vector3<S>(wr[1] * qd, -(wr[0] * qd), qdd);
  } else {
    m.w = wr;
    const S t = qd + qd;
    m.a += Vector3<S>(t * wr[1], -(t * wr[0]), qdd);
  }
  build_A(m.w, m.wd, m.A);
}

/// u x p added to v, with p the link's constant offset (zero entries skipped) for a revolute
/// link k, else its q-dependent p: v + u x p = v - p x u.
template <bool kSparse, typename S>
MANIPDYN_ALWAYS_INLINE Vector3<S> add_offset_moment(bool constant, const Vector3d& p_const,
                                                    const Vector3<S>& p, const Vector3<S>& u,
                                                    const Vector3<S>& v) {
  if (constant) return -cross_const_add<kSparse>(p_const, u, Vector3<S>(-v));
  return v + u.cross(p);
}

/// The screws of joints 0..k-1 carried from frame k-1 into frame k, then joint k's own in frame
/// k: u_j = R^T u_j, v_j = R^T v_j + u_j x p* (standard) or R^T (v_j + u_j x P) (modified);
/// joint k: standard u = R^T z0 = (0, sa, ca), v = u x p* = (0, a ca, -a sa); modified u = z,
/// v = 0; prismatic u = 0, v = that axis. u in data.nm, v in data.f. The alpha kind is a
/// template constant of the loop over j (kKind), so that its rotations have no branch.
template <typename S, bool kStandard, bool kSparse, int kKind>
MANIPDYN_ALWAYS_INLINE void carry_screws_kind(const DhChain& ch, SerialDataTpl<S>& data, int k,
                                              const S& st, const S& ct, const Vector3<S>& p) {
  const double sa = ch.sin_alpha[k], ca = ch.cos_alpha[k];
  const bool constant = ch.type[k] == JointType::revolute;
  const Vector3d& p_const = ch.ne_p[k];
  for (int j = 0; j < k; ++j) {
    Vector3<S>& u = data.nm[j];
    Vector3<S>& v = data.f[j];
    const bool revolute = ch.type[j] == JointType::revolute;
    if constexpr (kStandard) {
      u = fast_to_child<kSparse>(st, ct, sa, ca, char(kKind), u);
      v = fast_to_child<kSparse>(st, ct, sa, ca, char(kKind), v);
      if (revolute) v = add_offset_moment<kSparse>(constant, p_const, p, u, v);
    } else {
      if (revolute) v = add_offset_moment<kSparse>(constant, p_const, p, u, v);
      u = fast_mod_to_child<kSparse>(st, ct, sa, ca, char(kKind), u);
      v = fast_mod_to_child<kSparse>(st, ct, sa, ca, char(kKind), v);
    }
  }
}

template <typename S, bool kStandard, bool kSparse>
MANIPDYN_ALWAYS_INLINE void carry_screws(const DhChain& ch, SerialDataTpl<S>& data, int k,
                                         const S& st, const S& ct, const Vector3<S>& p) {
  const double sa = ch.sin_alpha[k], ca = ch.cos_alpha[k];
  const char kind = kSparse ? ch.ne_alpha_kind[k] : 0;
  if (kind == 1) carry_screws_kind<S, kStandard, kSparse, 1>(ch, data, k, st, ct, p);
  else if (kind == 2) carry_screws_kind<S, kStandard, kSparse, 2>(ch, data, k, st, ct, p);
  else carry_screws_kind<S, kStandard, kSparse, 0>(ch, data, k, st, ct, p);
  const bool revolute = ch.type[k] == JointType::revolute;
  const Vector3<S> axis = kStandard ? fast_axis_in_child<kSparse>(sa, ca, kind, S(1))
                                    : Vector3<S>(S(0), S(0), S(1));
  data.nm[k] = revolute ? axis : Vector3<S>::Zero();
  if (!revolute) data.f[k] = axis;
  else if constexpr (kStandard) data.f[k] = Vector3<S>(S(0), S(ch.a[k] * ca), S(-(ch.a[k] * sa)));
  else data.f[k] = Vector3<S>::Zero();
}

/// Rows 0..k of link k's columns 10 k .. 10 k + 9 (Atkeson et al. 1986 eq. 8 projected on each
/// joint's screw): m: v.a; h: A^T v + a x u; I_o: B^T u with B = L(wd) + [w]x L(w), L(y) the 3 x 6
/// map I y = L(y) [Ixx, Ixy, Iyy, Ixz, Iyz, Izz] (prismatic rows: u = 0). Row k of a revolute
/// joint k has u, v with a zero x entry (standard DH) or u = z, v = 0 (modified DH).
template <typename S, bool kStandard>
MANIPDYN_ALWAYS_INLINE void link_columns(const DhChain& ch, SerialDataTpl<S>& data, int k,
                                         const LinkMotion<S>& m) {
  const Vector3<S>& w = m.w;
  const Vector3<S>& wd = m.wd;
  const Vector3<S>& a = m.a;
  const Matrix3<S>& A = m.A;
  // B, column by column (the columns of L(wd) plus w x the columns of L(w))
  const S xy = w[0] * w[1], xz = w[0] * w[2], yz = w[1] * w[2];
  const S xx = w[0] * w[0], yy = w[1] * w[1], zz = w[2] * w[2];
  Eigen::Matrix<S, 3, 6> B;
  B << wd[0], wd[1] - xz, -yz, wd[2] + xy, yy - zz, yz,  //
      xz, wd[0] + yz, wd[1], zz - xx, wd[2] - xy, -xz,   //
      -xy, xx - yy, xy, wd[0] - yz, wd[1] + xz, wd[2];
  const int n = ch.n;
  S* col = data.Y.data() + static_cast<Eigen::Index>(kLinkParameters) * k * n;
  auto store = [&](int j, const S& mass, const Vector3<S>& h, const Eigen::Matrix<S, 6, 1>& I) {
    col[j] = mass;
    for (int c = 0; c < 3; ++c) col[(1 + c) * n + j] = h[c];
    for (int c = 0; c < 6; ++c) col[(4 + c) * n + j] = I[c];
  };
  const bool diagonal_revolute = ch.type[k] == JointType::revolute;
  const int generic_rows = diagonal_revolute ? k : k + 1;
  for (int j = 0; j < generic_rows; ++j) {
    const Vector3<S>& u = data.nm[j];
    const Vector3<S>& v = data.f[j];
    // A^T v, then + a x u for a revolute joint
    Vector3<S> h(A(0, 0) * v[0] + A(1, 0) * v[1] + A(2, 0) * v[2],
                 A(0, 1) * v[0] + A(1, 1) * v[1] + A(2, 1) * v[2],
                 A(0, 2) * v[0] + A(1, 2) * v[1] + A(2, 2) * v[2]);
    if (ch.type[j] == JointType::revolute) {
      h += a.cross(u);
      store(j, v.dot(a), h, B.transpose() * u);
    } else {
      store(j, v.dot(a), h, Eigen::Matrix<S, 6, 1>::Zero());
    }
  }
  if (!diagonal_revolute) return;
  const Vector3<S>& u = data.nm[k];
  const Vector3<S>& v = data.f[k];
  if constexpr (kStandard) {
    // u = (0, sa, ca), v = (0, a ca, -a sa)
    const Vector3<S> h(A(1, 0) * v[1] + A(2, 0) * v[2] + (a[1] * u[2] - a[2] * u[1]),
                       A(1, 1) * v[1] + A(2, 1) * v[2] - a[0] * u[2],
                       A(1, 2) * v[1] + A(2, 2) * v[2] + a[0] * u[1]);
    store(k, a[1] * v[1] + a[2] * v[2], h,
          B.row(1).transpose() * u[1] + B.row(2).transpose() * u[2]);
  } else {
    // u = z, v = 0
    store(k, S(0), Vector3<S>(a[1], -a[0], S(0)), B.row(2).transpose());
  }
}

/// The drive columns of every joint j (row j only): qdd_j, qd_j, s(qd_j), o(qd_j) with s = sign,
/// o = 1 if qd_j != 0 else 0 (Corke's discontinuous Coulomb friction), or s = tanh(qd_j / v_s),
/// o = 1 for the smooth model (LinkParameters::coulomb_velocity_scale v_s > 0; drive.hpp).
template <typename S>
MANIPDYN_ALWAYS_INLINE void drive_columns(const SerialModel& model, const Eigen::Ref<const VectorX<S>>& qd,
                   const Eigen::Ref<const VectorX<S>>& qdd, MatrixX<S>& Y) {
  const int n = model.dof();
  for (int j = 0; j < n; ++j) {
    const Eigen::Index c = Eigen::Index{kLinkParameters} * n + Eigen::Index{kDriveParameters} * j;
    const double scale = model.links[j].coulomb_velocity_scale;
    Y(j, c) = qdd[j];
    Y(j, c + 1) = qd[j];
    if (scale > 0.0) {
      Y(j, c + 2) = math::tanh(S(qd[j] / S(scale)));
      Y(j, c + 3) = S(1);
    } else {
      Y(j, c + 2) = math::sign_select(qd[j], 1.0, -1.0);
      Y(j, c + 3) = math::sign_select(qd[j], 1.0, 1.0);
    }
  }
}

/// The body of joint_torque_regressor for one convention and structure flag.
template <typename S, bool kStandard, bool kSparse>
void regressor_core(const DhChain& ch, SerialDataTpl<S>& data,
                    const Eigen::Ref<const VectorX<S>>& q,
                    const Eigen::Ref<const VectorX<S>>& qd,
                    const Eigen::Ref<const VectorX<S>>& qdd, const Vector3<S>& gravity) {
  LinkMotion<S> m;
  m.a = base_acceleration(ch, gravity);
  for (int k = 0; k < ch.n; ++k) {
    const S& st = data.sin_theta[k];
    const S& ct = data.cos_theta[k];
    if constexpr (kStandard)
      standard_link_motion<S, kSparse>(ch, k, st, ct, q[k], qd[k], qdd[k], m);
    else
      modified_link_motion<S, kSparse>(ch, k, st, ct, q[k], qd[k], qdd[k], m);
    carry_screws<S, kStandard, kSparse>(ch, data, k, st, ct, m.p);
    link_columns<S, kStandard>(ch, data, k, m);
  }
}

/// joint_torque_regressor_body for a tree: its own forward pass and projection
/// (tree_regressor.cpp), then the drive columns. Out of line, so that the chain's body stays as it
/// was.
template <typename S>
[[gnu::noinline, gnu::cold]] void tree_joint_torque_regressor_body(
    const SerialModel& model, SerialDataTpl<S>& data, JointVectorIn<S> q, JointVectorIn<S> qd,
    JointVectorIn<S> qdd, const Vector3<S>& gravity) {
  const int n = model.dof();
  ensure_size(data.Y, n, Eigen::Index{kLinkParameters + kDriveParameters} * n);
  tree_regressor_link_columns<S>(model, data, q, qd, qdd, gravity);
  drive_columns<S>(model, qd, qdd, data.Y);
}

template <typename S>
void joint_torque_regressor_body(const SerialModel& model, SerialDataTpl<S>& data,
                                 JointVectorIn<S> q, JointVectorIn<S> qd, JointVectorIn<S> qdd,
                                 const Vector3<S>& gravity) {
  const DhChain& ch = model.own_chain();
  const int n = ch.n;
  ensure_size(data.Y, n, Eigen::Index{kLinkParameters + kDriveParameters} * n);
  joint_trig(ch, data, q);
  const bool standard = ch.convention == DhConvention::standard;
  if (standard && ch.ne_sparse) regressor_core<S, true, true>(ch, data, q, qd, qdd, gravity);
  else if (standard) regressor_core<S, true, false>(ch, data, q, qd, qdd, gravity);
  else if (ch.ne_sparse) regressor_core<S, false, true>(ch, data, q, qd, qdd, gravity);
  else regressor_core<S, false, false>(ch, data, q, qd, qdd, gravity);
  drive_columns<S>(model, qd, qdd, data.Y);
}

/// The body of joint_torque_regressor for any model: the chain's or the tree's (the branch in the
/// entries, so that the chain's body is the same code as before trees).
template <typename S>
MANIPDYN_ALWAYS_INLINE void any_joint_torque_regressor_body(const SerialModel& model,
                                                            SerialDataTpl<S>& data,
                                                            JointVectorIn<S> q, JointVectorIn<S> qd,
                                                            JointVectorIn<S> qdd,
                                                            const Vector3<S>& gravity) {
  if (!model.is_chain()) [[unlikely]]
    tree_joint_torque_regressor_body<S>(model, data, q, qd, qdd, gravity);
  else
    joint_torque_regressor_body<S>(model, data, q, qd, qdd, gravity);
}

/// The body of energy_regressor: link frames from link_transforms, then outward in the world
/// frame w_k = w_{k-1} + z qd (revolute), v_k = v_{k-1} + w' x (p_k - p_{k-1}) (+ z qd,
/// prismatic), w' = w_k in standard DH (joint k turns about an axis through origin k-1) and
/// w_{k-1} in modified DH (origin k lies on joint k's axis); each link's block from v, w, g in
/// its frame.
template <typename S>
void energy_regressor_body(const SerialModel& model, SerialDataTpl<S>& data, JointVectorIn<S> q,
                           JointVectorIn<S> qd, const Vector3<S>& gravity) {
  const DhChain& ch = model.own_chain();
  const int n = ch.n;
  const bool standard = ch.convention == DhConvention::standard;
  if (data.energy_row.size() != Eigen::Index{kLinkParameters} * n) [[unlikely]]
    data.energy_row.setZero(Eigen::Index{kLinkParameters} * n);
  if (!ch.is_chain) [[unlikely]] {
    tree_energy_regressor<S>(model, data, q, qd, gravity);  // tree_regressor.cpp
    return;
  }
  link_transforms(unchecked, model, data, q);
  Vector3<S> w = Vector3<S>::Zero(), v = Vector3<S>::Zero();
  Vector3<S> p_prev = data.T0[0].template topRightCorner<3, 1>();
  for (int k = 0; k < n; ++k) {
    const Matrix4<S>& T = data.T0[k + 1];
    const Vector3<S> z = data.T0[standard ? k : k + 1].template block<3, 1>(0, 2);
    const Vector3<S> p = T.template topRightCorner<3, 1>();
    const Vector3<S> w_prev = w;
    if (ch.type[k] == JointType::revolute) w += z * qd[k];
    v += (standard ? w : w_prev).cross(Vector3<S>(p - p_prev));
    if (ch.type[k] == JointType::prismatic) v += z * qd[k];
    p_prev = p;
    // the block in frame k: m: v.v/2 - g.p; h: v x w - g_k; I_o: w^T I w / 2
    const Matrix3<S> Rt = T.template topLeftCorner<3, 3>().transpose();
    const Vector3<S> vk = Rt * v, wk = Rt * w, gk = Rt * gravity;
    write_energy_block<S>(data.energy_row.data() + Eigen::Index{kLinkParameters} * k,
        S(S(0.5) * v.squaredNorm() - gravity.dot(p)), vk, wk, gk);
  }
}

/// A quick test that every entry of Y is finite, for the result check: the drive columns are
/// copies of the (checked) qd, qdd and signs, so only the link columns (the first 10 n^2 entries)
/// are read. For double their plain sum, one vectorised pass: it is finite when every entry is,
/// and when it is not (a nan or inf, or finite entries near the overflow threshold whose sum
/// overflows) the caller's check_result decides entry by entry. Eigen's allFinite on the whole
/// n x 14 n matrix cost as much as the regressor itself on the PUMA 560. Other scalars: all_finite
/// (no counted operation).
template <typename S>
MANIPDYN_ALWAYS_INLINE bool regressor_looks_finite(const MatrixX<S>& Y) {
  const Eigen::Index link_entries = Y.rows() * Y.rows() * kLinkParameters;
  if constexpr (std::is_same_v<S, double>)
    return std::isfinite(Eigen::Map<const Eigen::ArrayXd>(Y.data(), link_entries).sum());
  else
    return all_finite(Y.leftCols(Y.rows() * kLinkParameters));
}

}  // namespace
}  // namespace detail

template <typename S>
const MatrixX<S>& joint_torque_regressor(Unchecked, const SerialModel& model,
                                         SerialDataTpl<S>& data, JointVectorIn<S> q,
                                         JointVectorIn<S> qd, JointVectorIn<S> qdd,
                                         const Vector3In<S>& gravity) {
  assert(data.n == model.dof() && model.root == RootJoint::fixed && q.size() == data.n &&
         qd.size() == data.n && qdd.size() == data.n);
  detail::any_joint_torque_regressor_body<S>(model, data, q, qd, qdd, gravity);
  return data.Y;
}

template <typename S>
const MatrixX<S>& joint_torque_regressor(const SerialModel& model, SerialDataTpl<S>& data,
                                         JointVectorIn<S> q, JointVectorIn<S> qd,
                                         JointVectorIn<S> qdd, const Vector3In<S>& gravity) {
  constexpr std::string_view where = "joint_torque_regressor";
  const Vector6<S> no_wrench = Vector6<S>::Zero();
  return detail::checked_entry(
      [&] {
        detail::check_inverse_dynamics_inputs(where, model, data, q, qd, qdd, gravity, no_wrench,
                                              detail::Takes::trees);
      },
      [&]() -> const MatrixX<S>& {
        detail::any_joint_torque_regressor_body<S>(model, data, q, qd, qdd, gravity);
        return data.Y;
      },
      [&](const MatrixX<S>& Y) {
        if (detail::regressor_looks_finite(Y)) [[likely]]
          return;
        check_result(where, "Y", Y, result_input("q", q), result_input("qd", qd),
                     result_input("qdd", qdd), result_input("gravity", gravity));
      });
}

template <typename S>
const VectorX<S>& energy_regressor(Unchecked, const SerialModel& model, SerialDataTpl<S>& data,
                                   JointVectorIn<S> q, JointVectorIn<S> qd,
                                   const Vector3In<S>& gravity) {
  assert(data.n == model.dof() && model.root == RootJoint::fixed && q.size() == data.n &&
         qd.size() == data.n);
  detail::energy_regressor_body<S>(model, data, q, qd, gravity);
  return data.energy_row;
}

template <typename S>
const VectorX<S>& energy_regressor(const SerialModel& model, SerialDataTpl<S>& data,
                                   JointVectorIn<S> q, JointVectorIn<S> qd,
                                   const Vector3In<S>& gravity) {
  constexpr std::string_view where = "energy_regressor";
  const Vector6<S> no_wrench = Vector6<S>::Zero();
  return detail::checked_entry(
      [&] {
        detail::check_inverse_dynamics_inputs(where, model, data, q, qd, qd, gravity, no_wrench,
                                              detail::Takes::trees);
      },
      [&]() -> const VectorX<S>& {
        detail::energy_regressor_body<S>(model, data, q, qd, gravity);
        return data.energy_row;
      },
      [&](const VectorX<S>& e) {
        check_result(where, "e", e, result_input("q", q), result_input("qd", qd),
                     result_input("gravity", gravity));
      });
}

#define MANIPDYN_INSTANTIATE(S)                                                                \
  MANIPDYN_INSTANTIATE_ENTRIES(const MatrixX<S>&, joint_torque_regressor, S, JointVectorIn<S>, \
                               JointVectorIn<S>, JointVectorIn<S>, const Vector3In<S>&);      \
  MANIPDYN_INSTANTIATE_ENTRIES(const VectorX<S>&, energy_regressor, S, JointVectorIn<S>,       \
                               JointVectorIn<S>, const Vector3In<S>&);
MANIPDYN_INSTANTIATE(double)
MANIPDYN_INSTANTIATE(Counted)
#undef MANIPDYN_INSTANTIATE

}  // namespace manipdyn
