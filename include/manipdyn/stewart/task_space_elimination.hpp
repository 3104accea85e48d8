#pragma once
/// \file task_space_elimination.hpp
/// The 6 x 6 system left once every leg is reduced to one unknown (Dasgupta & Mruthyunjaya 1998,
/// eqs. 35-37 and 41-42; the same for the improved model of Pedrammehr et al. 2012): H x = c with
/// H = [s_i; q_i x s_i] (eq. 36), then F = D - x. Everything about H lives here: its columns, its
/// LU factorisation with partial pivoting, its condition number (sec. 4.2) and the solves, for
/// both inverse-dynamics models, the forward dynamics, the controllers and the workspace atlas.
#include <array>

#include "manipdyn/stewart/data.hpp"

namespace manipdyn::stewart {

/// Column i of H (6) for the unit leg axis s (3) and the rotated platform point q = R p_i (3):
/// [s; q x s] (Dasgupta 1998 eq. 36). It maps the platform twist to the leg rate, Ld_i = h^T xd.
template <typename S>
Vector6<S> leg_jacobian_column(const Vector3<S>& s, const Vector3<S>& q) {
  Vector6<S> h;
  h.template head<3>() = s;
  h.template tail<3>() = q.cross(s);
  return h;
}

/// sigma_max / sigma_min of H (6 x 6; Dasgupta 1998 sec. 4.2): the square roots of the extreme
/// eigenvalues of H^T H while that is accurate (cond < 1e4, cond^2 << 1/eps), a one-sided Jacobi
/// SVD beyond. Infinity for a singular H.
double leg_jacobian_condition(const Matrix6<double>& H);

/// LU factorisation of H with partial pivoting, in place: data.lu = P H = L U (unit L below the
/// diagonal), data.perm the row permutation. Returns false on a pivot below 1e-14 times the
/// largest entry of H (a singular pose).
template <typename S>
bool factor_leg_jacobian(StewartDataTpl<S>& data);

/// Solves H y = b (6) with the factors data.lu, data.perm of factor_leg_jacobian.
template <typename S>
Vector6<S> solve_leg_jacobian(const StewartDataTpl<S>& data, const Vector6<S>& b);

/// H^-1 B (6 x 6), column by column, with the factors of factor_leg_jacobian.
template <typename S>
Matrix6<S> solve_leg_jacobian(const StewartDataTpl<S>& data, const Matrix6<S>& B);

/// The right-hand side c = c0 - [sum_i K_i; sum_i (q_i x K_i - f_i)] of eq. 35 into data.rhs
/// (6), from the per-leg terms K, f and the platform terms c0 already in `data` (Dasgupta 1998
/// eq. 35; the same for the improved model, Pedrammehr 2012).
template <typename S>
void eliminated_right_hand_side(const StewartModel& model, StewartDataTpl<S>& data);

/// Final system (eqs. 35-37, 41-42): rhs = c0 - [sum K; sum (q x K - f)], LU of H, x, F = D - x,
/// F0, Fd, Fd/F, cond(H). Throws on a singular H naming the pose and the leg that dominates the
/// null space; `where` names the caller in messages.
template <typename S>
void solve_leg_forces(const StewartModel& model, StewartDataTpl<S>& data,
                      const InverseDynamicsOptions& options, const char* where);

}  // namespace manipdyn::stewart
