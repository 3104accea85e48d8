#pragma once
/// \file quantise.hpp
/// The A/D converter of a simulated sensor, shared by the arm's and the platform's simulations
/// (simulation/simulate.hpp, stewart/simulate.hpp).
#include <cmath>

namespace manipdyn {

/// A/D quantisation: the nearest multiple of range / 2^bits (bits > 0); x itself if bits = 0.
inline double quantise(double x, int bits, double range) {
  if (bits <= 0) return x;
  const double resolution = range / std::ldexp(1.0, bits);
  return resolution * std::round(x / resolution);
}

}  // namespace manipdyn
