#pragma once
/// \file traced_packets.hpp
/// Eigen packets of codegen::Traced shaped as Eigen's packets of double, so that Eigen evaluates
/// an expression of Traced in the order it evaluates the same expression of doubles, and the
/// generated code reproduces the library's numbers bit for bit.
///
/// Eigen vectorises double expressions over packets of 2 lanes (SSE2, Packet2d): a 6-vector's
/// dot product is then (x0 + x2 + x4) + (x1 + x3 + x5), not the scalar ((x0 + (x1 + x2)) + ...);
/// a small matrix-vector product computes its first rows as packets of sequential multiply-adds
/// and its last row as a scalar sum. Which path an expression takes is decided by Eigen's traits
/// from the scalar's packet traits; giving Traced the same packet size, and packet operations
/// that do lane by lane what Packet2d's do (core/packet2d_mirror.hpp; predux: lane 0 + lane 1;
/// pmadd: a * b + c, as SSE2 without FMA), makes Eigen take the same paths for Traced; the
/// general matrix product kernel (forward_dynamics_derivatives' M^-1 dtau/dx from n = 8) packs
/// its operands with ptranspose, which moves values only. tests/crosscheck/codegen_generated.cpp
/// compares every generated output with the library's bit for bit.
///
/// Only for the baseline x86-64 build (SSE2 packets, no FMA: the library's default flags). Where
/// the flags enable AVX or FMA (e.g. -march=native), double packets have 4 lanes and pmadd is
/// fused; Traced then stays without packets, and the generated derivatives may differ from the
/// library's by rounding (MANIPDYN_TRACED_PACKETS is 0).
#include <Eigen/Core>

#include "manipdyn/core/packet2d_mirror.hpp"

#if (defined(__x86_64__) || defined(_M_X64)) && !defined(__AVX__) && !defined(__FMA__)
#define MANIPDYN_TRACED_PACKETS 1
#else
#define MANIPDYN_TRACED_PACKETS 0
#endif

#if MANIPDYN_TRACED_PACKETS

namespace Eigen::internal {

static_assert(packet_traits<double>::size == 2,
              "traced_packets.hpp mirrors a double packet of 2 lanes (SSE2)");

template <>
struct packet_traits<manipdyn::codegen::Traced>
    : manipdyn::Packet2dMirrorTraits<manipdyn::codegen::Traced> {};

}  // namespace Eigen::internal

MANIPDYN_PACKET2D_MIRROR_OPS(manipdyn::codegen::Traced)

#endif  // MANIPDYN_TRACED_PACKETS
