#pragma once
/// \file packet2d_mirror.hpp
/// An Eigen packet of two values of a scalar T whose operations do lane by lane what SSE2's
/// Packet2d does with two doubles (predux: lane 0 + lane 1; pmadd: a * b, then + c, as SSE2
/// without FMA), so that Eigen evaluates an expression of T in the order it evaluates the same
/// expression of doubles. Used by the code generator's tracing scalar
/// (codegen/traced_packets.hpp: the generated code reproduces the library bit for bit) and by
/// the SIMD lane scalars (src/core/lanes_packets.hpp: every lane equals the double result bit
/// for bit). Which build mirrors Packet2d (the baseline x86-64 one) each of them decides.
///
/// A scalar T takes these packets with
///   template <> struct packet_traits<T> : manipdyn::Packet2dMirrorTraits<T> {};
/// in Eigen::internal (after NumTraits<T>), and MANIPDYN_PACKET2D_MIRROR_OPS(T) at global
/// scope for the operations.
#include <utility>

#include <Eigen/Core>

#include "manipdyn/core/scalar_math.hpp"

namespace manipdyn {

/// Two values of T, as Packet2d holds two doubles.
template <typename T>
struct Packet2dMirror {
  T lane[2];
};

/// Eigen's packet traits of T for Packet2dMirror<T>: size 2 and the operations of double's
/// packets that the algorithms' expressions use; the others (abs, min, max, comparisons, ...)
/// take Eigen's scalar paths, as they would for double where a packet operation is missing.
template <typename T>
struct Packet2dMirrorTraits : Eigen::internal::default_packet_traits {
  using type = Packet2dMirror<T>;
  using half = type;
  enum {
    Vectorizable = 1,
    AlignedOnScalar = 1,
    size = 2,
    HasHalfPacket = 0,
    HasAdd = 1,
    HasSub = 1,
    HasMul = 1,
    HasNegate = 1,
    HasAbs2 = 1,
    HasConj = 1,
    HasDiv = 1,
    HasSqrt = 1,
    HasShift = 0,
    HasAbs = 0,
    HasMin = 0,
    HasMax = 0,
    HasSetLinear = 0,
    HasBlend = 0,
    HasCmp = 0
  };
};

}  // namespace manipdyn

namespace Eigen::internal {

template <typename T>
struct unpacket_traits<manipdyn::Packet2dMirror<T>> {
  using type = T;
  using half = manipdyn::Packet2dMirror<T>;
  enum {
    size = 2,
    alignment = Aligned16,
    vectorizable = true,
    masked_load_available = false,
    masked_store_available = false
  };
};

}  // namespace Eigen::internal

