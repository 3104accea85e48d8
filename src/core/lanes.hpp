#pragma once
/// \file lanes.hpp
/// `Lanes` (`LanesT<true>`) and `LanesFastTrig` (`LanesT<false>`): four doubles, one per state,
/// computed together in the lanes of one AVX2 register (xsimd::batch<double, xsimd::avx2>):
/// Eigen scalars, so the scalar-generic algorithms run four states in one call
/// (serial/batch.hpp, BatchOptions::simd).
///
/// Private to the translation units compiled with AVX2 (src/serial/inverse_dynamics_lanes.cpp,
/// which CMake compiles with -mavx2 -mfma -ffp-contract=off): include it nowhere else. The
/// batch functions use it only where the CPU has AVX2 and FMA.
///  - Storage is four plain doubles (alignment 8) loaded and stored unaligned, because Eigen's
///    heap buffers (VectorX, aligned_allocator) are aligned to EIGEN_MAX_ALIGN_BYTES = 16 in the
///    whole library, less than a 32-byte register needs; inlined, the compiler keeps the values
///    in registers.
///  - Each lane does the same IEEE operations in the same order as the double instantiation
///    (no implicit fused multiply-add: -ffp-contract=off). With `Lanes` the joint angles' sin and
///    cos come from the kernel of math::sincos_n (src/core/sincos_kernel.hpp), whose lanes
///    depend on their own angle only, as the double instantiation's do, so every lane equals
///    the double result bit for bit; `LanesFastTrig` takes xsimd's vectorised sin/cos, a few ulp
///    apart, and agrees to 1e-14 relative (tests/unit/serial_batch_simd.cpp).
///  - Where the algorithms branch on a value they go through the shim (core/scalar_math.hpp):
///    math::is_zero is "zero in every lane" (a shortcut taken only when exact for all lanes),
///    math::sign_select a select per lane (Coulomb friction). math::value is not defined for
///    Lanes, so a branch on one lane's value does not compile.
#include <cmath>

#include <Eigen/Core>
#include <xsimd/xsimd.hpp>

#include "manipdyn/core/scalar_math.hpp"
#include "sincos_kernel.hpp"

#if !defined(__AVX2__)
#error "lanes.hpp needs AVX2 (compile with -mavx2 -mfma -ffp-contract=off)"
#endif

namespace manipdyn {

/// Four doubles computed lane by lane with AVX2 instructions. kExactTrig: sincos is
/// math::sincos_n's kernel (every lane equals the double result bit for bit); otherwise xsimd's
/// vectorised sin/cos (a few ulp from it).
template <bool kExactTrig>
class LanesT {
 public:
  static constexpr int size = 4;  ///< lanes (states) per value
  using Batch = xsimd::batch<double, xsimd::avx2>;
  static_assert(Batch::size == size);

  LanesT() = default;  // uninitialised, as a double
  MANIPDYN_ALWAYS_INLINE LanesT(double x) { Batch(x).store_unaligned(v_); }  // NOLINT: broadcast
  MANIPDYN_ALWAYS_INLINE explicit LanesT(const Batch& b) { b.store_unaligned(v_); }

  /// The register holding the four lanes.
  MANIPDYN_ALWAYS_INLINE Batch batch() const { return Batch::load_unaligned(v_); }
  /// Lane i (0..3).
  double operator[](int i) const { return v_[i]; }
  double& operator[](int i) { return v_[i]; }

  MANIPDYN_ALWAYS_INLINE LanesT& operator+=(const LanesT& o) {
    return *this = LanesT(batch() + o.batch());
  }
  MANIPDYN_ALWAYS_INLINE LanesT& operator-=(const LanesT& o) {
    return *this = LanesT(batch() - o.batch());
  }
  MANIPDYN_ALWAYS_INLINE LanesT& operator*=(const LanesT& o) {
    return *this = LanesT(batch() * o.batch());
  }
  MANIPDYN_ALWAYS_INLINE LanesT& operator/=(const LanesT& o) {
    return *this = LanesT(batch() / o.batch());
  }
  MANIPDYN_ALWAYS_INLINE LanesT operator-() const { return LanesT(-batch()); }
  MANIPDYN_ALWAYS_INLINE LanesT operator+() const { return *this; }

