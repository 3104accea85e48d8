#pragma once
/// \file newton_euler_core.hpp
/// Private to src/serial (and the code generator, src/codegen/generate.cpp): the terms of the
/// Newton-Euler family (the base acceleration that carries gravity, the external wrench moved into
/// frame n, Turney's A_i and K_i products, the drive terms) and the fast recursive core
/// (fast_core: forward_pass, backward_pass) behind the default inverse dynamics, the strobed
/// terms, the SIMD lanes (src/serial/lanes_run.hpp) and the generated code; the composite
/// gravity torques. Not part of the public API.
///
/// Frames (standard DH, Turney et al. 1980): link k (0-based) carries frame k+1 of the paper;
/// R_k = {k}R{k+1} = Rz(theta) Rx(alpha); "to child" is R_k^T, "to parent" is R_k.
#include <cassert>

#include "dh_rotations.hpp"
#include "manipdyn/core/scalar_math.hpp"
#include "manipdyn/serial/data.hpp"

namespace manipdyn::detail {

/// The base acceleration that carries gravity, in chain frame 0: a_0 = -base^T g (Turney et al.
/// 1980: "a_0 = +9.8 m/s^2", the elevator argument).
template <typename S>
Vector3<S> base_acceleration(const DhChain& chain, const Vector3<S>& gravity) {
  if (chain.base_is_identity) return -gravity;
  const Matrix3<S> Rt = chain.base.linear().transpose().template cast<S>();
  return -(Rt * gravity);
}

/// f_ext = [f; n] (end-effector frame, moment about its origin) moved into frame n of the chain,
/// moment about origin n: f_n = R_tool f, n_n = R_tool n + p_tool x f_n.
template <typename S>
void wrench_in_frame_n(const DhChain& chain, const Vector6<S>& f_ext, Vector3<S>& f,
                       Vector3<S>& m) {
  if (chain.tool_is_identity) {
    f = f_ext.template head<3>();
    m = f_ext.template tail<3>();
    return;
  }
  const Matrix3<S> R = chain.tool.linear().template cast<S>();
  const Vector3<S> p = chain.tool.translation().template cast<S>();
  f.noalias() = R * f_ext.template head<3>();
  m.noalias() = R * f_ext.template tail<3>();
  m += p.cross(f);
}

/// True if any entry is nonzero (decides whether the wrist wrench terms are computed).
template <typename S>
bool any_nonzero(const Vector6<S>& v) {
  for (int i = 0; i < 6; ++i)
    if (!math::is_zero(v[i])) return true;
  return false;
}

/// vec(A K) = integral of rho x (A rho) dm for symmetric K: the moment about the COM of the
/// inertia forces (Turney et al. 1980 eq. 5.2's Tr{A_i K_i sigma^t}); with A = w w^T - |w|^2 E +
/// [alpha]x it equals I alpha + w x (I w), I = tr(K) E - K.
/// Component x is (AK)_zy - (AK)_yz, y is (AK)_xz - (AK)_zx, z is (AK)_yx - (AK)_xy.
/// Diagonal K: 6 mul 3 add (the paper's count); full K: 18 mul 15 add.
template <typename S>
MANIPDYN_ALWAYS_INLINE Vector3<S> inertia_moment(const Matrix3<S>& A, const Matrix3d& K, bool diagonal) {
  if (diagonal) {
    const double kx = K(0, 0), ky = K(1, 1), kz = K(2, 2);
    return Vector3<S>(A(2, 1) * ky - A(1, 2) * kz, A(0, 2) * kz - A(2, 0) * kx,
                      A(1, 0) * kx - A(0, 1) * ky);
  }
  auto ak = [&](int r, int c) { return A(r, 0) * K(0, c) + A(r, 1) * K(1, c) + A(r, 2) * K(2, c); };
  return Vector3<S>(ak(2, 1) - ak(1, 2), ak(0, 2) - ak(2, 0), ak(1, 0) - ak(0, 1));
}

/// A_i = w w^T - |w|^2 E + [alpha]x (Turney et al. 1980 sec. 5; the (3,2) entry is
/// w_z w_y + alpha_x, printed as + alpha_z in the report): A b = alpha x b + w x (w x b).
/// 6 mul 9 add.
template <typename S>
MANIPDYN_ALWAYS_INLINE void build_A(const Vector3<S>& w, const Vector3<S>& al, Matrix3<S>& A) {
  const S xx = w[0] * w[0], yy = w[1] * w[1], zz = w[2] * w[2];
  const S xy = w[0] * w[1], xz = w[0] * w[2], yz = w[1] * w[2];
  A(0, 0) = -(yy + zz);
  A(1, 1) = -(zz + xx);
  A(2, 2) = -(xx + yy);
  A(0, 1) = xy - al[2];
  A(1, 0) = xy + al[2];
  A(0, 2) = xz + al[1];
  A(2, 0) = xz - al[1];
  A(1, 2) = yz - al[0];
  A(2, 1) = yz + al[0];
}

/// A_i when w = 0 (strobing the mass matrix): [alpha]x, no arithmetic.
template <typename S>
MANIPDYN_ALWAYS_INLINE void build_A_static(const Vector3<S>& al, Matrix3<S>& A) {
  A(0, 0) = A(1, 1) = A(2, 2) = S(0);
  A(0, 1) = -al[2];
  A(1, 0) = al[2];
  A(0, 2) = al[1];
  A(2, 0) = -al[1];
  A(1, 2) = -al[0];
  A(2, 1) = al[0];
}

/// 3x3 times vector, 9 mul 6 add.
template <typename S, typename V>
MANIPDYN_ALWAYS_INLINE Vector3<S> mat_vec(const Matrix3<S>& A, const V& b) {
  return Vector3<S>(A(0, 0) * b[0] + A(0, 1) * b[1] + A(0, 2) * b[2],
                    A(1, 0) * b[0] + A(1, 1) * b[1] + A(1, 2) * b[2],
                    A(2, 0) * b[0] + A(2, 1) * b[1] + A(2, 2) * b[2]);
}

/// Friction of joint i that the joint must overcome, |G| (B |G| qd + Tc), Tc = Tc+ (qd > 0),
/// Tc- (qd < 0), 0 (qd = 0) (drive.hpp, Corke's conventions); with a velocity scale v_s > 0 the
/// smooth Tc = (Tc+ - Tc-)/2 tanh(qd / v_s) + (Tc+ + Tc-)/2 instead.
template <typename S>
inline S joint_friction(const LinkParameters& l, const S& qd) {
  const double g = l.gear_ratio < 0.0 ? -l.gear_ratio : l.gear_ratio;
  if (l.coulomb_velocity_scale > 0.0)
    return (l.viscous * g * g) * qd +
           (0.5 * g * (l.coulomb_positive - l.coulomb_negative)) *
               math::tanh(qd / S(l.coulomb_velocity_scale)) +
           S(0.5 * g * (l.coulomb_positive + l.coulomb_negative));
  return (l.viscous * g * g) * qd +
         math::sign_select(qd, g * l.coulomb_positive, g * l.coulomb_negative);
}

/// d friction / d qd of joint_friction (the drive's damping on the diagonal of dtau/dqd):
/// G^2 B, plus for the smooth Coulomb model |G| (Tc+ - Tc-) / (2 v_s) (1 - tanh^2(qd / v_s));
/// the switching model's derivative away from qd = 0 is zero (it has none at 0).
template <typename S>
inline S drive_damping(const LinkParameters& l, const S& qd) {
  const double g = l.gear_ratio < 0.0 ? -l.gear_ratio : l.gear_ratio;
  S d = S(l.viscous * g * g);
  if (l.coulomb_velocity_scale > 0.0) {
    const S t = math::tanh(S(qd / S(l.coulomb_velocity_scale)));
    d += (0.5 * g * (l.coulomb_positive - l.coulomb_negative) / l.coulomb_velocity_scale) *
         (S(1) - t * t);
  }
  return d;
}

/// tau += G^2 Jm qdd + friction(qd) when model.has_drive, without input checks.
template <typename S, typename TauVector>
inline void add_drive_unchecked(const SerialModel& model, const Eigen::Ref<const VectorX<S>>& qd,
                                const Eigen::Ref<const VectorX<S>>& qdd, TauVector& tau) {
  if (!model.has_drive) return;
  for (int i = 0; i < model.dof(); ++i)
    tau[i] += model.reflected_inertia[i] * qdd[i] + joint_friction(model.links[i], qd[i]);
}

/// The body of a Newton-Euler formulation on the standard-DH chain (the default, Turney et al.'s
/// and Lee et al.'s): the joints' sin/cos (joint_trig), passes(model.standard) (its forward and
/// backward recursions, writing the rigid-body torques into data.tau), then the drive terms;
/// returns data.tau.
template <typename S, typename Passes>
MANIPDYN_ALWAYS_INLINE const VectorX<S>& standard_dh_inverse_dynamics(
    const SerialModel& model, SerialDataTpl<S>& data, const Eigen::Ref<const VectorX<S>>& q,
    const Eigen::Ref<const VectorX<S>>& qd, const Eigen::Ref<const VectorX<S>>& qdd,
    Passes&& passes) {
  const DhChain& ch = model.standard;
  joint_trig(ch, data, q);
  passes(ch);
  add_drive_unchecked<S>(model, qd, qdd, data.tau);
  return data.tau;
}

/// base + A v for a constant v, skipping the zero entries of v (3 mul 3 add per nonzero entry).
template <bool kSparse, typename S>
MANIPDYN_ALWAYS_INLINE Vector3<S> mat_vec_const_add(const Matrix3<S>& A, const Vector3d& v, Vector3<S> base) {
  for (int j = 0; j < 3; ++j)
    if (!kSparse || v[j] != 0.0) {
      base[0] += A(0, j) * v[j];
      base[1] += A(1, j) * v[j];
      base[2] += A(2, j) * v[j];
    }
  return base;
}

/// a * fa - b * fb for constants a, b, skipping zero constants.
template <typename S>
MANIPDYN_ALWAYS_INLINE S diff_const(double a, const S& fa, double b, const S& fb) {
  if (a != 0.0 && b != 0.0) return a * fa - b * fb;
  if (a != 0.0) return a * fa;
  if (b != 0.0) return -(b * fb);
  return S(0);
}

/// base + c x F for a constant c, skipping its zero entries.
template <bool kSparse, typename S>
MANIPDYN_ALWAYS_INLINE Vector3<S> cross_const_add(const Vector3d& c, const Vector3<S>& F, Vector3<S> base) {
  if constexpr (!kSparse) return base + Vector3<S>(c.template cast<S>()).cross(F);
  if (c[1] != 0.0 || c[2] != 0.0) base[0] += diff_const(c[1], F[2], c[2], F[1]);
  if (c[2] != 0.0 || c[0] != 0.0) base[1] += diff_const(c[2], F[0], c[0], F[2]);
  if (c[0] != 0.0 || c[1] != 0.0) base[2] += diff_const(c[0], F[1], c[1], F[0]);
  return base;
}

/// Options of the fast recursive core.
struct CoreRange {
  int first = 0;  ///< links before `first` are at rest with zero acceleration (requires a0 = 0
                  ///< when first > 0)
  int last = 0;   ///< torques are computed for links last..n-1 only
};

/// Forward pass of fast_core over links first..n-1 (Turney et al. 1980 eq. 5.1): revolute joint
/// w_k = R^T (w_{k-1} + qd z0), alpha_k = R^T (alpha_{k-1} + w_{k-1} x z0 qd + qdd z0);
/// prismatic joint w_k = R^T w_{k-1}, alpha_k = R^T alpha_{k-1}, with p*_k and p*_k + rbar_k into
/// data.p[k], data.pc[k]; A_k = w w^T - |w|^2 E + [alpha]x into data.Amat[k]; a_k = A_k p*_k +
/// R^T a_{k-1} (+ qdd z0 + 2 w_{k-1} x z0 qd for a prismatic joint; the origin of frame k+1)
/// into data.vd[k] (not for the last link); m_k abar_k = A_k (m_k rbar_k) + m_k a_k into
/// data.F[k]. Then p*_k of the prismatic links last..first-1, at rest, which the backward pass
/// needs. One loop body of about 90 lines, on purpose: it is the hot loop of the default inverse
/// dynamics, and a per-link function for its first half made g++ 12 lay fast_core out with 2 %
/// more instructions (more multiplications duplicated across branches; PUMA-like chains), for
/// no gain in clarity over the commented blocks below.
template <typename S, bool kVelocity, bool kSparse>
MANIPDYN_ALWAYS_INLINE void forward_pass(const DhChain& ch, SerialDataTpl<S>& data,
                                         const Eigen::Ref<const VectorX<S>>& q,
                                         const Eigen::Ref<const VectorX<S>>& qd,
                                         const Eigen::Ref<const VectorX<S>>& qdd,
                                         const Vector3<S>& a0, CoreRange range) {
  const int n = ch.n;
  Vector3<S> wp = Vector3<S>::Zero(), ap = Vector3<S>::Zero(), vp = a0;
  for (int k = range.first; k < n; ++k) {
    const S& st = data.sin_theta[k];
    const S& ct = data.cos_theta[k];
    const double sa = ch.sin_alpha[k], ca = ch.cos_alpha[k];
    const char kind = ch.ne_alpha_kind[k];
    const bool revolute = ch.type[k] == JointType::revolute;
    const bool at_base = k == range.first;  // parent at rest: w = alpha = 0
    Vector3<S>& w = data.w[k];
    Vector3<S>& al = data.wd[k];
    // b = R^T a_{k-1} (+ the sliding terms of a prismatic joint)
    Vector3<S> b;
    if (at_base) {
      // parent at rest: the parent's acceleration is a0 (+ qdd z0 for a prismatic joint)
      const S vz = revolute ? vp[2] : S(vp[2] + qdd[k]);
      if (math::is_zero(vp[0]) && math::is_zero(vp[1]))
        b = math::is_zero(vz) ? Vector3<S>::Zero()
                              : fast_axis_in_child<kSparse>(sa, ca, kind, vz);
      else
        b = fast_to_child<kSparse>(st, ct, sa, ca, kind, Vector3<S>(vp[0], vp[1], vz));
    }
    if (revolute) {
      // w_k = R^T (w_{k-1} + qd z0); alpha_k = R^T (alpha_{k-1} + w_{k-1} x z0 qd + qdd z0)
      if (at_base) {
        if constexpr (kVelocity) w = fast_axis_in_child<kSparse>(sa, ca, kind, S(qd[k]));
        al = fast_axis_in_child<kSparse>(sa, ca, kind, S(qdd[k]));
      } else {
        if constexpr (kVelocity) {
          w = fast_to_child<kSparse>(st, ct, sa, ca, kind, Vector3<S>(wp[0], wp[1], wp[2] + qd[k]));
          al = fast_to_child<kSparse>(
              st, ct, sa, ca, kind,
              Vector3<S>(ap[0] + wp[1] * qd[k], ap[1] - wp[0] * qd[k], ap[2] + qdd[k]));
        } else {
          al = fast_to_child<kSparse>(st, ct, sa, ca, kind,
                                      Vector3<S>(ap[0], ap[1], ap[2] + qdd[k]));
        }
        b = fast_to_child<kSparse>(st, ct, sa, ca, kind, vp);
      }
    } else {
      // w_k = R^T w_{k-1}; alpha_k = R^T alpha_{k-1};
      // a_k = R^T (a_{k-1} + qdd z0 + 2 w_{k-1} x z0 qd) + A_k p*_k, p*_k = (a, d sa, d ca)
      if (at_base) {
        if constexpr (kVelocity) w.setZero();
        al.setZero();
      } else {
        if constexpr (kVelocity) {
          w = fast_to_child<kSparse>(st, ct, sa, ca, kind, wp);
          const S t = qd[k] + qd[k];
          b = fast_to_child<kSparse>(
              st, ct, sa, ca, kind,
              Vector3<S>(vp[0] + t * wp[1], vp[1] - t * wp[0], vp[2] + qdd[k]));
        } else {
          b = fast_to_child<kSparse>(st, ct, sa, ca, kind,
                                     Vector3<S>(vp[0], vp[1], vp[2] + qdd[k]));
        }
        al = fast_to_child<kSparse>(st, ct, sa, ca, kind, ap);
      }
      const S d = q[k] + ch.d[k];
      data.p[k] = Vector3<S>(S(ch.a[k]), d * sa, d * ca);
      data.pc[k] = data.p[k] + ch.com[k].template cast<S>();
    }
    // A_k, then a_k and m_k abar_k (eq. 5.1)
    Matrix3<S>& A = data.Amat[k];
    if constexpr (kVelocity)
      build_A(w, al, A);
    else
      build_A_static(al, A);
    const double m = ch.mass[k];
    if (k + 1 < n) {
      // a_k = A_k p*_k + R^T a_{k-1} (eq. 5.1); m abar_k = A_k (m rbar_k) + m a_k
      Vector3<S>& a = data.vd[k];
      a = revolute ? mat_vec_const_add<kSparse>(A, ch.ne_p[k], b)
                   : Vector3<S>(mat_vec(A, data.p[k]) + b);
      data.F[k] = mat_vec_const_add<kSparse>(A, ch.first_moment[k], Vector3<S>(m * a));
      vp = a;
    } else if (revolute) {
      // last link: m abar = A (m (rbar + p*)) + m R^T a_{k-1} (eq. 5.1), a_n itself not needed
      data.F[k] = mat_vec_const_add<kSparse>(A, Vector3d(m * ch.ne_p_com[k]), Vector3<S>(m * b));
    } else {
      data.F[k] = mat_vec(A, Vector3<S>(m * data.pc[k])) + m * b;
    }
    if constexpr (kVelocity) wp = w;
    ap = al;
  }
  // Links last..first-1 are at rest (no inertia forces) but transmit the outer links' wrench;
  // a prismatic one needs its p*_k.
  for (int k = range.last; k < range.first; ++k)
    if (ch.type[k] == JointType::prismatic) {
      const S d = q[k] + ch.d[k];
      data.p[k] = Vector3<S>(S(ch.a[k]), d * ch.sin_alpha[k], d * ch.cos_alpha[k]);
    }
}

/// Backward pass of fast_core over links n-1..last (Turney et al. 1980 eq. 5.2): f_k = m abar_k
/// + R f_{k+1}, n_k = Tr{A K sigma^t} + (rbar + p*) x m abar + p* x R f_{k+1} + R n_{k+1}, about
/// origin k in frame k+1, rotated into frame k where the joint axis is z: tau_k is the z
/// component of n_k (revolute) or f_k (prismatic). Links before `first` are at rest and carry
/// the outer links' wrench only. The wrist wrench (f_wrist, n_wrist in frame n) is added when
/// has_wrench. Reads data.F, data.Amat, data.p, data.pc of the forward pass; writes
/// tau[last..n-1].
template <typename S, bool kSparse>
MANIPDYN_ALWAYS_INLINE void backward_pass(const DhChain& ch, const SerialDataTpl<S>& data,
                                          bool has_wrench, const Vector3<S>& f_wrist,
                                          const Vector3<S>& n_wrist, CoreRange range,
                                          Eigen::Ref<VectorX<S>>& tau) {
  const int n = ch.n;
  Vector3<S> fc = f_wrist, nc = n_wrist;  // the child's force and moment, this link's frame
  bool child = has_wrench;
  for (int k = n - 1; k >= range.last; --k) {
    const S& st = data.sin_theta[k];
    const S& ct = data.cos_theta[k];
    const double sa = ch.sin_alpha[k], ca = ch.cos_alpha[k];
    const char kind = ch.ne_alpha_kind[k];
    const bool revolute = ch.type[k] == JointType::revolute;
    Vector3<S> nk, fk;
    if (k >= range.first) {
      // n_k = Tr{A K sigma^t} + (rbar + p*) x m abar + p* x R f_{k+1} + R n_{k+1} (eq. 5.2)
      const Vector3<S>& F = data.F[k];
      nk = inertia_moment(data.Amat[k], ch.ne_K[k], ch.ne_K_diagonal[k] != 0);
      nk = revolute ? cross_const_add<kSparse>(ch.ne_p_com[k], F, nk)
                    : Vector3<S>(nk + data.pc[k].cross(F));
      if (child) {
        fk = F + fc;
        nk += nc;
        nk = revolute ? cross_const_add<kSparse>(ch.ne_p[k], fc, nk)
                      : Vector3<S>(nk + data.p[k].cross(fc));
      } else {
        fk = F;
      }
    } else {
      // at rest: f_k = R f_{k+1}, n_k = p* x R f_{k+1} + R n_{k+1}
      fk = fc;
      nk = revolute ? cross_const_add<kSparse>(ch.ne_p[k], fc, nc)
                    : Vector3<S>(nc + data.p[k].cross(fc));
    }
    if (k == range.last) {
      // only the axis component is needed
      tau[k] = fast_axis_component<kSparse>(sa, ca, kind, revolute ? nk : fk);
      break;
    }
    fc = fast_to_parent<kSparse>(st, ct, sa, ca, kind, fk);
    nc = fast_to_parent<kSparse>(st, ct, sa, ca, kind, nk);
    child = true;
    tau[k] = revolute ? nc[2] : fc[2];
  }
}

/// The fast recursive Newton-Euler core (standard DH, link coordinates): the modified Newton-Euler
/// of Turney et al. 1980 sec. 5 (A_i, K_i), a forward pass (forward_pass, eq. 5.1) and a
/// backward pass (backward_pass, eq. 5.2), with
///  - rotations in the factored form Rz(theta) Rx(alpha) and, for alpha a multiple of pi/2,
///    by sign flips (no rotation matrix is built);
///  - products with the model's constant vectors (p*_i, m_i rbar_i, m_i (rbar_i + p*_i)) skipping
///    their zero entries; K_i in its diagonal form when the principal axes are along frame i;
///  - the first moving link specialised (w = alpha = 0 before it; gravity along z0 of its parent
///    frame rotated as one column);
///  - the last link's a_n skipped, the wrist terms skipped for a zero wrench;
///  - tau read from the force/moment rotated into the parent frame, which the parent needs.
/// Rigid body only (no drive terms), no input checks; needs joint_trig(chain, data, q) first.
/// kVelocity = false assumes qd = 0 (strobing the mass matrix, gravity). kSparse = false drops
/// the structure tests (for chains without it: DhChain::ne_sparse false), which then only cost
/// branches. Writes tau[last..n-1]. Call it through run_fast_core.
template <typename S, bool kVelocity, bool kSparse>
void fast_core(const DhChain& ch, SerialDataTpl<S>& data, const Eigen::Ref<const VectorX<S>>& q,
               const Eigen::Ref<const VectorX<S>>& qd, const Eigen::Ref<const VectorX<S>>& qdd,
               const Vector3<S>& a0, bool has_wrench, const Vector3<S>& f_wrist,
               const Vector3<S>& n_wrist, CoreRange range, Eigen::Ref<VectorX<S>> tau) {
  // (comparisons only, so that the counting scalar counts the same with asserts on)
  assert(range.first == 0 ||
         (math::is_zero(a0[0]) && math::is_zero(a0[1]) && math::is_zero(a0[2])));
  forward_pass<S, kVelocity, kSparse>(ch, data, q, qd, qdd, a0, range);
  backward_pass<S, kSparse>(ch, data, has_wrench, f_wrist, n_wrist, range, tau);
}

/// fast_core with the structure tests on or off as the chain needs (DhChain::ne_sparse).
template <typename S, bool kVelocity>
void run_fast_core(const DhChain& ch, SerialDataTpl<S>& data, const Eigen::Ref<const VectorX<S>>& q,
                   const Eigen::Ref<const VectorX<S>>& qd, const Eigen::Ref<const VectorX<S>>& qdd,
                   const Vector3<S>& a0, bool has_wrench, const Vector3<S>& f_wrist,
                   const Vector3<S>& n_wrist, CoreRange range, Eigen::Ref<VectorX<S>> tau) {
  if (ch.ne_sparse)
    fast_core<S, kVelocity, true>(ch, data, q, qd, qdd, a0, has_wrench, f_wrist, n_wrist, range,
                                  tau);
  else
    fast_core<S, kVelocity, false>(ch, data, q, qd, qdd, a0, has_wrench, f_wrist, n_wrist, range,
                                   tau);
}

/// The default inverse dynamics (inverse_dynamics.hpp) without checks: the body of its checked
/// and unchecked overloads (src/serial/inverse_dynamics.cpp) and of the four-lane batch path
/// (src/serial/inverse_dynamics_lanes.cpp). Writes data.tau.
template <typename S>
MANIPDYN_ALWAYS_INLINE void fastest_inverse_dynamics(const SerialModel& model,
                                                     SerialDataTpl<S>& data, JointVectorIn<S> q,
                                                     JointVectorIn<S> qd, JointVectorIn<S> qdd,
                                                     const Vector3<S>& gravity,
                                                     const Vector6<S>& f_ext) {
  const DhChain& ch = model.standard;
  // sin/cos of the joint angles, the wrist wrench in frame n, gravity as base acceleration
  joint_trig(ch, data, q);
  const bool has_wrench = any_nonzero(f_ext);
  Vector3<S> fw = Vector3<S>::Zero(), nw = Vector3<S>::Zero();
  if (has_wrench) wrench_in_frame_n(ch, f_ext, fw, nw);
  const Vector3<S> a0 = base_acceleration(ch, gravity);
  // rigid-body torques, then the drive terms
  run_fast_core<S, true>(ch, data, q, qd, qdd, a0, has_wrench, fw, nw, {0, 0}, data.tau);
  add_drive_unchecked<S>(model, qd, qdd, data.tau);
}


/// base + v for a constant v, skipping its zero entries.
template <bool kSparse, typename S>
MANIPDYN_ALWAYS_INLINE Vector3<S> add_const(const Vector3d& v, Vector3<S> base) {
  for (int j = 0; j < 3; ++j)
    if (!kSparse || v[j] != 0.0) base[j] += v[j];
  return base;
}

/// Gravity torques by composite first moments (qd = qdd = 0), standard DH link coordinates. With
/// no motion every link has the same acceleration a (the base acceleration a0 = -g that carries
/// gravity, Turney et al. 1980), so the wrench that links k..n-1 need is f = M_k a and
/// n = h_k x a about origin k, with M_k their mass and h_k their first moment about origin k
/// (Featherstone RBDA sec. 6.2's composite bodies, with the velocity terms gone). Forward over
/// the links: a in each frame, a_k = R_k^T a_{k-1} (the parent's a is all joint k needs).
/// Backward: h_k = R_k (m_k rbar_k + R_{k+1} h_{k+1} (frame k+1, about origin k+1) + M_k p*_k)
/// in frame k; then tau_k = z . (h_k x a_{k-1}) = h_x a_y - h_y a_x (revolute), or
/// tau_k = M_k a_{k-1,z} (prismatic). M_k p*_k of a revolute joint is a model constant
/// (DhChain::ne_composite_p). On the PUMA 560 this is 56 multiplications against 204 for the
/// Newton-Euler core run with qd = qdd = 0 (tests/crosscheck: it equals the Lagrange-Euler G and
/// the inverse dynamics at rest). Writes tau; needs joint_trig first.
template <typename S, bool kSparse>
void composite_gravity_core(const DhChain& ch, SerialDataTpl<S>& data,
                            const Eigen::Ref<const VectorX<S>>& q, const Vector3<S>& a0,
                            Eigen::Ref<VectorX<S>> tau) {
  const int n = ch.n;
  // forward: a in frame k+1 into data.vd[k] (k < n-1; the last frame's is not needed)
  Vector3<S> a = a0;
  for (int k = 0; k + 1 < n; ++k) {
    a = fast_to_child<kSparse>(data.sin_theta[k], data.cos_theta[k], ch.sin_alpha[k],
                               ch.cos_alpha[k], ch.ne_alpha_kind[k], a);
    data.vd[k] = a;
  }
  // backward: the composite first moment h (frame k+1, about origin k+1), moved to origin k
  // and rotated into frame k
  Vector3<S> h = Vector3<S>::Zero();
  for (int k = n - 1; k >= 0; --k) {
    h = add_const<kSparse>(ch.first_moment[k], h);
    const Vector3d& cp = ch.ne_composite_p[k];
    const bool revolute = ch.type[k] == JointType::revolute;
    if (revolute) {
      h = add_const<kSparse>(cp, h);
    } else {
      // M_k p*_k = M_k (a, d sa, d ca) with d = q + d_table: cp = M_k (a, sa, ca)
      const S d = q[k] + ch.d[k];
      h[0] += cp[0];
      h[1] += cp[1] * d;
      h[2] += cp[2] * d;
    }
    h = fast_to_parent<kSparse>(data.sin_theta[k], data.cos_theta[k], ch.sin_alpha[k],
                                ch.cos_alpha[k], ch.ne_alpha_kind[k], h);
    const Vector3<S>& ap = k == 0 ? a0 : data.vd[k - 1];
    tau[k] = revolute ? S(h[0] * ap[1] - h[1] * ap[0]) : S(ch.ne_mass_outboard[k] * ap[2]);
  }
}

/// gravity_torques (dynamics_terms.hpp) without checks: tau(q, qd = 0, qdd = 0) with the base
/// acceleration -g, by composite first moments (composite_gravity_core); the body of its
/// unchecked overload (src/serial/strobing.cpp) and of the four-lane batch path. Writes data.G.
template <typename S>
MANIPDYN_ALWAYS_INLINE void fast_gravity_torques(const SerialModel& model, SerialDataTpl<S>& data,
                                                 JointVectorIn<S> q, const Vector3<S>& gravity) {
  const DhChain& ch = model.standard;
  joint_trig(ch, data, q);
  const Vector3<S> a0 = base_acceleration(ch, gravity);
  if (ch.ne_sparse)
    composite_gravity_core<S, true>(ch, data, q, a0, data.G);
  else
    composite_gravity_core<S, false>(ch, data, q, a0, data.G);
}

}  // namespace manipdyn::detail
