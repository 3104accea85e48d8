/// \file craig_newton_euler.cpp
/// Craig's iterative Newton-Euler (Introduction to Robotics, eqs 6.45-6.53; paper 002) in the
/// frames of the modified DH chain (model.modified): frame i sits on joint axis i,
/// {i-1}T{i} = Rx(alpha_{i-1}) Tx(a_{i-1}) Rz(theta_i) Tz(d_i), R = {i-1}R{i}, P = {i-1}P_i.
/// Outward, i = 1..n (revolute / prismatic):
///   w_i = R^T w_{i-1} + qd_i z                  / R^T w_{i-1}
///   wd_i = R^T wd_{i-1} + R^T w_{i-1} x qd_i z + qdd_i z   / R^T wd_{i-1}
///   vd_i = R^T (wd_{i-1} x P + w_{i-1} x (w_{i-1} x P) + vd_{i-1})
///          (+ 2 w_i x qd_i z + qdd_i z for a prismatic joint)
///   vcd_i = wd_i x Pc_i + w_i x (w_i x Pc_i) + vd_i,  F_i = m_i vcd_i,
///   N_i = Ic_i wd_i + w_i x Ic_i w_i;
/// inward, i = n..1:
///   f_i = R_{i+1} f_{i+1} + F_i,
///   n_i = N_i + R_{i+1} n_{i+1} + Pc_i x F_i + P_{i+1} x R_{i+1} f_{i+1},
///   tau_i = n_i . z (revolute), f_i . z (prismatic).
/// Gravity: vd_0 = -g in frame 0 (= -base^T g). The wrist: {n}T{n+1} is the chain's tool
/// transform, f_{n+1}, n_{n+1} = f_ext in the end-effector frame.
#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/core/dual.hpp"
#include "checked_entry.hpp"
#include "input_checks.hpp"
#include "newton_euler_core.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"

namespace manipdyn {

template <typename S>
const VectorX<S>& inverse_dynamics_craig(Unchecked, const SerialModel& model,
                                         SerialDataTpl<S>& data, JointVectorIn<S> q,
                                         JointVectorIn<S> qd, JointVectorIn<S> qdd,
                                         const Vector3In<S>& gravity, const Vector6In<S>& f_ext) {
  const DhChain& ch = model.modified;
  const int n = ch.n;
  detail::joint_trig(ch, data, q);
  const Vector3<S> z(S(0), S(0), S(1));

  // Outward iterations (Craig eqs 6.45-6.50 and their prismatic forms).
  Vector3<S> wp = Vector3<S>::Zero(), ap = Vector3<S>::Zero();
  Vector3<S> vp = -(ch.base.linear().transpose().template cast<S>() * Vector3<S>(gravity));
  for (int k = 0; k < n; ++k) {
    const auto [st, ct, sa, ca] = detail::link_trig(ch, data, k);
    Vector3<S>& w = data.w[k];
    Vector3<S>& al = data.wd[k];
    Vector3<S>& vd = data.vd[k];
    Vector3<S>& P = data.p[k];
    const S d = ch.type[k] == JointType::revolute ? S(ch.d[k]) : S(q[k] + ch.d[k]);
    P = Vector3<S>(S(ch.a[k]), -sa * d, ca * d);
    // R^T (wd_{i-1} x P + w_{i-1} x (w_{i-1} x P) + vd_{i-1})
    vd = detail::mod_to_child(st, ct, sa, ca, Vector3<S>(ap.cross(P) + wp.cross(wp.cross(P)) + vp));
    const Vector3<S> w_rot = detail::mod_to_child(st, ct, sa, ca, wp);
    const Vector3<S> a_rot = detail::mod_to_child(st, ct, sa, ca, ap);
    if (ch.type[k] == JointType::revolute) {
      w = w_rot + qd[k] * z;
      al = a_rot + w_rot.cross(qd[k] * z) + qdd[k] * z;
    } else {
      w = w_rot;
      al = a_rot;
      vd += S(2) * w.cross(qd[k] * z) + qdd[k] * z;
    }
    // COM acceleration, Newton and Euler equations
    const Vector3<S> c = ch.com[k].template cast<S>();
    const Matrix3<S> I = ch.inertia_com[k].template cast<S>();
    data.vcd[k] = al.cross(c) + w.cross(w.cross(c)) + vd;
    data.F[k] = ch.mass[k] * data.vcd[k];
    data.N[k] = I * al + w.cross(I * w);
    wp = w;
    ap = al;
    vp = vd;
  }

  // Inward iterations (Craig eqs 6.51-6.53) from the wrist wrench through the tool transform.
  const Matrix3<S> R_tool = ch.tool.linear().template cast<S>();
  const Vector3<S> P_tool = ch.tool.translation().template cast<S>();
  Vector3<S> fc = R_tool * f_ext.template head<3>();  // R_{i+1} f_{i+1}
  Vector3<S> nc = R_tool * f_ext.template tail<3>();  // R_{i+1} n_{i+1}
  Vector3<S> P_child = P_tool;                        // P_{i+1}
  for (int k = n - 1; k >= 0; --k) {
    const Vector3<S> c = ch.com[k].template cast<S>();
    data.f[k] = fc + data.F[k];
    data.nm[k] = data.N[k] + nc + c.cross(data.F[k]) + P_child.cross(fc);
    data.tau[k] = ch.type[k] == JointType::revolute ? data.nm[k][2] : data.f[k][2];
    const auto [st, ct, sa, ca] = detail::link_trig(ch, data, k);
    fc = detail::mod_to_parent(st, ct, sa, ca, data.f[k]);
    nc = detail::mod_to_parent(st, ct, sa, ca, data.nm[k]);
    P_child = data.p[k];
  }
  detail::add_drive_unchecked<S>(model, qd, qdd, data.tau);
  return data.tau;
}

MANIPDYN_INVERSE_DYNAMICS_ENTRIES(inverse_dynamics_craig)

}  // namespace manipdyn
