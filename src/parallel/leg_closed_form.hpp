#pragma once
/// \file leg_closed_form.hpp
/// Private to src/parallel: a leg's joint values from its end point in closed form, by the
/// Paden-Kahan subproblems (Murray, Li & Sastry 1994, "A Mathematical Introduction to Robotic
/// Manipulation", sec. 3.2.2), and the recognition of the legs they solve (LegSolver).
#include "manipdyn/parallel/model.hpp"

namespace manipdyn::parallel::detail {

/// The product-of-exponentials form of `chain` at q = 0 and the closed-form solver that fits it
/// (LegSolver::newton when none does).
void recognise_leg(const SerialModel& chain, LegScrews& screws, LegSolver& solver);

/// Leg joint values q (n) with the leg's end at `target` (base frame), on the branch nearest to
/// `q` on entry (angles taken within pi of it). Returns false when no branch reaches the target
/// (q unchanged).
template <typename S>
bool solve_leg_closed_form(const Leg& leg, const Vector3<S>& target, VectorX<S>& q);

}  // namespace manipdyn::parallel::detail
