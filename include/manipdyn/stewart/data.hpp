#pragma once
/// \file data.hpp
/// StewartDataTpl: the per-call workspace of the Stewart-platform algorithms. It holds every
/// buffer and every output (fixed sizes: nothing is allocated per evaluation). Per-leg vectors
/// are the columns of 3 x 6 matrices (column i = leg i+1), all in the base frame.
#include <array>

#include <Eigen/Core>

#include "manipdyn/core/enum_names.hpp"
#include "manipdyn/core/types.hpp"
#include "manipdyn/stewart/model.hpp"
#include "manipdyn/stewart/pose.hpp"

namespace manipdyn::stewart {

template <typename S> using Legs3 = Eigen::Matrix<S, 3, kLegs>;  ///< one 3-vector per leg

/// Which dynamic model produced the forces in a StewartDataTpl.
enum class DynamicsModel {
  dasgupta,  ///< Dasgupta & Mruthyunjaya 1998, the Newton-Euler elimination
  improved   ///< Pedrammehr et al. 2012, the leg inertias in full
};
using manipdyn::to_string;  // the names of every NamedEnum (core/enum_names.hpp)

}  // namespace manipdyn::stewart

namespace manipdyn {
/// The names of stewart::DynamicsModel (core/enum_names.hpp: to_string, from_string, all, names).
template <>
struct EnumNames<stewart::DynamicsModel> {
  static constexpr std::string_view argument = "Stewart dynamics model";
  static constexpr EnumName<stewart::DynamicsModel> table[] = {
      {stewart::DynamicsModel::dasgupta, "dasgupta"},
      {stewart::DynamicsModel::improved, "improved"}};
};
}  // namespace manipdyn

