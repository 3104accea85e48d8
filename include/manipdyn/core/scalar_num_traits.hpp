#pragma once
/// \file scalar_num_traits.hpp
/// Eigen's NumTraits and mixed-type product traits for a scalar that stands for a double (the
/// counting scalar, the lane scalars, codegen's tracing scalar): one definition, so that each
/// of them says only `template <> struct NumTraits<S> : manipdyn::DoubleLikeNumTraits<S> {};`
/// and MANIPDYN_DOUBLE_LIKE_BINARY_OPS(S) inside namespace Eigen.
#include <limits>

#include <Eigen/Core>

namespace manipdyn {

/// NumTraits of a scalar S that holds or stands for doubles: its epsilon, precision and range
/// are double's. kRequireInitialization: Eigen must construct S (it has a state of its own).
template <typename S, bool kRequireInitialization = true>
struct DoubleLikeNumTraits : Eigen::GenericNumTraits<double> {
  using Real = S;
  using NonInteger = S;
  using Nested = S;
  using Literal = S;
  enum {
    IsComplex = 0,
    IsInteger = 0,
    IsSigned = 1,
    RequireInitialization = kRequireInitialization ? 1 : 0,
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

}  // namespace manipdyn

/// Inside namespace Eigen: S op double and double op S give S.
#define MANIPDYN_DOUBLE_LIKE_BINARY_OPS(S)                   \
  template <typename BinaryOp>                               \
  struct ScalarBinaryOpTraits<S, double, BinaryOp> {         \
    using ReturnType = S;                                    \
  };                                                         \
  template <typename BinaryOp>                               \
  struct ScalarBinaryOpTraits<double, S, BinaryOp> {         \
    using ReturnType = S;                                    \
  }