 private:
  double v_[size];
};

/// The exact lanes (the default of BatchOptions::simd) and the fast-trigonometry ones.
using Lanes = LanesT<true>;
using LanesFastTrig = LanesT<false>;

#define MANIPDYN_LANES_BINARY(op)                                                                \
  template <bool E>                                                                             \
  MANIPDYN_ALWAYS_INLINE LanesT<E> operator op(const LanesT<E>& a, const LanesT<E>& b) {        \
    return LanesT<E>(a.batch() op b.batch());                                                   \
  }                                                                                             \
  template <bool E>                                                                             \
  MANIPDYN_ALWAYS_INLINE LanesT<E> operator op(const LanesT<E>& a, double b) {                  \
    return LanesT<E>(a.batch() op typename LanesT<E>::Batch(b));                                \
  }                                                                                             \
  template <bool E>                                                                             \
  MANIPDYN_ALWAYS_INLINE LanesT<E> operator op(double a, const LanesT<E>& b) {                  \
    return LanesT<E>(typename LanesT<E>::Batch(a) op b.batch());                                \
  }
MANIPDYN_LANES_BINARY(+)
MANIPDYN_LANES_BINARY(-)
MANIPDYN_LANES_BINARY(*)
MANIPDYN_LANES_BINARY(/)
#undef MANIPDYN_LANES_BINARY

// Math functions, found by argument-dependent lookup from math:: (scalar_math.hpp); sqrt and
// abs are exact in both.
template <bool E>
inline LanesT<E> sin(const LanesT<E>& x) {
  if constexpr (!E) return LanesT<E>(xsimd::sin(x.batch()));
  LanesT<E> r;
  for (int i = 0; i < LanesT<E>::size; ++i) r[i] = std::sin(x[i]);
  return r;
}
template <bool E>
inline LanesT<E> cos(const LanesT<E>& x) {
  if constexpr (!E) return LanesT<E>(xsimd::cos(x.batch()));
  LanesT<E> r;
  for (int i = 0; i < LanesT<E>::size; ++i) r[i] = std::cos(x[i]);
  return r;
}
template <bool E>
MANIPDYN_ALWAYS_INLINE LanesT<E> sqrt(const LanesT<E>& x) {
  return LanesT<E>(xsimd::sqrt(x.batch()));
}
template <bool E>
MANIPDYN_ALWAYS_INLINE LanesT<E> abs(const LanesT<E>& x) {
  return LanesT<E>(xsimd::abs(x.batch()));
}

namespace detail {

template <bool E>
MANIPDYN_ALWAYS_INLINE void lanes_sincos(const LanesT<E>& x, LanesT<E>& s, LanesT<E>& c) {
  if constexpr (E) {
    // the kernel of math::sincos_n, lane by lane as for the joints of one state
    const SincosBatch xb(static_cast<typename SincosBatch::register_type>(x.batch()));
    SincosBatch sb, cb;
    sincos_kernel(xb, sb, cb);
    s = LanesT<E>(typename LanesT<E>::Batch(static_cast<typename SincosBatch::register_type>(sb)));
    c = LanesT<E>(typename LanesT<E>::Batch(static_cast<typename SincosBatch::register_type>(cb)));
    if (xsimd::any(sincos_needs_fallback(xb)))
      for (int i = 0; i < LanesT<E>::size; ++i)
        if (!(std::abs(x[i]) <= kSincosKernelMax)) ::sincos(x[i], &s[i], &c[i]);
  } else {
    const auto sc = xsimd::sincos(x.batch());
    s = LanesT<E>(sc.first);
    c = LanesT<E>(sc.second);
  }
}

template <bool E>
MANIPDYN_ALWAYS_INLINE LanesT<E> lanes_sign_select(const LanesT<E>& x, double pos, double neg) {
  using Batch = typename LanesT<E>::Batch;
  const Batch b = x.batch(), zero(0.0);
  return LanesT<E>(
      xsimd::select(b > zero, Batch(pos), xsimd::select(b < zero, Batch(neg), zero)));
}

}  // namespace detail

namespace math {

// The shim's functions for the lanes (explicit specialisations: the algorithms call them
// qualified, math::sincos(...)).

/// sin and cos of every lane in one pass.
template <> inline void sincos<Lanes>(const Lanes& x, Lanes& s, Lanes& c) {
  detail::lanes_sincos(x, s, c);
}
template <>
inline void sincos<LanesFastTrig>(const LanesFastTrig& x, LanesFastTrig& s, LanesFastTrig& c) {
  detail::lanes_sincos(x, s, c);
}

/// Zero in every lane.
template <> MANIPDYN_ALWAYS_INLINE bool is_zero<Lanes>(const Lanes& x) {
  return xsimd::all(x.batch() == Lanes::Batch(0.0));
}
template <> MANIPDYN_ALWAYS_INLINE bool is_zero<LanesFastTrig>(const LanesFastTrig& x) {
  return xsimd::all(x.batch() == LanesFastTrig::Batch(0.0));
}

/// pos where x > 0, neg where x < 0, 0 elsewhere (NaN included), lane by lane.
template <>
MANIPDYN_ALWAYS_INLINE Lanes sign_select<Lanes>(const Lanes& x, double pos, double neg) {
  return detail::lanes_sign_select(x, pos, neg);
}
template <>
MANIPDYN_ALWAYS_INLINE LanesFastTrig sign_select<LanesFastTrig>(const LanesFastTrig& x,
                                                                double pos, double neg) {
  return detail::lanes_sign_select(x, pos, neg);
}

}  // namespace math

}  // namespace manipdyn

namespace Eigen {
template <bool E>
struct NumTraits<manipdyn::LanesT<E>> : GenericNumTraits<double> {
  using Real = manipdyn::LanesT<E>;
  using NonInteger = manipdyn::LanesT<E>;
  using Nested = manipdyn::LanesT<E>;
  using Literal = manipdyn::LanesT<E>;
  enum {
    IsComplex = 0,
    IsInteger = 0,
    IsSigned = 1,
    RequireInitialization = 0,
    ReadCost = 1,
    AddCost = 1,
    MulCost = 1
  };
  static inline Real epsilon() { return Real(std::numeric_limits<double>::epsilon()); }
  static inline Real dummy_precision() { return Real(1e-12); }
  static inline Real highest() { return Real(std::numeric_limits<double>::max()); }
  static inline Real lowest() { return Real(std::numeric_limits<double>::lowest()); }
  static inline int digits10() { return std::numeric_limits<double>::digits10; }
};
template <bool E, typename BinaryOp>
struct ScalarBinaryOpTraits<manipdyn::LanesT<E>, double, BinaryOp> {
  using ReturnType = manipdyn::LanesT<E>;
};
template <bool E, typename BinaryOp>
struct ScalarBinaryOpTraits<double, manipdyn::LanesT<E>, BinaryOp> {
  using ReturnType = manipdyn::LanesT<E>;
};
}  // namespace Eigen
