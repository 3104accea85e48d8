#pragma once
/// \file lanes.hpp
/// `Lanes` (`LanesT<true>`) and `LanesFastTrig` (`LanesT<false>`): four doubles, one per state,
/// computed together in the lanes of one AVX2 register (xsimd::batch<double, xsimd::avx2>);
/// `Lanes8` and `Lanes8FastTrig` the same with eight doubles in an AVX-512 register
/// (xsimd::avx512f). Eigen scalars, so the scalar-generic algorithms run four or eight states in
/// one call (serial/batch.hpp, BatchOptions::simd and simd_lanes).
///
/// Private to the translation units compiled with AVX2 (src/serial/inverse_dynamics_lanes.cpp,
/// which CMake compiles with -mavx2 -mfma -ffp-contract=off) or AVX-512
/// (src/serial/inverse_dynamics_lanes_avx512.cpp, -mavx512f in addition): include it nowhere
/// else. The batch functions use them only where the CPU has the instructions.
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
#include <type_traits>

#include <Eigen/Core>
#include <xsimd/xsimd.hpp>

#include "manipdyn/core/scalar_math.hpp"
#include "manipdyn/core/scalar_num_traits.hpp"
#include "sincos_kernel.hpp"

#if !defined(__AVX2__)
#error "lanes.hpp needs AVX2 (compile with -mavx2 -mfma -ffp-contract=off)"
#endif

namespace manipdyn {

/// Four (Arch = xsimd::avx2) or eight (xsimd::avx512f) doubles computed lane by lane. kExactTrig:
/// sincos is math::sincos_n's kernel (every lane equals the double result bit for bit);
/// otherwise xsimd's vectorised sin/cos (a few ulp from it).
template <bool kExactTrig, typename Arch = xsimd::avx2>
class LanesT {
 public:
  using Batch = xsimd::batch<double, Arch>;
  static constexpr int size = static_cast<int>(Batch::size);  ///< lanes (states) per value
  /// The register type of the sin/cos kernel (AVX2 needs FMA named in xsimd's architecture).
  using KernelBatch = std::conditional_t<std::is_same_v<Arch, xsimd::avx2>, detail::SincosBatch, Batch>;

  LanesT() = default;  // uninitialised, as a double
  MANIPDYN_ALWAYS_INLINE LanesT(double x) { Batch(x).store_unaligned(v_); }  // NOLINT: broadcast
  MANIPDYN_ALWAYS_INLINE explicit LanesT(const Batch& b) { b.store_unaligned(v_); }

