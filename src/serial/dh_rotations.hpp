#pragma once
/// \file dh_rotations.hpp
/// Private to src/serial: the link rotations of the Newton-Euler family applied in their factored
/// form (no rotation matrix built), and the sin/cos of the joint angles they need (joint_trig).
/// Standard DH (Turney et al. 1980): link k (0-based) carries frame k+1 of the paper;
/// R_k = {k}R{k+1} = Rz(theta) Rx(alpha); "to child" is R_k^T, "to parent" is R_k. Modified DH
/// (Craig): R = Rx(alpha) Rz(theta).
#include <type_traits>

#include "manipdyn/core/scalar_math.hpp"
#include "manipdyn/serial/data.hpp"

namespace manipdyn::detail {

/// The sines and cosines of link k's rotation: of theta_k from the Data (joint_trig), of
/// alpha_k from the chain. `const auto [st, ct, sa, ca] = link_trig(ch, data, k);`
template <typename S>
struct LinkTrig {
  const S& st;
  const S& ct;
  double sa, ca;
};
template <typename S>
MANIPDYN_ALWAYS_INLINE LinkTrig<S> link_trig(const DhChain& ch, const SerialDataTpl<S>& data,
                                             int k) {
  return {data.sin_theta[k], data.cos_theta[k], ch.sin_alpha[k], ch.cos_alpha[k]};
}

/// x in the child frame: R^T x with R = Rz(theta) Rx(alpha) (standard DH), 8 mul 4 add.
template <typename S>
MANIPDYN_ALWAYS_INLINE Vector3<S> std_to_child(const S& st, const S& ct, double sa, double ca,
                               const Vector3<S>& x) {
  const S u = ct * x[0] + st * x[1];
  const S w = ct * x[1] - st * x[0];
  return Vector3<S>(u, ca * w + sa * x[2], ca * x[2] - sa * w);
}

/// x in the parent frame: R x with R = Rz(theta) Rx(alpha) (standard DH), 8 mul 4 add.
template <typename S>
MANIPDYN_ALWAYS_INLINE Vector3<S> std_to_parent(const S& st, const S& ct, double sa, double ca,
                                const Vector3<S>& x) {
  const S y = ca * x[1] - sa * x[2];
  const S z = sa * x[1] + ca * x[2];
  return Vector3<S>(ct * x[0] - st * y, st * x[0] + ct * y, z);
}

/// The z component of R x (standard DH): the projection on the joint axis z_{i-1}, 2 mul 1 add.
template <typename S>
MANIPDYN_ALWAYS_INLINE S std_axis_component(double sa, double ca, const Vector3<S>& x) {
  return sa * x[1] + ca * x[2];
}

/// The end of link k's step in a standard-DH backward recursion (Turney et al. 1980): tau_k =
/// (R^T z0)^t n_k (revolute) or (R^T z0)^t f_k (prismatic) (eq. 3.21) into data.tau, and for k > 0
/// the child terms of link k-1, fc = R f_k and nc = R n_k (its frame), 2 mul 1 add + 16 mul 8 add.
template <typename S>
MANIPDYN_ALWAYS_INLINE void std_joint_torque_and_child_terms(const DhChain& ch,
                                                             SerialDataTpl<S>& data, int k,
                                                             Vector3<S>& fc, Vector3<S>& nc) {
  const double sa = ch.sin_alpha[k], ca = ch.cos_alpha[k];
  const Vector3<S>& axial = ch.type[k] == JointType::revolute ? data.nm[k] : data.f[k];
  data.tau[k] = std_axis_component(sa, ca, axial);
  if (k > 0) {
    const S& st = data.sin_theta[k];
    const S& ct = data.cos_theta[k];
    fc = std_to_parent(st, ct, sa, ca, data.f[k]);
    nc = std_to_parent(st, ct, sa, ca, data.nm[k]);
  }
}

/// x in the child frame: R^T x with R = Rx(alpha) Rz(theta) (modified DH), 8 mul 4 add.
template <typename S>
MANIPDYN_ALWAYS_INLINE Vector3<S> mod_to_child(const S& st, const S& ct, double sa, double ca,
                               const Vector3<S>& x) {
  const S y = ca * x[1] + sa * x[2];
  const S z = ca * x[2] - sa * x[1];
  return Vector3<S>(ct * x[0] + st * y, ct * y - st * x[0], z);
}

/// x in the parent frame: R x with R = Rx(alpha) Rz(theta) (modified DH), 8 mul 4 add.
template <typename S>
MANIPDYN_ALWAYS_INLINE Vector3<S> mod_to_parent(const S& st, const S& ct, double sa, double ca,
                                const Vector3<S>& x) {
  const S u = ct * x[0] - st * x[1];
  const S w = st * x[0] + ct * x[1];
  return Vector3<S>(u, ca * w - sa * x[2], sa * w + ca * x[2]);
}

/// sin and cos of theta_k for every joint: revolute joints call sincos (counted), prismatic
/// joints take the model's precomputed values of their fixed theta. For double, all the angles
/// go through math::sincos_n at once (four at a time in SIMD lanes where the CPU allows).
template <typename S>
void joint_trig(const DhChain& chain, SerialDataTpl<S>& data,
                const Eigen::Ref<const VectorX<S>>& q) {
  if constexpr (std::is_same_v<S, double>) {
    for (int k = 0; k < chain.n; ++k) data.sin_theta[k] = q[k] + chain.theta[k];
    math::sincos_n(data.sin_theta.data(), data.sin_theta.data(), data.cos_theta.data(), chain.n);
    for (int k = 0; k < chain.n; ++k)
      if (chain.type[k] != JointType::revolute) {
        data.sin_theta[k] = chain.sin_theta[k];
        data.cos_theta[k] = chain.cos_theta[k];
      }
    return;
  }
  for (int k = 0; k < chain.n; ++k) {
    if (chain.type[k] == JointType::revolute) {
      math::sincos(S(q[k] + chain.theta[k]), data.sin_theta[k], data.cos_theta[k]);
    } else {
      data.sin_theta[k] = S(chain.sin_theta[k]);
      data.cos_theta[k] = S(chain.cos_theta[k]);
    }
  }
}

// ---- the fast core's rotations: alpha a multiple of pi/2 done by sign flips
// (DhChain::ne_alpha_kind) -------------------------------------------------------------------

/// R^T x (standard DH) using the link's alpha kind: kind 1 (alpha = 0 or pi) and kind 2
/// (alpha = +-pi/2) need 4 mul 2 add, kind 0 8 mul 4 add.
template <bool kSparse, typename S>
MANIPDYN_ALWAYS_INLINE Vector3<S> fast_to_child(const S& st, const S& ct, double sa, double ca, char kind,
                                const Vector3<S>& x) {
  const S u = ct * x[0] + st * x[1];
  const S w = ct * x[1] - st * x[0];
  if constexpr (!kSparse) kind = 0;
  switch (kind) {
    case 1: return ca > 0 ? Vector3<S>(u, w, x[2]) : Vector3<S>(u, -w, -x[2]);
    case 2: return sa > 0 ? Vector3<S>(u, x[2], -w) : Vector3<S>(u, -x[2], w);
    default: return Vector3<S>(u, ca * w + sa * x[2], ca * x[2] - sa * w);
  }
}

/// (y, z) = the rotation by alpha about x of (x1, x2) in the y-z plane, y = ca x1 - sa x2,
/// z = sa x1 + ca x2, using the alpha kind (sign flips for kinds 1 and 2); the rotation by -alpha
/// is the same call with -sa.
template <bool kSparse, typename S>
MANIPDYN_ALWAYS_INLINE void rotate_yz(double sa, double ca, char kind, const S& x1, const S& x2,
                                      S& y, S& z) {
  if constexpr (!kSparse) kind = 0;
  switch (kind) {
    case 1:
      y = ca > 0 ? x1 : -x1;
      z = ca > 0 ? x2 : -x2;
      break;
    case 2:
      y = sa > 0 ? -x2 : x2;
      z = sa > 0 ? x1 : -x1;
      break;
    default: y = ca * x1 - sa * x2; z = sa * x1 + ca * x2;
  }
}

/// R x (standard DH) using the link's alpha kind.
template <bool kSparse, typename S>
MANIPDYN_ALWAYS_INLINE Vector3<S> fast_to_parent(const S& st, const S& ct, double sa, double ca, char kind,
                                 const Vector3<S>& x) {
  S y, z;
  rotate_yz<kSparse>(sa, ca, kind, x[1], x[2], y, z);
  return Vector3<S>(ct * x[0] - st * y, st * x[0] + ct * y, z);
}

/// The z component of R x (the joint-axis component) using the alpha kind.
template <bool kSparse, typename S>
MANIPDYN_ALWAYS_INLINE S fast_axis_component(double sa, double ca, char kind, const Vector3<S>& x) {
  if constexpr (!kSparse) kind = 0;
  switch (kind) {
    case 1: return ca > 0 ? x[2] : -x[2];
    case 2: return sa > 0 ? x[1] : -x[1];
    default: return sa * x[1] + ca * x[2];
  }
}

/// R^T x (modified DH, R = Rx(alpha) Rz(theta)) using the link's alpha kind: kind 1 and 2 need 4
/// mul 2 add, kind 0 8 mul 4 add (mod_to_child).
template <bool kSparse, typename S>
MANIPDYN_ALWAYS_INLINE Vector3<S> fast_mod_to_child(const S& st, const S& ct, double sa, double ca,
                                                    char kind, const Vector3<S>& x) {
  S y, z;
  rotate_yz<kSparse>(-sa, ca, kind, x[1], x[2], y, z);
  return Vector3<S>(ct * x[0] + st * y, ct * y - st * x[0], z);
}

/// R^T (s z0) = s (0, sin alpha, cos alpha): the third row of R scaled by s.
template <bool kSparse, typename S>
MANIPDYN_ALWAYS_INLINE Vector3<S> fast_axis_in_child(double sa, double ca, char kind, const S& s) {
  if constexpr (!kSparse) kind = 0;
  switch (kind) {
    case 1: return Vector3<S>(S(0), S(0), ca > 0 ? s : -s);
    case 2: return Vector3<S>(S(0), sa > 0 ? s : -s, S(0));
    default: return Vector3<S>(S(0), sa * s, ca * s);
  }
}

}  // namespace manipdyn::detail
