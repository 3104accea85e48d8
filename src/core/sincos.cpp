/// \file sincos.cpp
/// math::sincos_n: the vectorised kernel (src/core/sincos_avx2.cpp) where the CPU has AVX2 and
/// FMA and the library was built with it (MANIPDYN_SIMD), glibc's sincos otherwise.
#include <cmath>

#include "manipdyn/core/scalar_math.hpp"

namespace manipdyn {
namespace detail {
#if MANIPDYN_SIMD_LANES
void sincos_n_avx2(const double* x, double* s, double* c, int n);
#endif
}  // namespace detail

namespace math {

bool sincos_n_vectorised() {
#if MANIPDYN_SIMD_LANES
  // This file is compiled for the x86-64 baseline: the test runs on any CPU.
  static const bool available =
      __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return available;
#else
  return false;
#endif
}

void sincos_n(const double* x, double* s, double* c, int n) {
#if MANIPDYN_SIMD_LANES
  if (sincos_n_vectorised()) {
    detail::sincos_n_avx2(x, s, c, n);
    return;
  }
#endif
  for (int i = 0; i < n; ++i) {
    const double xi = x[i];  // s or c may alias x
    ::sincos(xi, &s[i], &c[i]);
  }
}

}  // namespace math
}  // namespace manipdyn