  /// The register holding the four lanes.
  MANIPDYN_ALWAYS_INLINE Batch batch() const { return Batch::load_unaligned(v_); }
  /// Lane i (0..3).
  double operator[](int i) const { return v_[i]; }
  double& operator[](int i) { return v_[i]; }
  /// The lanes as size doubles.
  const double* data() const { return v_; }
  double* data() { return v_; }

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
#if defined(__AVX512F__)
using Lanes8 = LanesT<true, xsimd::avx512f>;
using Lanes8FastTrig = LanesT<false, xsimd::avx512f>;
#endif

#define MANIPDYN_LANES_BINARY(op)                                                          \
  template <bool E, typename A>                                                           \
  MANIPDYN_ALWAYS_INLINE LanesT<E, A> operator op(const LanesT<E, A>& a,                  \
                                                  const LanesT<E, A>& b) {                \
    return LanesT<E, A>(a.batch() op b.batch());                                          \
  }                                                                                       \
  template <bool E, typename A>                                                           \
  MANIPDYN_ALWAYS_INLINE LanesT<E, A> operator op(const LanesT<E, A>& a, double b) {      \
    return LanesT<E, A>(a.batch() op typename LanesT<E, A>::Batch(b));                    \
  }                                                                                       \
  template <bool E, typename A>                                                           \
  MANIPDYN_ALWAYS_INLINE LanesT<E, A> operator op(double a, const LanesT<E, A>& b) {      \
    return LanesT<E, A>(typename LanesT<E, A>::Batch(a) op b.batch());                    \
  }
MANIPDYN_LANES_BINARY(+)
MANIPDYN_LANES_BINARY(-)
MANIPDYN_LANES_BINARY(*)
MANIPDYN_LANES_BINARY(/)
#undef MANIPDYN_LANES_BINARY

// Math functions, found by argument-dependent lookup from math:: (scalar_math.hpp); sqrt and
// abs are exact in both.
template <bool E, typename A>
inline LanesT<E, A> sin(const LanesT<E, A>& x) {
  if constexpr (!E) return LanesT<E, A>(xsimd::sin(x.batch()));
  LanesT<E, A> r;
  for (int i = 0; i < LanesT<E, A>::size; ++i) r[i] = std::sin(x[i]);
  return r;
}
template <bool E, typename A>
inline LanesT<E, A> cos(const LanesT<E, A>& x) {
  if constexpr (!E) return LanesT<E, A>(xsimd::cos(x.batch()));
  LanesT<E, A> r;
  for (int i = 0; i < LanesT<E, A>::size; ++i) r[i] = std::cos(x[i]);
  return r;
}
/// Per lane by std::tanh (the smooth Coulomb friction, drive.hpp), so that a lane equals the
/// single call bit for bit.
template <bool E, typename A>
inline LanesT<E, A> tanh(const LanesT<E, A>& x) {
  LanesT<E, A> r;
  for (int i = 0; i < LanesT<E, A>::size; ++i) r[i] = std::tanh(x[i]);
  return r;
}
template <bool E, typename A>
MANIPDYN_ALWAYS_INLINE LanesT<E, A> sqrt(const LanesT<E, A>& x) {
  return LanesT<E, A>(xsimd::sqrt(x.batch()));
}
template <bool E, typename A>
MANIPDYN_ALWAYS_INLINE LanesT<E, A> abs(const LanesT<E, A>& x) {
  return LanesT<E, A>(xsimd::abs(x.batch()));
}

namespace detail {

template <bool E, typename A>
MANIPDYN_ALWAYS_INLINE void lanes_sincos(const LanesT<E, A>& x, LanesT<E, A>& s, LanesT<E, A>& c) {
  if constexpr (E) {
    // the kernel of math::sincos_n, lane by lane as for the joints of one state
    using K = typename LanesT<E, A>::KernelBatch;
    using Batch = typename LanesT<E, A>::Batch;
    const K xb(static_cast<typename K::register_type>(x.batch()));
    K sb, cb;
    sincos_kernel(xb, sb, cb);
    s = LanesT<E, A>(Batch(static_cast<typename K::register_type>(sb)));
    c = LanesT<E, A>(Batch(static_cast<typename K::register_type>(cb)));
    if (xsimd::any(sincos_needs_fallback(xb)))
      sincos_fallback_lanes(x.data(), s.data(), c.data(), LanesT<E, A>::size);
  } else {
    const auto sc = xsimd::sincos(x.batch());
    s = LanesT<E, A>(sc.first);
    c = LanesT<E, A>(sc.second);
  }
}

template <bool E, typename A>
MANIPDYN_ALWAYS_INLINE LanesT<E, A> lanes_sign_select(const LanesT<E, A>& x, double pos, double neg) {
  using Batch = typename LanesT<E, A>::Batch;
  const Batch b = x.batch(), zero(0.0);
  return LanesT<E, A>(
      xsimd::select(b > zero, Batch(pos), xsimd::select(b < zero, Batch(neg), zero)));
}

}  // namespace detail

namespace math {

// The shim's functions for the lanes (explicit specialisations: the algorithms call them
// qualified, math::sincos(...)): sin and cos of every lane in one pass; zero in every lane;
// pos where x > 0, neg where x < 0, 0 elsewhere (NaN included), lane by lane.
#define MANIPDYN_LANES_SHIM(L)                                                             \
  template <>                                                                             \
  inline void sincos<L>(const L& x, L& s, L& c) {                                         \
    detail::lanes_sincos(x, s, c);                                                        \
  }                                                                                       \
  template <>                                                                             \
  MANIPDYN_ALWAYS_INLINE bool is_zero<L>(const L& x) {                                    \
    return xsimd::all(x.batch() == L::Batch(0.0));                                        \
  }                                                                                       \
  template <>                                                                             \
  MANIPDYN_ALWAYS_INLINE L sign_select<L>(const L& x, double pos, double neg) {           \
    return detail::lanes_sign_select(x, pos, neg);                                        \
  }
MANIPDYN_LANES_SHIM(Lanes)
MANIPDYN_LANES_SHIM(LanesFastTrig)
#if defined(__AVX512F__)
MANIPDYN_LANES_SHIM(Lanes8)
MANIPDYN_LANES_SHIM(Lanes8FastTrig)
#endif
#undef MANIPDYN_LANES_SHIM

}  // namespace math

}  // namespace manipdyn

namespace Eigen {
template <bool E, typename A>
struct NumTraits<manipdyn::LanesT<E, A>>
    : manipdyn::DoubleLikeNumTraits<manipdyn::LanesT<E, A>, false> {};
template <bool E, typename A, typename BinaryOp>
struct ScalarBinaryOpTraits<manipdyn::LanesT<E, A>, double, BinaryOp> {
  using ReturnType = manipdyn::LanesT<E, A>;
};
template <bool E, typename A, typename BinaryOp>
struct ScalarBinaryOpTraits<double, manipdyn::LanesT<E, A>, BinaryOp> {
  using ReturnType = manipdyn::LanesT<E, A>;
};
}  // namespace Eigen

// Eigen packets of the lanes shaped as the library's packets of double (Eigen's evaluation order)
// and heap blocks of lane values aligned to their register.
#include "lanes_memory.hpp"
#include "lanes_packets.hpp"
