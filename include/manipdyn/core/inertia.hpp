#pragma once
/// \file inertia.hpp
/// Checks that an inertia tensor is physical, shared by every model builder.
#include <string>

#include "manipdyn/core/types.hpp"

namespace manipdyn {

/// What is wrong with a symmetric inertia tensor I (kg m^2), or an empty string when it is
/// physical: positive semi-definite, and its principal moments satisfy the triangle inequality
/// (each at most the sum of the other two). Both tests allow `tolerance` (absolute, kg m^2).
/// The message lists the principal moments: "is not positive semi-definite (principal moments
/// -0.1, 0.2, 0.3)", "breaks the triangle inequality (principal moments 0.1 + 0.2 < 0.5)".
std::string inertia_realisability_problem(const Matrix3d& I, double tolerance);

}  // namespace manipdyn
