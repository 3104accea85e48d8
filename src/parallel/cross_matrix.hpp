#pragma once
/// \file cross_matrix.hpp
/// Private to src/parallel: the cross-product matrix [w]x (w x u = [w]x u) in any scalar.
#include "manipdyn/core/types.hpp"

namespace manipdyn::parallel::detail {

template <typename S>
Matrix3<S> cross_matrix(const Vector3<S>& w) {
  Matrix3<S> K;
  K << S(0), -w.z(), w.y(),  //
      w.z(), S(0), -w.x(),   //
      -w.y(), w.x(), S(0);
  return K;
}

}  // namespace manipdyn::parallel::detail
