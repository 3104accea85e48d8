#pragma once
/// \file scalars.hpp
/// Private to src/parallel: the scalars the parallel-robot algorithms are instantiated for,
/// written once: double, and the one-direction dual Dual1 (exact time and parameter derivatives:
/// the power balance, the derivatives of the dynamics).
#include "manipdyn/core/dual.hpp"

#define MANIPDYN_FOR_PARALLEL_SCALARS(X) \
  X(double)                              \
  X(Dual1)
