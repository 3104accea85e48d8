#pragma once
/// \file dh_transform.hpp
/// The homogeneous transform {i-1}T{i} of one DH row with its joint variable, in the scalar type
/// of the caller (sin/cos go through math:: so the counting scalar sees them).
#include "manipdyn/core/scalar_math.hpp"
#include "manipdyn/core/types.hpp"
#include "manipdyn/serial/model.hpp"

namespace manipdyn {

/// The joint angle theta_i and offset d_i of row i of `chain` for the joint value q_i.
template <typename S>
inline void dh_joint_values(const DhChain& chain, int i, const S& qi, S& theta, S& d) {
  if (chain.type[i] == JointType::revolute) {
    theta = qi + chain.theta[i];
    d = S(chain.d[i]);
  } else {
    theta = S(chain.theta[i]);
    d = qi + chain.d[i];
  }
}

/// {i-1}T{i} (4 x 4) of row i (0-based) of `chain` for joint value qi.
/// Standard DH (Turney et al. 1980, eq. 1.1): Rz(theta) Tz(d) Tx(a) Rx(alpha);
/// modified DH (Craig 2005, eq. 3.6): Rx(alpha_{i-1}) Tx(a_{i-1}) Rz(theta) Tz(d); on a tree
/// {a(i)}T{i}, preceded by Khalil & Kleinfinger's Rz(gamma_i) Tz(b_i).
template <typename S>
Matrix4<S> dh_link_transform(const DhChain& chain, int i, const S& qi) {
  S theta, d;
  dh_joint_values(chain, i, qi, theta, d);
  S st, ct;
  math::sincos(theta, st, ct);
  const double sa = chain.sin_alpha[i], ca = chain.cos_alpha[i], a = chain.a[i];
  Matrix4<S> T;
  if (chain.convention == DhConvention::standard) {
    T << ct, -st * ca, st * sa, a * ct,
         st, ct * ca, -ct * sa, a * st,
         S(0), S(sa), S(ca), d,
         S(0), S(0), S(0), S(1);
  } else {
    T << ct, -st, S(0), S(a),
         st * ca, ct * ca, S(-sa), -sa * d,
         st * sa, ct * sa, S(ca), ca * d,
         S(0), S(0), S(0), S(1);
    // A tree's row (Khalil & Kleinfinger 1986): Rz(gamma) Tz(b) before the modified row.
    if (!chain.is_chain && (chain.gamma[i] != 0.0 || chain.b[i] != 0.0)) {
      const double sg = chain.sin_gamma[i], cg = chain.cos_gamma[i];
      for (int c = 0; c < 4; ++c) {
        const S x = T(0, c), y = T(1, c);
        T(0, c) = cg * x - sg * y;
        T(1, c) = sg * x + cg * y;
      }
      T(2, 3) += chain.b[i];
    }
  }
  return T;
}

/// A fixed Isometry3d as a 4 x 4 matrix in scalar S.
template <typename S>
Matrix4<S> to_matrix4(const Eigen::Isometry3d& X) {
  return X.matrix().template cast<S>();
}

}  // namespace manipdyn
