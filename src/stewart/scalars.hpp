#pragma once
/// \file scalars.hpp
/// Private to src/stewart: the scalars the templated platform kinematics and dynamics are
/// explicitly instantiated for, written once. MANIPDYN_FOR_STEWART_SCALARS(X) expands to X(S)
/// for double, the counting scalar Counted, the derivatives' StewartDual (derivatives.hpp) and
/// ComplexStep (tests/unit/stewart_derivatives_complex_step.cpp); X is the file's own
/// instantiation macro (its declarations for one scalar S).
#include "manipdyn/core/complex_step.hpp"
#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/stewart/derivatives.hpp"

#define MANIPDYN_FOR_STEWART_SCALARS(X) X(double) X(Counted) X(StewartDual) X(ComplexStep)