/// The packet operations of Packet2dMirror<T> for one scalar T (a type name without a comma),
/// each lane by lane as Packet2d's. Full specialisations, as Eigen calls several with an explicit
/// packet argument (pset1<Packet>(x)). Always inlined: out of line, the SIMD lanes' derivatives
/// ran 2-3 times slower; for the tracing scalar it costs nothing in compile time (the derivative
/// files that instantiate it compile in the same time either way). Used at global scope.
#define MANIPDYN_PACKET2D_MIRROR_OPS(T)                                                            \
  namespace Eigen::internal {                                                                      \
  template <>                                                                                      \
  MANIPDYN_ALWAYS_INLINE manipdyn::Packet2dMirror<T> pset1<manipdyn::Packet2dMirror<T>>(           \
      const T& a) {                                                                                \
    return {{a, a}};                                                                               \
  }                                                                                                \
  template <>                                                                                      \
  MANIPDYN_ALWAYS_INLINE manipdyn::Packet2dMirror<T> pload<manipdyn::Packet2dMirror<T>>(           \
      const T* p) {                                                                                \
    return {{p[0], p[1]}};                                                                         \
  }                                                                                                \
  template <>                                                                                      \
  MANIPDYN_ALWAYS_INLINE manipdyn::Packet2dMirror<T> ploadu<manipdyn::Packet2dMirror<T>>(          \
      const T* p) {                                                                                \
    return {{p[0], p[1]}};                                                                         \
  }                                                                                                \
  template <>                                                                                      \
  MANIPDYN_ALWAYS_INLINE manipdyn::Packet2dMirror<T> ploaddup<manipdyn::Packet2dMirror<T>>(        \
      const T* p) {                                                                                \
    return {{p[0], p[0]}};                                                                         \
  }                                                                                                \
  template <>                                                                                      \
  MANIPDYN_ALWAYS_INLINE void pstore<T, manipdyn::Packet2dMirror<T>>(                              \
      T * p, const manipdyn::Packet2dMirror<T>& a) {                                               \
    p[0] = a.lane[0];                                                                              \
    p[1] = a.lane[1];                                                                              \
  }                                                                                                \
  template <>                                                                                      \
  MANIPDYN_ALWAYS_INLINE void pstoreu<T, manipdyn::Packet2dMirror<T>>(                             \
      T * p, const manipdyn::Packet2dMirror<T>& a) {                                               \
    p[0] = a.lane[0];                                                                              \
    p[1] = a.lane[1];                                                                              \
  }                                                                                                \
  template <>                                                                                      \
  MANIPDYN_ALWAYS_INLINE manipdyn::Packet2dMirror<T> pgather<T, manipdyn::Packet2dMirror<T>>(      \
      const T* p, Index stride) {                                                                  \
    return {{p[0], p[stride]}};                                                                    \
  }                                                                                                \
  template <>                                                                                      \
  MANIPDYN_ALWAYS_INLINE void pscatter<T, manipdyn::Packet2dMirror<T>>(                            \
      T * p, const manipdyn::Packet2dMirror<T>& a, Index stride) {                                 \
    p[0] = a.lane[0];                                                                              \
    p[stride] = a.lane[1];                                                                         \
  }                                                                                                \
  template <>                                                                                      \
  MANIPDYN_ALWAYS_INLINE T pfirst<manipdyn::Packet2dMirror<T>>(                                    \
      const manipdyn::Packet2dMirror<T>& a) {                                                      \
    return a.lane[0];                                                                              \
  }                                                                                                \
  /* Packet2d's predux: lane 0 + lane 1 */                                                         \
  template <>                                                                                      \
  MANIPDYN_ALWAYS_INLINE T predux<manipdyn::Packet2dMirror<T>>(                                    \
      const manipdyn::Packet2dMirror<T>& a) {                                                      \
    return a.lane[0] + a.lane[1];                                                                  \
  }                                                                                                \
  template <>                                                                                      \
  MANIPDYN_ALWAYS_INLINE manipdyn::Packet2dMirror<T> preverse(                                     \
      const manipdyn::Packet2dMirror<T>& a) {                                                      \
    return {{a.lane[1], a.lane[0]}};                                                               \
  }                                                                                                \
  template <>                                                                                      \
  MANIPDYN_ALWAYS_INLINE manipdyn::Packet2dMirror<T> pzero(                                        \
      const manipdyn::Packet2dMirror<T>&) {                                                        \
    return {{T(0.0), T(0.0)}};                                                                     \
  }                                                                                                \
  template <>                                                                                      \
  MANIPDYN_ALWAYS_INLINE manipdyn::Packet2dMirror<T> padd<manipdyn::Packet2dMirror<T>>(            \
      const manipdyn::Packet2dMirror<T>& a, const manipdyn::Packet2dMirror<T>& b) {                \
    return {{a.lane[0] + b.lane[0], a.lane[1] + b.lane[1]}};                                       \
  }                                                                                                \
  template <>                                                                                      \
  MANIPDYN_ALWAYS_INLINE manipdyn::Packet2dMirror<T> psub<manipdyn::Packet2dMirror<T>>(            \
      const manipdyn::Packet2dMirror<T>& a, const manipdyn::Packet2dMirror<T>& b) {                \
    return {{a.lane[0] - b.lane[0], a.lane[1] - b.lane[1]}};                                       \
  }                                                                                                \
  template <>                                                                                      \
  MANIPDYN_ALWAYS_INLINE manipdyn::Packet2dMirror<T> pmul<manipdyn::Packet2dMirror<T>>(            \
      const manipdyn::Packet2dMirror<T>& a, const manipdyn::Packet2dMirror<T>& b) {                \
    return {{a.lane[0] * b.lane[0], a.lane[1] * b.lane[1]}};                                       \
  }                                                                                                \
  template <>                                                                                      \
  MANIPDYN_ALWAYS_INLINE manipdyn::Packet2dMirror<T> pdiv<manipdyn::Packet2dMirror<T>>(            \
      const manipdyn::Packet2dMirror<T>& a, const manipdyn::Packet2dMirror<T>& b) {                \
    return {{a.lane[0] / b.lane[0], a.lane[1] / b.lane[1]}};                                       \
  }                                                                                                \
  template <>                                                                                      \
  MANIPDYN_ALWAYS_INLINE manipdyn::Packet2dMirror<T> pnegate(                                      \
      const manipdyn::Packet2dMirror<T>& a) {                                                      \
    return {{-a.lane[0], -a.lane[1]}};                                                             \
  }                                                                                                \
  template <>                                                                                      \
  MANIPDYN_ALWAYS_INLINE manipdyn::Packet2dMirror<T> pconj(                                        \
      const manipdyn::Packet2dMirror<T>& a) {                                                      \
    return a;                                                                                      \
  }                                                                                                \
  /* SSE2's pmadd (no FMA): a * b, then + c */                                                     \
  template <>                                                                                      \
  MANIPDYN_ALWAYS_INLINE manipdyn::Packet2dMirror<T> pmadd(                                        \
      const manipdyn::Packet2dMirror<T>& a, const manipdyn::Packet2dMirror<T>& b,                  \
      const manipdyn::Packet2dMirror<T>& c) {                                                      \
    return {{a.lane[0] * b.lane[0] + c.lane[0], a.lane[1] * b.lane[1] + c.lane[1]}};               \
  }                                                                                                \
  template <>                                                                                      \
  MANIPDYN_ALWAYS_INLINE manipdyn::Packet2dMirror<T> psqrt(                                        \
      const manipdyn::Packet2dMirror<T>& a) {                                                      \
    return {{sqrt(a.lane[0]), sqrt(a.lane[1])}};                                                   \
  }                                                                                                \
  /* the 2 x 2 transpose of two packets (GEMM packing: moves values, computes none) */             \
  MANIPDYN_ALWAYS_INLINE void ptranspose(                                                          \
      PacketBlock<manipdyn::Packet2dMirror<T>, 2>& kernel) {                                       \
    std::swap(kernel.packet[0].lane[1], kernel.packet[1].lane[0]);                                 \
  }                                                                                                \
  }  // namespace Eigen::internal