namespace manipdyn::stewart {

/// Options of the inverse dynamics.
struct InverseDynamicsOptions {
  bool constraint_forces = false;   ///< also fill F_s, F_u, F_p, F_c, M_u (Dasgupta eqs. 21-29)
  bool condition_number = true;     ///< compute cond(H) (a 6x6 SVD, in double)
  double condition_warning = 1e3;   ///< cond(H) above this sets data.ill_conditioned
  double singular_condition = 1e12; ///< cond(H) above this (or a zero pivot) throws
  /// Dasgupta model only: apply eq. 16 literally, I_u = T[I_u0 + m_u L^2 diag(0,1,1)]T^T, on
  /// top of the m_u r_u x a_u moment (the printed formulation). It counts the upper part's
  /// transport moment twice and breaks the power balance; for comparison with the paper only.
  bool dasgupta_eq16_literal = false;
};

/// Workspace and results for one platform motion (Dasgupta 1998 notation; Pedrammehr 2012 in
/// brackets where it differs).
template <typename S>
struct StewartDataTpl {
  // ---- input ------------------------------------------------------------------------------
  PlatformMotionTpl<S> motion;  ///< the platform motion of the last call
  // ---- leg kinematics, Dasgupta 1998 eqs. 1-10 --------------------------------------------
  Legs3<S> q;         ///< R p_i, platform point relative to t (3 x 6)
  Legs3<S> S_;        ///< leg vector S_i = q_i + t - b_i, eq. 1 (3 x 6)
  Legs3<S> s;         ///< unit leg axis s_i [n_i], eq. 3 (3 x 6)
  Vector6<S> L;       ///< leg lengths, eq. 2 (6)
  Legs3<S> Sd;        ///< dS_i/dt, eq. 4 (3 x 6)
  Vector6<S> Ld;      ///< dL_i/dt, eq. 5 (6)
  Legs3<S> Sdd;       ///< d2S_i/dt2, eq. 7 (3 x 6)
  Vector6<S> Ldd;     ///< d2L_i/dt2, eq. 8 (6)
  Legs3<S> W;         ///< leg angular velocity assuming s.W = 0, eq. 6 (3 x 6)
  Legs3<S> A;         ///< leg angular acceleration assuming s.A = 0, eq. 9 corrected (3 x 6)
  std::array<Matrix3<S>, kLegs> T;  ///< leg frames [s, k x s/|k x s|, s x y], eq. 10 (6 x 3x3)
  // ---- universal-joint kinematics, Pedrammehr 2012 eqs. 12-25 -------------------------------
  Legs3<S> c;         ///< U-joint cross normal c_i = k_i x v_i, v_i = T_i e_y (3 x 6)
  Legs3<S> omega_l;   ///< exact leg angular velocity w_u k + w_v v (3 x 6)
  Legs3<S> alpha_l;   ///< exact leg angular acceleration (3 x 6)
  Vector6<S> spin;    ///< axial component s.omega_l (6)
  Vector6<S> spin_acc;  ///< axial component s.alpha_l (6)
  Vector6<S> omega_u; ///< rate about the fixed axis k_i (6)
  Vector6<S> omega_v; ///< rate about the moving axis v_i (6)
  // ---- per-leg reduction, Dasgupta 1998 eqs. 17-24 ----------------------------------------
  Legs3<S> r_d;       ///< lower COM relative to b_i, eq. 11 (3 x 6)
  Legs3<S> r_u;       ///< upper COM relative to b_i, eq. 12 (3 x 6)
  Legs3<S> a_u;       ///< upper COM acceleration, eq. 14 (3 x 6)
  Legs3<S> C;         ///< leg moment vector C of eq. 20 [N_i, Pedrammehr eq. 36] (3 x 6)
  Legs3<S> K;         ///< known part of F_s, eq. 21 (3 x 6)
  Legs3<S> f;         ///< S-joint friction moment C_s (W - omega) on the platform, eq. 18 (3 x 6)
  Vector6<S> D;       ///< D_i of eq. 24 (6)
  // ---- platform and the 6x6 system, eqs. 30-37, 41 -----------------------------------------
  Vector3<S> a_c;     ///< platform COM acceleration, eq. 31 (3)
  Vector6<S> c0;      ///< right-hand side with massless legs, eq. 41 (6)
  Matrix6<S> H;       ///< H = [s_i; q_i x s_i], eq. 36 (6 x 6)
  Vector6<S> rhs;     ///< c of eq. 36 (6)
  Matrix6<S> lu;      ///< LU factors of H (partial pivoting) (6 x 6)
  std::array<int, kLegs> perm{};  ///< row permutation of lu (6)
  Vector6<S> x;       ///< x_i = s_i . F_s,i, eq. 22 (6)
  Vector6<S> F;       ///< actuator forces F = D - x, eq. 37 (6)
  Vector6<S> F0;      ///< massless-leg frictionless forces, H F0 = -c0, eq. 41 (6)
  Vector6<S> Fd;      ///< F - F0, eq. 42 (6)
  Vector6<S> dynamic_fraction;  ///< Fd / F (6)
  double condition_number = 0;  ///< sigma_max / sigma_min of H (sec. 4.2)
  bool ill_conditioned = false; ///< condition_number > options.condition_warning
  DynamicsModel model_used = DynamicsModel::dasgupta;  ///< which model filled F
  // ---- constraint forces (on request), eqs. 21-29 -----------------------------------------
  bool has_constraint_forces = false;  ///< whether the fields below are current
  Legs3<S> F_s;       ///< S-joint force on the leg, eq. 21 (3 x 6)
  Legs3<S> F_p;       ///< P-joint force, lower on upper part, eq. 26 (3 x 6)
  Legs3<S> F_u;       ///< U-joint force on the lower part, eq. 27 (3 x 6)
  Legs3<S> F_c;       ///< P-joint constraint force F_p - F s, eq. 28 (3 x 6)
  Vector6<S> M_u;     ///< U-joint constraint moment magnitude, eq. 29 (about s; about c_i for the improved model) (6)
  Legs3<S> M_u_axis;  ///< its axis: s_i (Dasgupta) or c_i (Pedrammehr eq. 34) (3 x 6)
  // ---- forward dynamics (forward_dynamics.hpp): Lambda(x) xdd + mu(x, xd) = H F ----------------
  Matrix6<S> Lambda;  ///< task-space inertia Lambda = H dF/dxdd, symmetric, for xdd = [a; alpha] (6 x 6)
  Vector6<S> mu;      ///< task-space bias mu = H F(xdd = 0): gravity, velocity terms, friction, wrench (6)
  Matrix6<S> Lambda_ldlt;  ///< Lambda = L D L^T: unit lower L below the diagonal, D on it (6 x 6)
  Vector6<S> xdd;     ///< platform acceleration [a; alpha], base frame (6)
  bool Lambda_positive_definite = true;  ///< every pivot of D > 0 (false only with non-physical inertias)

  StewartDataTpl() = default;
  /// A workspace for `model` (sizes are fixed; the model is not referenced).
  explicit StewartDataTpl(const StewartModel&) {}
};
using StewartData = StewartDataTpl<double>;

}  // namespace manipdyn::stewart
