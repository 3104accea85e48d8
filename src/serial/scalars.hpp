#pragma once
/// \file scalars.hpp
/// Private to src/serial: the scalars every templated serial-arm algorithm is explicitly
/// instantiated for, written once. MANIPDYN_FOR_SERIAL_SCALARS(X) expands to X(S) for double,
/// the counting scalar Counted (operation counts) and the one-direction dual Dual1 (derivative
/// checks); X is the file's own instantiation macro (its declarations for one scalar S).
/// MANIPDYN_FOR_SERIAL_SCALARS(X, args...) expands to X(args..., S) for each.
#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/core/dual.hpp"

#define MANIPDYN_FOR_SERIAL_SCALARS(X, ...)                                                   \
  X(__VA_ARGS__ __VA_OPT__(, ) double)                                                        \
  X(__VA_ARGS__ __VA_OPT__(, ) Counted)                                                       \
  X(__VA_ARGS__ __VA_OPT__(, ) Dual1)
